package book

import (
	"context"
	"fmt"
	"image/color"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/generate"
	"rjm/maze"
	"rjm/render"
)

// A volume is a book that mixes boards (Settings.Boards): after its
// title page, imprint and contents, a part per board — a title page
// saying in a reader's words what board it is on, that board's rules and
// worked example, and its puzzles — and at the back the solutions, part
// by part. Its puzzles are numbered on through the volume.

// workedExample is a rules page's worked example, found once per recipe.
type workedExample struct {
	m *maze.Maze
	f *analysis.Features
}

// exampleOf is exampleOf, each recipe's found once in a volume's two
// passes.
func (d *doc) exampleOf(ctx context.Context, spec generate.Spec) (*maze.Maze, *analysis.Features) {
	if d.examples == nil {
		return exampleOf(ctx, spec)
	}
	key := spec.String()
	if e, ok := d.examples[key]; ok {
		return e.m, e.f
	}
	m, f := exampleOf(ctx, spec)
	d.examples[key] = workedExample{m, f}
	return m, f
}

// mark records that what is on the current page.
func (d *doc) mark(what string) {
	if d.marks != nil {
		d.marks[what] = d.pages
	}
}

// sections returns a volume's puzzles by section, in order.
func sections(s Settings, puzzles []Puzzle) ([][]Puzzle, error) {
	secs := make([][]Puzzle, len(s.Boards))
	for _, p := range puzzles {
		if p.Section < 0 || p.Section >= len(secs) {
			return nil, fmt.Errorf("puzzle %d is in section %d of a volume of %d boards", p.Number, p.Section+1, len(secs))
		}
		secs[p.Section] = append(secs[p.Section], p)
	}
	return secs, nil
}

// writeVolume writes the book of a volume (Settings.Boards) with its
// puzzles: the title page, the imprint, the contents (each part with the
// page of its title page and of each run of one band's puzzles, and the
// solutions of each part), then each part, then the solutions part by
// part. The volume is laid out twice: the first pass learns the page of
// every part, puzzle and key, which the second prints in the contents
// and under each puzzle ("solution on p. N").
func writeVolume(ctx context.Context, w io.Writer, s Settings, puzzles []Puzzle, rec *render.Recorder) error {
	secs, err := sections(s, puzzles)
	if err != nil {
		return err
	}
	examples := map[string]workedExample{}
	var known map[string]int
	for pass := range 2 {
		d := newDoc(s.Paper, s.Bleed, render.PDFInfo{Title: s.Title, Author: s.Author, Subject: s.subject(puzzles), Creator: "rjm"})
		d.setFont(s.Font)
		d.examples, d.known, d.marks = examples, known, map[string]int{}
		if pass == 1 && rec != nil {
			d.c.Record(rec)
		}
		d.title(s, puzzles)
		d.imprint(s, puzzles)
		d.volumeContents(s, secs)
		pers := make([]int, len(secs))
		for k, sec := range secs {
			if err := ctx.Err(); err != nil {
				return err
			}
			pers[k] = d.part(ctx, s, k, sec)
		}
		for k, sec := range secs {
			d.partKeys(k, sec, pers[k])
		}
		if pass == 1 {
			_, err := d.c.WriteTo(w)
			return err
		}
		known = d.marks
	}
	return nil
}

// perPage returns how many of puzzles go to a page: s.PerPage, or fewer,
// so that a key's cell is at least 12 mm (WritePuzzles).
func (d *doc) perPage(s Settings, puzzles []Puzzle) int {
	per := s.PerPage
	for per > 1 && len(puzzles) > 0 && d.cellOf(puzzles[0], per) < 12*vg.Millimeter {
		per = map[int]int{6: 4, 4: 2, 2: 1}[per]
	}
	return per
}

// partTitle is the name of part k of a volume in the contents: "Part 2 ·
// 6×6 hexagonal boards".
func partTitle(s Settings, k int) string {
	return fmt.Sprintf("Part %d · %s", k+1, boardWords(s.Boards[k]))
}

// part writes part k of a volume, its puzzles ps: its title page, the
// rules of its board with a worked example on it, and the puzzles, per
// to a page (perPage), which it returns.
func (d *doc) part(ctx context.Context, s Settings, k int, ps []Puzzle) int {
	d.page()
	d.mark(fmt.Sprintf("part %d", k))
	width := d.paper.Width - 2*d.margin
	y := d.text(d.margin, d.paper.Height*0.3, width, d.face(26, true), fmt.Sprintf("Part %d", k+1), true)
	one := s
	one.Spec, one.Boards = s.Boards[k], nil
	d.text(d.margin, y+10*vg.Millimeter, width, d.face(14, false), one.subject(ps), true)
	var bands []Band
	mazes := make([]*maze.Maze, len(ps))
	for i, p := range ps {
		mazes[i] = p.Result.Maze
		if !slices.Contains(bands, p.Band) {
			bands = append(bands, p.Band)
		}
	}
	slices.Sort(bands)
	d.rules(ctx, s.Boards[k], bands, mazes)
	per := d.perPage(s, ps)
	cols, rows := grid(per)
	for start := 0; start < len(ps); start += per {
		d.page()
		for j, p := range ps[start:min(start+per, len(ps))] {
			d.mark(fmt.Sprintf("puzzle %d", p.Number))
			d.keyPage = d.known[fmt.Sprintf("key %d", p.Number)]
			d.puzzle(d.box(j, cols, rows), p, false)
		}
	}
	d.keyPage = 0
	return per
}

