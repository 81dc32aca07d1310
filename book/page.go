package book

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"

	"rjm/render"
)

// grid returns the columns and rows of a page of n puzzles.
func grid(n int) (cols, rows int) {
	switch n {
	case 1:
		return 1, 1
	case 2:
		return 1, 2
	case 4:
		return 2, 2
	}
	return 2, 3
}

// doc is a PDF being written, page by page.
type doc struct {
	c      *render.PDF
	paper  Paper
	pages  int
	margin vg.Length
	// keyPage is the page of the solution key of the puzzle drawn next
	// (0: not said).
	keyPage int
	font    *render.Font // the text's font; nil: Liberation Sans
	// A volume's pages (writeVolume): marks records the page each part,
	// puzzle and key is on as they are written, known holds the marks of
	// the pass before, and examples the worked examples found, by recipe.
	marks, known map[string]int
	examples     map[string]workedExample
}

func newDoc(p Paper, bleed vg.Length, info render.PDFInfo) *doc {
	// 18 mm, or a tenth of a narrower page's width (A5: 14.8 mm).
	margin := min(18*vg.Millimeter, p.Width/10)
	return &doc{c: render.NewPrintPDF(p.Width, p.Height, bleed, info), paper: p, pages: 1, margin: margin}
}

var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// face returns Liberation Sans at size, bold or regular: the faces that
// measure the text the PDF (render.PDF) writes.
func face(size vg.Length, bold bool) font.Face {
	if !font.DefaultCache.Has(sans) {
		font.DefaultCache.Add(liberation.Collection())
	}
	f := sans
	if bold {
		f.Weight = xfont.WeightBold
	}
	return font.DefaultCache.Lookup(f, size)
}

// setFont prints and measures all text in f (nil: Liberation Sans).
func (d *doc) setFont(f *render.Font) {
	d.font = f
	d.c.SetFont(f)
}

// face returns Liberation Sans at size (face): the book's own words.
func (d *doc) face(size vg.Length, bold bool) font.Face { return face(size, bold) }

// userFace returns the publisher's font at size, if setFont gave one, else
// Liberation Sans: the title, subtitle and author.
func (d *doc) userFace(size vg.Length, bold bool) font.Face {
	if d.font != nil {
		return d.font.Face(size, bold)
	}
	return face(size, bold)
}

// page starts a new page and numbers it.
func (d *doc) page() {
	d.c.NextPage()
	d.pages++
	d.number()
}

// number writes the page's number at the foot of the page.
func (d *doc) number() {
	d.c.SetColor(color.Black)
	f := d.face(9, false)
	label := fmt.Sprint(d.pages)
	d.c.FillString(f, vg.Point{X: (d.paper.Width - f.Width(label)) / 2, Y: d.margin / 2}, label)
}

// wrap breaks s into lines no wider than width in f; a word wider than a
// line is broken after its last comma that fits (a seeded ID between its
// parts), or else between characters, filling the line it starts on.
func wrap(f font.Face, s string, width vg.Length) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			sep := " "
			if line == "" {
				sep = ""
			}
			if f.Width(line+sep+word) <= width {
				line += sep + word
				continue
			}
			if f.Width(word) <= width {
				lines, line = append(lines, line), word
				continue
			}
			// Too long for any line: as much as fits here, the rest on.
			rest := word
			for rest != "" {
				cut := 0
				for cut < len(rest) {
					_, n := utf8.DecodeRuneInString(rest[cut:])
					if f.Width(line+sep+rest[:cut+n]) > width {
						break
					}
					cut += n
				}
				if cut < len(rest) {
					// Break after the last comma that fits, if any: a
					// seeded ID breaks between its key=value parts.
					if k := strings.LastIndexByte(rest[:cut], ','); k > 0 {
						cut = k + 1
					}
				}
				if cut == 0 && line == "" {
					_, cut = utf8.DecodeRuneInString(rest)
				}
				if cut == 0 {
					lines, line, sep = append(lines, line), "", ""
					continue
				}
				line += sep + rest[:cut]
				rest, sep = rest[cut:], ""
				if rest != "" {
					lines, line = append(lines, line), ""
				}
			}
		}
		lines = append(lines, line)
	}
	return lines
}

// text writes s from x at height y (from the top of the page), wrapped
// within width (centred on the page when centred is set), and returns
// the height below it.
func (d *doc) text(x, y, width vg.Length, f font.Face, s string, centred bool) vg.Length {
	d.c.SetColor(color.Black)
	for _, line := range wrap(f, s, width) {
		y += f.Font.Size * 1.3
		if y > d.paper.Height-d.margin {
			// On at the top of a new page (a small trim's rules).
			d.page()
			d.c.SetColor(color.Black)
			y = d.margin + f.Font.Size*1.3
		}
		lx := x
		if centred {
			lx = (d.paper.Width - f.Width(line)) / 2
		}
		d.c.FillString(f, vg.Point{X: lx, Y: d.paper.Height - y}, line)
	}
	return y
}

