package difficulty

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"rjm/maze"
)

// tableBoards are the boards of the reach table: the plain boards of the
// daily curve, every variant and combination of docs/variants.md on 6×6,
// and the example layouts.
func tableBoards(t testing.TB) []maze.Board {
	t.Helper()
	var out []maze.Board
	for _, n := range []int{5, 6, 7} {
		out = append(out, maze.Board{Rows: n, Cols: n})
	}
	for _, v := range []string{"queen", "torus", "loops", "exit", "no-u-turn", "hex", "triangle",
		"queen,torus", "queen,exit", "queen,loops", "queen,no-u-turn", "torus,no-u-turn", "loops,no-u-turn",
		"exit,no-u-turn", "hex,exit", "triangle,exit", "hex,no-u-turn", "triangle,no-u-turn",
		"queen,torus,no-u-turn", "queen,exit,no-u-turn"} {
		variant, err := maze.ParseVariant(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, maze.Board{Rows: 6, Cols: 6, Variant: variant})
	}
	for _, f := range []string{"klondike.txt", "walls.txt", "layout.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "examples", f))
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := maze.Read(data, maze.ParseOptions{})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, m.Board)
	}
	return out
}

// TestReachTable measures every board of the reach table again and
// prints the table's lines (RJM_LONG=1: minutes).
func TestReachTable(t *testing.T) {
	if os.Getenv("RJM_LONG") == "" {
		t.Skip("set RJM_LONG=1 to measure every board's reach (minutes)")
	}
	for _, b := range tableBoards(t) {
		r, err := MeasureReach(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		k := reachKey(b)
		fmt.Printf("\t{%d, %d, %q, 0x%016x}: %d, // %s\n", k.rows, k.cols, k.variant, k.layout, r, BoardName(b))
		if got, ok := reachTable[k]; !ok || got != r {
			t.Errorf("%s: the table says %d (kept %v), measured %d", BoardName(b), got, ok, r)
		}
	}
}
