package records

import (
	"context"
	"math"
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
	all, err := EstimateFloor(context.Background(), s, 1<<20, 0, 7, clock)
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
	one, err := EstimateFloor(context.Background(), s, 1, 0, 7, clock)
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

// Knuth's estimate is unbiased: on every sub-tree of small boards' floors
// (all mazes and good ones, with the symmetry and without), the mean of
// many dives lies within four standard errors of the branches the search
// visits; a sub-tree cut at its root is estimated exactly, one branch.
func TestProbeSubtrees(t *testing.T) {
	for _, s := range []Settings{
		{Board: maze.Board{Rows: 4, Cols: 4}, Floor: 12},
		{Board: maze.Board{Rows: 4, Cols: 4}, Floor: 12, NoSymmetry: true},
		{Board: maze.Board{Rows: 3, Cols: 5}, Floor: 13},
		{Board: maze.Board{Rows: 4, Cols: 4}, Floor: 11, Good: true},
	} {
		exact, err := Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		probes, total, err := ProbeSubtrees(context.Background(), s, 4000, 1)
		if err != nil {
			t.Fatal(err)
		}
		if total != exact.Total || len(probes) != total {
			t.Fatalf("%+v: %d probed of %d, the search's %d", s, len(probes), total, exact.Total)
		}
		var sum, variance, actual float64
		for i, p := range probes {
			y := float64(exact.Subtrees[i].Nodes)
			if exact.Subtrees[i].Index != p.Index {
				t.Fatalf("sub-tree %d probed as %d", exact.Subtrees[i].Index, p.Index)
			}
			if y == 1 && (p.Branches != 1 || p.Error != 0) {
				t.Errorf("%+v: sub-tree %d of one branch estimated %g ± %g", s, p.Index, p.Branches, p.Error)
			}
			sum, variance, actual = sum+p.Branches, variance+p.Error*p.Error, actual+y
		}
		if se := math.Sqrt(variance); math.Abs(sum-actual) > 4*se+1e-9 {
			t.Errorf("%v floor %d good %v: probes estimate %g ± %g branches, the search visited %g", s.Board, s.Floor, s.Good, sum, se, actual)
		}
	}
}

// With probes, the sample is drawn in strata by the probes' estimate:
// every sub-tree sampled gives the exact branches with no error, the
// heaviest sub-trees come first, and the stratified estimate is unbiased:
// its mean over 100 seeds lies within four standard errors of that mean
// of the floor's branches.
func TestEstimateFloorStrata(t *testing.T) {
	s := Settings{Board: maze.Board{Rows: 4, Cols: 5}, Floor: 17}
	clock := func() time.Duration { return 0 }
	all, err := EstimateFloor(context.Background(), s, 1<<20, 64, 3, clock)
	if err != nil {
		t.Fatal(err)
	}
	if all.Sampled != all.Subtrees || all.Branches != float64(all.Nodes) || all.BranchesError != 0 || all.Strata < 2 {
		t.Errorf("every sub-tree: %+v", all)
	}
	for i := 1; i < len(all.Heaviest); i++ {
		if all.Heaviest[i].Branches > all.Heaviest[i-1].Branches {
			t.Errorf("heaviest not in order: %+v", all.Heaviest)
		}
	}
	const seeds = 100
	var sum, sq float64
	for seed := range uint64(seeds) {
		some, err := EstimateFloor(context.Background(), s, 16, 64, seed, clock)
		if err != nil {
			t.Fatal(err)
		}
		if some.Sampled >= some.Subtrees || some.Strata < 2 || some.ProbeBranches <= 0 {
			t.Fatalf("16 of %d sub-trees in strata: %+v", some.Subtrees, some)
		}
		sum, sq = sum+some.Branches, sq+some.Branches*some.Branches
	}
	mean := sum / seeds
	se := math.Sqrt(max(sq/seeds-mean*mean, 0) / (seeds - 1))
	if math.Abs(mean-all.Branches) > 4*se+1e-9 {
		t.Errorf("stratified estimates' mean %g ± %g over %d seeds, the floor's branches %g", mean, se, seeds, all.Branches)
	}
}
