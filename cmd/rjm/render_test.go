package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// render draws any input in the format -o or --format names, and refuses
// what it cannot draw with a clear message.
func TestRender(t *testing.T) {
	dir := t.TempDir()
	for ext, magic := range map[string]string{"svg": "<?xml", "png": "\x89PNG", "pdf": "%PDF"} {
		file := filepath.Join(dir, "maze."+ext)
		if _, errs, code := rjmRun(t, "", "render", "--solution", "--holes", "--depths", "-o", file, "../../examples/figure1.txt"); code != 0 {
			t.Fatalf("%s: status %d, %q", ext, code, errs)
		}
		data, err := os.ReadFile(file)
		if err != nil || !strings.HasPrefix(string(data), magic) {
			t.Errorf("%s: %v, starts %.8q", ext, err, data)
		}
	}
	out, _, code := rjmRun(t, "", "render", "--id", "5x5:3413133302312234233341432")
	if code != 0 || !strings.Contains(out, ">G</text>") {
		t.Errorf("SVG to stdout: status %d", code)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "--format", "gif", "../../examples/figure1.txt"}, `--format: unknown picture format "gif"`},
		{[]string{"render", "-o", filepath.Join(dir, "x.bmp"), "../../examples/figure1.txt"}, `--format: unknown picture format "bmp"`},
		{[]string{"render", "--cell", "1km", "../../examples/figure1.txt"}, `--cell: length "1km"`},
		{[]string{"render", "--style", "neon", "../../examples/figure1.txt"}, `--style: unknown style "neon"`},
		{[]string{"render", "-o", filepath.Join(dir, "no", "x.svg"), "../../examples/figure1.txt"}, "-o: cannot create "},
	} {
		if _, errs, code := rjmRun(t, "", tc.args...); code != 2 || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q", tc.args, code, errs)
		}
	}
}

// rjm book writes a reproducible PDF; --tiles the tiles of a floor maze.
func TestBookCommand(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pdf"), filepath.Join(dir, "b.pdf")
	args := []string{"book", "--count", "5", "--seed", "3", "--iterations", "3000", "--per-page", "2"}
	for _, f := range []string{a, b} {
		if _, errs, code := rjmRun(t, "", append(args, "-o", f)...); code != 0 {
			t.Fatalf("status %d, %q", code, errs)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if !strings.HasPrefix(string(da), "%PDF") || string(da) != string(db) {
		t.Errorf("the book is not the same PDF twice")
	}
	// --json prints the manifest, whose seeded IDs generate --id makes
	// again, the same PDF still written.
	c := filepath.Join(dir, "c.pdf")
	out, errs, code := rjmRun(t, "", append(args, "-o", c, "--json")...)
	if code != 0 {
		t.Fatalf("--json: status %d, %q", code, errs)
	}
	if dc, _ := os.ReadFile(c); string(dc) != string(da) {
		t.Errorf("--json changes the PDF")
	}
	var m struct {
		Puzzles []struct {
			Number   int    `json:"number"`
			Maze     string `json:"maze"`
			SeededID string `json:"seeded_id"`
			Moves    int    `json:"moves"`
		} `json:"puzzles"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil || len(m.Puzzles) != 5 {
		t.Fatalf("manifest: %v, %d puzzles\n%s", err, len(m.Puzzles), out)
	}
	for _, p := range m.Puzzles {
		gen, errs, code := rjmRun(t, "", "generate", "--id", p.SeededID, "--json")
		var g struct {
			ID       string `json:"id"`
			Features struct {
				GoalDepth int `json:"goal_depth"`
			} `json:"features"`
		}
		if code != 0 || json.Unmarshal([]byte(gen), &g) != nil || g.ID != p.Maze || g.Features.GoalDepth != p.Moves {
			t.Errorf("puzzle %d: generate --id %s: status %d %q, maze %s (%d moves), want %s (%d)", p.Number, p.SeededID, code, errs, g.ID, g.Features.GoalDepth, p.Maze, p.Moves)
		}
	}
	if _, errs, code := rjmRun(t, "", "book", "--tiles", "../../examples/figure1.txt", "-o", filepath.Join(dir, "t.pdf")); code != 0 {
		t.Errorf("tiles: status %d, %q", code, errs)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"book", "--count", "5"}, "-o: required"},
		{[]string{"book", "--bands", "brutal", "-o", a}, `--bands: unknown difficulty band "brutal"`},
		{[]string{"book", "--paper", "a3", "-o", a}, `--paper: unknown paper "a3"`},
		{[]string{"book", "--per-page", "3", "-o", a}, "per page"},
		{[]string{"book", "--count", "0", "-o", a}, "--count: 0"},
		{[]string{"book", "--count", "5", "-o", filepath.Join(dir, "no", "b.pdf")}, "-o: cannot create "},
	} {
		if _, errs, code := rjmRun(t, "", tc.args...); code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: status %d, %q", tc.args, code, errs)
		}
	}
}

// A picture that would not fit the paper within its margins is drawn at
// a smaller cell (and rjm says so), or, with --cell given, refused with
// status 2 before anything is written.
func TestRenderFitsThePaper(t *testing.T) {
	out := filepath.Join(t.TempDir(), "k.png")
	_, errs, code := rjmRun(t, "", "render", "../../examples/klondike.txt", "--cell", "10mm", "-o", out)
	if code != 2 || !strings.Contains(errs, "larger than A4") || strings.Count(errs, "\n") != 1 {
		t.Errorf("--cell 10mm: status %d, %q", code, errs)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the refused picture was written")
	}
	if _, errs, code := rjmRun(t, "", "render", "../../examples/klondike.txt", "-o", out); code != 0 || !strings.Contains(errs, "to fit A4") {
		t.Errorf("default cell: status %d, %q", code, errs)
	}
	if _, errs, code := rjmRun(t, "", "render", "../../examples/klondike.txt", "--cell", "10mm", "--paper", "none", "-o", out); code != 0 || errs != "" {
		t.Errorf("--paper none: status %d, %q", code, errs)
	}
}

// A board too short for a book (book.MinBookReach) is refused at once
// (status 2), naming its reach and the size that reaches enough.
func TestBookBandOutOfReach(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.pdf")
	_, errs, code := rjmRun(t, "", "book", "--variant", "exit", "--size", "4", "--bands", "easy,hard", "--count", "2", "--seed", "1", "-o", out)
	for _, want := range []string{"4x4 exit boards reach 2 moves", "under the 6 a book needs", "--size 5 reaches"} {
		if code != 2 || !strings.Contains(errs, want) {
			t.Errorf("status %d, stderr %q lacks %q", code, errs, want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a PDF was written")
	}
}

// The imprint names the command that makes the book again: the flags
// given, quoted for a shell where they need it, and the seed drawn when
// none was given.
func TestBookImprintCommand(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("poppler-utils are not installed")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "b.pdf")
	_, errs, code := rjmRun(t, "", "book", "--size", "5", "--count", "1", "--bands", "easy", "--title", "Jumps & Mazes", "-o", out)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	seed := regexp.MustCompile(`--seed (\d+)`).FindStringSubmatch(errs)
	if seed == nil {
		t.Fatalf("no seed said: %q", errs)
	}
	text, err := exec.Command("pdftotext", "-f", "2", "-l", "2", out, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "rjm book --bands easy --count 1 --size 5 --title 'Jumps & Mazes' --seed " + seed[1]
	if got := strings.Join(strings.Fields(string(text)), " "); !strings.Contains(got, want) || !strings.Contains(got, "Made with rjm") {
		t.Errorf("the imprint lacks %q:\n%s", want, got)
	}
}
