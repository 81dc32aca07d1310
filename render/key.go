package render

import (
	"math"

	"gonum.org/v1/plot/vg"

	"rjm/maze"
)

// solutionKey is what the solution key draws: each move as a segment on
// the drawing, in a lane of its own where it runs along an earlier one.
type solutionKey struct {
	moves []keyMove
	steps [][]int // the steps landing on each cell (Marks.Steps)
}

// keyMove is one move of the solution as drawn: from A to B, shifted
// Lane lane widths to the side where it retraces part of an earlier
// move; Exit when it leaves the board for the exit ring.
type keyMove struct {
	A, B  Point
	Lane  int
	Exit  bool // ends beyond the board: the exit ring, or off an edge it wraps round
	Entry bool // starts beyond the board, coming back in after a wrap or a loop
	// Loop, on an Exit move through one Surakarta loop, is the loop's
	// circle it follows from B (on the board's edge) round the corner
	// to where the next move (its Entry) comes back in; nil elsewhere.
	Loop *loopTurn
}

// loopTurn is the part of a move that runs round a Surakarta loop: the
// three-quarter circle of Radius about Corner (a corner of the board)
// from the edge point where the move leaves to To, where it comes back.
type loopTurn struct {
	Corner Point
	Radius float64
	To     Point
}

// loopTurnOf returns, for a move through a loop that leaves the board at
// the middle of the margin out and comes back at in (wrapPoints), the
// points on the board's edge where it leaves and comes back and the
// loop's circle between them, or false when the two are not on one loop
// round one corner (a jump through two loops keeps its straight ends).
func loopTurnOf(l Layout, a, out, in, b Point) (edgeOut, edgeIn Point, t loopTurn, ok bool) {
	toward := func(from, to Point, d float64) Point {
		dx, dy := to.X-from.X, to.Y-from.Y
		n := math.Hypot(dx, dy)
		return Point{from.X + dx/n*d, from.Y + dy/n*d}
	}
	edgeOut = toward(out, a, l.Margin/2)
	edgeIn = toward(in, b, l.Margin/2)
	for _, lp := range l.Loops {
		for _, c := range lp.Corners {
			ro := math.Hypot(edgeOut.X-c.X, edgeOut.Y-c.Y)
			ri := math.Hypot(edgeIn.X-c.X, edgeIn.Y-c.Y)
			if math.Abs(ro-lp.Radius) < 1e-6 && math.Abs(ri-lp.Radius) < 1e-6 {
				return edgeOut, edgeIn, loopTurn{Corner: c, Radius: lp.Radius, To: edgeIn}, true
			}
		}
	}
	return out, in, loopTurn{}, false
}

// MaxKeyLines is the longest solution whose key draws its moves as
// arrows, and MaxKeyLanes the most moves side by side along one line. A
// longer or more crowded path's arrows cross each other and the numbers
// (a 7×7 maze of 30 moves put four lanes in a row), so its key numbers
// the cells alone: a reader follows the steps 0, 1, 2, ... from disc to
// disc, as publishers print keys, and the moves are written out beside
// it (the book's captions).
const (
	MaxKeyLines = 16
	MaxKeyLanes = 3
)

// keyLines reports whether the key of maze m with a solution of moves
// moves draws arrows: not on triangles, whose moves zig-zag between the
// cells' centres, and not past MaxKeyLines moves.
func keyLines(m *maze.Maze, moves int) bool {
	return m.Variant.Tiling != maze.Triangle && moves <= MaxKeyLines
}

