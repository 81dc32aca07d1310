package generate_test

import (
	"errors"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/fault"
	"rjm/generate"
	"rjm/maze"
	"rjm/search"
)

// Seeded IDs print canonically and parse back to the same spec.
func TestSpecRoundTrip(t *testing.T) {
	c := maze.Cell{Row: 1, Col: 3}
	for _, s := range []generate.Spec{
		{Rows: 5, Cols: 5, Settings: search.Settings{Method: search.MethodHill, Iterations: 25000}, Energy: "depth", Seed: 1},
		{Rows: 6, Cols: 9, Settings: search.Settings{Method: search.MethodFirstChoice, Iterations: 10}, Energy: "depth", Seed: 0, Goal: &c},
		{Rows: 5, Cols: 5, Settings: search.Settings{Method: search.MethodRestarts, Iterations: 100, Descents: 7}, Energy: "depth", Seed: 1 << 62, RandomStart: true},
		{Rows: 7, Cols: 7, Settings: search.Settings{Method: search.MethodUphill, Iterations: 25000, P: 0.005}, Energy: "depth", Seed: 9, RandomGoal: true, Start: &c},
		{Rows: 5, Cols: 5, Settings: search.Settings{Method: search.MethodAnneal, Iterations: 100, T0: 2.5, Decay: 0.999}, Energy: "depth", Seed: 3},
		// Energies with commas of their own, as books' bands and the
		// variants' default recipes name them.
		{Rows: 6, Cols: 6, Settings: search.Settings{Method: search.MethodUphill, Iterations: 100, P: 0.005}, Energy: "weighted:not_unique=216,non_reaching=36,goal_depth=-1", Seed: 4},
		{Rows: 6, Cols: 6, Settings: search.Settings{Method: search.MethodHill, Iterations: 100}, Energy: "priority:non_reaching>-goal_depth", Seed: 5},
	} {
		id := s.String()
		back, err := generate.ParseSpec(id, generate.Spec{})
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if back.String() != id {
			t.Errorf("%s parses back as %s", id, back)
		}
		if err := back.Validate(); err != nil {
			t.Errorf("%s: %v", id, err)
		}
	}
}

func TestSpecErrors(t *testing.T) {
	for _, id := range []string{
		"5x5,method=hill",        // no seed
		"5x5#-1",                 // negative seed
		"5y5#1",                  // bad size
		"5x5,iterations=ten#1",   // not a number
		"5x5,colour=blue#1",      // unknown key
		"5x5,goal=0.0#1",         // bad cell
		"5x5,method=hill,oops#1", // not key=value
	} {
		if _, err := generate.ParseSpec(id, generate.Spec{}); err == nil {
			t.Errorf("ParseSpec(%q): no error", id)
		}
	}
	// An energy's commas are its own up to the next key; what is not an
	// energy's is an error of the energy's.
	for _, id := range []string{
		"5x5,energy=weighted:goal_depth=-1,oops#1",
		"5x5,energy=weighted:goal_depth=-1,colour=blue#1",
	} {
		s, err := generate.ParseSpec(id, generate.Default())
		if err == nil {
			err = s.Validate()
		}
		if !errors.Is(err, fault.ErrInvalid) || strings.Contains(err.Error(), "analysis:") {
			t.Errorf("ParseSpec(%q) and Validate: %v, want the energy's error", id, err)
		}
	}
	base := generate.Spec{Rows: 5, Cols: 5, Settings: search.Settings{Method: search.MethodHill, Iterations: 10}, Energy: "depth"}
	off := maze.Cell{Row: 7, Col: 0}
	for _, tc := range []struct {
		name string
		edit func(*generate.Spec)
		want string
	}{
		{"size", func(s *generate.Spec) { s.Rows = 0 }, "at least 1"},
		{"method", func(s *generate.Spec) { s.Method = "magic" }, "unknown method"},
		{"descents", func(s *generate.Spec) { s.Method = search.MethodRestarts }, "at least 1 hill descent"},
		{"p", func(s *generate.Spec) { s.Method, s.P = search.MethodUphill, -0.1 }, "out of range"},
		{"t0", func(s *generate.Spec) { s.Method, s.Decay = search.MethodAnneal, 0.9 }, "temperature"},
		{"goal", func(s *generate.Spec) { s.Goal = &off }, "off the 5x5 board"},
	} {
		s := base
		tc.edit(&s)
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// Generate's warnings say that no good maze was found only under the
// design energy, which looks for one; under others they say what the maze has.
func TestGenerateWarnings(t *testing.T) {
	f := &analysis.Features{Solvable: true, ShortestPaths: 3, BlackHoles: 1, BlackHoleCells: 2}
	warnings := func(energy string) string {
		r := &generate.Result{Spec: generate.Spec{Energy: energy}, Features: f}
		return strings.Join(r.Warnings(), "; ")
	}
	design, depth := warnings("design"), warnings("depth")
	if !strings.Contains(design, "no maze with a unique shortest solution was found") || !strings.Contains(design, "no maze without black holes was found") {
		t.Errorf("design: %s", design)
	}
	if strings.Contains(depth, "was found") || !strings.Contains(depth, "3 shortest solutions") || !strings.Contains(depth, "1 black hole") {
		t.Errorf("depth: %s", depth)
	}
}
