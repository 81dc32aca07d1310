package generate_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/generate"
)

var updateLarge = flag.Bool("update-large", false, "rewrite testdata/large.golden from today's generator")

// largeRecipes pin what the generator makes on large boards, both
// energies, rook and no-U-turn rules, and on small boards under the
// no-U-turn rule, so that the fast paths for large boards can be proven
// to change no maze.
var largeRecipes = []string{
	"10x10,method=hill,iterations=40000,energy=depth#1",
	"10x10,method=hill,iterations=100000,energy=design#2",
	"10x10,goal=random,method=uphill,iterations=20000,p=0.005,energy=design#3",
	"15x15,method=hill,iterations=20000,energy=depth#4",
	"15x15,method=hill,iterations=30000,energy=design#5",
	"20x20,method=hill,iterations=100000,energy=depth#6",
	"20x20,method=uphill,iterations=20000,p=0.01,energy=design#7",
	"9x9,variant=no-u-turn,method=hill,iterations=5000,energy=design#8",
	"12x12,variant=no-u-turn,method=hill,iterations=5000,energy=depth#9",
	"7x7,variant=no-u-turn,goal=random,method=uphill,iterations=25000,p=0.005,energy=design#10",
	// The boards of four, six and eight directions that the evaluator
	// over words of states takes, pinned with the evaluator over lists of
	// states: the two must make the same mazes.
	"8x8,variant=torus+no-u-turn,method=uphill,iterations=25000,p=0.005,energy=design#11",
	"7x7,variant=hex+no-u-turn,method=uphill,iterations=25000,p=0.005,energy=design#12",
	"6x6,variant=queen+no-u-turn,goal=random,method=hill,iterations=10000,energy=design#13",
	"5x5,variant=no-u-turn,method=uphill,iterations=25000,p=0.005,energy=design#14",
}

// TestLargeGolden regenerates every pinned recipe and compares the maze
// ID, energy and search statistics with the golden file.
func TestLargeGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("large boards take a few seconds")
	}
	var got strings.Builder
	for _, id := range largeRecipes {
		spec, err := generate.ParseSpec(id, generate.Spec{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := generate.Run(context.Background(), spec, nil)
		if err != nil {
			t.Fatal(id, err)
		}
		mid, _ := r.Maze.ID()
		fmt.Fprintf(&got, "%s %s energy=%v depth=%d %+v\n", id, mid, r.Energy, r.Features.GoalDepth, r.Stats)
	}
	file := filepath.Join("testdata", "large.golden")
	if *updateLarge {
		if err := os.WriteFile(file, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("large boards changed:\ngot\n%s\nwant\n%s", got.String(), want)
	}
}
