package grade

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"rjm/parallel"
)

// Gradebook is the grade of a class: one report per student, in the order
// of their folders.
type Gradebook struct {
	Exercise string    `json:"exercise"`
	Seed     uint64    `json:"seed"`
	Runs     int       `json:"runs"`
	Students []Student `json:"students"`
}

// Student is one student's grade: the folder the program ran in and its
// report.
type Student struct {
	Name   string  `json:"name"` // the folder's last element
	Dir    string  `json:"dir"`
	Pass   bool    `json:"pass"`
	Report *Report `json:"report"`
}

// Class grades the program of s.Command once in each of dirs (s.Dir is
// ignored): each student's runs in their own folder, one at a time, with
// their own time limits, and up to s.Workers students at once (zero
// means runtime.GOMAXPROCS(0)). rjm's reference runs are made once, for
// everyone: every student gets the same answers. progress, if not nil, is
// called after each student with the students done and the total.
func Class(ctx context.Context, name string, s Settings, dirs []string, progress func(done, total int)) (*Gradebook, error) {
	if err := s.Validate(name); err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("grade: %w: no student folders", ErrUsage)
	}
	s = s.withDefaults()
	p := newPlan(name, s)
	ref, err := p.reference(ctx, s.Workers)
	if err != nil {
		return nil, err
	}
	done := 0
	var tick func()
	if progress != nil {
		tick = func() { done++; progress(done, len(dirs)) }
	}
	one := s
	one.Workers = 1
	reports, err := parallel.Map(ctx, s.Workers, len(dirs), tick, func(ctx context.Context, i int) (*Report, error) {
		st := one
		st.Dir = dirs[i]
		return p.grade(ctx, st, ref, nil)
	})
	if err != nil {
		return nil, err
	}
	g := &Gradebook{Exercise: name, Seed: s.Seed, Runs: s.Runs}
	for i, r := range reports {
		g.Students = append(g.Students, Student{Name: filepath.Base(filepath.Clean(dirs[i])), Dir: dirs[i], Pass: r.Pass, Report: r})
	}
	return g, nil
}

// columns returns the names of the checks, in report order (every student
// has the same checks).
func (g *Gradebook) columns() []string {
	var names []string
	if len(g.Students) > 0 {
		for _, c := range g.Students[0].Report.Checks {
			names = append(names, c.Name)
		}
	}
	return names
}

// WriteCSV writes the gradebook as CSV: a header, then one row per
// student with the folder, "pass" or "fail" overall and for every check,
// and the messages of the checks that fail.
func (g *Gradebook) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cols := g.columns()
	cw.Write(append(append([]string{"student", "pass"}, cols...), "failures"))
	for _, st := range g.Students {
		row := []string{st.Name, passText(st.Pass)}
		var failures []string
		for _, c := range st.Report.Checks {
			row = append(row, passText(c.Pass))
			if !c.Pass {
				failures = append(failures, c.Name+": "+c.Message)
			}
		}
		cw.Write(append(row, strings.Join(failures, "; ")))
	}
	cw.Flush()
	return cw.Error()
}

func passText(ok bool) string {
	if ok {
		return "pass"
	}
	return "fail"
}

// Text returns the gradebook for people: one line per student with ✓ or
// ✗ and the checks that fail, then how many passed.
func (g *Gradebook) Text() string {
	var b strings.Builder
	width := 0
	for _, st := range g.Students {
		width = max(width, len(st.Name))
	}
	passed := 0
	for _, st := range g.Students {
		if st.Pass {
			passed++
			fmt.Fprintf(&b, "✓ %-*s  every check passes\n", width, st.Name)
			continue
		}
		var names []string
		for _, c := range st.Report.Failed() {
			names = append(names, c.Name)
		}
		fmt.Fprintf(&b, "✗ %-*s  fails %s\n", width, st.Name, strings.Join(names, ", "))
		unchecked := 0
		for _, c := range st.Report.Failed() {
			if c.Message == nothingChecked {
				unchecked++
				continue
			}
			fmt.Fprintf(&b, "  %-*s    %s %s: %s\n", width, "", c.Category, c.Name, c.Message)
		}
		if unchecked > 0 {
			fmt.Fprintf(&b, "  %-*s    and %d checks fail because %s\n", width, "", unchecked, nothingChecked)
		}
	}
	fmt.Fprintf(&b, "%s: %d of %d students pass every check (%d runs each, seed %d)\n", g.Exercise, passed, len(g.Students), g.Runs, g.Seed)
	return b.String()
}
