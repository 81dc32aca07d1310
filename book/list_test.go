package book_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/book"
	"rjm/difficulty"
	"rjm/graph"
	"rjm/maze"
)

// listIDs are six 5×5 mazes with unique shortest solutions and no black
// holes (rjm generate --count 6 --seed 1 --unique --no-black-holes), of
// 8 to 10 moves but one.
var listIDs = []string{
	"5x5:4243213234412233332224304",
	"5x5:4144313214412034233214324",
	"5x5:1314433324201332233314221",
	"5x5:2440121322422333131333122",
	"5x5:2033312312421313121433422",
	"5x5:2144342313231243330141232",
}

func TestReadList(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       int    // mazes read
		err        string // the error's text holds this
	}{
		{"IDs", strings.Join(listIDs, "\n"), 6, ""},
		{"comments, blank lines, spaces, CRLF and a byte-order mark", "\uFEFF# my book\r\n\r\n  " + listIDs[0] + "  \r\n# next\r\n" + listIDs[1] + "\r\n", 2, ""},
		{"another spelling of an ID", "5X5:4243213234412233332224304", 1, ""},
		{"a variant", "5x5-queen,torus:2132314112142143223334202\n5x5-hex:4221441231132243333214304", 2, ""},
		{"a bad line", listIDs[0] + "\n# fine\nnot a maze\n", 0, "line 3:"},
		{"a maze twice", listIDs[0] + "\n" + listIDs[1] + "\n5X5:4243213234412233332224304\n", 0, "line 3: the maze of line 1 again"},
		{"nothing", "# only a comment\n\n", 0, "no maze ID"},
		{"a line too long", strings.Repeat("1", book.MaxListLine+1), 0, "over"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := book.ReadList(strings.NewReader(tc.text))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ReadList = %d mazes, %v; want an error with %q", len(got), err, tc.err)
				}
				if strings.Contains(err.Error(), "\n") {
					t.Errorf("the error is more than a line: %q", err)
				}
				return
			}
			if err != nil || len(got) != tc.want {
				t.Fatalf("ReadList = %d mazes, %v; want %d", len(got), err, tc.want)
			}
		})
	}
}

