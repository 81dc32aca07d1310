package graph_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"rjm/graph"
	"rjm/maze"
)

// The tracker's incremental answers equal a fresh breadth-first search
// after every tried and every accepted change, on boards of one, two and
// more words, whatever the start and goal; so do the distances to the
// goal it keeps through accepted changes.
func TestDepthTrackerMatchesFreshSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	sizes := [][2]int{{1, 2}, {2, 3}, {3, 3}, {5, 5}, {4, 7}, {8, 8}, {9, 9}, {10, 10}, {11, 11}, {12, 12}, {15, 15}, {20, 13}, {20, 20}, {32, 32}}
	steps := 3000
	if testing.Short() {
		steps = 300
	}
	for _, sz := range sizes {
		b := maze.Board{Rows: sz[0], Cols: sz[1]}
		g := graph.MustCompile(b)
		for range 3 {
			s, goal := rng.IntN(b.Cells()), rng.IntN(b.Cells())
			if s == goal {
				continue
			}
			m, _ := maze.Random(b, b.Cell(s), b.Cell(goal), rng)
			tr := graph.NewDepthTracker(g, s, goal)
			if got, want := tr.Reset(m.Jumps), g.GoalDepth(m.Jumps, s, goal); got != want {
				t.Fatalf("%v: Reset = %d, want %d", sz, got, want)
			}
			cur := tr.Depth()
			tr.ToGoalMatchesFresh()
			if err := layersMatch(g, tr, m.Jumps, s); err != "" {
				t.Fatalf("%v: after Reset: %s\n%s", sz, err, m)
			}
			for step := range steps {
				i := rng.IntN(b.Cells())
				if i == goal {
					continue
				}
				legal := g.Legal(i)
				j := legal[rng.IntN(len(legal))]
				old := m.Jumps[i]
				m.Jumps[i] = j
				want := g.GoalDepth(m.Jumps, s, goal)
				// The distances with the change put in by TryDistances
				// are a fresh tracker's for the changed maze (every
				// tenth step, to keep the test short).
				if step%10 == 0 && tr.TryDistances(i, j, 0) {
					fresh := graph.NewDepthTracker(g, s, goal)
					fresh.Reset(m.Jumps)
					fresh.ToGoalMatchesFresh()
					if !slices.Equal(tr.ToGoal(), fresh.ToGoal()) || tr.Reaching() != fresh.Reaching() {
						t.Fatalf("%v: TryDistances(%v, %d): distances differ from a fresh search\n%s", sz, b.Cell(i), j, m)
					}
					if step%20 == 0 {
						// Try and Accept of the same change keep them.
						if got := tr.Try(i, j); got != want {
							t.Fatalf("%v: Try(%v, %d) after TryDistances = %d, want %d\n%s", sz, b.Cell(i), j, got, want, m)
						}
						tr.Accept()
						cur = want
						if tr.Depth() != want || !tr.ToGoalMatchesFresh() {
							t.Fatalf("%v: Accept(%v, %d) after TryDistances: depth %d, want %d, or distances differ from a fresh search\n%s", sz, b.Cell(i), j, tr.Depth(), want, m)
						}
						continue
					}
					tr.UndoDistances()
				}
				m.Jumps[i] = old
				// TryBound may answer early only with a depth below the
				// bound when the true depth is below it too.
				bound := max(cur, 0) + rng.IntN(3) - 1
				if got, exact := tr.TryBound(i, j, bound); exact && got != want || !exact && (want < 0 || want >= bound || got >= bound || got < want) {
					t.Fatalf("%v: TryBound(%v, %d, %d) = %d, %v; want %d\n%s", sz, b.Cell(i), j, bound, got, exact, want, m)
				}
				if got := tr.Try(i, j); got != want {
					t.Fatalf("%v: Try(%v, %d) = %d, want %d\n%s", sz, b.Cell(i), j, got, want, m)
				}
				if tr.Depth() != cur {
					t.Fatalf("Try changed the current depth")
				}
				// Accept improvements and ties mostly, worse ones sometimes,
				// so the walk covers every kind of change.
				if want >= cur || rng.IntN(5) == 0 {
					if rng.IntN(2) == 0 {
						tr.Accept()
					} else {
						tr.Commit(i, j) // the same without relying on the Try
					}
					m.Jumps[i] = j
					cur = want
					if tr.Depth() != want {
						t.Fatalf("Accept: depth %d, want %d", tr.Depth(), want)
					}
					if !tr.ToGoalMatchesFresh() {
						t.Fatalf("%v: distances to the goal after changing %v to %d differ from a fresh search\n%s", sz, b.Cell(i), j, m)
					}
					if err := layersMatch(g, tr, m.Jumps, s); err != "" {
						t.Fatalf("%v: after changing %v to %d: %s\n%s", sz, b.Cell(i), j, err, m)
					}
				}
			}
		}
	}
}