// newKey lays out the solution of p on layout l: its moves as segments
// between cell centres (the exit move to the ring beyond the outline; a
// move that wraps round a torus or runs through a Surakarta loop as two,
// out to the margin beyond the edge it leaves by and in from the margin
// beyond the edge it comes back by), each in the first lane that no
// earlier move on the same line and overlapping it uses. A key without
// lines (keyLines), or whose moves would need MaxKeyLanes lanes, gets the
// steps alone.
func (p Picture) newKey(l Layout) solutionKey {
	m := p.Maze
	marks := NewMarks(m, p.Features)
	k := solutionKey{steps: marks.Steps}
	if !keyLines(m, p.Features.GoalDepth) {
		return k
	}
	g := l.Geometry
	path := p.Features.SolutionCells
	dirs, err := m.Board.ParseNotation(p.Features.Solution)
	if err != nil || len(dirs) != len(path)-1 {
		dirs = nil
	}
	for i := 1; i < len(path); i++ {
		if path[i-1] >= len(g.Shapes) {
			break
		}
		if dirs == nil {
			if path[i] < len(g.Shapes) {
				k.moves = append(k.moves, keyMove{A: g.Shapes[path[i-1]].Center, B: g.Shapes[path[i]].Center})
			}
			continue
		}
		k.moves = append(k.moves, moveKeys(m, l, path[i-1], path[i], dirs[i-1])...)
	}
	for i := range k.moves {
		used := map[int]bool{}
		for _, e := range k.moves[:i] {
			if overlap(k.moves[i], e) {
				used[e.Lane] = true
			}
		}
		for used[k.moves[i].Lane] {
			k.moves[i].Lane++
		}
		if k.moves[i].Lane >= MaxKeyLanes {
			k.moves = nil // too crowded: the steps alone
			break
		}
	}
	if m.Variant.Tiling == maze.Hex && crossings(k.moves) > MaxKeyCrossings {
		k.moves = nil // tangled: the steps alone, as on triangles
	}
	return k
}

// moveKeys returns how the move from cell a in direction d, landing on
// cell b (or on the exit, b beyond the layout's shapes), is drawn on
// layout l: a segment between the cells' centres; a move that wraps round
// a torus or runs through a Surakarta loop as two, out to the margin
// beyond the edge it leaves by and in from the margin beyond the edge it
// comes back by, the first following the loop's circle round the corner
// from edge to edge where it runs through one loop; the exit move to the
// ring beyond the outline. Every drawing of a move — the print key, the
// player's and the workbench's (Routes) — is made from it.
func moveKeys(m *maze.Maze, l Layout, a, b int, d maze.Dir) []keyMove {
	n := len(l.Shapes)
	ca := l.Shapes[a].Center
	if b >= n {
		if q, ok := exitPoint(m, l, a, d); ok {
			return []keyMove{{A: ca, B: q, Exit: true}}
		}
		return nil
	}
	cb := l.Shapes[b].Center
	if out, in, ok := wrapPoints(m, l, a, b, d); ok {
		exit, entry := keyMove{A: ca, B: out, Exit: true}, keyMove{A: in, B: cb, Entry: true}
		if eo, ei, t, ok := loopTurnOf(l, ca, out, in, cb); ok && m.Variant.Loops {
			// Round its loop, from edge to edge.
			exit.B, exit.Loop, entry.A = eo, &t, ei
		}
		return []keyMove{exit, entry}
	}
	return []keyMove{{A: ca, B: cb}}
}

// MaxKeyCrossings is the most crossings of one arrow by another that a
// hexagonal key draws: past it (a 14-move key crossed itself 14 times)
// its slanted arrows tangle over the numbers, and the key numbers the
// steps alone, as triangles' do. On squares the arrows run along rows
// and columns in lanes, and a crossing is a right angle a reader
// follows.
const MaxKeyCrossings = 3

// crossings counts the pairs of moves whose segments cross each other
// inside both (moves that only touch at a cell's centre do not cross).
func crossings(moves []keyMove) int {
	side := func(a, b, c Point) float64 { return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X) }
	n := 0
	for i := range moves {
		for j := range moves[:i] {
			p, q := moves[i], moves[j]
			d1, d2 := side(p.A, p.B, q.A), side(p.A, p.B, q.B)
			d3, d4 := side(q.A, q.B, p.A), side(q.A, q.B, p.B)
			if d1*d2 < 0 && d3*d4 < 0 {
				n++
			}
		}
	}
	return n
}

