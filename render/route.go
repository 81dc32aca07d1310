package render

import (
	"math"

	"rjm/maze"
)

// Route is how one move is drawn on a board's drawing, the same in the
// print key, the player and the workbench: polylines of points in the
// drawing's square-cell units from its top left corner (WriteBoard's
// coordinates over its data-unit). A move on the board is one line from
// centre to centre; a move that wraps round a torus's edge is two, out
// to the margin beyond the edge it leaves by and in from the margin
// beyond the edge it comes back by; a move through one Surakarta loop is
// one, out to the edge, round the loop's circle and in again (through two
// loops, two, as a wrap); the exit move runs out to the exit ring. A
// front end draws the lines it is given and computes none.
type Route [][][2]float64

// MoveRoute returns the route of the move from cell from in direction d
// on maze m (nil when m has no such move, or on triangles, whose moves
// zig-zag between the cells' centres and are drawn as steps alone).
func MoveRoute(m *maze.Maze, l Layout, from int, d maze.Dir) Route {
	if !keyLines(m, 0) || from < 0 || from >= len(l.Shapes) {
		return nil
	}
	to, _, ok := m.Board.Jump(from, d, m.Jumps[from])
	if !ok {
		return nil
	}
	return routeOf(l, moveKeys(m, l, from, to, d))
}

// routeOf returns the route of one move drawn as the key moves kms.
func routeOf(l Layout, kms []keyMove) Route {
	var r Route
	at := func(q Point) [2]float64 { return [2]float64{round3(q.X + l.Margin), round3(q.Y + l.Margin)} }
	for _, mv := range kms {
		line := [][2]float64{at(mv.A), at(mv.B)}
		if t := mv.Loop; t != nil {
			for _, q := range loopArc(*t, mv.B) {
				line = append(line, at(q))
			}
		}
		if mv.Entry && len(r) > 0 && r[len(r)-1][len(r[len(r)-1])-1] == line[0] {
			// Back in from where the loop's circle ends: one line.
			r[len(r)-1] = append(r[len(r)-1], line[1:]...)
			continue
		}
		r = append(r, line)
	}
	return r
}

// KeyRoutes returns the routes of the moves p's solution key draws, in
// order, its lanes aside (nil when the key numbers the steps alone).
func (p Picture) KeyRoutes() []Route {
	l := NewLayout(p.Maze.Board)
	k := p.newKey(l)
	var out []Route
	for i := 0; i < len(k.moves); {
		j := i + 1
		for j < len(k.moves) && k.moves[j].Entry {
			j++
		}
		out = append(out, routeOf(l, k.moves[i:j]))
		i = j
	}
	return out
}

// Routes returns the route of each move of a path on maze m: cells are
// the cells it visits (the start first), dirs the directions of its
// moves.
func Routes(m *maze.Maze, cells []int, dirs []maze.Dir) []Route {
	l := NewLayout(m.Board)
	var out []Route
	for k, d := range dirs {
		if k >= len(cells) {
			break
		}
		out = append(out, MoveRoute(m, l, cells[k], d))
	}
	return out
}

// loopArc returns points along the part of a Surakarta loop's circle
// that a move follows from from, on the board's edge, round the corner to
// t.To: three quarters of a circle, at every 7.5°, just inside the loop's
// own line as the print key draws it (loopInset).
func loopArc(t loopTurn, from Point) []Point {
	a0 := math.Atan2(from.Y-t.Corner.Y, from.X-t.Corner.X)
	a1 := math.Atan2(t.To.Y-t.Corner.Y, t.To.X-t.Corner.X)
	sweep := math.Mod(a1-a0+4*math.Pi, 2*math.Pi)
	if math.Abs(sweep-1.5*math.Pi) > 0.1 {
		sweep -= 2 * math.Pi
	}
	r := t.Radius - loopInset
	const steps = 36
	out := make([]Point, 0, steps+2)
	for k := 0; k <= steps; k++ {
		a := a0 + sweep*float64(k)/steps
		out = append(out, Point{t.Corner.X + r*math.Cos(a), t.Corner.Y + r*math.Sin(a)})
	}
	return append(out, t.To)
}

// loopInset is how far inside a Surakarta loop's line a move round it is
// drawn, in square cells: beside the loop, as a lane.
const loopInset = 0.12

// round3 rounds x to three decimals, enough for a drawing.
func round3(x float64) float64 { return math.Round(x*1e3) / 1e3 }
