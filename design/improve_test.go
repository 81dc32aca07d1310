package design

import (
	"context"
	"os"
	"testing"
	"time"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/rng"
)

// designed16 is a 16-move 7×7 design with a unique solution and no black
// hole: what a short search (Improve with a reward of 1 a move, 500
// steps, seed 18) makes of the random maze of seed 18.
func designed16(t *testing.T) *maze.Maze {
	t.Helper()
	b := maze.Board{Rows: 7, Cols: 7}
	m, err := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rng.NewRand(18))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Improve{Seed: 18, Steps: 500, Reward: 1}.Run(context.Background(), m, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := analysis.Analyze(graph.MustCompile(b), res.Best)
	if !f.Unique || f.GoalDepth != 16 || f.BlackHoles != 0 {
		t.Fatalf("the starting design: %s, want 16 moves, unique, no black hole", f.Summary())
	}
	return res.Best
}

// TestImproveKeepsLocks takes the 16-move design with ten cells locked
// (the start and the first nine cells of its solution: the opening a
// designer made by hand) to a unique solution of at least 20 moves,
// every locked cell, the start and the goal untouched. It logs the time;
// RJM_DESIGN_TIMING holds it to the 10 s.
func TestImproveKeepsLocks(t *testing.T) {
	m := designed16(t)
	g := graph.MustCompile(m.Board)
	f := analysis.Analyze(g, m)
	locked := f.SolutionCells[:10]
	begin := time.Now()
	steps := 0
	res, err := Improve{Locked: locked, Seed: 1}.Run(context.Background(), m, func(k int, best float64) bool { steps = k; return true })
	took := time.Since(begin)
	if err != nil {
		t.Fatal(err)
	}
	after := analysis.Analyze(g, res.Best)
	t.Logf("16 moves with 10 cells locked → %s, in %d steps, %v", after.Summary(), res.Steps, took)
	if !after.Unique || after.GoalDepth < 20 {
		t.Errorf("improved to %d moves (unique %v), want a unique solution of at least 20", after.GoalDepth, after.Unique)
	}
	for _, i := range locked {
		if res.Best.Jumps[i] != m.Jumps[i] {
			t.Errorf("locked cell %v: jump %d → %d", m.Cell(i), m.Jumps[i], res.Best.Jumps[i])
		}
	}
	if res.Best.Start != m.Start || res.Best.Goal != m.Goal || res.Best.Validate() != nil {
		t.Errorf("start %d → %d, goal %d → %d, or not a legal maze", m.Start, res.Best.Start, m.Goal, res.Best.Goal)
	}
	if steps == 0 {
		t.Error("no progress was reported")
	}
	if os.Getenv("RJM_DESIGN_TIMING") != "" && took > 10*time.Second {
		t.Errorf("took %v, want at most 10 s", took)
	}
}

// TestImproveStops checks that progress returning false stops the search
// with the best maze so far, and that a search with every cell locked
// changes nothing.
func TestImproveStops(t *testing.T) {
	m := designed16(t)
	res, err := Improve{Seed: 2}.Run(context.Background(), m, func(k int, best float64) bool { return k < 3000 })
	if err != nil {
		t.Fatal(err)
	}
	if res.Steps != 3000 {
		t.Errorf("stopped after %d steps, want 3000", res.Steps)
	}
	var all []int
	for i := range m.Jumps {
		all = append(all, i)
	}
	res, _ = Improve{Locked: all, Seed: 3, Steps: 5000}.Run(context.Background(), m, nil)
	if a, _ := res.Best.ID(); a != must(m.ID()) {
		t.Errorf("every cell locked: %s, want %s", a, must(m.ID()))
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