// wrapPoints returns, for the move from cell a to cell b leaving in
// direction d on a torus or a board with loops, where it leaves the
// drawing (the middle of the margin beyond the last cell it crosses
// before the edge) and where it comes back (the same beyond the edge
// behind b, against the direction it arrives in), or false when the move
// stays on the board in a straight line.
func wrapPoints(m *maze.Maze, l Layout, a, b int, d maze.Dir) (out, in Point, ok bool) {
	if m.Variant.Tiling != maze.Square {
		return out, in, false
	}
	jump := m.Jumps[a]
	to, arrive, legal := m.Board.Jump(a, d, jump)
	if !legal || to != b {
		return out, in, false
	}
	dr, dc := d.Delta()
	ra, ca := a/m.Cols, a%m.Cols
	if r, c := ra+dr*jump, ca+dc*jump; arrive == d && r >= 0 && c >= 0 && r < m.Rows && c < m.Cols && r*m.Cols+c == b {
		return out, in, false // a straight move on the board
	}
	beyond := func(i int, dr, dc int) Point {
		q := l.Shapes[i].Center
		for range m.Rows + m.Cols {
			next := Point{q.X + float64(dc), q.Y + float64(dr)}
			r, c := int(math.Floor(next.Y)), int(math.Floor(next.X))
			if r < 0 || c < 0 || r >= m.Rows || c >= m.Cols {
				break
			}
			q = next
		}
		// The middle of the margin beyond the last cell.
		off := 0.5 + l.Margin/2
		return Point{q.X + off*float64(dc), q.Y + off*float64(dr)}
	}
	ar, ac := arrive.Delta()
	return beyond(a, dr, dc), beyond(b, -ar, -ac), true
}

// exitPoint returns where the exit move from cell i in direction d ends
// on the drawing: in the middle of the margin beyond the outline (square
// and hexagonal boards; a triangle's moves zig-zag and its key draws no
// arrows).
func exitPoint(m *maze.Maze, l Layout, i int, d maze.Dir) (Point, bool) {
	if m.Variant.Tiling == maze.Hex {
		return hexExitPoint(m, l, i, d)
	}
	if m.Variant.Tiling != maze.Square {
		return Point{}, false
	}
	dr, dc := d.Delta()
	q := l.Shapes[i].Center
	// Walk out cell by cell until the point is off the board's cells.
	for range m.Rows + m.Cols {
		q = Point{q.X + float64(dc), q.Y + float64(dr)}
		r, c := int(math.Floor(q.Y)), int(math.Floor(q.X))
		if r < 0 || c < 0 || r >= m.Rows || c >= m.Cols || m.Kind(r*m.Cols+c) == maze.Absent {
			break
		}
	}
	// Back to the middle of the margin beyond the last cell passed.
	back := 0.5 - l.Margin/2
	return Point{q.X - back*float64(dc), q.Y - back*float64(dr)}, true
}

// hexExitPoint is exitPoint on hexagons: the exit jump from cell i in
// direction d passes jump-1 cells on the board, each a step between
// neighbours' centres, and ends half a step and half the margin beyond
// the last.
func hexExitPoint(m *maze.Maze, l Layout, i int, d maze.Dir) (Point, bool) {
	// The step between neighbours' centres in direction d, from any
	// cell that has a neighbour there.
	flat := m.Board
	flat.Variant.Exit = false
	var step Point
	found := false
	for j := range l.Shapes {
		if to, _, ok := flat.Jump(j, d, 1); ok && to < len(l.Shapes) && to != j {
			a, b := l.Shapes[j].Center, l.Shapes[to].Center
			step, found = Point{b.X - a.X, b.Y - a.Y}, true
			break
		}
	}
	if !found {
		return Point{}, false
	}
	n := math.Hypot(step.X, step.Y)
	ux, uy := step.X/n, step.Y/n
	q := l.Shapes[i].Center
	k := float64(m.Jumps[i] - 1)
	out := n/2 + l.Margin/2
	return Point{q.X + k*step.X + out*ux, q.Y + k*step.Y + out*uy}, true
}

// overlap reports whether two moves run along the same line and share a
// stretch of it.
func overlap(a, b keyMove) bool {
	dx, dy := a.B.X-a.A.X, a.B.Y-a.A.Y
	d := math.Hypot(dx, dy)
	ux, uy := dx/d, dy/d
	cross := func(q Point) float64 { return (q.X-a.A.X)*uy - (q.Y-a.A.Y)*ux }
	if math.Abs(cross(b.A)) > 1e-6 || math.Abs(cross(b.B)) > 1e-6 {
		return false
	}
	along := func(q Point) float64 { return (q.X-a.A.X)*ux + (q.Y-a.A.Y)*uy }
	lo, hi := min(along(b.A), along(b.B)), max(along(b.A), along(b.B))
	return hi > 1e-6 && lo < d-1e-6
}

