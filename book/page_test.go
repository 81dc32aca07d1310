package book

import (
	"context"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
)

// TestImprintLinesOnThePage checks that the imprint's lines, one per
// puzzle, go on to a new page before the foot of one: a book of 24
// puzzles, each with its own recipe of two lines, ran off the foot of
// its single imprint page.
func TestImprintLinesOnThePage(t *testing.T) {
	for _, paper := range []Paper{A4, Letter} {
		d := newDoc(paper, 0, render.PDFInfo{Title: "t"})
		d.page()
		width := paper.Width - 2*d.margin
		small := face(imprintSmall, false)
		line := "Puzzle 7 (medium), seed 1099511627777: " + strings.Repeat("6x6,variant=loops,goal=random,method=anneal,", 3)
		y := d.margin + 8*vg.Millimeter
		for range 200 {
			y = d.imprintLine(y, width, small, line)
			if y > paper.Height-d.margin {
				t.Fatalf("%s: a line of the imprint ends %.1f mm from the top, past the foot's margin at %.1f", paper.Name, y.Points()*25.4/72, (paper.Height-d.margin).Points()*25.4/72)
			}
		}
		if d.pages < 5 {
			t.Errorf("%s: 200 lines of 3 on %d pages", paper.Name, d.pages)
		}
	}
}

// TestWorkedExampleCell checks that the rules page's worked example is
// never drawn under MinExampleCell a cell: the plain 4×4 example beside
// its key on the rules page at 14 mm; Loyd's 21×21 Klondike circle (3 mm
// a cell side by side, 4.9 one above the other) the puzzle on a page of
// its own, at 6 mm or more, inside the page, and its key across the
// spread after it (SpreadBelow), four pages with the rules' own.
func TestWorkedExampleCell(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		file  string // an example maze, or the rules page's fixed one
		pages int
	}{{"4×4", "", 1}, {"Klondike", "../examples/klondike.txt", 4}} {
		m, _ := maze.ParseID(example)
		if tc.file != "" {
			var err error
			if m, _, err = generate.ReadFile(ctx, tc.file, maze.ParseOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		g := graph.MustCompile(m.Board)
		f := analysis.AnalyzeSolved(g, m, solve.Solve(g, m))
		for _, paper := range []Paper{A4, Letter} {
			d := newDoc(paper, 0, render.PDFInfo{Title: "t"})
			d.page()
			cell := d.workedExample(100*vg.Millimeter, m, f, Hints(m.Board, []Band{Easy}, []*maze.Maze{m}))
			if cell < MinExampleCell {
				t.Errorf("%s on %s: the example is drawn at %.1f mm a cell", tc.name, paper.Name, cell.Points()*25.4/72)
			}
			if pages := d.pages - 1; pages != tc.pages {
				t.Errorf("%s on %s: the example takes %d pages, want %d", tc.name, paper.Name, pages, tc.pages)
			}
			pic := render.Picture{Maze: m, Features: f}
			w, h := pic.Size(render.PictureOptions{Cell: cell})
			if room := paper.Width - 2*d.margin; w > room || tc.pages > 1 && h > paper.Height-2*d.margin {
				t.Errorf("%s on %s: pictures of %.0f×%.0f mm do not fit the page", tc.name, paper.Name, w.Points()*25.4/72, h.Points()*25.4/72)
			}
		}
	}
}
