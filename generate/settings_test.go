package generate_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/fault"
	"rjm/generate"
	"rjm/maze"
	"rjm/search"
)

// What a user leaves out is the default recipe; what a user gives is
// taken, and the seeded ID says the recipe.
func TestSettingsSpec(t *testing.T) {
	cell := new(maze.Cell{Row: 1, Col: 2})
	layout, err := maze.ParseID("3x4:111111111110")
	if err != nil {
		t.Fatal(err)
	}
	exit, err := maze.ParseVariant("exit")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		s    generate.Settings
		want string
	}{
		{"nothing given is the default recipe", generate.Settings{},
			"5x5,goal=random,method=uphill,iterations=25000,p=0.005,energy=design"},
		{"size gives rows and columns", generate.Settings{Size: 7},
			"7x7,goal=random,method=uphill,iterations=25000,p=0.005,energy=design"},
		{"rows and columns override size", generate.Settings{Size: 7, Rows: 4},
			"4x7,goal=random,method=uphill,iterations=25000,p=0.005,energy=design"},
		{"a given goal is not drawn", generate.Settings{Goal: cell},
			"5x5,goal=2.3,method=uphill,iterations=25000,p=0.005,energy=design"},
		{"a random start and a given goal", generate.Settings{Goal: cell, RandomStart: true},
			"5x5,start=random,goal=2.3,method=uphill,iterations=25000,p=0.005,energy=design"},
		{"an exit-ring board's goal is the exit, and its recipe the variants' default", generate.Settings{Variant: exit, RandomGoal: true},
			"5x5,variant=exit,method=anneal,iterations=200000,t0=4,decay=0.99998,energy=" + generate.PuzzleEnergy},
		{"a variant's default recipe gives way to what the user gives", generate.Settings{Variant: exit, Energy: "design", Settings: search.Settings{Method: "uphill", Iterations: 100}},
			"5x5,variant=exit,method=uphill,iterations=100,p=0.005,energy=design"},
		{"a layout gives the board, start and goal", generate.Settings{Layout: layout},
			"3x4,start=1.1,goal=3.4,method=uphill,iterations=25000,p=0.005,energy=design"},
		{"a random goal replaces the layout's", generate.Settings{Layout: layout, RandomGoal: true},
			"3x4,start=1.1,goal=random,method=uphill,iterations=25000,p=0.005,energy=design"},
		{"the method and its settings", generate.Settings{Settings: search.Settings{Method: "anneal", Iterations: 100, T0: 2.5, Decay: 0.99}},
			"5x5,goal=random,method=anneal,iterations=100,t0=2.5,decay=0.99,energy=design"},
		{"another method's settings in range are kept out of the ID", generate.Settings{Settings: search.Settings{Method: "hill", P: 0.5, Descents: 3}},
			"5x5,goal=random,method=hill,iterations=25000,energy=design"},
		{"the energy is named canonically", generate.Settings{Energy: " depth "},
			"5x5,goal=random,method=uphill,iterations=25000,p=0.005,energy=depth"},
		{"within a front end's limits", generate.Settings{Size: 12, MaxSide: 12, MaxWork: 1000, Settings: search.Settings{Iterations: 1000}},
			"12x12,goal=random,method=uphill,iterations=1000,p=0.005,energy=design"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.s.Seed = 9
			spec, err := tc.s.Spec()
			if err != nil {
				t.Fatal(err)
			}
			if got := spec.String(); got != tc.want+"#9" {
				t.Errorf("%s, want %s#9", got, tc.want)
			}
		})
	}
	// A random seed is drawn, and the spec holds it.
	a, errA := generate.Settings{RandomSeed: true}.Spec()
	b, errB := generate.Settings{RandomSeed: true}.Spec()
	if errA != nil || errB != nil || a.Seed == b.Seed {
		t.Errorf("drawn seeds %d and %d, errors %v, %v", a.Seed, b.Seed, errA, errB)
	}
}

