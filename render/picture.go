package render

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"rjm/analysis"
	"rjm/maze"
)

// Style is a picture's look.
type Style int

const (
	// Print is black on white with greys, for paper: nothing depends on
	// colour.
	Print Style = iota
	// Color adds colour to the overlays; marks and letters stay, so
	// nothing depends on colour alone either.
	Color
)

// String returns "print" or "color".
func (s Style) String() string {
	if s == Color {
		return "color"
	}
	return "print"
}

// ParseStyle returns the style named print, or color (colour).
func ParseStyle(name string) (Style, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "print":
		return Print, nil
	case "color", "colour":
		return Color, nil
	}
	return Print, fmt.Errorf("render: unknown style %q (want print or color)", maze.Short(name))
}

// ParseLength reads a length such as "10mm", "0.5in" or "40px" in mm, cm,
// in, pt or px (96 px to the inch), from 2 mm to 100 mm: the side of a
// cell that prints well.
func ParseLength(s string) (vg.Length, error) {
	units := []struct {
		suffix string
		unit   vg.Length
	}{{"mm", vg.Millimeter}, {"cm", vg.Centimeter}, {"in", vg.Inch}, {"pt", vg.Points(1)}, {"px", vg.Inch / 96}}
	for _, u := range units {
		if v, ok := strings.CutSuffix(strings.TrimSpace(s), u.suffix); ok {
			x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if l := vg.Length(x) * u.unit; err == nil && l >= 2*vg.Millimeter && l <= 100*vg.Millimeter {
				return l, nil
			}
			break
		}
	}
	return 0, fmt.Errorf("render: length %q: want 2mm to 100mm, e.g. 10mm, 0.5in or 40px", maze.Short(s))
}

// FormatOf returns the picture format to write: format when given, else
// the extension of the file name, else svg; it must be one of Formats.
func FormatOf(format, name string) (string, error) {
	if format == "" {
		format = strings.TrimPrefix(strings.ToLower(filepath.Ext(name)), ".")
	}
	if format == "" {
		format = "svg"
	}
	if !slices.Contains(Formats, format) {
		return "", fmt.Errorf("render: unknown picture format %q (want %s)", maze.Short(format), strings.Join(Formats, ", "))
	}
	return format, nil
}

// PictureOptions say what a picture shows and how large it is. The zero
// value draws the maze alone in the print style, 10 mm a square cell.
type PictureOptions struct {
	// Cell is the side of a square cell (the width of a hexagon or a
	// triangle's side); zero means 10 mm.
	Cell  vg.Length
	Style Style
	// Solution numbers the moves of the shortest solution in the cells it
	// visits, and on boards without wrap-around joins them by arrows.
	Solution bool
	// Depths writes each cell's distance from the start in its corner
	// (Depth must be given: solve.Result.Depth).
	Depths bool
	// Holes shades the black holes (marked B) and the white holes (W).
	Holes bool
	// Clusters letters the cells of each same-jump cluster of two or
	// more cells alike (a, b, c, … in a corner).
	Clusters bool
}

// Picture is a maze with what its overlays need: the features for the
// solution and the holes, the depths for the depth overlay.
type Picture struct {
	Maze     *maze.Maze
	Features *analysis.Features // needed by Solution and Holes
	Depth    []int              // needed by Depths
}

// Formats lists the picture formats WritePicture writes.
var Formats = []string{"svg", "png", "pdf"}

// Size returns the picture's width and height with options o.
func (p Picture) Size(o PictureOptions) (w, h vg.Length) {
	g := NewGeometry(p.Maze.Board)
	cell := cellSize(o)
	margin := marginOf(p.Maze.Board)
	return vg.Length(g.Width+2*margin) * cell, vg.Length(g.Height+2*margin) * cell
}

func cellSize(o PictureOptions) vg.Length {
	if o.Cell <= 0 {
		return 10 * vg.Millimeter
	}
	return o.Cell
}

