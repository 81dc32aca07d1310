package book

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/maze"
)

// The title page says what board the puzzles are on in a reader's words,
// never the recipe's ("6×6 queen,torus").
func TestBoardWords(t *testing.T) {
	for v, want := range map[string]string{
		"":                     "6×6 boards",
		"hex,exit":             "6×6 hexagonal boards with an exit ring",
		"triangle":             "6×6 triangular boards",
		"queen,torus":          "6×6 boards with queen's moves and edges that wrap round",
		"queen,exit,no-u-turn": "6×6 boards with queen's moves, an exit ring and no U-turns",
		"loops":                "6×6 boards with Surakarta loops",
	} {
		variant, err := maze.ParseVariant(v)
		if err != nil {
			t.Fatal(err)
		}
		spec, err := generate.Settings{Size: 6, Variant: variant}.Spec()
		if err != nil {
			t.Fatal(err)
		}
		if got := boardWords(spec); got != want {
			t.Errorf("%q: %q, want %q", v, got, want)
		}
	}
}

// Each puzzle's caption says the page of its key, and the maze ID is
// under it: read back from the PDF, page K of "solution on p. K" holds
// the puzzle's key (its number and moves), on a board whose keys are
// two to a page and on Klondike's, each key across a spread.
func TestSolutionPages(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("poppler-utils are not installed")
	}
	caption := regexp.MustCompile(`(\d+)\s+·\s+\w+\s+·\s+par \d+\s+·\s+solution on p\. (\d+)`)
	for _, name := range []string{"hex", "klondike"} {
		f, err := os.Open(filepath.Join("testdata", "keys", name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		listed, err := ReadList(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		puzzles, s, err := FromList(context.Background(), Settings{}, listed)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WritePuzzles(context.Background(), &buf, s, puzzles); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("pdftotext", "-raw", "-", "-")
		cmd.Stdin = &buf
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		pages := strings.Split(string(out), "\f")
		said := 0
		for _, m := range caption.FindAllStringSubmatch(string(out), -1) {
			n, _ := strconv.Atoi(m[1])
			k, _ := strconv.Atoi(m[2])
			said++
			if k < 1 || k > len(pages) || !strings.Contains(pages[k-1], "Solutions") || !strings.Contains(pages[k-1], m[1]+": "+strings.Fields(puzzles[n-1].Solution)[0]) {
				t.Errorf("%s: puzzle %s's key is not on p. %d", name, m[1], k)
			}
			id, _ := puzzles[n-1].Result.Maze.ID()
			if len(id) < 60 && !strings.Contains(string(out), id) {
				t.Errorf("%s: puzzle %d's maze ID %s is not printed", name, n, id)
			}
		}
		if said != len(puzzles) {
			t.Errorf("%s: %d captions say their key's page, want %d", name, said, len(puzzles))
		}
	}
}

// The imprint of a book on a layout writes the layout once, named, and
// each recipe with its name in its place: the recipe, with the layout
// put back, is the seeded ID's.
func TestImprintNamesTheLayout(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("poppler-utils are not installed")
	}
	m, _, err := generate.ReadFile(context.Background(), "../examples/walls.txt", maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	spec, err := generate.Settings{Layout: m}.Spec()
	if err != nil {
		t.Fatal(err)
	}
	spec.Seed, spec.Iterations = 1, 3000
	s := Settings{Spec: spec, Count: 3}
	var buf bytes.Buffer
	puzzles, err := Mazes(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if err := WritePuzzles(context.Background(), &buf, s, puzzles); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = &buf
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(out)), "")
	layout := layoutIn(puzzles[0].Result.SeededID())
	if layout == "" || strings.Count(text, layout) != 1 || !strings.Contains(text, "LayoutA:"+layout) {
		t.Errorf("the layout %q is not written once, named A:\n%s", layout, out)
	}
	for _, p := range puzzles {
		recipe, _, _ := strings.Cut(p.Result.SeededID(), "#")
		if named := strings.Replace(recipe, ",layout="+layout, ",layout=A", 1); named == recipe || !strings.Contains(text, named) {
			t.Errorf("puzzle %d's recipe %s is not in the imprint as %s", p.Number, recipe, named)
		}
	}
}
