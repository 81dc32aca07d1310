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
// drawing and says so (its pHYs chunk), so that a layout program places
// it at its size; PDF embeds its fonts (NewPDF).
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
		title := "Rook Jumping Maze"
		if id, err := p.Maze.ID(); err == nil {
			title += " " + id
		}
		c = NewPDF(width, height, PDFInfo{Title: title, Creator: "rjm"})
	default:
		return fmt.Errorf("render: unknown picture format %q (want %s)", format, strings.Join(Formats, ", "))
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

	// Loyd's exit ring: a grey band round the board, a cell deep, with
	// its own outer line, so that it prints as a place to land; the
	// cells are filled white over it.
	if l.Exit {
		ring := rectangle(at(Point{-0.85 * margin, -0.85 * margin}), at(Point{l.Width + 0.85*margin, l.Height + 0.85*margin}))
		c.SetColor(pal.exit)
		c.Fill(ring)
		c.SetColor(pal.grid)
		c.SetLineWidth(thin * 2)
		c.Stroke(ring)
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
		if fill == nil && l.Exit {
			fill = color.White
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
	for _, poly := range l.Outline {
		// Begin halfway along a side, so that every corner is a join of
		// two sides: some back ends (PNG's) leave the start of a closed
		// path unjoined.
		mid := Point{(poly[0].X + poly[1].X) / 2, (poly[0].Y + poly[1].Y) / 2}
		var path vg.Path
		path.Move(at(mid))
		for k := 1; k <= len(poly); k++ {
			path.Line(at(poly[k%len(poly)]))
		}
		path.Line(at(mid))
		path.Close()
		c.Stroke(path)
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
	// Each Surakarta loop with the rows and columns it joins: its
	// three-quarter circles and, light behind the numbers, its lines
	// across the board, in a dash of its own (the innermost solid), so
	// that a reader follows a row round its loop into its column.
	for li, lp := range l.Loops {
		c.SetLineDash(loopDash(li, cell), 0)
		k := lp.Radius
		c.SetColor(pal.route)
		c.SetLineWidth(thin)
		for _, y := range []float64{k, l.Height - k} {
			line(c, at(Point{0, y}), at(Point{l.Width, y}))
		}
		for _, x := range []float64{k, l.Width - k} {
			line(c, at(Point{x, 0}), at(Point{x, l.Height}))
		}
		c.SetColor(pal.grid)
		c.SetLineWidth(thin * 2)
		r := vg.Length(lp.Radius) * cell
		for k, corner := range lp.Corners {
			ctr, a0 := at(corner), lp.Starts[k]
			var arc vg.Path
			arc.Move(vg.Point{X: ctr.X + r*vg.Length(math.Cos(a0)), Y: ctr.Y + r*vg.Length(math.Sin(a0))})
			arc.Arc(ctr, r, a0, 1.5*math.Pi)
			c.Stroke(arc)
		}
		c.SetLineDash(nil, 0)
	}

	small := face(0.22)
	var key solutionKey
	if o.Solution {
		key = p.newKey(l)
		p.drawPath(c, key, at, pal, cell, thin)
	}

	// Numbers, the start and the goal, on a halo of their cell's colour
	// where a path may cross them. The start's ring is sized to its
	// number and its cell.
	number := face(0.5)
	for i, s := range g.Shapes {
		if s.Corners == nil || !m.Open(i) {
			if s.Corners != nil && m.Kind(i) == maze.PassOver {
				c.SetColor(pal.ink)
				centre(c, number, at(s.Center), cellText(m, i))
			}
			continue
		}
		text := cellText(m, i)
		f := number
		// A number wider than its cell allows (two digits in a small
		// cell) is drawn smaller.
		// In a key, a number of two digits on the path keeps clear of its
		// step disc: narrower still.
		most := 0.62
		if o.Solution && len(key.steps) > i && len(key.steps[i]) > 0 && len(text) > 1 && g.Size == 1 {
			most = 0.42
		}
		if w := f.Width(text); w > vg.Length(most*g.Size)*cell {
			f = face(0.5 * most * g.Size * float64(cell) / float64(w))
		}
		if i == m.Start {
			// The ring must clear the number's corners: a wide number
			// is set smaller inside it.
			// On triangles, whose cells leave the ring little room,
			// the ring is drawn thin and the number fills it.
			room := 0.23
			if m.Variant.Tiling == maze.Triangle {
				room = 0.24
			}
			reach := math.Hypot(float64(f.Width(text)/2), float64(f.Font.Size*0.36))
			if most := room * g.Size * float64(cell); reach > most {
				f = face(float64(f.Font.Size) / (g.Size * float64(cell)) * most / reach)
			}
		}
		if o.Solution || l.Loops != nil {
			c.SetColor(cmp.Or[color.Color](fills[i], color.White))
			c.Fill(disk(at(s.Center), vg.Length(0.27*g.Size)*cell))
		}
		c.SetColor(pal.ink)
		centre(c, f, at(s.Center), text)
		if i == m.Start {
			c.SetColor(pal.start)
			c.SetLineWidth(thin * 2)
			if m.Variant.Tiling == maze.Triangle {
				c.SetLineWidth(thin)
			}
			c.Stroke(disk(at(s.Center), ringRadius(f, text, g.Size, cell)))
		}
	}
	if o.Solution {
		p.drawSteps(c, key, g, at, pal, cell)
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
			centre(c, small, at(corner(s.Center, g.Size, 1, 1)), d)
		}
	}
	if o.Clusters {
		c.SetColor(pal.ink)
		for k, cl := range p.Features.Clusters {
			name := clusterName(k)
			for _, i := range cl {
				centre(c, small, at(corner(g.Shapes[i].Center, g.Size, -1, -1)), name)
			}
		}
	}
	if o.Holes {
		c.SetColor(pal.ink)
		for i, s := range g.Shapes {
			if holes(i) != 0 {
				centre(c, small, at(corner(s.Center, g.Size, -1, 1)), string(holes(i)))
			}
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
	n := len(g.Shapes)
	for i := 1; i < len(path); i++ {
		if path[i-1] >= n {
			break
		}
		a := g.Shapes[path[i-1]].Center
		if path[i] < n {
			b := g.Shapes[path[i]].Center
			if dirs != nil && (m.Variant.Torus || m.Variant.Loops) {
				if out, in, ok := wrapPoints(m, l, path[i-1], path[i], dirs[i-1]); ok {
					k.moves = append(k.moves, keyMove{A: a, B: out, Exit: true}, keyMove{A: in, B: b, Entry: true})
					continue
				}
			}
			k.moves = append(k.moves, keyMove{A: a, B: b})
			continue
		}
		if b, ok := exitPoint(m, l, path[i-1], p.Features.Solution); ok {
			k.moves = append(k.moves, keyMove{A: a, B: b, Exit: true})
		}
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

// exitPoint returns where the exit move from cell i ends on the drawing:
// in the direction of the solution's last move, in the middle of the
// margin beyond the outline (square boards only).
func exitPoint(m *maze.Maze, l Layout, i int, solution string) (Point, bool) {
	dirs, err := m.Board.ParseNotation(solution)
	if err != nil || len(dirs) == 0 || m.Variant.Tiling != maze.Square {
		return Point{}, false
	}
	d := dirs[len(dirs)-1]
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
func (p Picture) drawPath(c vg.Canvas, k solutionKey, at func(Point) vg.Point, pal palette, cell, thin vg.Length) {
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
		case mv.Exit && !p.Maze.Variant.Exit:
			// Off an edge it wraps round or loops from: the arrow goes on
			// from where the move comes back.
			line(c, shortened(at(a), at(b), shorten), at(b))
		case mv.Exit:
			arrowTo(c, at(a), at(b), shorten, 0, head)
		case mv.Entry:
			arrowTo(c, at(a), at(b), 0, shorten, head)
		default:
			arrowTo(c, at(a), at(b), shorten, shorten, head)
		}
	}
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

// drawSteps writes the step at which the solution reaches each cell (the
// start 0) in a dark disc, white on black, as Geometry.StepDiscs lays them out. A
// disc whose text is wide becomes a pill that stays in its cell, clear of
// the frame.
func (p Picture) drawSteps(c vg.Canvas, k solutionKey, g Geometry, at func(Point) vg.Point, pal palette, cell vg.Length) {
	for i, steps := range k.steps {
		ctr := g.Shapes[i].Center
		for _, d := range g.StepDiscs(p.Maze.Board, i, steps) {
			text := d.Text()
			f := font.DefaultCache.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, vg.Length(d.Font)*cell)
			r := d.R
			q := Point{ctr.X + d.X, ctr.Y + d.Y}
			w := max(0, float64(f.Width(text)/cell)-1.3*r)
			q.X = min(q.X, ctr.X+(d.Right-r-w/2))
			var pill vg.Path
			left, right := at(Point{q.X - w/2, q.Y}), at(Point{q.X + w/2, q.Y})
			rr := vg.Length(r) * cell
			pill.Move(vg.Point{X: right.X, Y: right.Y + rr})
			pill.Arc(right, rr, math.Pi/2, -math.Pi)
			pill.Line(vg.Point{X: left.X, Y: left.Y - rr})
			pill.Arc(left, rr, 3*math.Pi/2, -math.Pi)
			pill.Close()
			c.SetColor(pal.path)
			c.Fill(pill)
			c.SetColor(color.White)
			centre(c, f, at(q), text)
		}
	}
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