func (d *doc) heading(s string) {
	d.c.SetColor(color.Black)
	d.c.FillString(d.face(16, true), vg.Point{X: d.margin, Y: d.paper.Height - d.margin}, s)
}

// title writes the title page: the title, wrapped and as large as fits
// (30 pt down to 20), the subtitle, what the book holds, and the author.
func (d *doc) title(s Settings, puzzles []Puzzle) {
	width := d.paper.Width - 2*d.margin
	size := vg.Length(30)
	for ; size > 20 && len(wrap(d.userFace(size, true), s.Title, width)) > 3; size -= 2 {
	}
	y := d.text(d.margin, d.paper.Height*0.3, width, d.userFace(size, true), s.Title, true)
	if s.Subtitle != "" {
		y = d.text(d.margin, y+6*vg.Millimeter, width, d.userFace(16, false), s.Subtitle, true)
	}
	y = d.text(d.margin, y+10*vg.Millimeter, width, d.face(12, false), s.subject(puzzles), true)
	if s.Author != "" {
		d.text(d.margin, max(d.paper.Height*0.75, y+10*vg.Millimeter), width, d.userFace(14, false), s.Author, true)
	}
}

// imprint writes the pages behind the title, headed "About this book":
// how the book was made, and the recipe and seeds that make each puzzle
// again (puzzle k's seeded ID is the recipe, "#" and its seed), at 10 and
// 8 pt from the top of the page, on as many pages as they take.
func (d *doc) imprint(s Settings, puzzles []Puzzle) {
	d.page()
	d.heading("About this book")
	width := d.paper.Width - 2*d.margin
	y := d.margin + 8*vg.Millimeter
	if s.Command != "" {
		made := "Made with rjm"
		if s.Version != "" {
			made += " (" + s.Version + ")"
		}
		y = d.text(d.margin, y, width, d.face(imprintSize, false), made+" by the command:", false)
		y = d.text(d.margin, y+1*vg.Millimeter, width, d.face(imprintSmall, false), s.Command, false)
		y += 3 * vg.Millimeter
	}
	if len(puzzles) > 0 && puzzles[0].listed() {
		d.listImprint(s, puzzles, y)
		return
	}
	groups := recipes(puzzles)
	layouts := layoutsOf(groups)
	para := fmt.Sprintf("%s. Made with rjm from seed %d. Every puzzle has a unique shortest solution, and from every cell it reaches the goal can still be reached. Each is made again, the same on every machine, by its seeded ID: the recipe below, “#” and its seed, as in rjm generate --id 'RECIPE#SEED'. A recipe broken over lines breaks after a comma and is one line, without spaces.", s.Title, s.Spec.Seed)
	if len(layouts) > 0 {
		para += " A board's layout, its cells, is written once, first, and named: in a recipe, “layout=” and its name stand for “layout=” and the layout."
	}
	y = d.text(d.margin, y, width, d.face(imprintSize, false), para, false)
	small := d.face(imprintSmall, false)
	for k, l := range layouts {
		y = d.imprintLine(y, width, small, fmt.Sprintf("Layout %s: %s", layoutName(k), l))
	}
	for _, g := range groups {
		which := fmt.Sprintf("Puzzles %d–%d (%s), seeds %s", g.first, g.last, g.band, strings.Join(g.seeds, ", "))
		if g.first == g.last {
			which = fmt.Sprintf("Puzzle %d (%s), seed %s", g.first, g.band, g.seeds[0])
		}
		recipe := g.recipe
		if l := layoutIn(recipe); l != "" {
			recipe = strings.Replace(recipe, ",layout="+l, ",layout="+layoutName(slices.Index(layouts, l)), 1)
		}
		y = d.imprintLine(y, width, small, which+": "+recipe)
	}
}

// layoutIn returns the layout of a recipe (its "layout=" value), or "".
func layoutIn(recipe string) string {
	_, after, ok := strings.Cut(recipe, ",layout=")
	if !ok {
		return ""
	}
	l, _, _ := strings.Cut(after, ",")
	return l
}

