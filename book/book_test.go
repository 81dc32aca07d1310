package book_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"rjm/book"
	"rjm/difficulty"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
)

func small() book.Settings {
	s := book.Settings{Spec: generate.Default(), Count: 7}
	s.Spec.Seed, s.Spec.Iterations = 2, 3000
	return s
}

// A book's puzzles come in rising difficulty (the difficulty model's
// prediction), each in its band, distinct,
// and the same book comes from the same seed, byte for byte.
func TestBook(t *testing.T) {
	s := small()
	ps, err := book.Mazes(context.Background(), s)
	if err != nil || len(ps) != 7 {
		t.Fatalf("%v, %d puzzles", err, len(ps))
	}
	reach, err := difficulty.Reach(context.Background(), maze.Board{Rows: 5, Cols: 5})
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range ps {
		f := p.Result.Features
		if got := difficulty.LevelOnBoard(f.GoalDepth, reach); p.Number != k+1 || got != p.Band || !f.Unique || f.BlackHoles > 0 {
			t.Errorf("puzzle %d: number %d band %v (its %d moves say %v), unique %v, black holes %d", k, p.Number, p.Band, f.GoalDepth, got, f.Unique, f.BlackHoles)
		}
		for _, q := range ps[:k] {
			if maze.Near(p.Result.Maze, q.Result.Maze) || book.SharesSolution(f, q.Result.Features) {
				t.Errorf("puzzles %d and %d are alike", q.Number, p.Number)
			}
		}
		// Within a band the puzzles rise by the difficulty model's
		// prediction (simulated novices, with no model given).
		if k > 0 && (p.Band < ps[k-1].Band || p.Band == ps[k-1].Band && p.Predicted < ps[k-1].Predicted) {
			t.Errorf("puzzle %d is easier than puzzle %d", k+1, k)
		}
		id, _ := p.Result.Maze.ID()
		if want := difficulty.PriorModel().Predict(id, difficulty.Describe(graph.MustCompile(p.Result.Maze.Board), p.Result.Maze)).Seconds; p.Predicted != want {
			t.Errorf("puzzle %d predicted %v s, the model says %v s", k+1, p.Predicted, want)
		}
	}
	var a, b bytes.Buffer
	if err := book.Write(context.Background(), &a, s); err != nil {
		t.Fatal(err)
	}
	if err := book.Write(context.Background(), &b, s); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) || !strings.HasPrefix(a.String(), "%PDF") {
		t.Fatalf("two runs differ (%d and %d bytes)", a.Len(), b.Len())
	}
	// Pages: title, imprint, rules, contents, 2 of puzzles (4 a page),
	// 2 of solutions.
	info, text := poppler(t, a.Bytes())
	if info != "" && !regexp.MustCompile(`Pages:\s+8\n`).MatchString(info) {
		t.Errorf("pdfinfo:\n%s", info)
	}
	if text != "" {
		for _, want := range []string{"Rook Jumping Mazes", "How to play", "circled cell", "R right, L left, U up, D down", "A worked example", "Solution: RDLRULR", "Solutions", "7 · hard", "1 · easy", "rjm generate --id", "Puzzle 1 (easy), seed"} {
			if !strings.Contains(text, want) {
				t.Errorf("the text lacks %q", want)
			}
		}
	}
}

// poppler returns what pdfinfo and pdftotext say of a PDF, or nothing
// when poppler-utils are not installed (CI installs them and must run
// this).
func poppler(t *testing.T, pdf []byte) (info, text string) {
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("poppler-utils are not installed")
		}
		t.Log("poppler-utils are not installed: page count and text not checked")
		return "", ""
	}
	file := t.TempDir() + "/book.pdf"
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	i, err := exec.Command("pdfinfo", file).Output()
	if err != nil {
		t.Fatal(err)
	}
	x, err := exec.Command("pdftotext", file, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(i), string(x)
}