// partKeys writes the solution keys of part k, its puzzles ps, per to a
// page, headed "Solutions · Part k"; a key too small alone on a page
// across a spread (spreadKey).
func (d *doc) partKeys(k int, ps []Puzzle, per int) {
	d.marks[fmt.Sprintf("solutions %d", k)] = d.pages + 1
	cols, rows := grid(per)
	for start := 0; start < len(ps); start += per {
		if per == 1 && d.cellOf(ps[start], 1) < SpreadBelow {
			left := d.pages + 1
			if d.pages%2 == 0 {
				left++ // spread's page saying the key is across the next two
			}
			d.marks[fmt.Sprintf("key %d", ps[start].Number)] = left
			d.spreadKey(ps[start])
			continue
		}
		d.page()
		d.heading(fmt.Sprintf("Solutions · Part %d", k+1))
		for j, p := range ps[start:min(start+per, len(ps))] {
			d.mark(fmt.Sprintf("key %d", p.Number))
			d.puzzle(d.box(j, cols, rows), p, true)
		}
	}
}

// bandRun is a run of puzzles of one band, for the contents: "Easy:
// puzzles 1–4", from the puzzle of index first.
type bandRun struct {
	what  string
	first int
}

// bandRuns returns the runs of one band of puzzles, in order.
func bandRuns(puzzles []Puzzle) []bandRun {
	var out []bandRun
	for start := 0; start < len(puzzles); {
		end := start + 1
		for end < len(puzzles) && puzzles[end].Band == puzzles[start].Band {
			end++
		}
		band := puzzles[start].Band.String()
		what := fmt.Sprintf("%s: puzzle %d", strings.ToUpper(band[:1])+band[1:], puzzles[start].Number)
		if end-start > 1 {
			what = fmt.Sprintf("%s: puzzles %d–%d", strings.ToUpper(band[:1])+band[1:], puzzles[start].Number, puzzles[end-1].Number)
		}
		out = append(out, bandRun{what, start})
		start = end
	}
	return out
}

// volumeContents writes a volume's contents: each part with the page of
// its title page, below it each run of one band's puzzles with the page
// it starts on (or, where bands alternate, the part's puzzles), then the
// solutions with the page each part's start on; the numbers at the right
// margin, on as many pages as they take.
func (d *doc) volumeContents(s Settings, secs [][]Puzzle) {
	type entry struct {
		what   string
		page   int
		indent bool
	}
	var es []entry
	for k, ps := range secs {
		es = append(es, entry{partTitle(s, k), d.known[fmt.Sprintf("part %d", k)], false})
		runs := bandRuns(ps)
		if len(runs) > 6 && len(ps) > 0 { // a list of mazes whose bands alternate
			runs = []bandRun{{fmt.Sprintf("Puzzles %d–%d", ps[0].Number, ps[len(ps)-1].Number), 0}}
		}
		for _, r := range runs {
			es = append(es, entry{r.what, d.known[fmt.Sprintf("puzzle %d", ps[r.first].Number)], true})
		}
	}
	es = append(es, entry{"Solutions", d.known["solutions 0"], false})
	for k := range secs {
		es = append(es, entry{fmt.Sprintf("Part %d", k+1), d.known[fmt.Sprintf("solutions %d", k)], true})
	}
	d.page()
	d.heading("Contents")
	f := d.face(12, false)
	y := d.margin + 8*vg.Millimeter
	for _, e := range es {
		if y+f.Font.Size*1.6 > d.paper.Height-d.margin {
			d.page()
			d.heading("Contents (continued)")
			y = d.margin + 8*vg.Millimeter
		}
		y += f.Font.Size * 1.6
		x := d.margin
		if e.indent {
			x += 6 * vg.Millimeter
		}
		d.c.SetColor(color.Black)
		num := fmt.Sprintf("p. %d", e.page)
		what := e.what
		for what != "" && f.Width(what)+f.Width(num)+x+4*vg.Millimeter > d.paper.Width-d.margin {
			_, n := utf8.DecodeLastRuneInString(what)
			what = what[:len(what)-n]
		}
		if what != e.what {
			what += "…"
		}
		d.c.FillString(f, vg.Point{X: x, Y: d.paper.Height - y}, what)
		d.c.FillString(f, vg.Point{X: d.paper.Width - d.margin - f.Width(num), Y: d.paper.Height - y}, num)
	}
}
