package analysis

import (
	"math/rand/v2"
	"slices"
	"testing"

	"rjm/graph"
	"rjm/maze"
)

// Over states, the kept distances with a change put in (tryDistances) are
// a fresh search's of the changed maze, and so are the reaching cells;
// taking the change back restores them, and after an accepted change
// they are the accepted maze's.
func TestStateTryDistances(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 15))
	steps := 600
	if testing.Short() {
		steps = 100
	}
	for _, bd := range []struct {
		variant    string
		rows, cols int
	}{
		{"no-u-turn", 5, 5}, {"no-u-turn", 7, 7}, {"no-u-turn", 9, 9}, {"hex,no-u-turn", 6, 6},
		{"queen,no-u-turn", 5, 5}, {"torus,no-u-turn", 5, 6}, {"queen,exit,no-u-turn", 5, 5},
	} {
		v, err := maze.ParseVariant(bd.variant)
		if err != nil {
			t.Fatal(err)
		}
		b := maze.Board{Rows: bd.rows, Cols: bd.cols, Variant: v}
		g := graph.MustCompile(b)
		s := 0
		goal := b.Rows*b.Cols - 1
		if v.Exit {
			s, goal = b.Rows*b.Cols/2, b.Exit()
		}
		m, err := maze.Random(b, b.Cell(s), b.Cell(goal), rng)
		if err != nil {
			t.Fatal(err)
		}
		jumps := slices.Clone(m.Jumps)
		ev := newStateEval(g, s, goal, designNeeds)
		ev.reset(jumps)
		fresh := func(jumps []int) *stateEval {
			f := newStateEval(g, s, goal, needReaching)
			f.reset(jumps)
			return f
		}
		for range steps {
			i := rng.IntN(len(jumps))
			legal := g.Legal(i)
			if i == goal || len(legal) < 2 {
				continue
			}
			j := legal[rng.IntN(len(legal))]
			next := slices.Clone(jumps)
			next[i] = j
			want := fresh(next)
			before := slices.Clone(ev.curDist)
			reach := ev.curReach
			old := ev.tryChange(i, j)
			if !ev.tryDistances(len(before)) {
				t.Fatalf("%s: gave up with no limit", bd.variant)
			}
			for st := range want.curDist {
				if ev.curDist[st] != want.curDist[st] {
					t.Fatalf("%s: change of %v to %d: state %d (cell %v part %d) at %d, fresh %d (before %d)",
						bd.variant, b.Cell(i), j, st, b.Cell(st/g.StatesPerCell()), st%g.StatesPerCell(), ev.curDist[st], want.curDist[st], before[st])
				}
			}
			if ev.curReach != want.curReach {
				t.Fatalf("%s: change of %v to %d: %d reaching cells, fresh %d", bd.variant, b.Cell(i), j, ev.curReach, want.curReach)
			}
			ev.undoDistances()
			ev.endChange(i, old)
			if !slices.Equal(ev.curDist, before) || ev.curReach != reach {
				t.Fatalf("%s: change of %v to %d: not taken back", bd.variant, b.Cell(i), j)
			}
			if rng.IntN(2) == 0 {
				ev.try(i, j)
				ev.accept()
				jumps = next
				if !slices.Equal(ev.curDist, want.curDist) || ev.curReach != want.curReach {
					t.Fatalf("%s: kept distances after accepting a change of %v to %d differ from a fresh search's", bd.variant, b.Cell(i), j)
				}
			}
		}
	}
}