// Titles, subtitles and authors in Latin, Greek and Cyrillic script print
// as written (the text read back from the PDF is the text given, and so is
// the PDF's Title), a title of 100 characters wraps within the page, and
// the solution keys' step numbers are text too: every step of the first
// puzzle, 0 to its par, is on its solution page.
func TestBookText(t *testing.T) {
	s := small()
	s.Count = 1
	long := strings.Repeat("Labyrinth ", 10)[:99] + "Z"
	for _, tc := range []struct{ title, subtitle, author string }{
		{`Rösselsprung – “Vol. 1”`, "Ηλέκτρα και ο Μινώταυρος", "Анна Каренина"},
		{long, "", ""},
	} {
		s.Title, s.Subtitle, s.Author = tc.title, tc.subtitle, tc.author
		var buf bytes.Buffer
		if err := book.Write(context.Background(), &buf, s); err != nil {
			t.Fatal(err)
		}
		info, text := poppler(t, buf.Bytes())
		if info == "" {
			return
		}
		flat := strings.Join(strings.Fields(text), " ")
		for _, want := range []string{tc.title, tc.subtitle, tc.author} {
			if !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
				t.Errorf("the text lacks %q:\n%.400s", want, text)
			}
		}
		if !strings.Contains(info, "Title:           "+tc.title+"\n") || !strings.Contains(info, "Creator:         rjm") || !strings.Contains(info, "Subject:         1 Rook Jumping Mazes on 5×5 boards") {
			t.Errorf("pdfinfo:\n%s", info)
		}
		if tc.author != "" && !strings.Contains(info, "Author:          "+tc.author) {
			t.Errorf("pdfinfo:\n%s", info)
		}
		if tc.title == long {
			// The last page holds the solution key of the one puzzle.
			ps, _ := book.Mazes(context.Background(), s)
			pages := strings.Split(text, "\f")
			key := pages[len(pages)-2]
			fields := map[string]bool{}
			for _, f := range strings.Fields(key) {
				fields[f] = true
			}
			for step := range ps[0].Result.Features.GoalDepth + 1 {
				if !fields[fmt.Sprint(step)] {
					t.Errorf("the key lacks step %d:\n%s", step, key)
				}
			}
			if !strings.Contains(key, ps[0].Solution) {
				t.Errorf("the key lacks the solution %s", ps[0].Solution)
			}
		}
	}
}

func TestSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		edit func(*book.Settings)
		want string
	}{
		{func(s *book.Settings) { s.Count = -1 }, "out of range"},
		{func(s *book.Settings) { s.PerPage = 3 }, "per page"},
		{func(s *book.Settings) { s.Bands = []book.Band{} }, "no difficulty band"},
		{func(s *book.Settings) { s.Title = strings.Repeat("x", 201) }, "more than 200"},
		{func(s *book.Settings) { s.Title = "迷宫" }, "not in the book's font"},
		{func(s *book.Settings) { s.Author = "a\x01b" }, "control character"},
		{func(s *book.Settings) { s.Subtitle = "\xff" }, "not valid UTF-8"},
	} {
		s := small()
		tc.edit(&s)
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	if _, err := book.ParseBand("brutal"); err == nil {
		t.Error("unknown band: no error")
	}
}

// The tiles of a floor maze: one page per open cell, then the assembly
// map; square boards only.
func TestTiles(t *testing.T) {
	m, err := maze.ParseID("5x5:3413133302312234233341432")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := book.Tiles(&buf, m, book.Letter); err != nil {
		t.Fatal(err)
	}
	info, text := poppler(t, buf.Bytes())
	if info != "" && (!regexp.MustCompile(`Pages:\s+26\n`).MatchString(info) || !strings.Contains(info, "letter")) {
		t.Errorf("pdfinfo:\n%s", info)
	}
	if text != "" && (!strings.Contains(text, "row 2, column 4") || !strings.Contains(text, "Assembly map")) {
		t.Errorf("text:\n%.300s", text)
	}
	hex, _ := maze.ParseID("3x3-hex:121212120")
	if err := book.Tiles(&buf, hex, book.A4); err == nil {
		t.Error("hexagonal tiles: no error")
	}
}