// drawPath draws the key's moves as arrows, each shortened to leave its
// cells' numbers clear, moves along one line side by side.
//
// It returns the arrows' lines as drawn, which the step discs keep clear
// of where they have room.
func (p Picture) drawPath(c vg.Canvas, k solutionKey, at func(Point) vg.Point, pal palette, cell, thin vg.Length) []segment {
	var drawn []segment
	arrow := func(a, b vg.Point, ra, rb, h vg.Length) {
		arrowTo(c, a, b, ra, rb, h)
		if dist(a, b) > float64(ra+rb) {
			p, q := shortened(a, b, ra), shortened(b, a, rb)
			drawn = append(drawn, segment{p, q, thin * 3 / 4}, segment{shortened(q, p, h), q, h / 2})
		}
	}
	size := NewGeometry(p.Maze.Board).Size
	// Lanes 0.14 of a cell apart, closer when there are more than three,
	// so that every lane stays within its cells.
	spacing := 0.14
	for _, mv := range k.moves {
		spacing = min(spacing, 0.42/float64(max(mv.Lane, 1)))
	}
	c.SetColor(pal.route)
	c.SetLineWidth(thin * 1.5)
	for _, mv := range k.moves {
		dx, dy := mv.B.X-mv.A.X, mv.B.Y-mv.A.Y
		d := math.Hypot(dx, dy)
		// The lanes' side: away from the step discs (below a
		// horizontal line, left of a vertical one on squares).
		nx, ny := -dy/d, dx/d
		bx, by := stepDirection(p.Maze.Board)
		if nx*bx+ny*by > 0 {
			nx, ny = -nx, -ny
		}
		off := spacing * size * float64(mv.Lane)
		a := Point{mv.A.X + nx*off, mv.A.Y + ny*off}
		b := Point{mv.B.X + nx*off, mv.B.Y + ny*off}
		shorten := vg.Length(0.3*size) * cell
		head := vg.Length(0.16*max(size, 0.6)) * cell
		switch {
		case mv.Loop != nil:
			// Out to the edge, then round the loop's circle, outside
			// the board, to where the move comes back in.
			t := mv.Loop
			ctr, from, to := at(t.Corner), at(mv.B), at(t.To)
			a0 := math.Atan2(float64(from.Y-ctr.Y), float64(from.X-ctr.X))
			a1 := math.Atan2(float64(to.Y-ctr.Y), float64(to.X-ctr.X))
			sweep := math.Mod(a1-a0+4*math.Pi, 2*math.Pi)
			if math.Abs(sweep-1.5*math.Pi) > 0.1 {
				sweep -= 2 * math.Pi
			}
			var path vg.Path
			path.Move(shortened(at(a), at(b), shorten))
			path.Line(at(b))
			// Just inside the loop's own line, as a lane beside it.
			r := vg.Length(t.Radius-loopInset) * cell
			path.Line(vg.Point{X: ctr.X + r*vg.Length(math.Cos(a0)), Y: ctr.Y + r*vg.Length(math.Sin(a0))})
			path.Arc(ctr, r, a0, sweep)
			path.Line(to)
			c.Stroke(path)
			drawn = append(drawn, segment{shortened(at(a), at(b), shorten), at(b), thin * 3 / 4})
		case mv.Exit && !p.Maze.Variant.Exit:
			// Off an edge it wraps round or loops from: the arrow goes on
			// from where the move comes back.
			line(c, shortened(at(a), at(b), shorten), at(b))
			drawn = append(drawn, segment{shortened(at(a), at(b), shorten), at(b), thin * 3 / 4})
		case mv.Exit:
			arrow(at(a), at(b), shorten, 0, head)
		case mv.Entry:
			arrow(at(a), at(b), 0, shorten, head)
		default:
			arrow(at(a), at(b), shorten, shorten, head)
		}
	}
	return drawn
}

// stepDirection is the direction, as a unit vector on the drawing, from a
// cell's centre to its step disc in the solution key: up and right at 45°
// on squares, at 67.5° on a queen's board (between its north and
// north-east lines), at 30° on hexagons (between east and north-east).
// The key's lanes run on the side of each line away from it.
func stepDirection(b maze.Board) (x, y float64) {
	a := math.Pi / 4
	switch {
	case b.Variant.Tiling == maze.Hex:
		a = math.Pi / 6
	case b.Variant.Queen:
		a = 3 * math.Pi / 8
	}
	return math.Cos(a), -math.Sin(a)
}
