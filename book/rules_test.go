package book

import (
	"bytes"
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/maze"
	"rjm/render"
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
		d := newDoc(A4, render.PDFInfo{Title: "t"})
		d.rules(context.Background(), s, []Band{Medium})
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
