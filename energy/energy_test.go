package energy_test

import (
	"math/rand/v2"
	"testing"

	"rjm/energy"
	"rjm/graph"
	"rjm/maze"
)

// fresh is the simple objective computed from scratch.
var fresh = energy.Func("fresh", func(g *graph.Graph, jumps []int, start, goal int) float64 {
	return energy.Objective(g.GoalDepth(jumps, start, goal))
})

// The incremental depth evaluator and the from-scratch adapter agree
// through thousands of tried and accepted changes, and TryBound never
// claims a change is worse than the bound when it is not.
func TestDepthEvaluatorMatchesFresh(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for _, b := range []maze.Board{{Rows: 5, Cols: 5}, {Rows: 10, Cols: 10}, {Rows: 3, Cols: 17}} {
		g := graph.MustCompile(b)
		m, _ := maze.Random(b, maze.Cell{}, maze.DefaultGoal(b), rng)
		inc := energy.Depth{}.Evaluator(g, m.Start, m.Goal).(energy.BoundedEvaluator)
		ref := fresh.Evaluator(g, m.Start, m.Goal)
		e := inc.Reset(m.Jumps)
		if r := ref.Reset(m.Jumps); r != e {
			t.Fatalf("Reset: %v vs %v", e, r)
		}
		for range 5000 {
			i := rng.IntN(b.Cells() - 1)
			legal := g.Legal(i)
			j := legal[rng.IntN(len(legal))]
			want := ref.Try(i, j)
			if got, exact := inc.TryBound(i, j, e); exact && got != want || !exact && (got <= e || want <= e) {
				t.Fatalf("TryBound = %v (exact %v), want %v (bound %v)", got, exact, want, e)
			}
			if got := inc.Try(i, j); got != want {
				t.Fatalf("Try = %v, want %v", got, want)
			}
			if want <= e || rng.IntN(10) == 0 {
				inc.Accept()
				ref.Accept()
				e = want
			}
		}
	}
}

func TestObjective(t *testing.T) {
	if energy.Objective(-1) != energy.Unsolvable || energy.Objective(13) != -13 || energy.Objective(0) != 0 {
		t.Fatal("Objective")
	}
	for e, want := range map[float64]string{-13: "-13", 1_000_000: "1000000", 2.5: "2.5", 0: "0"} {
		if got := energy.Format(e); got != want {
			t.Errorf("Format(%v) = %q, want %q", e, got, want)
		}
	}
}
