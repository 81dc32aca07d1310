package incremental

import (
	"math/rand/v2"
	"slices"
	"testing"

	"rjm/graph"
	"rjm/maze"
)

// Over states, the search of a tried change restarts from the kept
// search's layer restartLayer returns: on random changes, every state
// that layer or nearer the goal, before or after the change, has the
// distance a fresh search of the changed maze gives it, the search from
// there finds a fresh search's distances, expanding exactly the states
// of its queue from that layer on that something lands on (the tried
// cell's new moves included), in the queue's order, and after every
// accepted change the kept distances are a fresh search's.
func TestStateRestartLayer(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 14))
	steps := 400
	if testing.Short() {
		steps = 60
	}
	for _, bd := range stateBoards {
		g, s, goal, jumps := stateMaze(t, rng, bd.variant, bd.rows, bd.cols)
		b := g.Board()
		ev := newStateEval(g, s, goal, designNeeds)
		ev.reset(jumps)
		// fresh returns the distances to the goal of a fresh search.
		fresh := func(jumps []int) []int32 {
			f := newStateEval(g, s, goal, needReaching)
			f.reset(jumps)
			return f.curDist
		}
		restarts := 0
		for range steps {
			i, j, ok := RandomChange(rng, g, goal)
			if !ok {
				continue
			}
			next := slices.Clone(jumps)
			next[i] = j
			want := fresh(next)
			old := ev.tryChange(i, j)
			from := ev.from
			if !ev.curOK {
				t.Fatalf("%s: no kept search", bd.variant)
			}
			if from > 0 {
				restarts++
			}
			for st := range want {
				// uint32: -1, not found, is beyond every layer.
				if (uint32(ev.curDist[st]) <= uint32(from) || uint32(want[st]) <= uint32(from)) && ev.curDist[st] != want[st] {
					t.Fatalf("%s: change of %v to %d: state %d at %d, fresh %d, restart after layer %d",
						bd.variant, b.Cell(i), j, st, ev.curDist[st], want[st], from)
				}
			}
			ev.searchFrom()
			ev.search(rng.IntN(2) == 0)
			ev.search(false)
			var expand []int32
			for _, v := range ev.queue {
				if in := ev.in[v]; in.n|in.extra != 0 && ev.dist[v] >= from {
					expand = append(expand, v)
				}
			}
			if got := ev.lq[:ev.ln]; !slices.Equal(got, expand) || ev.head != ev.ln {
				t.Fatalf("%s: change of %v to %d: expanded %v (up to %d), want %v", bd.variant, b.Cell(i), j, got, ev.head, expand)
			}
			if !slices.Equal(ev.dist, want) {
				t.Fatalf("%s: change of %v to %d: the search's distances differ from a fresh search's (restart after layer %d)", bd.variant, b.Cell(i), j, from)
			}
			ev.endChange(i, old)
			ev.try(i, j)
			if rng.IntN(2) == 0 {
				ev.accept()
				jumps = next
				if !slices.Equal(ev.curDist, want) {
					t.Fatalf("%s: kept distances after accepting a change of %v to %d differ from a fresh search's", bd.variant, b.Cell(i), j)
				}
			}
		}
		if restarts == 0 {
			t.Errorf("%s: no search restarted past the goal's layer", bd.variant)
		}
	}
}

// stateBoards are the boards under the no-U-turn rule the evaluator's
// tests over states walk.
var stateBoards = []struct {
	variant    string
	rows, cols int
}{
	{"no-u-turn", 5, 5}, {"no-u-turn", 7, 7}, {"no-u-turn", 9, 9}, {"hex,no-u-turn", 6, 6},
	{"queen,no-u-turn", 5, 5}, {"torus,no-u-turn", 5, 6}, {"queen,exit,no-u-turn", 5, 5},
}

// stateMaze returns the graph of a rows×cols board of the named variant,
// a start (the first cell, or the middle on exit-ring boards), a goal (the
// last cell, or the exit) and the jumps of a random maze on it.
func stateMaze(t *testing.T, rng *rand.Rand, variant string, rows, cols int) (g *graph.Graph, start, goal int, jumps []int) {
	t.Helper()
	v, err := maze.ParseVariant(variant)
	if err != nil {
		t.Fatal(err)
	}
	b := maze.Board{Rows: rows, Cols: cols, Variant: v}
	g = graph.MustCompile(b)
	start, goal = 0, rows*cols-1
	if v.Exit {
		start, goal = rows*cols/2, b.Exit()
	}
	m, err := maze.Random(b, b.Cell(start), b.Cell(goal), rng)
	if err != nil {
		t.Fatal(err)
	}
	return g, start, goal, slices.Clone(m.Jumps)
}
