package render

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
)

// roundTheEdge reports whether the move from cell in direction d on m
// lands elsewhere, or nowhere, without the torus and the loops.
func roundTheEdge(m *maze.Maze, cell int, d maze.Dir) bool {
	to, _, ok := m.Jump(cell, d, m.Jumps[cell])
	flat := m.Board
	flat.Variant.Torus, flat.Variant.Loops = false, false
	plain, _, pok := flat.Jump(cell, d, m.Jumps[cell])
	return ok && (!pok || plain != to)
}

// offCells reports whether q lies clear of every cell of layout l (by
// more than a hundredth of a cell).
func offCells(l Layout, q Point) bool {
	for _, s := range l.Shapes {
		if s.Corners == nil {
			continue
		}
		inside, c := false, s.Corners
		for i, j := 0, len(c)-1; i < len(c); j, i = i, i+1 {
			if (c[i].Y > q.Y) != (c[j].Y > q.Y) && q.X < (c[j].X-c[i].X)*(q.Y-c[i].Y)/(c[j].Y-c[i].Y)+c[i].X {
				inside = !inside
			}
		}
		if inside || math.Hypot(q.X-s.Center.X, q.Y-s.Center.Y) < 0.51 {
			return false
		}
	}
	return true
}

// TestRoutesFollowTheKey draws, on every board with an edge that does
// something (torus, loops, exit ring), solutions that use it: each move's
// route (MoveRoute, which the player and the workbench are given) is the
// print key's own (KeyRoutes); it starts on the centre of the cell the
// move leaves and ends on the centre of the cell it lands on; and a move
// round the edge runs out beyond the board instead of straight across it
// (a blank torus's L from the top left corner drawn along the whole top
// row was the fault).
func TestRoutesFollowTheKey(t *testing.T) {
	for _, name := range []string{"torus", "loops", "exit", "queen,torus", "queen,loops", "hex,exit", "torus,no-u-turn"} {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		b := maze.Board{Rows: 5, Cols: 5, Variant: v}
		g := graph.MustCompile(b)
		l := NewLayout(b)
		found, round := 0, 0
		for seed := uint64(1); seed <= 400 && round < 3; seed++ {
			m, err := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rand.New(rand.NewPCG(seed, 7)))
			if err != nil {
				t.Fatal(err)
			}
			f := analysis.Analyze(g, m)
			if !f.Solvable || f.GoalDepth < 2 {
				continue
			}
			dirs, err := m.ParseNotation(f.Solution)
			if err != nil {
				t.Fatal(err)
			}
			key := Picture{Maze: m, Features: f}.KeyRoutes()
			if key == nil {
				continue
			}
			found++
			routes := Routes(m, f.SolutionCells, dirs)
			if !reflect.DeepEqual(routes, key) {
				t.Fatalf("%s %v: the routes\n%v\nare not the key's\n%v", name, f.Solution, routes, key)
			}
			for k, d := range dirs {
				r := routes[k]
				centre := func(i int) [2]float64 {
					c := l.Shapes[i].Center
					return [2]float64{round3(c.X + l.Margin), round3(c.Y + l.Margin)}
				}
				first, last := r[0][0], r[len(r)-1][len(r[len(r)-1])-1]
				to := f.SolutionCells[k+1]
				if first != centre(f.SolutionCells[k]) || to < len(l.Shapes) && last != centre(to) {
					t.Errorf("%s %s move %d: the route %v does not join the cells' centres", name, f.Solution, k+1, r)
				}
				out := false
				for _, line := range r {
					for _, q := range line {
						out = out || offCells(l, Point{q[0] - l.Margin, q[1] - l.Margin})
					}
				}
				if edge := roundTheEdge(m, f.SolutionCells[k], d) || to >= len(l.Shapes); edge != out {
					t.Errorf("%s %s move %d (%s): round the edge %v, but its route %v runs beyond the board: %v", name, f.Solution, k+1, d, edge, r, out)
				} else if edge {
					round++
				}
			}
		}
		if round == 0 {
			t.Errorf("%s: none of %d solutions drawn goes round the edge", name, found)
		}
	}
}

// TestBlankTorusRoute draws the move the fault was seen on: on a blank
// 5×5 torus, L from the top left corner wraps to the top right corner,
// out beyond the left edge and in beyond the right one, not along the top
// row.
func TestBlankTorusRoute(t *testing.T) {
	b := maze.Board{Rows: 5, Cols: 5, Variant: maze.Variant{Torus: true}}
	m, err := maze.New(b, maze.Cell{}, maze.Cell{Row: 4, Col: 4})
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Jumps {
		m.Jumps[i] = 1
	}
	l := NewLayout(b)
	r := MoveRoute(m, l, 0, maze.Left)
	if len(r) != 2 || r[0][1][0] >= l.Margin || r[1][0][0] <= l.Margin+l.Width {
		t.Errorf("L from the top left corner of a blank torus is drawn %v", r)
	}
}
