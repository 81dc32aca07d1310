package book_test

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"rjm/book"
	"rjm/generate"
	"rjm/maze"
)

// A mixed book (easy, medium and hard bands, whose recipes differ: the
// medium and hard ones are weighted energies with commas) reproduces:
// every seeded ID of its manifest, and every recipe and seed its imprint
// prints, read back from the PDF, regenerates its puzzle with the
// command line's parser (generate.ParseSpec, as rjm generate --id); no
// two of its puzzles differ in fewer than a quarter of their cells.
func TestBookReproduces(t *testing.T) {
	s := small()
	ctx := context.Background()
	ps, err := book.Mazes(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	m, err := book.ManifestOf(s, ps)
	if err != nil || len(m.Puzzles) != len(ps) {
		t.Fatalf("manifest: %v, %d entries", err, len(m.Puzzles))
	}
	regenerate := func(id string) (string, int) {
		t.Helper()
		spec, err := generate.ParseSpec(id, generate.Spec{})
		if err == nil {
			err = spec.Validate()
		}
		if err != nil {
			t.Fatalf("seeded ID %s: %v", id, err)
		}
		r, err := generate.Run(ctx, spec, nil)
		if err != nil {
			t.Fatal(err)
		}
		mid, _ := r.Maze.ID()
		return mid, r.Features.GoalDepth
	}
	bands := map[string]bool{}
	for k, e := range m.Puzzles {
		bands[e.Band] = true
		if e.Number != k+1 || e.Band != ps[k].Band.String() || e.Solution != ps[k].Solution {
			t.Errorf("entry %d: %+v", k, e)
		}
		if id, moves := regenerate(e.SeededID); id != e.Maze || moves != e.Moves {
			t.Errorf("puzzle %d: %s regenerates %s (%d moves), want %s (%d)", e.Number, e.SeededID, id, moves, e.Maze, e.Moves)
		}
		for j := range k {
			if maze.Near(ps[k].Result.Maze, ps[j].Result.Maze) {
				t.Errorf("puzzles %d and %d differ in fewer than a quarter of their cells", j+1, k+1)
			}
		}
	}
	if len(bands) != 3 || !strings.Contains(m.Puzzles[len(ps)-1].SeededID, "energy=weighted:") {
		t.Fatalf("not a mixed book: bands %v, last %s", bands, m.Puzzles[len(ps)-1].SeededID)
	}

	var pdf bytes.Buffer
	if err := book.WritePuzzles(ctx, &pdf, s, ps); err != nil {
		t.Fatal(err)
	}
	_, text := poppler(t, pdf.Bytes())
	if text == "" {
		return
	}
	// The imprint's lines: "Puzzles A–B (band), seeds S, S: RECIPE" or
	// "Puzzle A (band), seed S: RECIPE", the
	// recipe broken after commas over lines, which join without spaces.
	imprint, _, _ := strings.Cut(text, "How to play")
	flat := strings.Join(strings.Fields(imprint), " ")
	flat = regexp.MustCompile(`, (\w+=)`).ReplaceAllString(flat, ",$1") // a recipe's breaks
	seen := 0
	for _, g := range regexp.MustCompile(`Puzzles? (\d+)(?:–(\d+))? \((\w+)\), seeds? ([\d, ]+): (\S+)`).FindAllStringSubmatch(flat, -1) {
		for _, seed := range strings.Split(g[4], ", ") {
			id := g[5] + "#" + strings.TrimSpace(seed)
			mid, _ := regenerate(id)
			if mid != m.Puzzles[seen].Maze {
				t.Errorf("imprint's %s makes %s, want puzzle %d's %s", id, mid, seen+1, m.Puzzles[seen].Maze)
			}
			seen++
		}
	}
	if seen != len(ps) {
		t.Errorf("the imprint gives %d seeded IDs of %d:\n%s", seen, len(ps), flat)
	}
}