// read reads a list that must be valid.
func read(t *testing.T, ids ...string) []book.Listed {
	t.Helper()
	l, err := book.ReadList(strings.NewReader(strings.Join(ids, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestFromList makes the puzzles of the list and checks them against what
// the difficulty policy and the model say of each maze, computed here
// apart: each maze once, its band its level on the board, the bands in
// order and each band's puzzles in the order of their predicted times.
func TestFromList(t *testing.T) {
	ctx := context.Background()
	puzzles, s, err := book.FromList(ctx, book.Settings{}, read(t, listIDs...))
	if err != nil {
		t.Fatal(err)
	}
	if len(puzzles) != len(listIDs) {
		t.Fatalf("%d puzzles from %d mazes", len(puzzles), len(listIDs))
	}
	b := maze.Board{Rows: 5, Cols: 5}
	reach, err := difficulty.Reach(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for i, p := range puzzles {
		id, _ := p.Result.Maze.ID()
		seen = append(seen, id)
		if p.Number != i+1 {
			t.Errorf("puzzle %d is numbered %d", i+1, p.Number)
		}
		f := analysis.Analyze(graph.MustCompile(b), p.Result.Maze)
		if want := difficulty.LevelOnBoard(f.GoalDepth, reach); p.Band != want {
			t.Errorf("%s: band %s, want %s (%d moves of a reach of %d)", id, p.Band, want, f.GoalDepth, reach)
		}
		if p.Solution != f.Solution {
			t.Errorf("%s: solution %s, want %s", id, p.Solution, f.Solution)
		}
		if i > 0 {
			q := puzzles[i-1]
			if q.Band > p.Band || q.Band == p.Band && q.Predicted > p.Predicted {
				t.Errorf("puzzle %d (%s, %.0f s) before puzzle %d (%s, %.0f s)", i, q.Band, q.Predicted, i+1, p.Band, p.Predicted)
			}
		}
		if !slices.Contains(s.Bands, p.Band) {
			t.Errorf("puzzle %d's band %s is not among the book's bands %v", i+1, p.Band, s.Bands)
		}
	}
	slices.Sort(seen)
	want := slices.Clone(listIDs)
	slices.Sort(want)
	if !slices.Equal(seen, want) {
		t.Errorf("the puzzles are %v, want the list's %v", seen, want)
	}

	// The book: a PDF whose text holds every maze ID, and the manifest.
	var buf bytes.Buffer
	if err := book.WritePuzzles(ctx, &buf, s, puzzles); err != nil {
		t.Fatal(err)
	}
	m, err := book.ManifestOf(s, puzzles)
	if err != nil || len(m.Puzzles) != len(listIDs) || m.Puzzles[0].SeededID != "" {
		t.Errorf("manifest %+v, %v: want %d puzzles without seeded IDs", m, err, len(listIDs))
	}
	if _, err := exec.LookPath("pdftotext"); err == nil {
		text := strings.Join(strings.Fields(pdfText(t, buf.Bytes())), "")
		for _, id := range listIDs {
			if !strings.Contains(text, id) {
				t.Errorf("the book does not print the ID %s", id)
			}
		}
	}
}

// pdfText is the text of a PDF, as pdftotext reads it.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestFromListRefuses checks the mazes a book cannot print, each named
// by its line.
func TestFromListRefuses(t *testing.T) {
	// Mazes of 4×4 that fail one promise each, found among random ones.
	rng := rand.New(rand.NewPCG(7, 7))
	b := maze.Board{Rows: 4, Cols: 4}
	g := graph.MustCompile(b)
	var unsolvable, several, holes string
	for unsolvable == "" || several == "" || holes == "" {
		m, err := maze.Random(b, maze.Cell{}, maze.Cell{Row: 3, Col: 3}, rng)
		if err != nil {
			t.Fatal(err)
		}
		f := analysis.Analyze(g, m)
		id, _ := m.ID()
		switch {
		case !f.Solvable && unsolvable == "":
			unsolvable = id
		case f.Solvable && !f.Unique && f.BlackHoles == 0 && several == "":
			several = id
		case f.Solvable && f.Unique && f.BlackHoles > 0 && holes == "":
			holes = id
		}
	}
	for _, tc := range []struct {
		name string
		ids  []string
		err  string
	}{
		{"unsolvable", []string{"# a comment", unsolvable}, "line 2: the goal cannot be reached"},
		{"several shortest solutions", []string{several}, "line 1: "},
		{"black holes", []string{holes}, "line 1: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := book.FromList(context.Background(), book.Settings{}, read(t, tc.ids...))
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("FromList(%v) = %v; want an error with %q", tc.ids, err, tc.err)
			}
		})
	}
}

// A list of variant mazes makes a book with the variant's rules.
func TestFromListVariant(t *testing.T) {
	ids := []string{"5x5-queen,torus:2132314112142143223334202", "5x5-queen,torus:1124232323314031223241111", "5x5-queen,torus:4131423344103412234441411"}
	puzzles, s, err := book.FromList(context.Background(), book.Settings{PerPage: 2}, read(t, ids...))
	if err != nil {
		t.Fatal(err)
	}
	if s.Spec.Variant.String() != "queen,torus" || len(puzzles) != 3 {
		t.Fatalf("book of %d puzzles on %q", len(puzzles), s.Spec.Variant)
	}
	var buf bytes.Buffer
	if err := book.WritePuzzles(context.Background(), &buf, s, puzzles); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("pdftotext"); err == nil {
		text := pdfText(t, buf.Bytes())
		if !strings.Contains(text, "queen") && !strings.Contains(strings.ToLower(text), "diagonal") {
			t.Errorf("the rules of a queen book say nothing of the queen's moves:\n%s", text)
		}
	}
}

func ExampleFromList() {
	list, err := book.ReadList(strings.NewReader("# my mazes\n5x5:4243213234412233332224304\n5x5:1314433324201332233314221\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	puzzles, _, err := book.FromList(context.Background(), book.Settings{}, list)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range puzzles {
		fmt.Println(p.Number, p.Band, p.Result.Features.GoalDepth, p.Solution)
	}
	// Output:
	// 1 easy 8 RRDLULRL
	// 2 easy 9 RDLDURDUD
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestListManifestGolden holds the manifest of the book of listIDs (a
// list with a comment and blank lines) to testdata/list-manifest.json:
// each maze's number, band and solution, in the order the difficulty
// model and policy give them (go test ./book -run ListManifestGolden
// -update rewrites it).
func TestListManifestGolden(t *testing.T) {
	text := "# a designer's list\n\n" + strings.Join(listIDs, "\n\n") + "\n"
	list, err := book.ReadList(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	puzzles, s, err := book.FromList(context.Background(), book.Settings{Title: "A designer's list"}, list)
	if err != nil {
		t.Fatal(err)
	}
	m, err := book.ManifestOf(s, puzzles)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	file := filepath.Join("testdata", "list-manifest.json")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the manifest differs from %s (rerun with -update after looking at it):\n%s", file, got)
	}
}

// TestListBookGolden holds the PDF of the book of listIDs, byte for byte,
// to the SHA-256 in testdata/list-book.sha256: a change of layout, type
// or drawing shows here, to be looked at (pdftoppm -r 60 -png) and then
// rewritten with -update. Two writings of the book are the same bytes.
func TestListBookGolden(t *testing.T) {
	ctx := context.Background()
	puzzles, s, err := book.FromList(ctx, book.Settings{Title: "A designer's list"}, read(t, listIDs...))
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := book.WritePuzzles(ctx, &a, s, puzzles); err != nil {
		t.Fatal(err)
	}
	if err := book.WritePuzzles(ctx, &b, s, puzzles); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two writings of the same book differ")
	}
	got := fmt.Sprintf("%x\n", sha256.Sum256(a.Bytes()))
	file := filepath.Join("testdata", "list-book.sha256")
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the book's PDF hashes to %s, not %s's %s (look at it, then rerun with -update)", strings.TrimSpace(got), file, strings.TrimSpace(string(want)))
	}
}