// Every bad setting is an error that names it; the command line and the
// server show these messages as they are.
func TestSettingsErrors(t *testing.T) {
	layout, _ := maze.ParseID("3x4:111111111110")
	noFile := func(name string) ([]byte, error) { return nil, fmt.Errorf("open %s: no such file", name) }
	for _, tc := range []struct {
		name string
		s    generate.Settings
		want string
	}{
		{"a size too large", generate.Settings{Size: 40}, "size 40x40: rows and columns must be 1 to 32"},
		{"no rows", generate.Settings{Rows: 0, Given: only("rows")}, "size 0x5: rows and columns must be 1 to 32"},
		{"a size past a front end's limit", generate.Settings{Cols: 13, MaxSide: 12}, "size 5x13: rows and columns must be 1 to 12"},
		{"one cell", generate.Settings{Size: 1}, "size 1x1: a maze needs at least 2 cells"},
		{"a size with a layout", generate.Settings{Layout: layout, Rows: 3}, "a layout gives the board's size: give no size, rows or columns with it"},
		{"a start both given and random", generate.Settings{Start: new(maze.Cell{}), RandomStart: true}, "start (1,1): give a start cell or a random start, not both"},
		{"a goal both given and random", generate.Settings{Goal: new(maze.Cell{}), RandomGoal: true}, "goal (1,1): give a goal cell or a random goal, not both"},
		{"the goal on the start", generate.Settings{Goal: new(maze.Cell{})}, "start and goal are the same cell (1,1)"},
		{"a goal off the board", generate.Settings{Goal: new(maze.Cell{Row: 8, Col: 8})}, "cell (9,9) is off the 5x5 board"},
		{"an unknown method", generate.Settings{Settings: search.Settings{Method: "magic"}}, `unknown method "magic" (want one of hill, first-choice, restarts, uphill, anneal)`},
		{"negative iterations", generate.Settings{Settings: search.Settings{Iterations: -5}}, "iterations -5 out of range 0..1000000000"},
		{"no descents", generate.Settings{Given: only("method", "descents"), Settings: search.Settings{Method: "restarts", Descents: 0}}, "restarts needs at least 1 hill descent, not 0"},
		{"an uphill probability past 1", generate.Settings{Settings: search.Settings{P: 2.0}}, "uphill probability 2 out of range 0..1"},
		{"another method's setting out of range", generate.Settings{Settings: search.Settings{Method: "hill", P: 2.0}},
			"p, a setting of uphill: uphill probability 2 out of range 0..1"},
		{"another method's decay out of range", generate.Settings{Settings: search.Settings{Decay: 1.5}},
			"decay, a setting of anneal: decay rate 1.5 out of range (0, 1]"},
		{"an unknown energy", generate.Settings{Energy: "bogus"}, `unknown energy "bogus" (want depth, design, weighted:TERM=W,... or priority:TERM>TERM>...)`},
		{"an energy file with no reader", generate.Settings{Energy: "@e.txt"}, analysis.ErrNoFiles.Error()},
		{"an energy file that cannot be read", generate.Settings{Energy: "@e.txt", ReadEnergyFile: noFile}, "energy file: open e.txt: no such file"},
		{"more work than a front end allows", generate.Settings{MaxWork: 1000, Settings: search.Settings{Iterations: 2000}}, "2000 iterations in all: at most 1000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.s.Seed = 1
			_, err := tc.s.Spec()
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v, want %q", err, tc.want)
			}
			if !fault.Is(err) {
				t.Errorf("%v is not a *fault.Error", err)
			}
		})
	}
	if _, err := (generate.Settings{Energy: "@e.txt"}).Spec(); !errors.Is(err, analysis.ErrNoFiles) {
		t.Errorf("an energy file on a server: %v, want analysis.ErrNoFiles", err)
	}
}

// only returns a Settings.Given that gives the settings named.
func only(names ...string) func(string) bool {
	return func(name string) bool { return slices.Contains(names, name) }
}

// A setting given as zero is taken (and checked), not the default; with no
// Given, zero is the default.
func TestSettingsGivenZero(t *testing.T) {
	spec, err := generate.Settings{Settings: search.Settings{P: 0}, Seed: 1, Given: only("p")}.Spec()
	if err != nil || spec.P != 0 {
		t.Errorf("p 0 given: %v, %v", spec, err)
	}
	spec, err = generate.Settings{Seed: 1}.Spec()
	if err != nil || spec.P != generate.Default().P || spec.Seed != 1 {
		t.Errorf("nothing given: %v, %v", spec, err)
	}
}

// FuzzSettings: any settings give an error or a valid spec of the size
// asked for, whose seeded ID reads back as the same recipe.
func FuzzSettings(f *testing.F) {
	f.Add(5, 5, "uphill", 25000, 0.005, "design", uint64(1))
	f.Add(7, 3, "anneal", 10, 0.0, "weighted:uturns=2,goal_depth=-1", uint64(2))
	f.Add(0, 40, "restarts", -1, 2.0, "priority:goal_depth>uturns", uint64(3))
	f.Add(4, 4, "first-choice", 1, 1.0, "@/etc/passwd", uint64(4))
	f.Fuzz(func(t *testing.T, rows, cols int, method string, iterations int, p float64, energy string, seed uint64) {
		s := generate.Settings{Rows: rows, Cols: cols, Settings: search.Settings{Method: method, Iterations: iterations, P: p}, Energy: energy, Seed: seed,
			Given: only("rows", "cols", "method", "iterations", "p", "energy")}
		spec, err := s.Spec()
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("a message of more than one line: %q", err)
			}
			return
		}
		if spec.Rows != rows || spec.Cols != cols || spec.Method != method || spec.Seed != seed || spec.Validate() != nil {
			t.Fatalf("%+v gives %v", s, spec)
		}
		back, err := generate.ParseSpec(spec.String(), generate.Spec{})
		if err != nil || back.String() != spec.String() {
			t.Fatalf("%s reads back as %s, %v", spec, back.String(), err)
		}
	})
}
