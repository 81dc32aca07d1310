package book

import (
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"rjm/render"
)

// TestImprintLinesOnThePage checks that the imprint's lines, one per
// puzzle, go on to a new page before the foot of one: a book of 24
// puzzles, each with its own recipe of two lines, ran off the foot of
// its single imprint page.
func TestImprintLinesOnThePage(t *testing.T) {
	for _, paper := range []Paper{A4, Letter} {
		d := newDoc(paper, render.PDFInfo{Title: "t"})
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
