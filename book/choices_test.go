package book

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/difficulty"
	"rjm/generate"
	"rjm/maze"
)

// ChoicesOf against a count by hand on the plain board's puzzles: a move
// is a U-turn when it runs back along the axis the move before came in
// on, and a real choice when it is not one and its cell's jump lands on
// more than one cell.
func TestChoicesAgainstBruteForce(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "keys", "plain.txt"))
	if err != nil {
		t.Fatal(err)
	}
	listed, err := ReadList(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	ps, _, err := FromList(context.Background(), Settings{}, listed)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		m, path := p.Result.Maze, p.Result.Features.SolutionCells
		want := Choices{Moves: len(path) - 1}
		run := 0
		for k := 0; k+1 < len(path); k++ {
			r, c := path[k]/m.Cols, path[k]%m.Cols
			r2, c2 := path[k+1]/m.Cols, path[k+1]%m.Cols
			uturn := false
			if k > 0 {
				r0, c0 := path[k-1]/m.Cols, path[k-1]%m.Cols
				uturn = (r0-r)*(r2-r) > 0 && c0 == c && c2 == c || (c0-c)*(c2-c) > 0 && r0 == r && r2 == r
			}
			if uturn {
				run++
				want.LongestBounce = max(want.LongestBounce, run)
			} else {
				run = 0
			}
			j, lands := m.Jumps[path[k]], 0
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				if rr, cc := r+d[0]*j, c+d[1]*j; rr >= 0 && cc >= 0 && rr < m.Rows && cc < m.Cols {
					lands++
				}
			}
			if !uturn && lands > 1 {
				want.Real++
			}
		}
		if got := ChoicesOf(m, p.Result.Features); got != want {
			t.Errorf("puzzle %d (%s): %+v, want %+v", p.Number, p.Result.Features.Solution, got, want)
		}
	}
}

func TestChoicesWorth(t *testing.T) {
	for _, tc := range []struct {
		c    Choices
		want bool
	}{
		{Choices{Moves: 30, Real: 10, LongestBounce: 6}, true},
		{Choices{Moves: 30, Real: 9, LongestBounce: 2}, false},  // under a third
		{Choices{Moves: 30, Real: 20, LongestBounce: 7}, false}, // a long bounce
		{Choices{}, false},
	} {
		if got := tc.c.Worth(); got != tc.want {
			t.Errorf("%+v: %v, want %v", tc.c, got, tc.want)
		}
	}
}

// A board given by its size that reaches fewer than MinBookReach moves is
// refused, with the smallest larger size that reaches enough and its
// reach, both measured: 6×6 hex with an exit ring reaches 4.
func TestShortBoardRefused(t *testing.T) {
	ctx := context.Background()
	v, err := maze.ParseVariant("hex,exit")
	if err != nil {
		t.Fatal(err)
	}
	spec, err := generate.Settings{Size: 6, Variant: v}.Spec()
	if err != nil {
		t.Fatal(err)
	}
	_, err = Mazes(ctx, Settings{Spec: spec, Count: 4})
	var se *ShortBoardError
	if !errors.As(err, &se) {
		t.Fatalf("6×6 hex,exit: %v, want a ShortBoardError", err)
	}
	b, _ := spec.Board()
	reach, _ := difficulty.Reach(ctx, b)
	if se.Reach != reach || reach >= MinBookReach || se.Size <= 6 {
		t.Fatalf("%+v against a reach of %d", se, reach)
	}
	for size := 7; size <= se.Size; size++ {
		s, _ := generate.Settings{Size: size, Variant: v}.Spec()
		bigger, _ := s.Board()
		r, err := difficulty.Reach(ctx, bigger)
		if err != nil {
			t.Fatal(err)
		}
		if size < se.Size && r >= MinBookReach || size == se.Size && r != se.SizeReach {
			t.Errorf("%d×%d reaches %d; the error says %+v", size, size, r, se)
		}
	}
	if !strings.Contains(err.Error(), "6x6 hex exit boards reach 4 moves") || !strings.Contains(err.Error(), "--size") {
		t.Errorf("the message: %q", err)
	}
}
