package analysis_test

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/analysis/internal/incremental"
	"rjm/energy"
	"rjm/graph"
	"rjm/maze"
	"rjm/search"
)

// mustParse parses an energy or fails the test.
func mustParse(t testing.TB, s string) energy.Energy {
	t.Helper()
	e, err := analysis.ParseEnergy(s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Every energy keeps energy.Evaluator's contract: Try returns exactly what
// a fresh evaluator returns for the changed maze, on thousands of random
// changes, on boards of one word and of several, and over states under
// the no-U-turn rule.
func TestEnergiesMatchFreshEvaluation(t *testing.T) {
	energies := []energy.Energy{
		analysis.Design{},
		mustParse(t, "weighted:black_holes=1000,white_hole_cells=3,uturns=2,decisions=-1.5,largest_cluster=1,clusters=2,initial_forced_moves^2=1,shortest_paths=7,goal_depth=-1,unreachable=1"),
		mustParse(t, "priority:unsolvable>not_unique>black_hole_cells>-decisions>cluster_penalty"),
	}
	rng := rand.New(rand.NewPCG(6, 6))
	steps := 1000
	if testing.Short() {
		steps = 100
	}
	noUTurn := maze.Variant{NoUTurn: true}
	for _, b := range []maze.Board{{Rows: 5, Cols: 5}, {Rows: 6, Cols: 8}, {Rows: 3, Cols: 2}, {Rows: 9, Cols: 9},
		{Rows: 15, Cols: 15}, {Rows: 20, Cols: 20}, {Rows: 5, Cols: 5, Variant: noUTurn}, {Rows: 3, Cols: 4, Variant: noUTurn}, {Rows: 9, Cols: 9, Variant: noUTurn}} {
		sz := [2]int{b.Rows, b.Cols}
		g := graph.MustCompile(b)
		n := steps
		if b.Cells() > 64 {
			n /= 10
		}
		for _, e := range energies {
			goal := 1 + rng.IntN(b.Cells()-1)
			m, _ := maze.Random(b, b.Cell(0), b.Cell(goal), rng)
			ev := e.Evaluator(g, 0, goal)
			cur := ev.Reset(m.Jumps)
			for range n {
				i, j, ok := incremental.RandomChange(rng, g, goal)
				if !ok {
					continue
				}
				old := m.Jumps[i]
				m.Jumps[i] = j
				want := e.Evaluator(g, 0, goal).Reset(m.Jumps)
				m.Jumps[i] = old
				if got := ev.Try(i, j); got != want {
					t.Fatalf("%s on %v: Try = %v, fresh %v", e.Name(), sz, got, want)
				}
				if want <= cur || rng.IntN(4) == 0 {
					ev.Accept()
					m.Jumps[i], cur = j, want
				}
			}
		}
	}
}

// The design evaluator's TryBound answers exactly or, above the bound,
// with a lower bound of the energy that is already above the bound, on
// cells and over states.
func TestDesignTryBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	noUTurn := maze.Variant{NoUTurn: true}
	steps := 3000
	if testing.Short() {
		steps = 300
	}
	for _, b := range []maze.Board{{Rows: 5, Cols: 5}, {Rows: 4, Cols: 7}, {Rows: 8, Cols: 8},
		{Rows: 10, Cols: 10}, {Rows: 15, Cols: 15}, {Rows: 20, Cols: 20},
		{Rows: 5, Cols: 5, Variant: noUTurn}, {Rows: 7, Cols: 7, Variant: noUTurn}, {Rows: 9, Cols: 9, Variant: noUTurn},
		{Rows: 6, Cols: 6, Variant: maze.Variant{Tiling: maze.Hex, NoUTurn: true}}} {
		n := steps
		if b.Cells() > 64 {
			n = max(n/5, 300) // fewer on large boards, but enough to meet an early stop
		}
		g := graph.MustCompile(b)
		goal := 1 + rng.IntN(b.Cells()-1)
		m, _ := maze.Random(b, b.Cell(0), b.Cell(goal), rng)
		fresh := func(jumps []int) float64 { return analysis.Design{}.Evaluator(g, 0, goal).Reset(jumps) }
		if checkTryBound(t, g, goal, m.Jumps, n, fresh, rng) == 0 {
			t.Errorf("%v: TryBound never stopped early", [2]int{b.Rows, b.Cols})
		}
	}
}

// The same from mazes a hill descent left, as large boards meet them in a
// real search: a long unique solution, which the evaluator past one word
// keeps through the changes (see analysis/internal/incremental/solution.go).
func TestDesignTryBoundAfterDescent(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	steps := 3000
	if testing.Short() {
		steps = 300
	}
	for _, size := range []int{10, 15, 20} {
		b := maze.Board{Rows: size, Cols: size}
		g := graph.MustCompile(b)
		goal := b.Cells() - 1
		p := search.Problem{Graph: g, Start: 0, Goal: goal, Energy: analysis.Design{}}
		res, err := search.HillDescent{Iterations: 20_000}.Search(context.Background(), p, rng)
		if err != nil {
			t.Fatal(err)
		}
		if analysis.Analyze(g, res.Best).Terms()[analysis.NotUnique] != 0 {
			t.Fatalf("%d×%d: the descent left no unique solution", size, size)
		}
		// Reset evaluates from scratch; one evaluator spares building one
		// for every change.
		fresh := analysis.Design{}.Evaluator(g, 0, goal).Reset
		checkTryBound(t, g, goal, res.Best.Jumps, 2*steps, fresh, rng)
	}
}

// checkTryBound tries n random changes of the maze with the given jumps
// (start in cell 0) through the design evaluator's TryBound with bounds
// near the current energy, checks every answer against fresh, and accepts
// the changes that do not raise the energy and now and then one that
// does. It returns how many answers were bounds.
func checkTryBound(t *testing.T, g *graph.Graph, goal int, jumps []int, n int, fresh func([]int) float64, rng *rand.Rand) (inexact int) {
	t.Helper()
	jumps = slices.Clone(jumps)
	ev := analysis.Design{}.Evaluator(g, 0, goal)
	be, ok := ev.(energy.BoundedEvaluator)
	if !ok {
		t.Fatal("the design evaluator is not bounded")
	}
	cur := ev.Reset(jumps)
	for range n {
		i, j, ok := incremental.RandomChange(rng, g, goal)
		if !ok {
			continue
		}
		old := jumps[i]
		jumps[i] = j
		want := fresh(jumps)
		jumps[i] = old
		bound := cur + float64(rng.IntN(7)-3)
		got, exact := be.TryBound(i, j, bound)
		if exact && got != want || !exact && (got <= bound || got > want) {
			t.Fatalf("TryBound(bound %v) = %v, %v; energy %v", bound, got, exact, want)
		}
		if !exact {
			inexact++
			continue
		}
		if got <= cur || rng.IntN(20) == 0 {
			ev.Accept()
			jumps[i], cur = j, got
		}
	}
	return inexact
}

// The design energy of every maze equals the energy Analyze reports, and
// on 5×5 boards the weighted combination given in ParseEnergy's doc.
func TestDesignEnergy(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	b := maze.Board{Rows: 5, Cols: 5}
	g := graph.MustCompile(b)
	same := mustParse(t, "weighted:not_unique=15625,non_reaching=625,decisions=-1,cluster_penalty=1,initial_forced_moves^2=1")
	for range 500 {
		goal := 1 + rng.IntN(24)
		m, _ := maze.Random(b, b.Cell(0), b.Cell(goal), rng)
		f := analysis.Analyze(g, m)
		if e := (analysis.Design{}).Evaluator(g, 0, goal).Reset(m.Jumps); e != f.Energy {
			t.Fatalf("design %v, Analyze %v", e, f.Energy)
		}
		if e := same.Evaluator(g, 0, goal).Reset(m.Jumps); e != f.Energy {
			t.Fatalf("weighted %v, design %v", e, f.Energy)
		}
	}
}

// Priority composition: a unit change of a higher level outweighs any
// change of the levels below (the design paper, §3.7).
func TestPriorityDominance(t *testing.T) {
	p := mustParse(t, "priority:not_unique > black_holes > -decisions").(analysis.Priority)
	b := maze.Board{Rows: 5, Cols: 5}
	rng := rand.New(rand.NewPCG(8, 8))
	g := graph.MustCompile(b)
	type point struct {
		v [3]int
		e float64
	}
	var pts []point
	for range 400 {
		goal := 1 + rng.IntN(24)
		m, _ := maze.Random(b, b.Cell(0), b.Cell(goal), rng)
		v := analysis.Analyze(g, m).Terms()
		e := p.Evaluator(g, 0, goal).Reset(m.Jumps)
		pts = append(pts, point{[3]int{v[analysis.NotUnique], v[analysis.BlackHoles], -v[analysis.Decisions]}, e})
	}
	for _, a := range pts {
		for _, c := range pts {
			less := a.v[0] < c.v[0] || a.v[0] == c.v[0] && (a.v[1] < c.v[1] || a.v[1] == c.v[1] && a.v[2] < c.v[2])
			if less != (a.e < c.e) {
				t.Fatalf("%v (e=%v) vs %v (e=%v): lexicographic order not kept", a.v, a.e, c.v, c.e)
			}
		}
	}
	if err := p.Check(b); err != nil {
		t.Error(err)
	}
	long := mustParse(t, "priority:cluster_penalty^2>cluster_penalty^2>cluster_penalty").(analysis.Priority)
	if err := long.Check(maze.Board{Rows: 32, Cols: 32}); err == nil || !strings.Contains(err.Error(), "2^53") {
		t.Errorf("Check of an inexact priority = %v", err)
	}
}

func TestParseEnergy(t *testing.T) {
	for _, tc := range []struct{ in, name string }{
		{"design", "design"},
		{"  design \n", "design"},
		{"weighted:black_holes=1000,uturns=2", "weighted:black_holes=1000;uturns=2"},
		{"weighted: black_holes = 1e3 ; initial_forced_moves ^2 = 0.5", "weighted:black_holes=1000;initial_forced_moves^2=0.5"},
		{"# my energy\nweighted:\n  black_holes = 1000   # no dead ends\n  uturns = 2\n", "weighted:black_holes=1000;uturns=2"},
		{"priority:not_unique>black_holes>-decisions", "priority:not_unique>black_holes>-decisions"},
		{"priority: not_unique, +black_holes; -uturns^2", "priority:not_unique>black_holes>-uturns^2"},
	} {
		e, err := analysis.ParseEnergy(tc.in)
		if err != nil || e.Name() != tc.name {
			t.Errorf("ParseEnergy(%q) = %v, %v; want %q", tc.in, e, err, tc.name)
			continue
		}
		// The canonical name parses back to itself.
		if back, err := analysis.ParseEnergy(e.Name()); err != nil || back.Name() != e.Name() {
			t.Errorf("%q does not parse back: %v", e.Name(), err)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"", "empty energy"},
		{"magic", `unknown energy "magic"`},
		{"weighted:", "no terms"},
		{"weighted:black_holes", "not MEASURE=WEIGHT"},
		{"weighted:black_holes=x", `weight "x" of black_holes`},
		{"weighted:black_holes=inf", "out of range"},
		{"weighted:black_holes=nan", "not a number"},
		{"weighted:goal_depth=1e308,non_reaching=-1e308", `weight "1e308" of goal_depth is out of range`},
		{"weighted:goal_depth=1e999", "out of range"},
		{"weighted:goal_depth=" + strings.Repeat("9", 1000), "out of range"},
		{"weighted:dragons=1", `unknown term "dragons"`},
		{"priority:", "no levels"},
		{"priority:uturns^3", `unknown term "uturns^3"`},
		{strings.Repeat("x", analysis.MaxEnergyText+1), "longer than"},
	} {
		_, err := analysis.ParseEnergy(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseEnergy(%.40q) error %v, want %q", tc.in, err, tc.want)
		}
	}
}

// A weight may reward a measure; energies stay finite.
func TestWeightedSigns(t *testing.T) {
	m, _ := maze.ParseText([]byte(figure1), maze.ParseOptions{})
	g := graph.MustCompile(m.Board)
	e := mustParse(t, "weighted:goal_depth=-1,uturns=0.5").Evaluator(g, m.Start, m.Goal).Reset(m.Jumps)
	if e != -13+2.5 || math.IsNaN(e) {
		t.Errorf("energy %v, want -10.5", e)
	}
}

// Every energy is found by its name: the named ones and the combinations.
func TestParseEnergyNames(t *testing.T) {
	for _, tc := range []struct{ in, name string }{
		{"depth", "depth"},
		{"design", "design"},
		{"weighted:black_holes=1000,uturns=2", "weighted:black_holes=1000;uturns=2"},
		{"priority: black_holes > -decisions", "priority:black_holes>-decisions"},
	} {
		e, err := analysis.ParseEnergy(tc.in)
		if err != nil || e.Name() != tc.name {
			t.Errorf("ParseEnergy(%q) = %v, %v; want %s", tc.in, e, err, tc.name)
		}
	}
	for _, in := range []string{"", "magic", "weighted:", "priority:dragons", "weighted:uturns=x"} {
		if _, err := analysis.ParseEnergy(in); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseEnergy(%q): error %v", in, err)
		}
	}
}
