package records

import (
	"context"
	"testing"
	"time"

	"rjm/maze"
)

// A sample of every sub-tree estimates the floor exactly: its branches
// are the sample's, and the CPU time the clock measured is the whole
// floor's. A sample of one sub-tree searches one.
func TestEstimateFloor(t *testing.T) {
	s := Settings{Board: maze.Board{Rows: 4, Cols: 4}, Floor: 5}
	var now time.Duration
	clock := func() time.Duration { now += time.Second; return now } // 1 s between two readings
	all, err := EstimateFloor(context.Background(), s, 1<<20, 7, clock)
	if err != nil {
		t.Fatal(err)
	}
	if all.Subtrees < 2 || all.Sampled != all.Subtrees || all.Nodes <= 0 {
		t.Fatalf("every sub-tree: sampled %d of %d, %d branches", all.Sampled, all.Subtrees, all.Nodes)
	}
	if all.Branches != float64(all.Nodes) || all.CPUSeconds != 1 || all.CPUHours != 1.0/3600 {
		t.Errorf("every sub-tree: %g branches (want %d), %g CPU-s (want 1), %g CPU-h (want 1/3600)", all.Branches, all.Nodes, all.CPUSeconds, all.CPUHours)
	}
	exact, err := Search(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if all.Found != exact.MaxDepth {
		t.Errorf("every sub-tree found depth %d, the floor's search %d", all.Found, exact.MaxDepth)
	}
	one, err := EstimateFloor(context.Background(), s, 1, 7, clock)
	if err != nil {
		t.Fatal(err)
	}
	if one.Sampled != 1 || one.Subtrees != all.Subtrees || one.BranchesError != 0 {
		t.Errorf("one sub-tree: sampled %d of %d, error %g", one.Sampled, one.Subtrees, one.BranchesError)
	}
	if ProcessCPU() < 0 {
		t.Error("ProcessCPU is negative")
	}
}
