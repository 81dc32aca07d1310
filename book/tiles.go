package book

import (
	"fmt"
	"io"
	"math"

	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
)

// Tiles writes the tiles of a floor maze for m as a PDF on w: one tile
// per page (its jump number large, underlined so that a 6 is not read as
// a 9, G for the goal, the start circled, its row and column in a corner,
// and a "this way up" arrow at its top edge, which the assembly map's row
// 1 faces), then an assembly map, the maze with rows and columns
// numbered; every page numbered. Square boards only.
func Tiles(w io.Writer, m *maze.Maze, paper Paper) error {
	if !m.Board.Square() {
		return fault.Invalid("", "tiles are square: a %s board has no tiles", m.Variant)
	}
	if paper == (Paper{}) {
		paper = A4
	}
	id, _ := m.ID()
	d := newDoc(paper, 0, render.PDFInfo{Title: fmt.Sprintf("Floor maze %s: tiles", id), Subject: fmt.Sprintf("%d tiles of a %d×%d Rook Jumping Maze and the assembly map", len(m.OpenCells()), m.Rows, m.Cols), Creator: "rjm"})
	d.number()
	side := min(paper.Width, paper.Height) - 2*d.margin
	x0, y0 := (paper.Width-side)/2, (paper.Height-side)/2
	first := true
	for i := range m.Rows * m.Cols {
		if !m.Open(i) {
			continue
		}
		if !first {
			d.page()
		}
		first = false
		var sq vg.Path
		sq.Move(vg.Point{X: x0, Y: y0})
		sq.Line(vg.Point{X: x0 + side, Y: y0})
		sq.Line(vg.Point{X: x0 + side, Y: y0 + side})
		sq.Line(vg.Point{X: x0, Y: y0 + side})
		sq.Close()
		d.c.SetLineWidth(2)
		d.c.Stroke(sq)
		label := fmt.Sprint(m.Jumps[i])
		if i == m.Goal {
			label = "G"
		}
		big := d.face(side*0.5, false)
		ext := big.Extents()
		cx, cy := x0+side/2, y0+side/2
		base := cy - (ext.Ascent-ext.Descent)/2
		d.c.FillString(big, vg.Point{X: cx - big.Width(label)/2, Y: base}, label)
		if label == "6" || label == "9" {
			// The bar under a 6 or a 9, as on billiard balls and dice.
			var bar vg.Path
			lw := big.Width(label)
			bar.Move(vg.Point{X: cx - lw/2, Y: base - side*0.03})
			bar.Line(vg.Point{X: cx + lw/2, Y: base - side*0.03})
			d.c.SetLineWidth(side * 0.025)
			d.c.Stroke(bar)
		}
		if i == m.Start {
			var circle vg.Path
			rad := side * 0.36
			circle.Move(vg.Point{X: cx + rad, Y: cy})
			circle.Arc(vg.Point{X: cx, Y: cy}, rad, 0, 2*math.Pi)
			circle.Close()
			d.c.SetLineWidth(6)
			d.c.Stroke(circle)
		}
		// This way up: an arrow at the top edge, pointing up.
		var up vg.Path
		tip := vg.Point{X: cx, Y: y0 + side - 8}
		up.Move(tip)
		up.Line(vg.Point{X: cx - 14, Y: tip.Y - 20})
		up.Line(vg.Point{X: cx + 14, Y: tip.Y - 20})
		up.Close()
		d.c.Fill(up)
		topf := d.face(11, true)
		d.c.FillString(topf, vg.Point{X: cx - topf.Width("TOP")/2, Y: tip.Y - 34}, "TOP")
		c := m.Cell(i)
		small := d.face(14, false)
		where := fmt.Sprintf("row %d, column %d", c.Row+1, c.Col+1)
		d.c.FillString(small, vg.Point{X: x0 + 8, Y: y0 + 8}, where)
	}
	d.page()
	d.heading(fmt.Sprintf("Assembly map: %d×%d tiles, row 1 at the top", m.Rows, m.Cols))
	g := graph.MustCompile(m.Board)
	pic := render.Picture{Maze: m, Features: analysis.AnalyzeSolved(g, m, solve.Solve(g, m))}
	o := render.PictureOptions{Cell: 10 * vg.Millimeter}
	pw, ph := pic.Size(o)
	scale := min(float64((paper.Width-2*d.margin)/pw), float64((paper.Height-2*d.margin-20*vg.Millimeter)/ph))
	o.Cell *= vg.Length(scale)
	pw, ph = pic.Size(o)
	x, y := (paper.Width-pw)/2, (paper.Height-ph)/2
	d.c.Push()
	d.c.Translate(vg.Point{X: x, Y: y})
	pic.Draw(d.c, o)
	d.c.Pop()
	// Row numbers at the left, column numbers above, as on the tiles.
	f := d.face(min(o.Cell*0.3, 12), false)
	edge := o.Cell * 0.35 // the picture's margin (render's, on square boards)
	for r := range m.Rows {
		label := fmt.Sprint(r + 1)
		cy := y + ph - edge - (vg.Length(r)+0.5)*o.Cell
		d.c.FillString(f, vg.Point{X: x + edge - f.Width(label) - 4, Y: cy - f.Font.Size/3}, label)
	}
	for c := range m.Cols {
		label := fmt.Sprint(c + 1)
		cx := x + edge + (vg.Length(c)+0.5)*o.Cell
		d.c.FillString(f, vg.Point{X: cx - f.Width(label)/2, Y: y + ph - edge + 4}, label)
	}
	_, err := d.c.WriteTo(w)
	return err
}