// layoutsOf returns the layouts of the recipes of groups, each once, in
// order: the imprint writes each once, named (layoutName).
func layoutsOf(groups []recipeGroup) []string {
	var out []string
	for _, g := range groups {
		if l := layoutIn(g.recipe); l != "" && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// layoutName names the k-th layout of an imprint: A, B, … (a volume
// holds at most MaxSections).
func layoutName(k int) string { return string(rune('A' + k)) }

// The imprint's type sizes, in points: its paragraph, and each puzzle's
// recipe or maze ID.
const (
	imprintSize  = 10
	imprintSmall = 8
)

// imprintLine writes one puzzle's line of the imprint below y, on a new
// page when it would run into the foot of this one, and returns the
// height below it.
func (d *doc) imprintLine(y, width vg.Length, f font.Face, s string) vg.Length {
	lines := vg.Length(len(wrap(f, s, width)))
	if y+2*vg.Millimeter+lines*f.Font.Size*1.3 > d.paper.Height-d.margin {
		d.page()
		d.heading("About this book (continued)")
		y = d.margin + 8*vg.Millimeter
	}
	return d.text(d.margin, y+2*vg.Millimeter, width, f, s, false)
}

// recipeGroup is a run of puzzles, in the book's order, that share a
// recipe: the imprint prints it once with their seeds.
type recipeGroup struct {
	first, last int // puzzle numbers
	band        Band
	recipe      string // the seeded ID before "#"
	seeds       []string
}

// recipes groups the puzzles by recipe, in the book's order: puzzle k's
// seeded ID is its group's recipe, "#" and its seed.
func recipes(puzzles []Puzzle) []recipeGroup {
	var out []recipeGroup
	for _, p := range puzzles {
		recipe, seed, _ := strings.Cut(p.Result.SeededID(), "#")
		if n := len(out); n > 0 && out[n-1].recipe == recipe {
			out[n-1].last = p.Number
			out[n-1].seeds = append(out[n-1].seeds, seed)
			continue
		}
		out = append(out, recipeGroup{first: p.Number, last: p.Number, band: p.Band, recipe: recipe, seeds: []string{seed}})
	}
	return out
}

// box returns the k-th of cols×rows boxes of the page below the heading.
func (d *doc) box(k, cols, rows int) vg.Rectangle {
	top := d.paper.Height - d.margin - 8*vg.Millimeter
	w := (d.paper.Width - 2*d.margin) / vg.Length(cols)
	h := (top - d.margin) / vg.Length(rows)
	x := d.margin + vg.Length(k%cols)*w
	y := top - vg.Length(k/cols+1)*h
	return vg.Rectangle{Min: vg.Point{X: x, Y: y}, Max: vg.Point{X: x + w, Y: y + h}}
}

// cellOf returns the cell at which puzzle p's key is drawn, per keys to
// a page (with two lines of caption).
func (d *doc) cellOf(p Puzzle, per int) vg.Length {
	cols, rows := grid(per)
	box := d.box(0, cols, rows)
	pic := render.Picture{Maze: p.Result.Maze, Features: p.Result.Features}
	w, h := pic.Size(render.PictureOptions{Cell: 10 * vg.Millimeter})
	pad := 4 * vg.Millimeter
	capH := 2*13*vg.Length(1) + 2*vg.Millimeter
	scale := min(float64((box.Max.X-box.Min.X-2*pad)/w), float64((box.Max.Y-box.Min.Y-capH-2*pad)/h))
	return 10 * vg.Millimeter * vg.Length(scale)
}

// puzzle draws one puzzle, or its solution key, centred in box below its
// caption: the number, band and par, or the number and the solution's
// letters wrapped to the box's width, at 10 pt.
func (d *doc) puzzle(box vg.Rectangle, p Puzzle, solution bool) {
	r := p.Result
	pad := 4 * vg.Millimeter
	width := box.Max.X - box.Min.X - 2*pad
	caption := fmt.Sprintf("%d  ·  %s  ·  par %d", p.Number, p.Band, r.Features.GoalDepth)
	if d.keyPage > 0 && !solution {
		caption += fmt.Sprintf("  ·  solution on p. %d", d.keyPage)
	}
	f := d.face(11, true)
	lines := []string{caption}
	if solution {
		f = d.face(10, false)
		lines = wrap(f, fmt.Sprintf("%d:  %s", p.Number, p.Solution), width)
	}
	// Under a puzzle its maze ID, at 7 pt: rjm play and /m/ID take it.
	idFace := d.face(7, false)
	var idLines []string
	if id, err := r.Maze.ID(); err == nil && !solution {
		idLines = wrap(idFace, id, width)
	}
	idH := vg.Length(len(idLines)) * idFace.Font.Size * 1.3
	lead := f.Font.Size * 1.3
	capH := vg.Length(len(lines))*lead + 2*vg.Millimeter + idH
	pic := render.Picture{Maze: r.Maze, Features: r.Features}
	o := render.PictureOptions{Cell: 10 * vg.Millimeter, Solution: solution}
	w, h := pic.Size(o)
	scale := min(float64(width/w), float64((box.Max.Y-box.Min.Y-capH-2*pad)/h))
	o.Cell *= vg.Length(scale)
	w, h = pic.Size(o)
	x := box.Min.X + (box.Max.X-box.Min.X-w)/2
	top := box.Max.Y - (box.Max.Y-box.Min.Y-capH-h)/2 // caption and picture centred in the box
	y := top - capH - h
	d.c.Push()
	d.c.Translate(vg.Point{X: x, Y: y})
	pic.Draw(d.c, o)
	d.c.Pop()
	d.c.SetColor(color.Black)
	for k, line := range lines {
		lx := box.Min.X + (box.Max.X-box.Min.X-f.Width(line))/2
		if solution {
			lx = x
		}
		d.c.FillString(f, vg.Point{X: lx, Y: top - vg.Length(k+1)*lead + f.Font.Size*0.25}, line)
	}
	for k, line := range idLines {
		d.c.FillString(idFace, vg.Point{X: box.Min.X + (box.Max.X-box.Min.X-idFace.Width(line))/2, Y: y - vg.Length(k+1)*idFace.Font.Size*1.3}, line)
	}
}

// SpreadBelow is the cell under which a key alone on a page is too small
// to read (its discs under 2.6 mm, beside numbers of two figures): such a
// key, a large layout's (Klondike's), is printed across a spread instead,
// its left half on a left-hand page and its right half on the facing
// page, a column of cells on both.
const SpreadBelow = 10 * vg.Millimeter

// spreadKey prints puzzle p's solution key across a spread (spread),
// under the heading "Solutions" and its number and moves.
func (d *doc) spreadKey(p Puzzle) {
	f := d.face(10, false)
	box := d.box(0, 1, 1)
	lines := wrap(f, fmt.Sprintf("%d:  %s", p.Number, p.Solution), box.Max.X-box.Min.X-8*vg.Millimeter)
	d.spread("Solutions", render.Picture{Maze: p.Result.Maze, Features: p.Result.Features}, lines,
		fmt.Sprintf("%d (continued)", p.Number), fmt.Sprintf("The key of puzzle %d is across the next two pages.", p.Number))
}

// spread prints the solution key of pic across a spread, each page
// headed heading: a page first, saying why, when the next page is a
// right-hand one; then the left half of the key at the inner edge of an
// even page under the caption lines, and the right half at the inner
// edge of the next page under more, each as large as the taller page
// allows, a column of cells on both.
func (d *doc) spread(heading string, pic render.Picture, lines []string, more, why string) {
	f := d.face(10, false)
	if d.pages%2 == 0 { // the next page is odd, a right-hand page
		d.page()
		d.heading(heading)
		d.text(d.margin, d.margin+12*vg.Millimeter, d.paper.Width-2*d.margin, f, why, false)
	}
	l := render.NewLayout(pic.Maze.Board)
	half := math.Ceil(l.Width / 2)
	leftCells := l.Margin + half     // from the picture's left to the cut
	rightFrom := l.Margin + half - 1 // the right half begins a column back
	rightCells := 2*l.Margin + l.Width - rightFrom
	box := d.box(0, 1, 1)
	pad := 4 * vg.Millimeter
	lead := f.Font.Size * 1.3
	capH := vg.Length(len(lines))*lead + 2*vg.Millimeter
	o := render.PictureOptions{Cell: 10 * vg.Millimeter, Solution: true}
	_, h := pic.Size(o)
	cellsHigh := float64(h / o.Cell)
	o.Cell = min((box.Max.X-box.Min.X-pad)/vg.Length(max(leftCells, rightCells)), (box.Max.Y-box.Min.Y-capH-2*pad)/vg.Length(cellsHigh))
	w, h := pic.Size(o)
	top := box.Max.Y - pad
	y := top - capH - h
	draw := func(x, clipFrom, clipTo vg.Length) {
		d.c.Clip(vg.Rectangle{Min: vg.Point{X: clipFrom, Y: y - pad}, Max: vg.Point{X: clipTo, Y: y + h + pad}})
		d.c.Push()
		d.c.Translate(vg.Point{X: x, Y: y})
		pic.Draw(d.c, o)
		d.c.Pop()
		d.c.Unclip()
	}
	caption := func(lines []string, x vg.Length) {
		d.c.SetColor(color.Black)
		for k, line := range lines {
			d.c.FillString(f, vg.Point{X: x, Y: top - vg.Length(k+1)*lead + f.Font.Size*0.25}, line)
		}
	}
	// The left half, its cut at the page's inner margin.
	d.page()
	d.heading(heading)
	inner := box.Max.X
	x := inner - vg.Length(leftCells)*o.Cell
	draw(x, x, inner+o.Cell/20)
	caption(lines, x)
	// The right half, from a column back, at the facing page's inner margin.
	d.page()
	d.heading(heading)
	inner = box.Min.X
	x = inner - vg.Length(rightFrom)*o.Cell
	draw(x, inner-o.Cell/20, x+w)
	caption([]string{more}, inner)
}
