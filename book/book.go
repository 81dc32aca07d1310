// Package book makes printable puzzle books of Rook Jumping Mazes: a PDF
// with a title page, the rules as the papers state them, the puzzles in
// rising difficulty with their difficulty band, and the solutions at the
// back; and the tiles of a floor maze, one large tile per page with an
// assembly map. Everything comes from one seed and is the same, byte for
// byte, on every run.
package book

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgpdf"

	"rjm/analysis"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
)

// Band is a difficulty band. A maze's band follows from the length of its
// shortest solution against the number of its cells n (the documented
// measure, docs/publishing.md): easy up to 0.4·n moves, medium up to
// 0.56·n, hard beyond; on 5×5 boards easy is up to 10 moves, medium 11 to
// 14 (the 12–15 moves families enjoy, say the designers), hard 15 and up.
// Within a band, more forward decisions along the solution and fewer
// same-jump clusters (landmarks) make a maze harder.
type Band int

// The bands, easiest first.
const (
	Easy Band = iota
	Medium
	Hard
)

// Bands lists the bands' names, easiest first.
var Bands = []string{"easy", "medium", "hard"}

// String returns "easy", "medium" or "hard".
func (b Band) String() string { return Bands[b] }

// ParseBand returns the band with the given name.
func ParseBand(s string) (Band, error) {
	if i := slices.Index(Bands, strings.ToLower(strings.TrimSpace(s))); i >= 0 {
		return Band(i), nil
	}
	return 0, fmt.Errorf("book: unknown difficulty band %q (want %s)", s, strings.Join(Bands, ", "))
}

// ParseBands returns the bands of a comma-separated list of names.
func ParseBands(list string) ([]Band, error) {
	var bands []Band
	for _, name := range strings.Split(list, ",") {
		b, err := ParseBand(name)
		if err != nil {
			return nil, err
		}
		bands = append(bands, b)
	}
	return bands, nil
}

// lengths returns the solution lengths band b admits on a board of n
// cells.
func (b Band) lengths(n int) (lo, hi int) {
	easy, medium := 2*n/5, 14*n/25
	switch b {
	case Easy:
		return 1, easy
	case Medium:
		return easy + 1, medium
	}
	return medium + 1, n
}

// energy returns the energy that searches for band b's mazes on a board
// of n cells: the recipe's own, except that the design energy, which does
// not ask for length, is rewritten as its weighted form (the same terms
// and weights: not_unique·n³ + non_reaching·n² − decisions +
// cluster_penalty + initial_forced_moves²) plus a reward of 1 (medium) or
// 2 (hard) per move of the shortest solution.
func (b Band) energy(recipe string, n int) string {
	if recipe != "design" || b == Easy {
		return recipe
	}
	return fmt.Sprintf("weighted:not_unique=%d,non_reaching=%d,decisions=-1,cluster_penalty=1,initial_forced_moves^2=1,goal_depth=%d", n*n*n, n*n, -int(b))
}

// BandOf returns the band of a maze with features f.
func BandOf(f *analysis.Features) Band {
	for _, b := range []Band{Easy, Medium} {
		if _, hi := b.lengths(f.Cells); f.GoalDepth <= hi {
			return b
		}
	}
	return Hard
}

// Paper is a page size.
type Paper struct {
	Name          string
	Width, Height vg.Length
}

// The paper sizes a book may be printed on.
var (
	A4     = Paper{"A4", 210 * vg.Millimeter, 297 * vg.Millimeter}
	Letter = Paper{"Letter", 8.5 * vg.Inch, 11 * vg.Inch}
)

// Papers lists the paper sizes a book may be printed on.
var Papers = []Paper{A4, Letter}

// ParsePaper returns the paper size of the given name, a4 or letter, in
// any case.
func ParsePaper(name string) (Paper, error) {
	for _, p := range Papers {
		if strings.EqualFold(strings.TrimSpace(name), p.Name) {
			return p, nil
		}
	}
	return Paper{}, fmt.Errorf("book: unknown paper %q (want a4 or letter)", name)
}

// Settings describe a book. A zero field means its default, as the field
// says.
type Settings struct {
	// Spec is the recipe of every maze (board, variant, method, energy)
	// and Spec.Seed the book's seed; the zero Spec means generate.Default.
	Spec  generate.Spec
	Count int // puzzles, 1..MaxCount; zero means 12
	// Bands are the difficulty bands the puzzles come from, in equal
	// shares, easiest first; nil means all three.
	Bands   []Band
	Paper   Paper // zero means A4
	PerPage int   // puzzles per page: 1, 2, 4 or 6; zero means 4
	Title   string
	Workers int // zero means one per core
	// Progress, if not nil, is called as the mazes are found.
	Progress func(done, total int)
}

