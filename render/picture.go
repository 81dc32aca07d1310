package render

import (
	"bytes"
	"cmp"
	"errors"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/fault"
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
	return Print, fault.Invalid("", "unknown style %q (want print or color)", maze.Short(name))
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
	return 0, fault.Invalid("", "length %q: want 2mm to 100mm, e.g. 10mm, 0.5in or 40px", maze.Short(s))
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
		return "", fault.Invalid("", "unknown picture format %q (want %s)", maze.Short(format), strings.Join(Formats, ", "))
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
// drawing and says so (its pHYs chunk), so that a layout program places
// it at its size; PDF embeds its fonts (NewPDF).
func (p Picture) WritePicture(w io.Writer, format string, o PictureOptions) error {
	if err := p.check(o); err != nil {
		return err
	}
	width, height := p.Size(o)
	format = strings.ToLower(format)
	c, err := newCanvas(format, width, height, p.Maze)
	if err != nil {
		return err
	}
	p.Draw(c, o)
	if format == "png" {
		var buf bytes.Buffer
		if _, err := c.WriteTo(&buf); err != nil {
			return err
		}
		_, err := w.Write(pngDPI(buf.Bytes(), 300))
		return err
	}
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
	_, err = c.WriteTo(w)
	return err
}

func (p Picture) check(o PictureOptions) error {
	switch {
	case p.Maze == nil:
		return errors.New("a picture without a maze")
	case (o.Solution || o.Holes || o.Clusters) && p.Features == nil:
		return errors.New("the solution, holes and clusters overlays need the maze's features")
	case o.Depths && len(p.Depth) < p.Maze.Rows*p.Maze.Cols:
		return errors.New("the depths overlay needs the maze's depths")
	}
	return nil
}

// palette is a style's colours.
type palette struct {
	ink, grid, blocked, passOver, black, white, path, route, start color.Color
	exit                                                           color.Color // the exit ring
}

func paletteOf(s Style) palette {
	gray := func(v uint8) color.Color { return color.Gray{Y: v} }
	p := palette{ink: color.Black, grid: color.Black, blocked: gray(90), passOver: gray(215),
		black: gray(185), white: gray(235), path: gray(40), route: gray(130), start: color.Black,
		exit: gray(215)}
	if s == Color {
		p.black = color.RGBA{R: 240, G: 170, B: 170, A: 255}
		p.white = color.RGBA{R: 190, G: 230, B: 240, A: 255}
		p.path = color.RGBA{R: 20, G: 110, B: 50, A: 255}
		p.route = color.RGBA{R: 90, G: 170, B: 110, A: 255}
		p.start = color.RGBA{R: 30, G: 80, B: 200, A: 255}
	}
	return p
}

// Draw draws p on any canvas of at least p.Size(o): the cells in their
// tiling with their jump numbers, the start circled, the goal G, walls,
// blocked (dark) and pass-over (light, marked *) cells, the outline of a
// shaped board, Surakarta loops and a dashed edge for the torus, then the
// overlays o asks for. It draws layer by layer, each over the ones before.
func (p Picture) Draw(c vg.Canvas, o PictureOptions) {
	d := p.newDrawing(c, o)
	layer(c, LayerExit)
	d.exitRing()
	layer(c, LayerCells)
	d.cells()
	layer(c, LayerFrame)
	d.boardOutline()
	layer(c, LayerWalls)
	d.walls()
	layer(c, LayerTorus)
	d.torusEdge()
	layer(c, LayerLoops)
	d.loops()
	small := d.face(0.22)
	if o.Solution {
		d.key = p.newKey(d.l)
		layer(c, LayerArrows)
		d.arrows = p.drawPath(c, d.key, d.at, d.pal, d.cell, d.thin)
	}
	if o.Solution {
		d.placeSteps()
	}
	layer(c, LayerNumbers)
	d.numbers()
	if o.Solution {
		layer(c, LayerSteps)
		d.steps()
	}
	layer(c, LayerMarks)
	defer layer(c, "")
	if o.Depths {
		d.depths(small)
	}
	if o.Clusters {
		d.clusters(small)
	}
	if o.Holes {
		d.holeLetters(small)
	}
}

// drawing is a picture being drawn on a canvas: the maze's layout, the
// sizes and colours of the options, and what one layer leaves for the
// next.
type drawing struct {
	p      Picture
	c      vg.Canvas
	o      PictureOptions
	m      *maze.Maze
	l      Layout
	g      Geometry
	pal    palette
	cell   vg.Length // the side of a square cell
	thin   vg.Length // the width of the thinnest line, the grid's
	h      vg.Length // the picture's height
	marks  Marks
	fills  []color.Color // each cell's fill, nil for none (cells)
	key    solutionKey   // the solution key, with o.Solution
	arrows []segment     // the key's arrows as drawn (drawPath)
	// discs are the key's step discs of each cell as placed, and
	// numberScale the size each cell's number is set at against its own
	// (placeSteps; 0 or 1 for its own).
	discs       [][]placedDisc
	numberScale []float64
}

// newDrawing prepares to draw p on c with options o.
func (p Picture) newDrawing(c vg.Canvas, o PictureOptions) *drawing {
	l := NewLayout(p.Maze.Board)
	cell := cellSize(o)
	_, height := p.Size(o)
	d := &drawing{p: p, c: c, o: o, m: p.Maze, l: l, g: l.Geometry, pal: paletteOf(o.Style),
		cell: cell, thin: cell / 40, h: height}
	// The PDF back end embeds fonts from gonum's default cache, so the
	// faces come from there (gonum/plot itself fills it the same way).
	addFonts()
	if p.Features != nil {
		d.marks = NewMarks(p.Maze, p.Features)
	}
	return d
}

// at is where point q of the layout (in cells) lies on the canvas.
func (d *drawing) at(q Point) vg.Point {
	return vg.Point{X: vg.Length(d.l.Margin+q.X) * d.cell, Y: d.h - vg.Length(d.l.Margin+q.Y)*d.cell}
}

// face is the font at scale times the cells' font size. It is one
// regular face in every size: gonum's PDF back end cannot embed a bold
// face.
func (d *drawing) face(scale float64) font.Face {
	return font.DefaultCache.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, vg.Length(scale*d.g.Size)*d.cell)
}