// WritePicture draws p in format ("svg", "png" or "pdf") to w. SVG keeps
// every number as text; PNG is drawn at 300 dots per inch from the same
// drawing; PDF embeds its fonts.
func (p Picture) WritePicture(w io.Writer, format string, o PictureOptions) error {
	if err := p.check(o); err != nil {
		return err
	}
	width, height := p.Size(o)
	var c interface {
		vg.Canvas
		io.WriterTo
	}
	format = strings.ToLower(format)
	switch format {
	case "svg":
		c = vgsvg.New(width, height)
	case "png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(300))}
	case "pdf":
		pdf := vgpdf.New(width, height)
		pdf.EmbedFonts(true)
		c = pdf
	default:
		return fmt.Errorf("render: unknown picture format %q (want %s)", format, strings.Join(Formats, ", "))
	}
	p.Draw(c, o)
	if format == "svg" {
		// Name metric-compatible fallbacks after Liberation Sans, so that
		// a machine without it shows the same layout.
		var buf bytes.Buffer
		if _, err := c.WriteTo(&buf); err != nil {
			return err
		}
		_, err := w.Write(bytes.ReplaceAll(buf.Bytes(), []byte("font-family:Liberation Sans;"),
			[]byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;")))
		return err
	}
	_, err := c.WriteTo(w)
	return err
}

func (p Picture) check(o PictureOptions) error {
	switch {
	case p.Maze == nil:
		return fmt.Errorf("render: picture without a maze")
	case (o.Solution || o.Holes || o.Clusters) && p.Features == nil:
		return fmt.Errorf("render: the solution, holes and clusters overlays need the maze's features")
	case o.Depths && len(p.Depth) < p.Maze.Rows*p.Maze.Cols:
		return fmt.Errorf("render: the depths overlay needs the maze's depths")
	}
	return nil
}

// palette is a style's colours.
type palette struct {
	ink, grid, blocked, passOver, black, white, path, start color.Color
}

func paletteOf(s Style) palette {
	gray := func(v uint8) color.Color { return color.Gray{Y: v} }
	p := palette{ink: color.Black, grid: color.Black, blocked: gray(90), passOver: gray(215),
		black: gray(185), white: gray(235), path: gray(60), start: color.Black}
	if s == Color {
		p.black = color.RGBA{R: 240, G: 170, B: 170, A: 255}
		p.white = color.RGBA{R: 190, G: 230, B: 240, A: 255}
		p.path = color.RGBA{R: 20, G: 130, B: 60, A: 255}
		p.start = color.RGBA{R: 30, G: 80, B: 200, A: 255}
	}
	return p
}

// Draw draws p on any canvas of at least p.Size(o): the cells in their
// tiling with their jump numbers, the start circled, the goal G, walls,
// blocked (dark) and pass-over (light, marked *) cells, the outline of a
// shaped board, Surakarta loops and a dashed edge for the torus, then the
// overlays o asks for.
func (p Picture) Draw(c vg.Canvas, o PictureOptions) {
	m := p.Maze
	l := NewLayout(m.Board)
	g := l.Geometry
	cell := cellSize(o)
	_, height := p.Size(o)
	pal := paletteOf(o.Style)
	margin := l.Margin
	at := func(q Point) vg.Point {
		return vg.Point{X: vg.Length(margin+q.X) * cell, Y: height - vg.Length(margin+q.Y)*cell}
	}
	// The PDF back end embeds fonts from gonum's default cache, so the
	// faces come from there (gonum/plot itself fills it the same way).
	if !font.DefaultCache.Has(font.Font{Typeface: "Liberation", Variant: "Sans"}) {
		font.DefaultCache.Add(liberation.Collection())
	}
	// One regular face in every size: gonum's PDF back end cannot embed
	// a bold face.
	face := func(scale float64) font.Face {
		return font.DefaultCache.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, vg.Length(scale*g.Size)*cell)
	}
	outline := func(s Shape) vg.Path {
		var path vg.Path
		for k, q := range s.Corners {
			if k == 0 {
				path.Move(at(q))
			} else {
				path.Line(at(q))
			}
		}
		path.Close()
		return path
	}
	thin := cell / 40
	var marks Marks
	if p.Features != nil {
		marks = NewMarks(m, p.Features)
	}
	holes := func(i int) byte {
		if !o.Holes {
			return 0
		}
		return marks.Holes[i]
	}

	// Cells: fills first, then the grid, so every line stays visible.
	fills := make([]color.Color, len(g.Shapes))
	for i, s := range g.Shapes {
		if s.Corners == nil {
			continue
		}
		var fill color.Color
		switch {
		case m.Kind(i) == maze.Blocked:
			fill = pal.blocked
		case m.Kind(i) == maze.PassOver:
			fill = pal.passOver
		case holes(i) == 'B':
			fill = pal.black
		case holes(i) == 'W':
			fill = pal.white
		}
		if fill != nil {
			c.SetColor(fill)
			c.Fill(outline(s))
		}
		fills[i] = fill
	}
	c.SetColor(pal.grid)
	c.SetLineWidth(thin)
	for _, s := range g.Shapes {
		if s.Corners != nil {
			c.Stroke(outline(s))
		}
	}
	c.SetLineWidth(thin * 3)
	for _, s := range l.Outline {
		line(c, at(s.A), at(s.B))
	}
	c.SetLineWidth(thin * 4)
	for _, w := range l.Walls {
		line(c, at(w.A), at(w.B))
	}
	if l.Wrap != nil {
		c.SetLineWidth(thin * 2)
		c.SetLineDash([]vg.Length{cell / 8, cell / 8}, 0)
		c.Stroke(rectangle(at(l.Wrap[0]), at(l.Wrap[1])))
		c.SetLineDash(nil, 0)
	}
	if l.Loops != nil {
		c.SetLineWidth(thin * 2)
	}
	for _, lp := range l.Loops {
		r := vg.Length(lp.Radius) * cell
		for k, corner := range lp.Corners {
			ctr, a0 := at(corner), lp.Starts[k]
			var arc vg.Path
			arc.Move(vg.Point{X: ctr.X + r*vg.Length(math.Cos(a0)), Y: ctr.Y + r*vg.Length(math.Sin(a0))})
			arc.Arc(ctr, r, a0, 1.5*math.Pi)
			c.Stroke(arc)
		}
	}

	small := face(0.22)
	if o.Solution {
		p.drawSolution(c, g, marks, at, pal, small, cell, thin)
	}

	// Numbers, the start and the goal, on a halo of their cell's colour
	// where a path may cross them.
	number := face(0.5)
	for i, s := range g.Shapes {
		if s.Corners == nil || !m.Open(i) {
			if s.Corners != nil && m.Kind(i) == maze.PassOver {
				c.SetColor(pal.ink)
				centre(c, number, at(s.Center), cellText(m, i))
			}
			continue
		}
		if o.Solution {
			c.SetColor(cmp.Or[color.Color](fills[i], color.White))
			c.Fill(disk(at(s.Center), vg.Length(0.27*g.Size)*cell))
		}
		c.SetColor(pal.ink)
		centre(c, number, at(s.Center), cellText(m, i))
		if i == m.Start {
			c.SetColor(pal.start)
			c.SetLineWidth(thin * 2)
			c.Stroke(disk(at(s.Center), vg.Length(0.34*g.Size)*cell))
		}
	}

	if o.Depths {
		c.SetColor(pal.ink)
		for i, s := range g.Shapes {
			if s.Corners == nil || !m.Open(i) {
				continue
			}
			d := "-"
			if p.Depth[i] >= 0 {
				d = strconv.Itoa(p.Depth[i])
			}
			q := at(Point{s.Center.X + 0.3*g.Size, s.Center.Y + 0.38*g.Size})
			centre(c, small, q, d)
		}
	}
	if o.Clusters {
		c.SetColor(pal.ink)
		for k, cl := range p.Features.Clusters {
			name := clusterName(k)
			for _, i := range cl {
				s := g.Shapes[i]
				centre(c, small, at(Point{s.Center.X - 0.3*g.Size, s.Center.Y - 0.3*g.Size}), name)
			}
		}
	}
	if o.Holes {
		c.SetColor(pal.ink)
		for i, s := range g.Shapes {
			if holes(i) != 0 {
				centre(c, small, at(Point{s.Center.X - 0.3*g.Size, s.Center.Y + 0.38*g.Size}), string(holes(i)))
			}
		}
	}
}

// drawSolution numbers each move in the cell it lands on (0 at the
// start) and, on boards whose moves are straight segments on the
// drawing, joins the cells by arrows.
func (p Picture) drawSolution(c vg.Canvas, g Geometry, marks Marks, at func(Point) vg.Point, pal palette, small font.Face, cell, thin vg.Length) {
	m := p.Maze
	straight := !m.Variant.Torus && !m.Variant.Loops
	c.SetColor(pal.path)
	if straight {
		c.SetLineWidth(thin * 2)
		path := p.Features.SolutionCells
		for k := 1; k < len(path); k++ {
			if path[k-1] >= len(g.Shapes) || path[k] >= len(g.Shapes) {
				continue // the exit, beyond the board
			}
			arrow(c, at(g.Shapes[path[k-1]].Center), at(g.Shapes[path[k]].Center), vg.Length(0.3*g.Size)*cell)
		}
	}
	for i, s := range g.Shapes {
		if step := marks.Step(i); step != "" {
			centre(c, small, at(Point{s.Center.X + 0.28*g.Size, s.Center.Y - 0.28*g.Size}), step)
		}
	}
}

// centre writes s centred on q.
func centre(c vg.Canvas, f font.Face, q vg.Point, s string) {
	ext := f.Extents()
	w := f.Width(s)
	c.FillString(f, vg.Point{X: q.X - w/2, Y: q.Y - (ext.Ascent-ext.Descent)/2}, s)
}

// arrow draws a line from a to b, both shortened by r, with a head at b.
func arrow(c vg.Canvas, a, b vg.Point, r vg.Length) {
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	d := math.Hypot(dx, dy)
	if d <= 2*float64(r) {
		return
	}
	ux, uy := dx/d, dy/d
	p := vg.Point{X: a.X + r*vg.Length(ux), Y: a.Y + r*vg.Length(uy)}
	q := vg.Point{X: b.X - r*vg.Length(ux), Y: b.Y - r*vg.Length(uy)}
	line(c, p, q)
	h := r / 2
	var head vg.Path
	head.Move(q)
	head.Line(vg.Point{X: q.X - h*vg.Length(ux) + h/2*vg.Length(uy), Y: q.Y - h*vg.Length(uy) - h/2*vg.Length(ux)})
	head.Line(vg.Point{X: q.X - h*vg.Length(ux) - h/2*vg.Length(uy), Y: q.Y - h*vg.Length(uy) + h/2*vg.Length(ux)})
	head.Close()
	c.Fill(head)
}

// rectangle returns the outline of the rectangle with corners lo and hi.
func rectangle(lo, hi vg.Point) vg.Path {
	var p vg.Path
	p.Move(lo)
	p.Line(vg.Point{X: hi.X, Y: lo.Y})
	p.Line(hi)
	p.Line(vg.Point{X: lo.X, Y: hi.Y})
	p.Close()
	return p
}

// line strokes the segment from a to b.
func line(c vg.Canvas, a, b vg.Point) {
	var p vg.Path
	p.Move(a)
	p.Line(b)
	c.Stroke(p)
}

// disk returns the circle of radius r around q.
func disk(q vg.Point, r vg.Length) vg.Path {
	var p vg.Path
	p.Move(vg.Point{X: q.X + r, Y: q.Y})
	p.Arc(q, r, 0, 2*math.Pi)
	p.Close()
	return p
}

// clusterName names cluster k: a, b, …, z, then aa, ab, ….
func clusterName(k int) string {
	if k < 26 {
		return string(rune('a' + k))
	}
	return clusterName(k/26-1) + string(rune('a'+k%26))
}
