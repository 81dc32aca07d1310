// Package layers checks the layer rule of ARCHITECTURE.md against the
// import graph: the document lists every package of the module in
// layers, top to bottom, and a package imports only packages of the
// layers above its own.
//
// The list is the first fenced block under the heading "## Layers": a
// line a layer, its packages (paths below the module, separated by
// commas) first, then at least two spaces and what the layer is for; a
// line that starts with a space goes on with the description above it.
package layers

import (
	"bufio"
	"fmt"
	"regexp"
	"rjm/fault"
	"slices"
	"strings"
)

// Parse returns the layers listed in doc (the text of ARCHITECTURE.md),
// top first, each the package paths on its line.
func Parse(doc string) ([][]string, error) {
	var layers [][]string
	in, fenced := false, false
	sc := bufio.NewScanner(strings.NewReader(doc))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			if in && fenced {
				return layers, nil
			}
			in = line == "## Layers"
		case in && strings.HasPrefix(line, "```"):
			if fenced {
				return layers, nil
			}
			fenced = true
		case in && fenced && strings.TrimSpace(line) != "" && !strings.HasPrefix(line, " "):
			names, _, _ := strings.Cut(line, "  ")
			var layer []string
			for name := range strings.SplitSeq(names, ",") {
				name = strings.TrimSpace(name)
				if !packagePath.MatchString(name) {
					return nil, fault.Invalid(fmt.Sprintf("line %d", n), "%q is not a package path", name)
				}
				layer = append(layer, name)
			}
			layers = append(layers, layer)
		}
	}
	if len(layers) == 0 {
		return nil, fault.Invalid("", "no fenced list under \"## Layers\"")
	}
	return layers, nil
}

var packagePath = regexp.MustCompile(`^[a-z][a-z0-9]*(/[a-z][a-z0-9]*)*$`)

// Check returns what breaks the rule: imports maps each package of the
// module (its path below the module) to the module's packages it imports.
// A package missing from the layers, a layer naming a package that does
// not exist, and an import of a package of the same layer or one below
// each give one error.
func Check(layers [][]string, imports map[string][]string) []error {
	level := map[string]int{}
	var errs []error
	for k, layer := range layers {
		for _, p := range layer {
			if _, ok := level[p]; ok {
				errs = append(errs, fmt.Errorf("%s is listed twice", p))
			}
			level[p] = k
			if _, ok := imports[p]; !ok {
				errs = append(errs, fmt.Errorf("%s is listed but is not a package", p))
			}
		}
	}
	pkgs := make([]string, 0, len(imports))
	for p := range imports {
		pkgs = append(pkgs, p)
	}
	slices.Sort(pkgs)
	for _, p := range pkgs {
		lp, ok := level[p]
		if !ok {
			errs = append(errs, fmt.Errorf("package %s is in no layer", p))
			continue
		}
		for _, q := range imports[p] {
			if lq, ok := level[q]; ok && lq >= lp {
				errs = append(errs, fmt.Errorf("%s imports %s, which is not in a layer above it", p, q))
			}
		}
	}
	return errs
}