// shape is the closed path round cell shape s.
func (d *drawing) shape(s Shape) vg.Path {
	var path vg.Path
	for k, q := range s.Corners {
		if k == 0 {
			path.Move(d.at(q))
		} else {
			path.Line(d.at(q))
		}
	}
	path.Close()
	return path
}

// hole is cell i's hole, 'B' or 'W', when the holes are shown, else 0.
func (d *drawing) hole(i int) byte {
	if !d.o.Holes {
		return 0
	}
	return d.marks.Holes[i]
}

// exitRing draws Loyd's exit ring: a grey band round the board, a cell
// deep, with its own outer line, so that it prints as a place to land;
// the cells are filled white over it.
func (d *drawing) exitRing() {
	if !d.l.Exit {
		return
	}
	margin := d.l.Margin
	ring := rectangle(d.at(Point{-0.85 * margin, -0.85 * margin}), d.at(Point{d.l.Width + 0.85*margin, d.l.Height + 0.85*margin}))
	d.c.SetColor(d.pal.exit)
	d.c.Fill(ring)
	d.c.SetColor(d.pal.grid)
	d.c.SetLineWidth(d.thin * 2)
	d.c.Stroke(ring)
}

// cells draws the cells: fills first (blocked and pass-over cells, the
// holes), then the grid, so every line stays visible. It keeps the fills
// for the numbers' halos.
func (d *drawing) cells() {
	m, c := d.m, d.c
	d.fills = make([]color.Color, len(d.g.Shapes))
	for i, s := range d.g.Shapes {
		if s.Corners == nil {
			continue
		}
		var fill color.Color
		switch {
		case m.Kind(i) == maze.Blocked:
			fill = d.pal.blocked
		case m.Kind(i) == maze.PassOver:
			fill = d.pal.passOver
		case d.hole(i) == 'B':
			fill = d.pal.black
		case d.hole(i) == 'W':
			fill = d.pal.white
		}
		if fill == nil && d.l.Exit {
			fill = color.White
		}
		if fill != nil {
			c.SetColor(fill)
			c.Fill(d.shape(s))
		}
		d.fills[i] = fill
	}
	c.SetColor(d.pal.grid)
	c.SetLineWidth(d.thin)
	for _, s := range d.g.Shapes {
		if s.Corners != nil {
			c.Stroke(d.shape(s))
		}
	}
}

// boardOutline draws the board's edge thick, and the edge of a shaped
// board along its absent cells.
func (d *drawing) boardOutline() {
	d.c.SetLineWidth(d.thin * 3)
	for _, poly := range d.l.Outline {
		// Begin halfway along a side, so that every corner is a join of
		// two sides: some back ends (PNG's) leave the start of a closed
		// path unjoined.
		mid := Point{(poly[0].X + poly[1].X) / 2, (poly[0].Y + poly[1].Y) / 2}
		var path vg.Path
		path.Move(d.at(mid))
		for k := 1; k <= len(poly); k++ {
			path.Line(d.at(poly[k%len(poly)]))
		}
		path.Line(d.at(mid))
		path.Close()
		d.c.Stroke(path)
	}
}

