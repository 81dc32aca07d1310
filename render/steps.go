package render

import (
	"strconv"
	"strings"

	"rjm/maze"
)

// StepDisc is one disc of a cell's steps in a solution key: where its
// centre lies from the cell's centre, its radius and the size of its
// figures, and how far right of the cell's centre a disc widened into a
// pill by a long text may reach, all in the board's units (a square
// cell's side is 1); and the steps it shows.
type StepDisc struct {
	X, Y, R, Font, Right float64
	Steps                []int
}

// Text is what the disc says: its steps, joined by commas ("21,27").
func (d StepDisc) Text() string {
	s := make([]string, len(d.Steps))
	for k, v := range d.Steps {
		s[k] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}

// StepDiscs lays out the steps at which a path stands on cell i of board
// b, whose geometry g is (the start 0), as the solution key prints them and the web player
// shows a solved game: one disc in the cell's upper-right quarter, where
// the key's lanes never run; a cell reached twice gets two smaller discs
// down its right side, three times a third to their left, and further
// visits join the third ("21,27"). On triangles they sit beside the
// number, right and then left, a little towards the triangle's base; on
// hexagons and a queen's board a single disc lies between two of the
// lines through the centre. Every picture and page that numbers a path
// takes its discs from here; a picture moves or shrinks one that is not
// clear of its cell's number, ring, sides and other discs
// (drawing.placeSteps). It returns nil for no steps.
func (g Geometry) StepDiscs(b maze.Board, i int, steps []int) []StepDisc {
	if len(steps) == 0 {
		return nil
	}
	unit := g.Size
	if g.Size == 0.6 { // a hexagon, roomier than its inner square says
		unit = 0.24 / 0.31
	}
	type disc struct {
		x, y, r, font float64
		steps         []int
	}
	var discs []disc
	switch {
	case b.Variant.Tiling == maze.Triangle:
		unit = 1
		r, c := i/b.Cols, i%b.Cols
		y := 0.04
		if (r+c)%2 != 0 {
			y = -0.04
		}
		for v, step := range steps {
			if v < 2 {
				discs = append(discs, disc{[]float64{0.2, -0.2}[v], y, 0.09, 0.42, []int{step}})
			} else {
				discs[1].steps = append(discs[1].steps, step)
			}
		}
	case len(steps) == 1 && (g.Size == 0.6 || b.Variant.Queen):
		bx, by := stepDirection(b)
		dist, r, size := 0.3/unit, 0.15, 0.27
		if b.Variant.Queen {
			dist, r, size = 0.37, 0.14, 0.24
		}
		discs = []disc{{dist * bx, dist * by, r, size, []int{steps[0]}}}
	case len(steps) == 1:
		discs = []disc{{0.3, -0.3, 0.145, 0.27, []int{steps[0]}}}
	default:
		slots := [][2]float64{{0.33, -0.33}, {0.33, -0.1}, {0.1, -0.33}}
		for v, step := range steps {
			if v < len(slots) {
				discs = append(discs, disc{slots[v][0], slots[v][1], 0.11, 0.2, []int{step}})
			} else {
				discs[len(slots)-1].steps = append(discs[len(slots)-1].steps, step)
			}
		}
	}
	out := make([]StepDisc, len(discs))
	for k, d := range discs {
		out[k] = StepDisc{X: d.x * unit, Y: d.y * unit, R: d.r * unit, Font: d.font * g.Size, Right: 0.42 * unit, Steps: d.steps}
	}
	return out
}