// MaxCount bounds the puzzles of one book.
const MaxCount = 1000

func (s Settings) withDefaults() Settings {
	if s.Spec == (generate.Spec{}) {
		s.Spec = generate.Default()
	}
	if s.Count == 0 {
		s.Count = 12
	}
	if s.Bands == nil {
		s.Bands = []Band{Easy, Medium, Hard}
	}
	if s.Paper == (Paper{}) {
		s.Paper = A4
	}
	if s.PerPage == 0 {
		s.PerPage = 4
	}
	if s.Title == "" {
		s.Title = "Rook Jumping Mazes"
	}
	return s
}

// Validate checks the settings.
func (s Settings) Validate() error {
	s = s.withDefaults()
	switch {
	case s.Count < 1 || s.Count > MaxCount:
		return fmt.Errorf("book: %d puzzles out of range 1..%d", s.Count, MaxCount)
	case !slices.Contains([]int{1, 2, 4, 6}, s.PerPage):
		return fmt.Errorf("book: %d puzzles per page: want 1, 2, 4 or 6", s.PerPage)
	case len(s.Bands) == 0:
		return fmt.Errorf("book: no difficulty band")
	case len(s.Title) > 80:
		return fmt.Errorf("book: the title is longer than 80 characters")
	}
	return s.Spec.Validate()
}

// Puzzle is one maze of a book, with what the book prints of it.
type Puzzle struct {
	Number   int // from 1, in the book's order
	Result   *generate.Result
	Band     Band
	Solution string // in the maze's notation
}

// Mazes finds the book's puzzles: for each band in turn, its share of
// distinct mazes with a unique shortest solution and no black holes whose
// length lies in the band (a batch of the recipe from the book's seed,
// generate.Batch), then all in rising difficulty.
func Mazes(ctx context.Context, s Settings) ([]Puzzle, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	s = s.withDefaults()
	b, err := s.Spec.Board()
	if err != nil {
		return nil, err
	}
	n := len(b.OpenCells())
	var puzzles []Puzzle
	done := 0
	for k, band := range s.Bands {
		share := s.Count / len(s.Bands)
		if k < s.Count%len(s.Bands) {
			share++
		}
		if share == 0 {
			continue
		}
		lo, hi := band.lengths(n)
		batch := generate.Batch{Spec: s.Spec, Count: share, Workers: s.Workers,
			Keep: generate.Constraints{MinLength: lo, MaxLength: hi, Unique: true, NoBlackHoles: true, Distinct: true}}
		// Each band draws its own seeds, so that changing one band's
		// share leaves the others' mazes as they were.
		batch.Spec.Seed = s.Spec.Seed + uint64(k)<<40
		batch.Spec.Energy = band.energy(s.Spec.Energy, n)
		if s.Progress != nil {
			batch.Progress = func(d, _ int) { s.Progress(done+d, s.Count) }
		}
		err := batch.Run(ctx, func(_ int, r *generate.Result) error {
			puzzles = append(puzzles, Puzzle{Result: r, Band: band, Solution: r.Features.Solution})
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("book: %s puzzles: %w", band, err)
		}
		done += share
	}
	slices.SortStableFunc(puzzles, func(a, b Puzzle) int {
		fa, fb := a.Result.Features, b.Result.Features
		switch {
		case a.Band != b.Band:
			return int(a.Band) - int(b.Band)
		case fa.GoalDepth != fb.GoalDepth:
			return fa.GoalDepth - fb.GoalDepth
		case fa.ForwardDecisions != fb.ForwardDecisions:
			if fa.ForwardDecisions < fb.ForwardDecisions {
				return -1
			}
			return 1
		}
		return len(fb.Clusters) - len(fa.Clusters)
	})
	for i := range puzzles {
		puzzles[i].Number = i + 1
	}
	return puzzles, nil
}

// Write makes the book of s as a PDF on w: a title page, the rules, the
// puzzles (PerPage to a page, each with its number, band and par), the
// solutions at the back (the moves and a small picture of the path), and
// page numbers.
func Write(ctx context.Context, w io.Writer, s Settings) error {
	puzzles, err := Mazes(ctx, s)
	if err != nil {
		return err
	}
	s = s.withDefaults()
	d := newDoc(s.Paper)
	d.title(s, puzzles)
	d.rules(s.Spec)
	cols, rows := grid(s.PerPage)
	for start := 0; start < len(puzzles); start += s.PerPage {
		d.page()
		for k, p := range puzzles[start:min(start+s.PerPage, len(puzzles))] {
			box := d.box(k, cols, rows, 0.12)
			d.puzzle(box, p, false)
		}
	}
	// Solutions: twice as many to a page, smaller.
	per := min(2*s.PerPage, 12)
	scols, srows := grid(per)
	for start := 0; start < len(puzzles); start += per {
		d.page()
		d.heading("Solutions")
		for k, p := range puzzles[start:min(start+per, len(puzzles))] {
			box := d.box(k, scols, srows, 0.16)
			d.puzzle(box, p, true)
		}
	}
	_, err = d.c.WriteTo(w)
	return err
}

// grid returns the columns and rows of a page of n puzzles.
func grid(n int) (cols, rows int) {
	switch n {
	case 1:
		return 1, 1
	case 2:
		return 1, 2
	case 4:
		return 2, 2
	case 6:
		return 2, 3
	case 8:
		return 2, 4
	}
	return 3, 4
}

// doc is a PDF being written, page by page.
type doc struct {
	c      *vgpdf.Canvas
	paper  Paper
	pages  int
	margin vg.Length
}

// epoch is the date every PDF of rjm carries, so that the same settings
// give the same bytes.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func newDoc(p Paper) *doc {
	fpdf.SetDefaultCreationDate(epoch)
	fpdf.SetDefaultModificationDate(epoch)
	if !font.DefaultCache.Has(sans) {
		font.DefaultCache.Add(liberation.Collection())
	}
	c := vgpdf.New(p.Width, p.Height)
	c.EmbedFonts(true)
	return &doc{c: c, paper: p, pages: 1, margin: 18 * vg.Millimeter}
}