// walls draws the walls, thicker than the outline.
func (d *drawing) walls() {
	d.c.SetLineWidth(d.thin * 4)
	for _, w := range d.l.Walls {
		line(d.c, d.at(w.A), d.at(w.B))
	}
}

// torusEdge draws a dashed edge round a torus, whose jumps wrap round.
func (d *drawing) torusEdge() {
	if d.l.Wrap == nil {
		return
	}
	d.c.SetLineWidth(d.thin * 2)
	d.c.SetLineDash([]vg.Length{d.cell / 8, d.cell / 8}, 0)
	d.c.Stroke(rectangle(d.at(d.l.Wrap[0]), d.at(d.l.Wrap[1])))
	d.c.SetLineDash(nil, 0)
}

// loops draws each Surakarta loop with the rows and columns it joins:
// its three-quarter circles and, light behind the numbers, its lines
// across the board, in a dash of its own (the innermost solid), so that a
// reader follows a row round its loop into its column.
func (d *drawing) loops() {
	c, l, cell, thin := d.c, d.l, d.cell, d.thin
	for li, lp := range l.Loops {
		c.SetLineDash(loopDash(li, cell), 0)
		k := lp.Radius
		c.SetColor(d.pal.route)
		c.SetLineWidth(thin)
		for _, y := range []float64{k, l.Height - k} {
			line(c, d.at(Point{0, y}), d.at(Point{l.Width, y}))
		}
		for _, x := range []float64{k, l.Width - k} {
			line(c, d.at(Point{x, 0}), d.at(Point{x, l.Height}))
		}
		c.SetColor(d.pal.grid)
		c.SetLineWidth(thin * 2)
		r := vg.Length(lp.Radius) * cell
		for k, corner := range lp.Corners {
			ctr, a0 := d.at(corner), lp.Starts[k]
			var arc vg.Path
			arc.Move(vg.Point{X: ctr.X + r*vg.Length(math.Cos(a0)), Y: ctr.Y + r*vg.Length(math.Sin(a0))})
			arc.Arc(ctr, r, a0, 1.5*math.Pi)
			c.Stroke(arc)
		}
		c.SetLineDash(nil, 0)
	}
}

// numbers draws the numbers, the start and the goal, on a halo of their
// cell's colour where a path may cross them, and the * of each pass-over
// cell. The start's ring is sized to its number and its cell.
func (d *drawing) numbers() {
	m, c, g := d.m, d.c, d.g
	number := d.face(0.5)
	for i, s := range g.Shapes {
		if s.Corners == nil || !m.Open(i) {
			if s.Corners != nil && m.Kind(i) == maze.PassOver {
				c.SetColor(d.pal.ink)
				centre(c, number, d.at(s.Center), cellText(m, i))
			}
			continue
		}
		text := cellText(m, i)
		f := d.numberFace(number, i, text)
		if d.o.Solution || d.l.Loops != nil {
			c.SetColor(cmp.Or[color.Color](d.fills[i], color.White))
			c.Fill(disk(d.at(s.Center), vg.Length(0.27*g.Size)*d.cell))
		}
		c.SetColor(d.pal.ink)
		centre(c, f, d.at(s.Center), text)
		if i == m.Start {
			c.SetColor(d.pal.start)
			c.SetLineWidth(d.thin * 2)
			if m.Variant.Tiling == maze.Triangle {
				c.SetLineWidth(d.thin)
			}
			c.Stroke(disk(d.at(s.Center), ringRadius(f, text, g.Size, d.cell)))
		}
	}
}

// numberFace is the face of text, open cell i's number, given the usual
// face number: smaller when the number is too wide for its cell, or for
// the start's ring.
func (d *drawing) numberFace(number font.Face, i int, text string) font.Face {
	g, cell := d.g, d.cell
	f := number
	// A number wider than its cell allows (two digits in a small
	// cell) is drawn smaller.
	// In a key, a number of two digits on the path keeps clear of its
	// step disc: narrower still.
	most := 0.62
	if d.o.Solution && len(d.key.steps) > i && len(d.key.steps[i]) > 0 && len(text) > 1 && g.Size == 1 {
		most = 0.42
	}
	if w := f.Width(text); w > vg.Length(most*g.Size)*cell {
		f = d.face(0.5 * most * g.Size * float64(cell) / float64(w))
	}
	if i == d.m.Start {
		// The ring must clear the number's corners: a wide number
		// is set smaller inside it.
		// On triangles, whose cells leave the ring little room,
		// the ring is drawn thin and the number fills it.
		room := 0.23
		if d.m.Variant.Tiling == maze.Triangle {
			room = 0.24
		}
		reach := math.Hypot(float64(f.Width(text)/2), float64(f.Font.Size*0.36))
		if most := room * g.Size * float64(cell); reach > most {
			f = d.face(float64(f.Font.Size) / (g.Size * float64(cell)) * most / reach)
		}
	}
	if i < len(d.numberScale) && d.numberScale[i] > 0 && d.numberScale[i] < 1 {
		// Smaller, to leave its step discs room (placeSteps).
		f = font.DefaultCache.Lookup(f.Font, f.Font.Size*vg.Length(d.numberScale[i]))
	}
	return f
}

