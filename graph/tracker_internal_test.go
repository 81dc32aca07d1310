package graph

import (
	"math/rand/v2"
	"slices"
	"testing"

	"rjm/maze"
)

// After every accepted change the tracker's distances to the goal, kept
// up to date change by change, equal a fresh backward search's, on boards
// of one, two and several words, along walks that accept improvements
// mostly (as hill descent does) and other changes too.
func TestToGoalMatchesFreshSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 14))
	sizes := [][2]int{{2, 3}, {5, 5}, {8, 8}, {9, 9}, {12, 12}, {15, 15}, {20, 20}}
	steps := 2000
	if testing.Short() {
		steps = 300
	}
	for _, sz := range sizes {
		b := maze.Board{Rows: sz[0], Cols: sz[1]}
		g := MustCompile(b)
		for range 3 {
			s, goal := rng.IntN(b.Cells()), rng.IntN(b.Cells())
			if s == goal {
				continue
			}
			m, _ := maze.Random(b, b.Cell(s), b.Cell(goal), rng)
			tr := NewDepthTracker(g, s, goal)
			cur := tr.Reset(m.Jumps)
			tr.computeToGoal()
			for range steps {
				i := rng.IntN(b.Cells())
				if i == goal {
					continue
				}
				legal := g.Legal(i)
				j := legal[rng.IntN(len(legal))]
				d := tr.Try(i, j)
				if d >= cur || rng.IntN(3) == 0 {
					before := slices.Clone(tr.toGoal)
					tr.Accept()
					cur = d
					m.Jumps[i] = j
					got := slices.Clone(tr.toGoal)
					tr.computeToGoal()
					if !slices.Equal(got, tr.toGoal) {
						t.Fatalf("%v: after changing cell %d to %d (goal %d, was %d): toGoal %v\nfresh %v\nbefore %v", sz, i, j, goal, m.Jumps[i], got, tr.toGoal, before)
					}
				}
			}
		}
	}
}
