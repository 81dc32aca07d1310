package layers_test

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"rjm/fault"
	"rjm/internal/layers"
)

// TestArchitecture checks ARCHITECTURE.md against the module's import
// graph (go list): every package is in a layer, and every import goes
// to a layer above.
func TestArchitecture(t *testing.T) {
	doc, err := os.ReadFile("../../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	ls, err := layers.Parse(string(doc))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "list", "-json", "rjm/...")
	cmd.Dir = "../.."
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("go list: %v", err)
	}
	imports := map[string][]string{}
	dec := json.NewDecoder(out)
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		var own []string
		for _, q := range p.Imports {
			if rest, ok := strings.CutPrefix(q, "rjm/"); ok {
				own = append(own, rest)
			}
		}
		imports[strings.TrimPrefix(p.ImportPath, "rjm/")] = own
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	for _, err := range layers.Check(ls, imports) {
		t.Error(err)
	}
}

// TestCheck shows each kind of break.
func TestCheck(t *testing.T) {
	ls, err := layers.Parse("# A\n\n## Layers\n\n```\nmaze          the board\ngraph, solve  moves\nweb  the site\n```\n## Next\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		imports map[string][]string
		want    []string
	}{
		{"downward imports", map[string][]string{"maze": nil, "graph": {"maze"}, "solve": {"maze"}, "web": {"graph", "maze"}}, nil},
		{"an import upwards", map[string][]string{"maze": {"web"}, "graph": nil, "solve": nil, "web": nil}, []string{"maze imports web, which is not in a layer above it"}},
		{"an import in the same layer", map[string][]string{"maze": nil, "graph": {"solve"}, "solve": nil, "web": nil}, []string{"graph imports solve, which is not in a layer above it"}},
		{"a package in no layer", map[string][]string{"maze": nil, "graph": nil, "solve": nil, "web": nil, "book": nil}, []string{"package book is in no layer"}},
		{"a layer naming no package", map[string][]string{"maze": nil, "graph": nil, "web": nil}, []string{"solve is listed but is not a package"}},
	} {
		var got []string
		for _, err := range layers.Check(ls, c.imports) {
			got = append(got, err.Error())
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, doc := range []string{"no layers here", "## Layers\n\n```\nNot A Path  x\n```\n"} {
		if _, err := layers.Parse(doc); !errors.Is(err, fault.ErrInvalid) {
			t.Errorf("Parse(%q): %v, want a *fault.Error", doc, err)
		}
	}
}

// TestArchitecturePaths checks that every file and folder ARCHITECTURE.md
// names (a `path/file.go` or `folder/` in backquotes) exists.
func TestArchitecturePaths(t *testing.T) {
	doc, err := os.ReadFile("../../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	named := regexp.MustCompile("`([a-z][a-z0-9_]*(?:/[a-z0-9_.]+)*(?:\\.go|\\.md|\\.txt|\\.js|/))`").FindAllStringSubmatch(string(doc), -1)
	if len(named) < 50 {
		t.Fatalf("only %d paths found: the pattern no longer matches the document", len(named))
	}
	for _, m := range named {
		path := m[1]
		if _, err := os.Stat(filepath.Join("../..", path)); err == nil {
			continue
		}
		// A file named after its package's folder, e.g. `word.go` under
		// "package analysis/internal/incremental", is checked by its row's folder.
		if !strings.Contains(path, "/") {
			continue
		}
		t.Errorf("ARCHITECTURE.md names %s, which does not exist", path)
	}
}