var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

func face(size vg.Length) font.Face { return font.DefaultCache.Lookup(sans, size) }

// page starts a new page and numbers it.
func (d *doc) page() {
	d.c.NextPage()
	d.pages++
	f := face(9)
	label := fmt.Sprint(d.pages)
	d.c.FillString(f, vg.Point{X: (d.paper.Width - f.Width(label)) / 2, Y: d.margin / 2}, label)
}

// text writes s from the left margin at height y (from the top),
// wrapping it at the margins, and returns the height below it.
func (d *doc) text(y vg.Length, size vg.Length, s string) vg.Length {
	f := face(size)
	width := d.paper.Width - 2*d.margin
	for _, para := range strings.Split(s, "\n") {
		line := ""
		flush := func() {
			y += size * 1.35
			d.c.FillString(f, vg.Point{X: d.margin, Y: d.paper.Height - y}, line)
			line = ""
		}
		for _, word := range strings.Fields(para) {
			if line != "" && f.Width(line+" "+word) > width {
				flush()
			}
			line = strings.TrimPrefix(line+" "+word, " ")
		}
		flush()
	}
	return y
}

func (d *doc) heading(s string) {
	f := face(16)
	d.c.FillString(f, vg.Point{X: d.margin, Y: d.paper.Height - d.margin}, s)
}

func (d *doc) title(s Settings, puzzles []Puzzle) {
	f := face(30)
	d.c.FillString(f, vg.Point{X: (d.paper.Width - f.Width(s.Title)) / 2, Y: d.paper.Height * 0.62}, s.Title)
	counts := make([]int, len(Bands))
	for _, p := range puzzles {
		counts[p.Band]++
	}
	var parts []string
	for b, n := range counts {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, Bands[b]))
		}
	}
	sub := fmt.Sprintf("%d puzzles on %dx%d boards: %s", len(puzzles), s.Spec.Rows, s.Spec.Cols, strings.Join(parts, ", "))
	g := face(13)
	d.c.FillString(g, vg.Point{X: (d.paper.Width - g.Width(sub)) / 2, Y: d.paper.Height * 0.56}, sub)
	recipe := "Made by rjm from the recipe " + s.Spec.String()
	h := face(8)
	d.c.FillString(h, vg.Point{X: (d.paper.Width - h.Width(recipe)) / 2, Y: d.margin}, recipe)
}

// rulesText is the rules as the papers state them (Figure 1's caption and
// the definitions), with the variants' rules when the recipe has one.
const rulesText = `Starting at the circled cell, each jump number indicates the exact number of cells one may move in a straight line horizontally or vertically. The object is to find a path to the goal marked "G".
A jump must be in a single orthogonal direction, and may neither stop short of the number of required cells at edges, nor may it wrap around edges.
Each puzzle gives its par: the number of moves of its shortest solution, which is unique, and its difficulty band. No cell is a trap: from every cell you can reach, the goal can still be reached.`

