package book_test

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rjm/book"
	"rjm/generate"
	"rjm/maze"
	"rjm/render"
)

// volumeSettings is a volume of two boards, 5×5 plain and 6×6 hex, with
// quick searches.
func volumeSettings() book.Settings {
	s := small()
	s.Count, s.PerPage = 6, 2
	hex, err := generate.Settings{Size: 6, Variant: maze.Variant{Tiling: maze.Hex}, Seed: 2}.Spec()
	if err != nil {
		panic(err)
	}
	hex.Iterations = 3000
	s.Boards = []generate.Spec{s.Spec, hex}
	return s
}

// pages returns the text of each page of a PDF, from page 1 at index 1,
// its white space folded to single spaces.
func pages(t *testing.T, pdf []byte) []string {
	t.Helper()
	out := []string{""}
	for _, p := range strings.Split(pdfText(t, pdf), "\f") {
		out = append(out, strings.Join(strings.Fields(p), " "))
	}
	return out[:len(out)-1] // pdftotext ends the last page with a form feed
}

// A volume that mixes boards has a part per board: its title page in a
// reader's words, its board's own rules, its puzzles; the contents list
// each part and its runs of bands, and the solutions of each part, at
// the pages they are on; under each puzzle "solution on p. N" names the
// page its key is on; the puzzles are numbered on through the volume.
func TestVolume(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("poppler-utils are not installed")
	}
	s := volumeSettings()
	ps, err := book.Mazes(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range ps {
		if p.Number != k+1 || p.Section != k/3 {
			t.Errorf("puzzle %d: number %d in section %d", k+1, p.Number, p.Section)
		}
		if want := s.Boards[p.Section].Variant; p.Result.Maze.Board.Variant != want {
			t.Errorf("puzzle %d is on a %v board, not its section's %v", k+1, p.Result.Maze.Board.Variant, want)
		}
	}
	// A part is the book of its board alone, with its share.
	alone := s
	alone.Spec, alone.Boards, alone.Count = s.Boards[1], nil, 3
	hex, err := book.Mazes(context.Background(), alone)
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range hex {
		if !p.Result.Maze.Equal(ps[3+k].Result.Maze) {
			t.Errorf("puzzle %d of the hex book alone is not puzzle %d of the volume", k+1, 4+k)
		}
	}
	var buf bytes.Buffer
	if err := book.WritePuzzles(context.Background(), &buf, s, ps); err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := book.WritePuzzles(context.Background(), &again, s, ps); err != nil || !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Errorf("the same volume twice differs (%v)", err)
	}
	text := pages(t, buf.Bytes())
	if !strings.Contains(text[1], "6 Rook Jumping Mazes on 5×5 boards and 6×6 hexagonal boards") {
		t.Errorf("the title page: %s", text[1])
	}
	// The contents: each entry's page holds what it names.
	contents := 0
	for n, p := range text {
		if strings.HasPrefix(p, "Contents") {
			contents = n
			break
		}
	}
	entry := regexp.MustCompile(`(Part \d · [^p]*?|Easy: puzzles? [\d–]+|Medium: puzzles? [\d–]+|Hard: puzzles? [\d–]+|Solutions|Part \d) p\. (\d+)`)
	found := entry.FindAllStringSubmatch(text[contents], -1)
	if len(found) != 2+6+1+2 {
		t.Fatalf("%d contents entries: %s", len(found), text[contents])
	}
	part := -1
	rules := []string{strings.Join(render.Rules(ps[0].Result.Maze.Board), " "), strings.Join(render.Rules(ps[3].Result.Maze.Board), " ")}
	for k, e := range found {
		page, _ := strconv.Atoi(e[2])
		if page <= contents || page >= len(text) {
			t.Errorf("%q on p. %d, of %d", e[1], page, len(text)-1)
			continue
		}
		at := text[page]
		switch {
		case strings.HasPrefix(e[1], "Part ") && k < 8:
			part++
			if !strings.HasPrefix(at, fmt.Sprintf("Part %d", part+1)) || !strings.Contains(at, "3 Rook Jumping Mazes on") {
				t.Errorf("%q: p. %d is %q", e[1], page, at)
			}
			// The next page is the rules of the part's own board.
			own, other := strings.Join(strings.Fields(rules[part]), " "), strings.Join(strings.Fields(rules[1-part]), " ")
			if !strings.Contains(text[page+1], own) || strings.Contains(text[page+1], other) {
				t.Errorf("part %d's rules page does not give its board's rules:\n%s", part+1, text[page+1])
			}
		case e[1] == "Solutions" || strings.HasPrefix(e[1], "Part "):
			if !strings.HasPrefix(at, "Solutions") {
				t.Errorf("%q: p. %d is %q", e[1], page, at)
			}
		default:
			first := regexp.MustCompile(`\d+`).FindString(e[1])
			if !strings.Contains(at, first+" · "+strings.ToLower(strings.Fields(e[1])[0][:len(strings.Fields(e[1])[0])-1])) {
				t.Errorf("%q: p. %d is %q", e[1], page, at)
			}
		}
	}
	// Each puzzle's key is on the page its caption names.
	solution := regexp.MustCompile(`(\d+) · (easy|medium|hard) · par \d+ · solution on p\. (\d+)`)
	seen := 0
	for _, p := range text {
		for _, m := range solution.FindAllStringSubmatch(p, -1) {
			seen++
			page, _ := strconv.Atoi(m[3])
			n, _ := strconv.Atoi(m[1])
			if page >= len(text) || !strings.Contains(text[page], fmt.Sprintf("%s: %s", m[1], ps[n-1].Solution)) ||
				!strings.HasPrefix(text[page], fmt.Sprintf("Solutions · Part %d", ps[n-1].Section+1)) {
				t.Errorf("puzzle %s's key is not on p. %d", m[1], page)
			}
		}
	}
	if seen != len(ps) {
		t.Errorf("%d of %d puzzles say where their key is", seen, len(ps))
	}
}

