package book_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"rjm/analysis"
	"rjm/book"
	"rjm/difficulty"
	"rjm/generate"
	"rjm/maze"
)

// Two solutions share a long stretch when more than half of the shorter
// one's moves come in the other in the same order.
func TestSharesSolution(t *testing.T) {
	path := func(cells ...int) *analysis.Features { return &analysis.Features{SolutionCells: cells} }
	for _, tc := range []struct {
		a, b *analysis.Features
		want bool
	}{
		{path(0, 1, 2, 3, 4, 5), path(0, 1, 2, 3, 4, 5), true},
		{path(0, 1, 2, 3, 4, 5), path(0, 1, 2, 3, 9, 8), true},      // 3 of 5 moves
		{path(0, 1, 2, 3, 4, 5), path(0, 1, 2, 7, 9, 8), false},     // 2 of 5
		{path(0, 1, 2, 3), path(6, 0, 1, 2, 3, 8, 9, 10, 11), true}, // all of the shorter, later
		{path(0, 1, 2, 3, 4), path(4, 3, 2, 1, 0), false},           // the same cells backwards
		{path(0), path(0, 1), false},
	} {
		if got := book.SharesSolution(tc.a, tc.b); got != tc.want {
			t.Errorf("%v and %v: %v, want %v", tc.a.SolutionCells, tc.b.SolutionCells, got, tc.want)
		}
	}
}

// listedBoards are the boards docs/variants.md lists: every variant and
// combination on 6×6, and the example layouts, by name.
func listedBoards(t *testing.T) (names []string, specs []generate.Spec) {
	for _, v := range []string{"", "queen", "torus", "loops", "exit", "no-u-turn", "hex", "triangle",
		"queen,torus", "queen,exit", "queen,loops", "queen,no-u-turn", "torus,no-u-turn", "loops,no-u-turn",
		"exit,no-u-turn", "hex,exit", "triangle,exit", "hex,no-u-turn", "triangle,no-u-turn",
		"queen,torus,no-u-turn", "queen,exit,no-u-turn"} {
		variant, err := maze.ParseVariant(v)
		if err != nil {
			t.Fatal(err)
		}
		size := 6
		spec, err := generate.Settings{Size: size, Variant: variant}.Spec()
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, "6×6 "+cmpOr(v, "rook"))
		specs = append(specs, spec)
	}
	for _, f := range []string{"walls.txt", "klondike.txt", "layout.txt"} {
		m, _, err := generate.ReadFile(context.Background(), "../examples/"+f, maze.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s, err := generate.Settings{Layout: m}.Spec()
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, f)
		specs = append(specs, s)
	}
	return names, specs
}

func cmpOr(s, t string) string {
	if s == "" {
		return t
	}
	return s
}

// TestBookOnEveryBoard makes the 6-puzzle book of seed 1 on every board
// docs/variants.md lists, as rjm book --count 6 --seed 1 makes it, checks
// what docs/publishing.md promises — at least 8 moves a puzzle where the
// depth energy reaches 12, the median at least 40% of that reach and the
// hardest 60%, every seeded ID making its puzzle again — and prints the
// table of docs/publishing.md (RJM_LONG=1: minutes).
func TestBookOnEveryBoard(t *testing.T) {
	if os.Getenv("RJM_LONG") == "" {
		t.Skip("set RJM_LONG=1 to make a book on every board (minutes)")
	}
	ctx := context.Background()
	names, specs := listedBoards(t)
	fmt.Println("| board | moves | median | reach (depth) | reach (policy) | seconds |")
	fmt.Println("| --- | --- | --- | --- | --- | --- |")
	for k, spec := range specs {
		b, err := spec.Board()
		if err != nil {
			t.Fatal(err)
		}
		depth := 0
		for seed := uint64(1); seed <= 3; seed++ {
			s := difficulty.ReachSpec(b, seed)
			s.Energy = "depth"
			r, err := generate.Run(ctx, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			depth = max(depth, r.Features.GoalDepth)
		}
		reach, _ := difficulty.Reach(ctx, b)
		spec.Seed = 1
		start := time.Now()
		settings := book.Settings{Spec: spec, Count: 6}
		if names[k] == "layout.txt" {
			// 3×4 from a fixed start to a fixed goal: too few distinct
			// mazes for six (docs/publishing.md); two hard ones.
			settings.Count, settings.Bands = 2, []book.Band{book.Hard}
		}
		ps, err := book.Mazes(ctx, settings)
		took := time.Since(start)
		var short *book.ShortBoardError
		if errors.As(err, &short) {
			// A board whose reach is under a book's (6×6 hex,exit) is
			// refused with the size that works, as documented; the
			// refusal must agree with the reach measured here.
			if short.Reach != reach {
				t.Errorf("%s: refused at a reach of %d, measured %d", names[k], short.Reach, reach)
			}
			fmt.Printf("| %s | refused: %v | | %d | %d | %.0f |\n", names[k], err, depth, reach, took.Seconds())
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", names[k], err)
			fmt.Printf("| %s | %v | | %d | %d | %.0f |\n", names[k], err, depth, reach, took.Seconds())
			continue
		}
		var moves []int
		for _, p := range ps {
			moves = append(moves, p.Result.Features.GoalDepth)
			again, err := generate.ParseSpec(p.Result.SeededID(), generate.Spec{})
			if err != nil {
				t.Fatal(err)
			}
			r, err := generate.Run(ctx, again, nil)
			if err != nil || !r.Maze.Equal(p.Result.Maze) {
				t.Errorf("%s: puzzle %d's seeded ID %s does not make it again", names[k], p.Number, p.Result.SeededID())
			}
		}
		sorted := slices.Sorted(slices.Values(moves))
		median, hardest := sorted[len(sorted)/2], sorted[len(sorted)-1]
		if depth >= 12 && sorted[0] < 8 || 10*median < 4*depth || 10*hardest < 6*depth {
			t.Errorf("%s: moves %v against a reach of %d", names[k], moves, depth)
		}
		fmt.Printf("| %s | %v | %d | %d | %d | %.0f |\n", names[k], moves, median, depth, reach, took.Seconds())
	}
}