func (d *doc) rules(spec generate.Spec) {
	d.page()
	d.heading("How to play")
	text := rulesText
	if v := spec.Variant.String(); v != "" {
		text += "\nThese puzzles are played under the variant rules " + v + ": see the rjm documentation (docs/variants.md)."
	}
	d.text(d.margin+12*vg.Millimeter, 12, text)
}

// box returns the k-th of cols×rows boxes of the page below the heading,
// with a fraction of its height left for the caption.
func (d *doc) box(k, cols, rows int, caption float64) vg.Rectangle {
	top := d.paper.Height - d.margin - 10*vg.Millimeter
	w := (d.paper.Width - 2*d.margin) / vg.Length(cols)
	h := (top - d.margin) / vg.Length(rows)
	x := d.margin + vg.Length(k%cols)*w
	y := top - vg.Length(k/cols+1)*h
	return vg.Rectangle{Min: vg.Point{X: x, Y: y}, Max: vg.Point{X: x + w, Y: y + h - vg.Length(caption)*h}}
}

// puzzle draws one puzzle, or its solution, centred in box, with its
// caption above it.
func (d *doc) puzzle(box vg.Rectangle, p Puzzle, solution bool) {
	r := p.Result
	pic := render.Picture{Maze: r.Maze, Features: r.Features}
	o := render.PictureOptions{Cell: 10 * vg.Millimeter, Solution: solution}
	w, h := pic.Size(o)
	scale := min(float64((box.Max.X-box.Min.X)/w), float64((box.Max.Y-box.Min.Y)/h)) * 0.95
	o.Cell *= vg.Length(scale)
	w, h = pic.Size(o)
	x := box.Min.X + (box.Max.X-box.Min.X-w)/2
	y := box.Min.Y + (box.Max.Y-box.Min.Y-h)/2
	d.c.Push()
	d.c.Translate(vg.Point{X: x, Y: y})
	pic.Draw(d.c, o)
	d.c.Pop()
	caption := fmt.Sprintf("%d - %s - par %d", p.Number, p.Band, r.Features.GoalDepth)
	if solution {
		caption = fmt.Sprintf("%d: %s", p.Number, p.Solution)
	}
	f := face(min(12, max(7, vg.Length(scale)*11)))
	for f.Width(caption) > box.Max.X-box.Min.X && f.Font.Size > 5 {
		f = face(f.Font.Size - 0.5)
	}
	d.c.FillString(f, vg.Point{X: box.Min.X + (box.Max.X-box.Min.X-f.Width(caption))/2, Y: y + h + 2}, caption)
}

// Tiles writes the tiles of a floor maze for m as a PDF on w: one tile
// per page (its jump number large, G for the goal, the start circled, and
// its row and column small in a corner), then an assembly map, the maze
// with rows and columns numbered. Square boards only.
func Tiles(w io.Writer, m *maze.Maze, paper Paper) error {
	if m.Variant.Tiling != maze.Square {
		return fmt.Errorf("book: tiles are square: a %s board has no tiles", m.Variant.Tiling)
	}
	if paper == (Paper{}) {
		paper = A4
	}
	d := newDoc(paper)
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
		big := face(side * 0.5)
		ext := big.Extents()
		cx, cy := x0+side/2, y0+side/2
		d.c.FillString(big, vg.Point{X: cx - big.Width(label)/2, Y: cy - (ext.Ascent-ext.Descent)/2}, label)
		if i == m.Start {
			var circle vg.Path
			rad := side * 0.36
			circle.Move(vg.Point{X: cx + rad, Y: cy})
			circle.Arc(vg.Point{X: cx, Y: cy}, rad, 0, 6.283185307179586)
			circle.Close()
			d.c.SetLineWidth(6)
			d.c.Stroke(circle)
		}
		c := m.Cell(i)
		small := face(14)
		where := fmt.Sprintf("row %d, column %d", c.Row+1, c.Col+1)
		d.c.FillString(small, vg.Point{X: x0 + 8, Y: y0 + 8}, where)
	}
	d.page()
	d.heading(fmt.Sprintf("Assembly map: %dx%d tiles, row 1 at the top", m.Rows, m.Cols))
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
	f := face(min(o.Cell*0.3, 12))
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
