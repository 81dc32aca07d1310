package grade

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Rubric gives the points of the checks: a check's own points if it has
// some, else its category's, else Default (1 when unset). A student earns
// the points of the checks that pass, out of the points of all checks. The
// "build" check has no points unless the rubric gives it some.
//
// A rubric file is JSON ({"checks": {"search": 4}, "categories":
// {"format": 0.5}, "default": 1}) or the same in TOML:
//
//	default = 1
//	[checks]
//	search = 4
//	[categories]
//	format = 0.5
type Rubric struct {
	Checks     map[string]float64 `json:"checks,omitempty"`
	Categories map[string]float64 `json:"categories,omitempty"`
	Default    *float64           `json:"default,omitempty"`
}

// ErrRubric is returned (wrapped) for a rubric file that cannot be read.
var ErrRubric = errors.New("bad rubric")

// Points returns the points of a check.
func (r *Rubric) Points(c Check) float64 {
	if r != nil {
		if p, ok := r.Checks[c.Name]; ok {
			return p
		}
		if p, ok := r.Categories[string(c.Category)]; ok {
			return p
		}
	}
	if c.Name == "build" {
		return 0
	}
	if r != nil && r.Default != nil {
		return *r.Default
	}
	return 1
}

// ParseRubric reads a rubric in JSON (text starting with "{") or TOML (a
// "default" key, then [checks] and [categories] tables of names and
// numbers; comments start with #). name is the file's name, for errors.
func ParseRubric(name string, data []byte) (*Rubric, error) {
	r := &Rubric{Checks: map[string]float64{}, Categories: map[string]float64{}}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		dec := json.NewDecoder(bytes.NewReader(t))
		dec.DisallowUnknownFields()
		if err := dec.Decode(r); err != nil {
			return nil, fmt.Errorf("grade: %w %s: %v", ErrRubric, name, err)
		}
		return r, r.validate(name)
	}
	table := ""
	for i, line := range strings.Split(string(data), "\n") {
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		line = strings.TrimSpace(line)
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			table = strings.TrimSpace(line[1 : len(line)-1])
			if table != "checks" && table != "categories" {
				return nil, fmt.Errorf("grade: %w %s:%d: table [%s], want [checks] or [categories]", ErrRubric, name, i+1, short(table))
			}
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("grade: %w %s:%d: want name = points, got %q", ErrRubric, name, i+1, short(line))
		}
		key = strings.Trim(strings.TrimSpace(key), `"`)
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || key == "" {
			return nil, fmt.Errorf("grade: %w %s:%d: want name = points, got %q", ErrRubric, name, i+1, short(line))
		}
		switch table {
		case "":
			if key != "default" {
				return nil, fmt.Errorf("grade: %w %s:%d: key %q outside a table, want default", ErrRubric, name, i+1, short(key))
			}
			r.Default = &v
		case "checks":
			r.Checks[key] = v
		case "categories":
			r.Categories[key] = v
		}
	}
	return r, r.validate(name)
}

// CheckNames are the names of the checks, of every exercise, in the
// order a report gives them.
var CheckNames = []string{"build", "prompts", "layout", "reprompt", "terminal", "size", "goal", "legal", "uniform", "depths", "objective", "search", "jumps", "time", "exit", "output"}

// Categories are the categories of the checks, in the order a report
// gives them.
var Categories = []Category{Build, Format, Maze, Evaluation, Search, Limits}

// validate refuses names that are no check or category (a misspelt name
// would silently leave its check at the default), and negative, infinite
// or NaN points.
func (r *Rubric) validate(name string) error {
	for k := range r.Checks {
		if !slices.Contains(CheckNames, k) {
			return fmt.Errorf("grade: %w %s: no check is called %q (the checks: %s)", ErrRubric, name, short(k), strings.Join(CheckNames, ", "))
		}
	}
	for k := range r.Categories {
		if !slices.Contains(Categories, Category(k)) {
			var names []string
			for _, c := range Categories {
				names = append(names, string(c))
			}
			return fmt.Errorf("grade: %w %s: no category is called %q (the categories: %s)", ErrRubric, name, short(k), strings.Join(names, ", "))
		}
	}
	bad := func(v float64) bool { return v < 0 || v != v || v > 1e9 }
	for k, v := range r.Checks {
		if bad(v) {
			return fmt.Errorf("grade: %w %s: check %q has %v points, want 0 to 1e9", ErrRubric, name, short(k), v)
		}
	}
	for k, v := range r.Categories {
		if bad(v) {
			return fmt.Errorf("grade: %w %s: category %q has %v points, want 0 to 1e9", ErrRubric, name, short(k), v)
		}
	}
	if r.Default != nil && bad(*r.Default) {
		return fmt.Errorf("grade: %w %s: default %v points, want 0 to 1e9", ErrRubric, name, *r.Default)
	}
	return nil
}
