package graph_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"rjm/graph"
	"rjm/maze"
)

// variantBoard returns a board of variant v with a few blocked and
// pass-over cells, walls and (on exit-ring boards) absent cells.
func variantBoard(rng *rand.Rand, v maze.Variant, rows, cols int) maze.Board {
	b := maze.Board{Rows: rows, Cols: cols, Variant: v}
	n := rows * cols
	for range n / 8 {
		k := []maze.CellKind{maze.Blocked, maze.PassOver, maze.Absent}[rng.IntN(3)]
		if k == maze.Absent && !v.Exit {
			k = maze.Blocked
		}
		_ = b.SetKind(b.Cell(rng.IntN(n)), k)
	}
	for range n {
		_ = b.AddWall(b.Cell(rng.IntN(n)), b.Cell(rng.IntN(n)))
	}
	return b
}

// On every variant, the move graph's legal jumps are the board's, and the
// goal-depth tracker (incremental on cell-based boards, a fresh search
// over states under no-U-turn) answers what a fresh search does.
func TestVariantTrackerMatchesFreshSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	steps := 600
	if testing.Short() {
		steps = 100
	}
	for _, name := range []string{"queen", "torus", "hex", "triangle", "loops", "queen,exit", "no-u-turn", "hex,no-u-turn", "queen,exit,no-u-turn"} {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, sz := range [][2]int{{4, 5}, {7, 7}, {9, 10}} {
			b := variantBoard(rng, v, sz[0], sz[1])
			g := graph.MustCompile(b)
			for i := range b.Cells() {
				if !slices.Equal(g.Legal(i), b.LegalJumps(nil, i)) {
					t.Fatalf("%s: cell %v legal jumps %v, board says %v", name, b.Cell(i), g.Legal(i), b.LegalJumps(nil, i))
				}
				// σ's list is its set's cells, ascending, for every jump
				// (those that cannot move too).
				for j := -1; j <= b.MaxJump(i)+1; j++ {
					var want []int32
					for _, c := range g.Succ(i, j).Cells() {
						want = append(want, int32(c))
					}
					if got := g.SuccCells(i, j); !slices.Equal(got, want) {
						t.Fatalf("%s: cell %v jump %d: SuccCells %v, want %v", name, b.Cell(i), j, got, want)
					}
				}
			}
			open := b.OpenCells()
			s, goal := open[0], b.Index(maze.DefaultGoal(b))
			if s == goal {
				continue
			}
			m, err := maze.Random(b, b.Cell(s), b.Cell(goal), rng)
			if err != nil {
				t.Fatal(err)
			}
			tr := graph.NewDepthTracker(g, s, goal)
			if got, want := tr.Reset(m.Jumps), g.GoalDepth(m.Jumps, s, goal); got != want {
				t.Fatalf("%s: Reset = %d, want %d", name, got, want)
			}
			depth := make([]int, g.Cells())
			for range steps {
				i := open[rng.IntN(len(open))]
				legal := g.Legal(i)
				if i == goal || len(legal) == 0 {
					continue
				}
				j := legal[rng.IntN(len(legal))]
				old := m.Jumps[i]
				m.Jumps[i] = j
				want := g.GoalDepth(m.Jumps, s, goal)
				g.Depths(m.Jumps, s, depth)
				if depth[goal] != want {
					t.Fatalf("%s: Depths gives the goal %d, GoalDepth %d", name, depth[goal], want)
				}
				m.Jumps[i] = old
				if got, exact := tr.TryBound(i, j, max(tr.Depth(), 0)); exact && got != want {
					t.Fatalf("%s: TryBound = %d, want %d", name, got, want)
				}
				if got := tr.Try(i, j); got != want {
					t.Fatalf("%s: Try(%v, %d) = %d, want %d\n%s", name, b.Cell(i), j, got, want, m)
				}
				if rng.IntN(2) == 0 {
					tr.Try(i, j)
					tr.Accept()
					m.Jumps[i] = j
					if tr.Depth() != want {
						t.Fatalf("%s: after Accept depth %d, want %d", name, tr.Depth(), want)
					}
				}
			}
		}
	}
}

// Under the no-U-turn rule a state is a cell and its direction of
// arrival; the start state allows every move, a state entered moving
// right forbids the jump left.
func TestNoUTurnStates(t *testing.T) {
	b := maze.Board{Rows: 1, Cols: 5, Variant: maze.Variant{NoUTurn: true}}
	g := graph.MustCompile(b)
	spc := g.StatesPerCell()
	if spc != 1+maze.NumDirs || g.States() != 5*spc {
		t.Fatalf("states per cell %d, states %d", spc, g.States())
	}
	var got []maze.Dir
	g.StateMoves(2*spc, 1, func(m maze.Move, to int) { got = append(got, m.Dir) })
	if !slices.Equal(got, []maze.Dir{maze.Left, maze.Right}) {
		t.Errorf("start state moves %v", got)
	}
	got = got[:0]
	g.StateMoves(2*spc+1+int(maze.Right), 1, func(m maze.Move, to int) {
		got = append(got, m.Dir)
		if to != 3*spc+1+int(maze.Right) {
			t.Errorf("moving right lands on state %d", to)
		}
	})
	if !slices.Equal(got, []maze.Dir{maze.Right}) {
		t.Errorf("state entered moving right: moves %v, want right only", got)
	}
}
