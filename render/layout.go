package render

import (
	"math"

	"rjm/maze"
)

// Layout is everything a drawing of a board shows besides its numbers,
// in cell units on the board's Geometry (y downwards, the board's
// top-left corner at 0,0): the margin around the board, the board's
// outline, its walls, the Surakarta loops, the torus's wrap-around frame
// and the exit ring. It is computed once per board and drawn by every
// back end: the print pictures (WritePicture: SVG, PNG, PDF) and the web
// player's board (WriteBoard), so that both show the same marks in the
// same places.
type Layout struct {
	Geometry
	// Margin is the space around the board on every side, in cells: room
	// for the loops when there are some, a cell for an exit ring.
	Margin float64
	// Outline is the board's edge, and the edge of a shaped board along
	// its absent cells: the sides that belong to one cell only, joined
	// into closed polygons (corners in order, clockwise on the drawing,
	// collinear sides merged), so that it is drawn thick with mitred
	// corners and no notch.
	Outline [][]Point
	// Walls are the board's walls in the order of the maze text's "wall"
	// lines, each on the side its two cells share.
	Walls []Wall
	// Loops are the Surakarta loops, innermost first (loop k joins row and
	// column k+1 from each end at every corner); nil without them.
	Loops []Loop
	// Wrap, on a torus, is the dashed frame half a margin outside the
	// board that says its edges join: corners Wrap[0] (top-left) and
	// Wrap[1] (bottom-right). Nil on other boards.
	Wrap *[2]Point
	// Exit is set on an exit-ring board: the margin beyond the outline is
	// the ring a final jump lands on.
	Exit bool
}

// Side is a segment of a drawing, from A to B.
type Side struct{ A, B Point }

// Wall is a wall between two neighbouring cells (row-major indices, the
// smaller first) on the side they share.
type Wall struct {
	Cells [2]int
	Side
}

// Loop is one Surakarta loop: four three-quarter circles of radius
// Radius around the board's corners, each starting at its angle in
// Starts and turning 270° anticlockwise, with angles measured as on
// paper (y upwards), in the order top-left, top-right, bottom-right,
// bottom-left.
type Loop struct {
	Radius  float64
	Corners [4]Point
	Starts  [4]float64
}

// NewLayout lays out board b on its geometry.
func NewLayout(b maze.Board) Layout {
	l := Layout{Geometry: NewGeometry(b), Margin: marginOf(b), Exit: b.Variant.Exit}
	l.Outline = outline(l.Geometry)
	for _, w := range b.WallList() {
		if p, q, ok := l.Edge(w[0], w[1]); ok {
			l.Walls = append(l.Walls, Wall{Cells: w, Side: Side{p, q}})
		}
	}
	if b.Variant.Torus {
		m := l.Margin
		l.Wrap = &[2]Point{{-m / 2, -m / 2}, {l.Width + m/2, l.Height + m/2}}
	}
	if b.Variant.Loops {
		w, h := float64(b.Cols), float64(b.Rows)
		for k := 1; k <= (min(b.Rows, b.Cols)-2)/2; k++ {
			l.Loops = append(l.Loops, Loop{
				Radius:  float64(k) + 0.5,
				Corners: [4]Point{{0, 0}, {w, 0}, {w, h}, {0, h}},
				Starts:  [4]float64{0, 3 * math.Pi / 2, math.Pi, math.Pi / 2},
			})
		}
	}
	return l
}

// marginOf is the space around the board, in cells: room for the
// Surakarta loops when there are some.
func marginOf(b maze.Board) float64 {
	switch {
	case b.Variant.Loops:
		return float64((min(b.Rows, b.Cols)-2)/2) + 0.8
	case b.Variant.Exit:
		// Loyd's ring is one cell beyond the edge: a cell deep, so that
		// a player taps it as easily as a cell.
		return 1
	}
	return 0.35
}

// outline returns the sides of g's cells that no other cell shares,
// joined into closed polygons: the outline of the board, whose exit ring
// lies beyond it on Loyd's boards.
func outline(g Geometry) [][]Point {
	type key [2]int64
	at := func(a Point) key { return key{int64(math.Round(a.X * 1e6)), int64(math.Round(a.Y * 1e6))} }
	count := map[[2]key]int{}
	var sides []Side
	for _, s := range g.Shapes {
		for k, a := range s.Corners {
			b := s.Corners[(k+1)%len(s.Corners)]
			ka, kb := at(a), at(b)
			if ka[0] > kb[0] || ka[0] == kb[0] && ka[1] > kb[1] {
				ka, kb = kb, ka
			}
			count[[2]key{ka, kb}]++
			sides = append(sides, Side{a, b})
		}
	}
	// Every cell's corners run clockwise, so the outline's sides do too:
	// each polygon follows the side that starts where the last ended.
	from := map[key][]int{}
	var edge []Side
	for _, s := range sides {
		ka, kb := at(s.A), at(s.B)
		if ka[0] > kb[0] || ka[0] == kb[0] && ka[1] > kb[1] {
			ka, kb = kb, ka
		}
		if count[[2]key{ka, kb}] == 1 {
			from[at(s.A)] = append(from[at(s.A)], len(edge))
			edge = append(edge, s)
		}
	}
	used := make([]bool, len(edge))
	var polys [][]Point
	for first := range edge {
		if used[first] {
			continue
		}
		var poly []Point
		for k := first; ; {
			used[k] = true
			poly = append(poly, edge[k].A)
			next := -1
			for _, j := range from[at(edge[k].B)] {
				if !used[j] {
					next = j
					break
				}
			}
			if next < 0 {
				break
			}
			k = next
		}
		polys = append(polys, straighten(poly))
	}
	return polys
}

// straighten drops the corners of a closed polygon that lie on the line
// through their neighbours.
func straighten(poly []Point) []Point {
	var out []Point
	n := len(poly)
	for k, q := range poly {
		a, b := poly[(k+n-1)%n], poly[(k+1)%n]
		if math.Abs((q.X-a.X)*(b.Y-q.Y)-(q.Y-a.Y)*(b.X-q.X)) > 1e-9 {
			out = append(out, q)
		}
	}
	return out
}
