package grade

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"rjm/exercise"
	"rjm/fault"
)

// Rubric gives the points of the checks: a check's own points if it has
// some, else its category's, else Default (1 when unset). A student earns
// the points of the checks that pass, out of the points of all checks. The
// "build" check has no points unless the rubric gives it some.
//
// A rubric file is JSON ({"checks": {"search": 4}, "categories":
// {"format": 0.5}, "default": 1, "cap": 0.5, "exercises": {"evaluation":
// 20}, "extra": {"annealing": 20}}) or the same in TOML:
//
//	default = 1
//	cap = 0.5
//	late_penalty = 0.1
//	[checks]
//	search = 4
//	[categories]
//	format = 0.5
//	[exercises]
//	evaluation = 20
//	[extra]
//	annealing = 20
type Rubric struct {
	Checks     map[string]float64 `json:"checks,omitempty"`
	Categories map[string]float64 `json:"categories,omitempty"`
	Default    *float64           `json:"default,omitempty"`
	// Exercises and Extra give the points of each exercise in a course
	// (Course): a student earns an exercise's points in proportion to the
	// points of its checks that pass. Extra's are extra credit, outside
	// the student's maximum. An exercise in neither is worth its checks'
	// points.
	Exercises map[string]float64 `json:"exercises,omitempty"`
	Extra     map[string]float64 `json:"extra,omitempty"`
	// Cap is the most share of its points an exercise earns when its
	// evaluation or search is wrong (a check of checkTable's caps rows
	// fails: depths, objective, search, jumps); nil means DefaultCap,
	// 1 turns the cap off.
	Cap *float64 `json:"cap,omitempty"`
	// LatePenalty is the share of its points a late submission loses
	// (Metadata.Late, from an autograder's submission metadata); nil or
	// 0: none.
	LatePenalty *float64 `json:"late_penalty,omitempty"`
}

// latePenalty returns the rubric's LatePenalty, 0 when it has none.
func (r *Rubric) latePenalty() float64 {
	if r == nil || r.LatePenalty == nil {
		return 0
	}
	return *r.LatePenalty
}

// DefaultCap is the most share of its points an exercise whose
// evaluation or search is wrong earns: half.
const DefaultCap = 0.5

// cap returns the rubric's Cap, or DefaultCap.
func (r *Rubric) cap() float64 {
	if r != nil && r.Cap != nil {
		return *r.Cap
	}
	return DefaultCap
}

// CourseRubric returns the rubric of the assignment's course: each
// problem's points (exercise.Table: Problems 1 to 5, 20 points each, of
// 100; annealing, Extra Credit 1, 20 points more), and one point a check
// within each.
func CourseRubric() *Rubric {
	r := &Rubric{Exercises: map[string]float64{}, Extra: map[string]float64{}}
	for _, e := range exercise.Table {
		if e.Extra {
			r.Extra[e.Name] = e.Points
		} else {
			r.Exercises[e.Name] = e.Points
		}
	}
	return r
}

// only returns the rubric with the points of the named exercises alone
// (an assignment of some of the course's exercises: the others are not
// in the student's maximum).
func (r *Rubric) only(names []string) *Rubric {
	if r == nil {
		return nil
	}
	o := *r
	o.Exercises, o.Extra = map[string]float64{}, map[string]float64{}
	for k, v := range r.Exercises {
		if slices.Contains(names, k) {
			o.Exercises[k] = v
		}
	}
	for k, v := range r.Extra {
		if slices.Contains(names, k) {
			o.Extra[k] = v
		}
	}
	return &o
}

// courseExercise returns the points of an exercise in a course, if the
// rubric gives them.
func (r *Rubric) courseExercise(name string) (float64, bool) {
	if r == nil {
		return 0, false
	}
	if p, ok := r.Exercises[name]; ok {
		return p, true
	}
	p, ok := r.Extra[name]
	return p, ok
}

// extra reports whether an exercise is extra credit.
func (r *Rubric) extra(name string) bool {
	if r == nil {
		return false
	}
	_, ok := r.Extra[name]
	return ok
}

// exercisePoints returns the points of an exercise in a course: the
// rubric's, else its checks' (checks).
func (r *Rubric) exercisePoints(name string, checks float64) float64 {
	if p, ok := r.courseExercise(name); ok {
		return p
	}
	return checks
}

// Points returns the points of a check: the rubric's for it, else its
// category's, else the rubric's default, else its weight (Check.Weight,
// the check table's); the build check has none unless the rubric gives
// it some.
func (r *Rubric) Points(c Check) float64 {
	if r != nil {
		if p, ok := r.Checks[c.Name]; ok {
			return p
		}
		if p, ok := r.Categories[string(c.Category)]; ok {
			return p
		}
	}
	if c.Category == Build {
		return 0
	}
	if r != nil && r.Default != nil {
		return *r.Default
	}
	if c.Weight > 0 {
		return c.Weight
	}
	return 1
}