// A volume's settings are checked: each board once, a puzzle for each.
func TestVolumeRefuses(t *testing.T) {
	s := volumeSettings()
	twice := s
	twice.Boards = []generate.Spec{s.Boards[0], s.Boards[1], s.Boards[0]}
	few := s
	few.Count = 1
	for _, tc := range []struct {
		s    book.Settings
		want string
	}{
		{twice, "board 3 is board 1 again"},
		{few, "1 puzzles for 2 boards"},
	} {
		if err := tc.s.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Validate() = %v; want %q", err, tc.want)
		}
	}
}

// A list of mazes on two boards makes a volume: a part per board in the
// order the list first names it, each part's puzzles in rising
// difficulty.
func TestFromListVolume(t *testing.T) {
	queen := []string{"5x5-queen,torus:2132314112142143223334202", "5x5-queen,torus:1124232323314031223241111", "5x5-queen,torus:4131423344103412234441411"}
	ids := []string{queen[0], listIDs[0], queen[1], listIDs[1], queen[2], listIDs[2]}
	ps, s, err := book.FromList(context.Background(), book.Settings{PerPage: 2}, read(t, ids...))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Boards) != 2 || s.Boards[0].Variant.String() != "queen,torus" || s.Boards[1].Variant.String() != "" {
		t.Fatalf("the volume's boards: %v", s.Boards)
	}
	for k, p := range ps {
		if p.Number != k+1 || p.Section != k/3 || p.Result.Maze.Board.Variant != s.Boards[p.Section].Variant {
			t.Errorf("puzzle %d: number %d, section %d, on %v", k+1, p.Number, p.Section, p.Result.Maze.Board.Variant)
		}
	}
	var buf bytes.Buffer
	if err := book.WritePuzzles(context.Background(), &buf, s, ps); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		return
	}
	text := strings.Join(pages(t, buf.Bytes()), " ")
	for _, want := range []string{"Part 1 · 5×5 boards with queen's moves", "Part 2 · 5×5 boards p.", "Solutions · Part 2"} {
		if !strings.Contains(text, want) {
			t.Errorf("the volume lacks %q", want)
		}
	}
}
