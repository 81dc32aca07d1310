package book

import (
	"bytes"
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
)

// The rules page of each variant's book says that board's rules
// (render.Rules) and none of the other boards', points to no file, and
// draws its worked example inside the margins.
func TestRulesPages(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("poppler-utils are not installed")
	}
	boards := map[string]generate.Spec{}
	for _, v := range []string{"", "queen", "torus", "loops", "exit", "no-u-turn", "hex", "triangle", "queen,torus"} {
		variant, err := maze.ParseVariant(v)
		if err != nil {
			t.Fatal(err)
		}
		s := generate.DefaultOn(maze.Board{Rows: 6, Cols: 6, Variant: variant})
		s.Iterations = 3000
		boards[v] = s
	}
	walls := generate.DefaultOn(maze.Board{Rows: 3, Cols: 3})
	walls.Layout = "oxoyooooo:100000000"
	boards["walls and cells"] = walls
	rules := map[string][]string{}
	for name, s := range boards {
		b, err := s.Board()
		if err != nil {
			t.Fatal(name, err)
		}
		rules[name] = render.Rules(b)
	}
	for name, s := range boards {
		d := newDoc(A4, 0, render.PDFInfo{Title: "t"})
		d.rules(context.Background(), s, []Band{Medium}, nil)
		var pdf bytes.Buffer
		if _, err := d.c.WriteTo(&pdf); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("pdftotext", "-", "-")
		cmd.Stdin = &pdf
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(out)), " ")
		for _, r := range rules[name] {
			if !strings.Contains(text, r) {
				t.Errorf("%s book: the rules page does not say %q\n%s", name, r, text)
			}
		}
		for other, rs := range rules {
			for _, r := range rs {
				if !slices.Contains(rules[name], r) && strings.Contains(text, r) {
					t.Errorf("%s book says %s's rule %q", name, other, r)
				}
			}
		}
		if strings.Contains(text, "easy") || strings.Contains(text, "hard") || !strings.Contains(text, "Every puzzle of the book is medium") {
			t.Errorf("%s book of medium puzzles names other bands on its rules page", name)
		}
		if strings.Contains(text, "docs/") || strings.Contains(text, ".md") {
			t.Errorf("%s book's rules page points to a file", name)
		}
	}
}

// Each board's worked example is drawn on its own kind of board and shows
// what the board does (Shows: a diagonal for queen, a loop followed round
// the corner, a move across the torus's edge, an exit ring's exit move; a
// layout's walls, blocked cells and shape, the layout being the book's),
// and its solution, replayed by the engine, reaches the goal in its par.
func TestWorkedExamples(t *testing.T) {
	ctx := context.Background()
	specs := map[string]generate.Spec{}
	for _, v := range []string{"", "queen", "torus", "loops", "exit", "no-u-turn", "hex", "triangle", "queen,torus", "queen,loops", "hex,exit"} {
		variant, err := maze.ParseVariant(v)
		if err != nil {
			t.Fatal(err)
		}
		specs[v] = generate.DefaultOn(maze.Board{Rows: 6, Cols: 6, Variant: variant})
	}
	for _, f := range []string{"walls.txt", "klondike.txt"} {
		m, _, err := generate.ReadFile(ctx, "../examples/"+f, maze.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if specs[f], err = (generate.Settings{Layout: m}).Spec(); err != nil {
			t.Fatal(err)
		}
	}
	for name, spec := range specs {
		m, f := exampleOf(ctx, spec)
		b, _ := spec.Board()
		if want := b.Variant; m.Variant != want {
			t.Errorf("%s: the example plays %v", name, m.Variant)
		}
		if spec.Layout != "" && m.Board != b {
			t.Errorf("%s: the example is not on the book's layout", name)
		}
		if !Shows(m, f) {
			t.Errorf("%s: the example's solution %s does not show its board's rules", name, f.Solution)
		}
		dirs, err := m.ParseNotation(f.Solution)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, err := solve.Play(graph.MustCompile(m.Board), m, dirs)
		if err != nil || !r.Solved || r.Moves != f.GoalDepth || !f.Unique {
			t.Errorf("%s: the example's solution %s replays to %+v, %v (par %d, unique %v)", name, f.Solution, r, err, f.GoalDepth, f.Unique)
		}
		text := walk(m, f)
		if m.Variant.Loops && !strings.Contains(text, "round the loop") || m.Variant.Torus && !strings.Contains(text, "across the edge") ||
			m.Variant.Exit && !strings.HasSuffix(text, "to the exit.") {
			t.Errorf("%s: the walk does not say how it goes: %s", name, text)
		}
	}
}
