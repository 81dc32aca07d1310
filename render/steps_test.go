package render_test

import (
	"testing"

	"rjm/render"
)

// Every step disc lies inside its cell's outline box, clear of the frame,
// on every board, for one to five visits; the visits past the discs join
// the last one, so that every step is shown once, in order.
func TestStepDiscsInsideTheirCells(t *testing.T) {
	for name, b := range ruleBoards(t) {
		g := render.NewGeometry(b)
		for i, s := range g.Shapes {
			if s.Corners == nil {
				continue
			}
			lo, hi := s.Corners[0], s.Corners[0]
			for _, q := range s.Corners {
				lo.X, lo.Y, hi.X, hi.Y = min(lo.X, q.X), min(lo.Y, q.Y), max(hi.X, q.X), max(hi.Y, q.Y)
			}
			for n := 1; n <= 5; n++ {
				steps := []int{3, 14, 15, 92, 65}[:n]
				var shown []int
				for _, d := range g.StepDiscs(b, i, steps) {
					x, y := s.Center.X+d.X, s.Center.Y+d.Y
					if x-d.R < lo.X || x+d.R > hi.X || y-d.R < lo.Y || y+d.R > hi.Y || s.Center.X+d.Right > hi.X {
						t.Errorf("%s: cell %d, %d visits: disc %+v leaves the cell's box %v–%v", name, i, n, d, lo, hi)
					}
					shown = append(shown, d.Steps...)
				}
				if len(shown) != n {
					t.Fatalf("%s: cell %d shows steps %v, want %v", name, i, shown, steps)
				}
				for k := range shown {
					if shown[k] != steps[k] {
						t.Errorf("%s: cell %d shows steps %v, want %v", name, i, shown, steps)
					}
				}
			}
		}
	}
	if d := (render.StepDisc{Steps: []int{21, 27}}); d.Text() != "21,27" {
		t.Errorf("a disc of steps 21 and 27 says %q", d.Text())
	}
}
