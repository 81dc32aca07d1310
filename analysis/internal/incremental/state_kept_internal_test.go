package incremental

import (
	"math/rand/v2"
	"slices"
	"testing"
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
	for _, bd := range stateBoards {
		g, s, goal, jumps := stateMaze(t, rng, bd.variant, bd.rows, bd.cols)
		b := g.Board()
		ev := newStateEval(g, s, goal, designNeeds)
		ev.reset(jumps)
		fresh := func(jumps []int) *stateEval {
			f := newStateEval(g, s, goal, needReaching)
			f.reset(jumps)
			return f
		}
		for range steps {
			i, j, ok := RandomChange(rng, g, goal)
			if !ok {
				continue
			}
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