// ParseRubric reads a rubric in JSON (text starting with "{") or TOML (a
// "default" key, then [checks] and [categories] tables of names and
// numbers; comments start with #). name is the file's name, for errors.
func ParseRubric(name string, data []byte) (*Rubric, error) {
	r := &Rubric{Checks: map[string]float64{}, Categories: map[string]float64{}, Exercises: map[string]float64{}, Extra: map[string]float64{}}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		dec := json.NewDecoder(bytes.NewReader(t))
		dec.DisallowUnknownFields()
		if err := dec.Decode(r); err != nil {
			return nil, fault.JSON(name, err)
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
			if !slices.Contains([]string{"checks", "categories", "exercises", "extra"}, table) {
				return nil, fault.Invalid(fmt.Sprintf("%s:%d", name, i+1), "table [%s], want [checks], [categories], [exercises] or [extra]", short(table))
			}
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fault.Invalid(fmt.Sprintf("%s:%d", name, i+1), "want name = points, got %q", short(line))
		}
		key = strings.Trim(strings.TrimSpace(key), `"`)
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || key == "" {
			return nil, fault.Invalid(fmt.Sprintf("%s:%d", name, i+1), "want name = points, got %q", short(line))
		}
		switch table {
		case "":
			switch key {
			case "default":
				r.Default = &v
			case "cap":
				r.Cap = &v
			case "late_penalty":
				r.LatePenalty = &v
			default:
				return nil, fault.Invalid(fmt.Sprintf("%s:%d", name, i+1), "key %q outside a table, want default, cap or late_penalty", short(key))
			}
		case "checks":
			r.Checks[key] = v
		case "categories":
			r.Categories[key] = v
		case "exercises":
			r.Exercises[key] = v
		case "extra":
			r.Extra[key] = v
		}
	}
	return r, r.validate(name)
}

// Categories are the categories of the checks, in the order a report
// gives them.
var Categories = []Category{Build, Format, Maze, Evaluation, Search, Limits}

// validate refuses names that are no check or category (a misspelt name
// would silently leave its check at the default), and negative, infinite
// or NaN points.
func (r *Rubric) validate(name string) error {
	for k := range r.Checks {
		if names := CheckNames(); !slices.Contains(names, k) {
			return fault.Invalid(name, "no check is called %q (the checks: %s)", short(k), strings.Join(names, ", "))
		}
	}
	for k := range r.Categories {
		if !slices.Contains(Categories, Category(k)) {
			var names []string
			for _, c := range Categories {
				names = append(names, string(c))
			}
			return fault.Invalid(name, "no category is called %q (the categories: %s)", short(k), strings.Join(names, ", "))
		}
	}
	for _, m := range []map[string]float64{r.Exercises, r.Extra} {
		for k := range m {
			if !slices.Contains(exercise.List(), k) {
				return fault.Invalid(name, "no exercise is called %q (the exercises: %s)", short(k), strings.Join(exercise.List(), ", "))
			}
		}
	}
	for k := range r.Extra {
		if _, ok := r.Exercises[k]; ok {
			return fault.Invalid(name, "exercise %q is in [exercises] and [extra]", short(k))
		}
	}
	bad := func(v float64) bool { return v < 0 || v != v || v > 1e9 }
	for _, m := range []map[string]float64{r.Exercises, r.Extra} {
		for k, v := range m {
			if bad(v) {
				return fault.Invalid(name, "exercise %q has %v points, want 0 to 1e9", short(k), v)
			}
		}
	}
	for k, v := range r.Checks {
		if bad(v) {
			return fault.Invalid(name, "check %q has %v points, want 0 to 1e9", short(k), v)
		}
	}
	for k, v := range r.Categories {
		if bad(v) {
			return fault.Invalid(name, "category %q has %v points, want 0 to 1e9", short(k), v)
		}
	}
	if r.Cap != nil && (*r.Cap < 0 || *r.Cap > 1 || *r.Cap != *r.Cap) {
		return fault.Invalid(name, "cap %v, want a share of an exercise's points from 0 to 1", *r.Cap)
	}
	if r.LatePenalty != nil && (*r.LatePenalty < 0 || *r.LatePenalty > 1 || *r.LatePenalty != *r.LatePenalty) {
		return fault.Invalid(name, "late_penalty %v, want a share of the points from 0 to 1", *r.LatePenalty)
	}
	if r.Default != nil && bad(*r.Default) {
		return fault.Invalid(name, "default %v points, want 0 to 1e9", *r.Default)
	}
	return nil
}
