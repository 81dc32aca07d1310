package render

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
)

func readPicture(t *testing.T, file string) Picture {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := generate.Read(t.Context(), data, maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return Picture{Maze: m, Features: analysis.Analyze(graph.MustCompile(m.Board), m)}
}

// In the solution key no move is drawn on another: figure 1's 11th move,
// (3,1) to (3,4), runs along the 9th, (3,5) to (3,2), and is drawn in
// the next lane; every pair of moves sharing a stretch of a line is in
// different lanes; and Loyd's escape from the Klondike, the 9th move, is
// drawn to the ring. A long path (7×7, 30 moves), a triangle's and a
// crowded one get the steps alone; wrap and loop moves are drawn out to
// the margin and back in.
func TestKeyMovesApart(t *testing.T) {
	for _, file := range []string{"testdata/key7.txt", "testdata/key-triangle.txt", "testdata/key-torus.txt"} {
		p := readPicture(t, file)
		if k := p.newKey(NewLayout(p.Maze.Board)); len(k.moves) != 0 {
			t.Errorf("%s: %d moves drawn on a key of %d", file, len(k.moves), p.Features.GoalDepth)
		}
	}
	for _, file := range []string{"../examples/torus.txt", "../examples/loops.txt"} {
		p := readPicture(t, file)
		k := p.newKey(NewLayout(p.Maze.Board))
		wraps := 0
		for _, mv := range k.moves {
			if mv.Entry {
				wraps++
			}
		}
		if wraps == 0 || len(k.moves) != p.Features.GoalDepth+wraps {
			t.Errorf("%s: %d segments, %d wraps, for %d moves", file, len(k.moves), wraps, p.Features.GoalDepth)
		}
	}
	for _, file := range []string{"../examples/figure1.txt", "../examples/klondike.txt"} {
		p := readPicture(t, file)
		k := p.newKey(NewLayout(p.Maze.Board))
		if len(k.moves) != p.Features.GoalDepth {
			t.Errorf("%s: %d moves drawn, the solution has %d", file, len(k.moves), p.Features.GoalDepth)
		}
		for i, a := range k.moves {
			for _, b := range k.moves[:i] {
				if overlap(a, b) && a.Lane == b.Lane {
					t.Errorf("%s: moves %v and %v share a stretch in lane %d", file, a, b, a.Lane)
				}
			}
		}
		switch file {
		case "../examples/figure1.txt":
			if k.moves[8].Lane != 0 || k.moves[10].Lane != 1 {
				t.Errorf("figure 1: moves 9 and 11 in lanes %d and %d", k.moves[8].Lane, k.moves[10].Lane)
			}
		case "../examples/klondike.txt":
			last := k.moves[len(k.moves)-1]
			m := p.Maze
			r, c := int(last.B.Y), int(last.B.X)
			onBoard := last.B.X >= 0 && last.B.Y >= 0 && r < m.Rows && c < m.Cols && m.Kind(r*m.Cols+c) != maze.Absent
			if len(k.moves) != 9 || !last.Exit || onBoard {
				t.Errorf("Klondike: %d moves, the last %+v", len(k.moves), last)
			}
		}
	}
}

// A PNG says its resolution, 300 dots per inch (11,811 per metre), in a
// pHYs chunk right after its header, so that layout programs place it at
// its size.
func TestPNGResolution(t *testing.T) {
	p := readPicture(t, "../examples/figure1.txt")
	var buf bytes.Buffer
	if err := p.WritePicture(&buf, "png", PictureOptions{}); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if len(b) < 54 || string(b[37:41]) != "pHYs" || binary.BigEndian.Uint32(b[41:]) != 11811 || binary.BigEndian.Uint32(b[45:]) != 11811 || b[49] != 1 {
		t.Fatalf("no pHYs of 300 dpi after IHDR: % x", b[:min(len(b), 60)])
	}
}

// A picture larger than the paper within its margins gets the largest
// cell that fits, either way up.
func TestFitCell(t *testing.T) {
	p := readPicture(t, "../examples/klondike.txt")
	o := PictureOptions{}
	cell, ok := p.FitCell(o, A4)
	if ok || cell >= 10*vg.Millimeter || cell < 8*vg.Millimeter {
		t.Fatalf("Klondike on A4: cell %v mm, fits %v", cell/vg.Millimeter, ok)
	}
	o.Cell = cell
	if w, h := p.Size(o); w > A4.Width-2*PrintMargin || h > A4.Height-2*PrintMargin {
		t.Errorf("at %v mm the picture is %v×%v mm", cell/vg.Millimeter, w/vg.Millimeter, h/vg.Millimeter)
	}
	if _, ok := readPicture(t, "../examples/figure1.txt").FitCell(PictureOptions{}, Letter); !ok {
		t.Error("figure 1 does not fit on Letter")
	}
}

// A PDF picture keeps its numbers as text, the key's steps among them,
// and names the maze in its title.
func TestPDFPictureText(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("poppler-utils are not installed")
	}
	p := readPicture(t, "../examples/figure1.txt")
	var buf bytes.Buffer
	// At 15 mm a cell has room for its disc beside its number, where
	// pdftotext keeps them apart (at 10 mm the start's disc sits low on
	// the number's line, clear of its ring, and "3" and "0" read as "30").
	if err := p.WritePicture(&buf, "pdf", PictureOptions{Solution: true, Cell: 15 * vg.Millimeter}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "f.pdf")
	os.WriteFile(file, buf.Bytes(), 0o644)
	text, err := exec.Command("pdftotext", file, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	words := map[string]int{}
	for _, w := range strings.Fields(string(text)) {
		words[w]++
	}
	for step := range 14 {
		if words[strconv.Itoa(step)] == 0 {
			t.Errorf("step %d is not in the PDF's text: %q", step, text)
		}
	}
	info, _ := exec.Command("pdfinfo", file).Output()
	if !strings.Contains(string(info), "Title:           Rook Jumping Maze 5x5:3413133302312234233341432") {
		t.Errorf("pdfinfo:\n%s", info)
	}
}

// Crossing moves are counted once a pair, touching ones not at all; a
// hexagonal key whose arrows cross more than MaxKeyCrossings times gets
// the steps alone.
func TestKeyCrossings(t *testing.T) {
	mv := func(ax, ay, bx, by float64) keyMove { return keyMove{A: Point{ax, ay}, B: Point{bx, by}} }
	for _, tc := range []struct {
		moves []keyMove
		want  int
	}{
		{[]keyMove{mv(0, 0, 2, 2), mv(0, 2, 2, 0)}, 1},
		{[]keyMove{mv(0, 0, 2, 2), mv(2, 2, 4, 0)}, 0},                 // joined at a centre
		{[]keyMove{mv(0, 0, 2, 0), mv(0, 1, 2, 1)}, 0},                 // side by side
		{[]keyMove{mv(0, 0, 4, 4), mv(0, 4, 4, 0), mv(2, 0, 2, 4)}, 3}, // every pair, at one point
	} {
		if got := crossings(tc.moves); got != tc.want {
			t.Errorf("%v: %d crossings, want %d", tc.moves, got, tc.want)
		}
	}
	p := readPicture(t, "../examples/hex.txt")
	k := p.newKey(NewLayout(p.Maze.Board))
	if crossings(k.moves) > MaxKeyCrossings {
		t.Errorf("hex.txt's key draws %d arrows crossing %d times", len(k.moves), crossings(k.moves))
	}
}

// TestKeyLoopTurns checks that a loops key draws a move through a loop
// round its circle, not out to the margin: the book's worked example
// (RDLRR) goes round the top-left loop on its third move, from row 2's
// left end into column 2's top, and round the top-right loop on its
// fourth, from row 2's right end into column 3's top.
func TestKeyLoopTurns(t *testing.T) {
	m, _, err := generate.Read(t.Context(), []byte("variant loops\n3 5 4 1\n4 6 7 5\n2 4 7 4\n1 6 1 G\n"), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p := Picture{Maze: m, Features: analysis.Analyze(graph.MustCompile(m.Board), m)}
	if p.Features.Solution != "RDLRR" {
		t.Fatalf("solution %q, want RDLRR", p.Features.Solution)
	}
	k := p.newKey(NewLayout(m.Board))
	var turns []keyMove
	for _, mv := range k.moves {
		if mv.Loop != nil {
			turns = append(turns, mv)
		}
	}
	want := []struct{ corner, from, to Point }{
		{Point{0, 0}, Point{0, 1.5}, Point{1.5, 0}},
		{Point{4, 0}, Point{4, 1.5}, Point{2.5, 0}},
	}
	if len(turns) != len(want) {
		t.Fatalf("%d moves round a loop, want %d: %+v", len(turns), len(want), k.moves)
	}
	near := func(a, b Point) bool { return math.Abs(a.X-b.X) < 1e-9 && math.Abs(a.Y-b.Y) < 1e-9 }
	for i, w := range want {
		mv := turns[i]
		if !near(mv.Loop.Corner, w.corner) || mv.Loop.Radius != 1.5 || !near(mv.B, w.from) || !near(mv.Loop.To, w.to) {
			t.Errorf("turn %d: round %v (radius %g) from %v to %v, want round %v (1.5) from %v to %v",
				i+1, mv.Loop.Corner, mv.Loop.Radius, mv.B, mv.Loop.To, w.corner, w.from, w.to)
		}
	}
	// Each entry after a turn starts where its turn ends, on the edge.
	for i, mv := range k.moves {
		if mv.Loop != nil && (i+1 >= len(k.moves) || !k.moves[i+1].Entry || !near(k.moves[i+1].A, mv.Loop.To)) {
			t.Errorf("move %d's turn ends at %v, not where the next move comes in", i, mv.Loop.To)
		}
	}
}

// TestKeyHexExit checks that a hexagonal exit board's key draws its exit
// move out to the ring: 5x5-hex,exit:4514412242443133342131224 leaves by
// its third move, 4 east from the third row's second cell, past three
// cells, ending half a cell beyond the row's last and half the ring on.
func TestKeyHexExit(t *testing.T) {
	m, err := maze.ParseID("5x5-hex,exit:4514412242443133342131224")
	if err != nil {
		t.Fatal(err)
	}
	p := Picture{Maze: m, Features: analysis.Analyze(graph.MustCompile(m.Board), m)}
	l := NewLayout(m.Board)
	k := p.newKey(l)
	if len(k.moves) != p.Features.GoalDepth {
		t.Fatalf("%d moves drawn of %d (%s)", len(k.moves), p.Features.GoalDepth, p.Features.Solution)
	}
	last := k.moves[len(k.moves)-1]
	// The third row's last cell, index 14: half a cell to its side,
	// then half the ring.
	edge := l.Shapes[14].Center
	want := Point{edge.X + 0.5 + l.Margin/2, edge.Y}
	if !last.Exit || math.Abs(last.B.X-want.X) > 1e-9 || math.Abs(last.B.Y-want.Y) > 1e-9 {
		t.Errorf("the exit move of %s is drawn from %v to %v, want to %v in the ring", p.Features.Solution, last.A, last.B, want)
	}
}