// depths writes each open cell's distance from the start (- where the
// start cannot reach it) in its lower-right corner, in face small.
func (d *drawing) depths(small font.Face) {
	d.c.SetColor(d.pal.ink)
	for i, s := range d.g.Shapes {
		if s.Corners == nil || !d.m.Open(i) {
			continue
		}
		text := "-"
		if d.p.Depth[i] >= 0 {
			text = strconv.Itoa(d.p.Depth[i])
		}
		centre(d.c, small, d.at(corner(s.Center, d.g.Size, 1, 1)), text)
	}
}

// clusters letters the cells of each same-jump cluster alike in their
// upper-left corner, in face small.
func (d *drawing) clusters(small font.Face) {
	d.c.SetColor(d.pal.ink)
	for k, cl := range d.p.Features.Clusters {
		name := clusterName(k)
		for _, i := range cl {
			centre(d.c, small, d.at(corner(d.g.Shapes[i].Center, d.g.Size, -1, -1)), name)
		}
	}
}

// holeLetters writes B or W in the lower-left corner of each cell of a
// black or white hole, in face small.
func (d *drawing) holeLetters(small font.Face) {
	d.c.SetColor(d.pal.ink)
	for i, s := range d.g.Shapes {
		if d.hole(i) != 0 {
			centre(d.c, small, d.at(corner(s.Center, d.g.Size, -1, 1)), string(d.hole(i)))
		}
	}
}

// loopDash is the dash of the li-th Surakarta loop (innermost first):
// solid, dashed, then dotted, at a cell of cell.
func loopDash(li int, cell vg.Length) []vg.Length {
	switch li % 3 {
	case 1:
		return []vg.Length{cell / 5, cell / 10}
	case 2:
		return []vg.Length{cell / 25, cell / 12}
	}
	return nil
}

// corner returns the place of an overlay's mark in a corner of the cell
// centred on q (sx, sy: -1 left or up, 1 right or down): the solution's
// steps top right, the clusters top left, the holes bottom left and the
// depths bottom right, each clear of the number, the start's ring and
// the frame.
func corner(q Point, size, sx, sy float64) Point {
	d := 0.31 * size
	if size == 0.6 { // a hexagon, roomier than its inner square says
		d = 0.24
	}
	return Point{q.X + sx*d, q.Y + sy*d}
}

// ringRadius is the radius of the start's ring around text drawn in f:
// clear of the number's corners, within the cell and clear of the marks
// in its corners.
func ringRadius(f font.Face, text string, size float64, cell vg.Length) vg.Length {
	h := f.Font.Size * 0.36 // half a digit's height
	r := vg.Length(math.Hypot(float64(f.Width(text)/2), float64(h))) + vg.Length(0.05*size)*cell
	return min(max(r, vg.Length(0.25*size)*cell), vg.Length(0.28*size)*cell)
}

// centre writes s centred on q.
func centre(c vg.Canvas, f font.Face, q vg.Point, s string) {
	ext := f.Extents()
	w := f.Width(s)
	c.FillString(f, vg.Point{X: q.X - w/2, Y: q.Y - (ext.Ascent-ext.Descent)/2}, s)
}

// arrowTo draws a line from a to b, shortened by ra at a and rb at b,
// with a head h long at b.
func arrowTo(c vg.Canvas, a, b vg.Point, ra, rb, h vg.Length) {
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	d := math.Hypot(dx, dy)
	if d <= float64(ra+rb) {
		return
	}
	ux, uy := dx/d, dy/d
	p := vg.Point{X: a.X + ra*vg.Length(ux), Y: a.Y + ra*vg.Length(uy)}
	q := vg.Point{X: b.X - rb*vg.Length(ux), Y: b.Y - rb*vg.Length(uy)}
	line(c, p, q)
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

// shortened returns the point r from a towards b.
func shortened(a, b vg.Point, r vg.Length) vg.Point {
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	d := math.Hypot(dx, dy)
	if d == 0 {
		return a
	}
	return vg.Point{X: a.X + r*vg.Length(dx/d), Y: a.Y + r*vg.Length(dy/d)}
}
