package analysis_test

import (
	"math/rand/v2"
	"testing"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
)

// TestTermsEvaluatorMatchesAnalyze checks the evaluator packages outside
// analysis use (design's suggestions) against Analyze on random one-cell
// changes: the terms rate sees are Analyze's for the terms asked for, and
// CountCells is Analyze's |S|.
func TestTermsEvaluatorMatchesAnalyze(t *testing.T) {
	uses := []analysis.Term{analysis.NonReaching, analysis.NotUnique, analysis.GoalDepth, analysis.Decisions}
	rng := rand.New(rand.NewPCG(46, 46))
	for _, b := range []maze.Board{{Rows: 5, Cols: 5}, {Rows: 9, Cols: 9}, {Rows: 5, Cols: 5, Variant: maze.Variant{NoUTurn: true}}} {
		g := graph.MustCompile(b)
		goal := b.Cells() - 1
		m, _ := maze.Random(b, b.Cell(0), b.Cell(goal), rng)
		var seen analysis.Values
		ev := analysis.TermsEvaluator(g, 0, goal, uses, func(v *analysis.Values) float64 {
			seen = *v
			return float64(v[analysis.GoalDepth])
		})
		check := func(what string) {
			t.Helper()
			f := analysis.Analyze(g, m)
			want := f.Terms()
			for _, k := range uses {
				if seen[k] != want[k] {
					t.Fatalf("%dx%d %s: term %v = %d, Analyze %d", b.Rows, b.Cols, what, k, seen[k], want[k])
				}
			}
			if got := analysis.CountCells(g, 0, goal); got != f.Cells {
				t.Fatalf("%dx%d: CountCells = %d, Analyze %d", b.Rows, b.Cols, got, f.Cells)
			}
		}
		ev.Reset(m.Jumps)
		check("Reset")
		for range 50 {
			i := rng.IntN(goal)
			legal := g.Legal(i)
			if len(legal) == 0 {
				continue
			}
			j := legal[rng.IntN(len(legal))]
			old := m.Jumps[i]
			m.Jumps[i] = j
			ev.Try(i, j)
			check("Try")
			if rng.IntN(2) == 0 {
				ev.Accept()
			} else {
				m.Jumps[i] = old
			}
		}
	}
}