func TestParsePaperAndBands(t *testing.T) {
	for in, want := range map[string]book.Paper{"a4": book.A4, "A4": book.A4, " Letter": book.Letter, "a5": book.A5,
		"B5": book.B5, "6x9in": book.SixByNine, "6X9IN": book.SixByNine,
		"148x210mm":   {Name: "148x210mm", Width: 148 * vg.Millimeter, Height: 210 * vg.Millimeter},
		"15.5x23.5cm": {Name: "15.5x23.5cm", Width: 155 * vg.Millimeter, Height: 235 * vg.Millimeter}} {
		got, err := book.ParsePaper(in)
		if err != nil || got.Name != want.Name || math.Abs(float64(got.Width-want.Width)) > 1e-9 || math.Abs(float64(got.Height-want.Height)) > 1e-9 {
			t.Errorf("ParsePaper(%q) = %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"a3", "148x210", "148mm", "x210mm", "10x210mm", "148x2000mm", "NaNxNaNmm", "-148x210mm"} {
		if _, err := book.ParsePaper(bad); err == nil {
			t.Errorf("%q is a paper", bad)
		}
	}
	if got, err := book.ParseBands("hard, easy"); err != nil || len(got) != 2 || got[0] != book.Hard || got[1] != book.Easy {
		t.Errorf("ParseBands = %v, %v", got, err)
	}
	if _, err := book.ParseBands("easy,brutal"); err == nil || !strings.Contains(err.Error(), `"brutal"`) {
		t.Errorf("brutal: %v", err)
	}
}

// A book of a variant's mazes explains its own moves: the worked example
// is a small maze of the same variant, its solution in compass points.
func TestVariantBookExample(t *testing.T) {
	s := small()
	s.Count = 1
	s.Spec.Rows, s.Spec.Cols = 6, 6
	s.Spec.Variant, _ = maze.ParseVariant("hex")
	var buf bytes.Buffer
	if err := book.Write(context.Background(), &buf, s); err != nil {
		t.Fatal(err)
	}
	_, text := poppler(t, buf.Bytes())
	if text == "" {
		return
	}
	flat := strings.Join(strings.Fields(text), " ")
	if !strings.Contains(flat, "compass point") || !regexp.MustCompile(`Solution: [NSEW ]+, \d+ moves\. From the circled \d: [NSEW]+,`).MatchString(flat) || strings.Contains(flat, "horizontally or vertically") {
		t.Errorf("the rules of a hexagonal book:\n%.1500s", flat)
	}
}

// A book with a bleed has every page the trim (A5) enlarged by the bleed
// on each side, with its trim box the A5 page inside it, as pdfinfo -box
// reads them; the text is the same as without it.
func TestBookBleed(t *testing.T) {
	s := small()
	s.Count, s.Paper, s.Bleed = 3, book.A5, 3*vg.Millimeter
	ps, err := book.Mazes(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := book.WritePuzzles(context.Background(), &a, s, ps); err != nil {
		t.Fatal(err)
	}
	s.Bleed = 0
	if err := book.WritePuzzles(context.Background(), &b, s, ps); err != nil {
		t.Fatal(err)
	}
	_, withText := poppler(t, a.Bytes())
	_, plainText := poppler(t, b.Bytes())
	if withText != plainText {
		t.Errorf("the text with a bleed differs from the text without")
	}
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		return // poppler said so, or failed under CI
	}
	file := t.TempDir() + "/bleed.pdf"
	if err := os.WriteFile(file, a.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := strings.Count(withText, "\f")
	out, err := exec.Command("pdfinfo", "-box", "-f", "1", "-l", strconv.Itoa(pages), file).Output()
	if err != nil {
		t.Fatal(err)
	}
	mm := func(l vg.Length) string { return fmt.Sprintf("%.2f", float64(l)) }
	bl := 3 * vg.Millimeter
	lines := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		lines[strings.Join(strings.Fields(line), " ")] = true
	}
	for p := 1; p <= pages; p++ {
		for _, want := range []string{
			fmt.Sprintf("Page %d MediaBox: 0.00 0.00 %s %s", p, mm(book.A5.Width+2*bl), mm(book.A5.Height+2*bl)),
			fmt.Sprintf("Page %d TrimBox: %s %s %s %s", p, mm(bl), mm(bl), mm(bl+book.A5.Width), mm(bl+book.A5.Height)),
		} {
			if !lines[want] {
				t.Errorf("pdfinfo -box lacks %q:\n%s", want, out)
			}
		}
	}
}

// The contents page names each band's puzzles with the page they start
// on, and the page of the solutions: the page named, read back, holds the
// first of those puzzles' captions, or the Solutions heading.
func TestContents(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("poppler-utils are not installed")
		}
		t.Skip("poppler-utils are not installed")
	}
	var buf bytes.Buffer
	if err := book.Write(context.Background(), &buf, small()); err != nil {
		t.Fatal(err)
	}
	file := t.TempDir() + "/c.pdf"
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	page := func(n int) string {
		out, err := exec.Command("pdftotext", "-layout", "-f", strconv.Itoa(n), "-l", strconv.Itoa(n), file, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	contents := page(4)
	line := regexp.MustCompile(`(?m)^(Easy|Medium|Hard): puzzles? (\d+)(?:–\d+)? +p\. (\d+)$|^Solutions +p\. (\d+)$`)
	ms := line.FindAllStringSubmatch(contents, -1)
	if len(ms) != 4 || !strings.HasPrefix(strings.TrimSpace(contents), "Contents") {
		t.Fatalf("the contents page:\n%s", contents)
	}
	for _, m := range ms {
		if m[4] != "" {
			n, _ := strconv.Atoi(m[4])
			if !strings.HasPrefix(strings.TrimSpace(page(n)), "Solutions") {
				t.Errorf("the solutions are not on p. %d:\n%s", n, page(n))
			}
			continue
		}
		n, _ := strconv.Atoi(m[3])
		if caption := m[2] + " · " + strings.ToLower(m[1]); !strings.Contains(page(n), caption) {
			t.Errorf("%q is not on p. %d:\n%s", caption, n, page(n))
		}
	}
}