// A hill climb on the goal depth (the hill descent of the simple
// objective: changes that keep or raise the depth are accepted) reaches
// the deep mazes of real searches, whose long solutions the random walk
// above seldom builds; the tracker's depths, layers and distances stay a
// fresh search's along it.
func TestDepthTrackerHillClimb(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	steps := 20000
	if testing.Short() {
		steps = 2000
	}
	for _, size := range []int{9, 12, 15, 20} {
		b := maze.Board{Rows: size, Cols: size}
		g := graph.MustCompile(b)
		goal := b.Cells() - 1
		m, _ := maze.Random(b, b.Cell(0), b.Cell(goal), rng)
		tr := graph.NewDepthTracker(g, 0, goal)
		cur := tr.Reset(m.Jumps)
		for range steps {
			i := rng.IntN(goal)
			legal := g.Legal(i)
			j := legal[rng.IntN(len(legal))]
			old := m.Jumps[i]
			m.Jumps[i] = j
			want := g.GoalDepth(m.Jumps, 0, goal)
			m.Jumps[i] = old
			got, exact := tr.TryBound(i, j, max(cur, 0))
			if exact && got != want || !exact && (want < 0 || want >= cur || got >= cur || got < want) {
				t.Fatalf("%dx%d: TryBound(%v, %d, %d) = %d, %v; want %d\n%s", size, size, b.Cell(i), j, cur, got, exact, want, m)
			}
			if !exact || want < cur && cur >= 0 {
				continue
			}
			tr.Accept()
			m.Jumps[i] = j
			cur = want
			if tr.Depth() != want || !tr.ToGoalMatchesFresh() {
				t.Fatalf("%dx%d: Accept(%v, %d): depth %d, want %d, or distances differ from a fresh search\n%s", size, size, b.Cell(i), j, tr.Depth(), want, m)
			}
			if err := layersMatch(g, tr, m.Jumps, 0); err != "" {
				t.Fatalf("%dx%d: after changing %v to %d: %s\n%s", size, size, b.Cell(i), j, err, m)
			}
		}
		t.Logf("%dx%d: depth %d", size, size, cur)
	}
}

// layersMatch checks the tracker's layers and depths (Layer, DepthOf)
// against a fresh breadth-first search from start, returning what differs.
func layersMatch(g *graph.Graph, tr *graph.DepthTracker, jumps []int, start int) string {
	depth := make([]int, g.Cells())
	g.Depths(jumps, start, depth)
	top, D := slices.Max(depth), tr.Depth()
	if D >= 0 {
		top = D
	}
	for c, d := range depth {
		if D >= 0 && d >= D {
			d = -1
		}
		if got := tr.DepthOf(c); got != d {
			return fmt.Sprintf("DepthOf(%d) = %d, want %d", c, got, d)
		}
	}
	for d := 0; d <= top; d++ {
		var want []int
		for c, dc := range depth {
			if dc == d {
				want = append(want, c)
			}
		}
		if got := tr.Layer(d).Cells(); !slices.Equal(got, want) {
			return fmt.Sprintf("Layer(%d) = %v, want %v", d, got, want)
		}
	}
	return ""
}

// Moves and σ agree with the assignment's four formulas, and Legal lists
// exactly the jumps with a move.
func TestCompileMatchesDefinition(t *testing.T) {
	for _, b := range []maze.Board{{Rows: 1, Cols: 2}, {Rows: 5, Cols: 5}, {Rows: 3, Cols: 9}, {Rows: 32, Cols: 32}} {
		g := graph.MustCompile(b)
		for i := range b.Cells() {
			c := b.Cell(i)
			var legal []int
			for j := 0; j <= 40; j++ {
				var want []int
				if j > 0 {
					for _, s := range []maze.Cell{{Row: c.Row - j, Col: c.Col}, {Row: c.Row + j, Col: c.Col}, {Row: c.Row, Col: c.Col - j}, {Row: c.Row, Col: c.Col + j}} {
						if b.Contains(s) {
							want = append(want, b.Index(s))
						}
					}
				}
				got := g.Succ(i, j).Cells()
				if len(want) > 0 {
					legal = append(legal, j)
				}
				if len(got) != len(want) || len(g.Moves(i, j)) != len(want) {
					t.Fatalf("%v: cell %v jump %d: σ = %v, want %d cells", b, c, j, got, len(want))
				}
				for k, m := range g.Moves(i, j) {
					if m.To != want[k] {
						t.Fatalf("%v: cell %v jump %d: move %d lands on %d, want %d", b, c, j, k, m.To, want[k])
					}
				}
			}
			if gl := g.Legal(i); len(gl) != len(legal) || len(gl) != b.MaxJump(i) {
				t.Fatalf("%v: cell %v: Legal = %v, want %v", b, c, gl, legal)
			}
		}
	}
}
