package records

import (
	"bytes"
	"context"
	"math"
	"os"
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
	all, err := EstimateFloor(context.Background(), s, Sampling{Sample: 1 << 20, Seed: 7}, clock)
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
	one, err := EstimateFloor(context.Background(), s, Sampling{Sample: 1, Seed: 7}, clock)
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
		probes, total, err := ProbeSubtrees(context.Background(), s, 4000, 0, 1)
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
	all, err := EstimateFloor(context.Background(), s, Sampling{Sample: 1 << 20, Probes: 64, Seed: 3}, clock)
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
		some, err := EstimateFloor(context.Background(), s, Sampling{Sample: 16, Probes: 64, Seed: seed}, clock)
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

// A budget measures (6×6's floor 32, where a few sub-trees take most of
// the work): a sub-tree that ends within it is given its exact
// branches, and one that does not is given a lower bound its branches
// reach; the estimate's AtLeast is then at most the floor's branches.
func TestProbeBudget(t *testing.T) {
	s := Settings{Board: maze.Board{Rows: 6, Cols: 6}, Floor: 32}
	exact, err := Search(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int64{1, 5000, 1 << 16, 1 << 30} {
		probes, _, err := ProbeSubtrees(context.Background(), s, 8, budget, 1)
		if err != nil {
			t.Fatal(err)
		}
		heavy := 0
		for i, p := range probes {
			y := exact.Subtrees[i].Nodes
			switch {
			case p.Exact && p.Branches != float64(y):
				t.Errorf("budget %d, sub-tree %d: measured %g branches, the search %d", budget, p.Index, p.Branches, y)
			case !p.Exact && (p.AtLeast < budget || p.AtLeast > y || p.Branches < float64(p.AtLeast)):
				t.Errorf("budget %d, sub-tree %d: at least %d (estimate %g), the search %d", budget, p.Index, p.AtLeast, p.Branches, y)
			case !p.Exact:
				heavy++
			}
		}
		if budget == 1<<30 && heavy != 0 || budget == 1<<16 && heavy == 0 {
			t.Errorf("budget %d: %d sub-trees over it", budget, heavy)
		}
	}
	v, err := EstimateFloor(context.Background(), s, Sampling{Budget: 1 << 16, Probes: 8, Seed: 1}, func() time.Duration { return 0 })
	if err != nil {
		t.Fatal(err)
	}
	var all float64
	for _, st := range exact.Subtrees {
		all += float64(st.Nodes)
	}
	if v.Sampled != 0 || v.Exact == 0 || v.Exact == v.Left || v.AtLeast > all || v.AtLeast < v.ExactBranches {
		t.Errorf("budget 2^16: %+v, the floor's branches %g", v, all)
	}
}

// An estimate with a checkpoint estimates the sub-trees it lacks, and
// leaves the file as it was (a search may be appending to it).
func TestEstimateFromCheckpoint(t *testing.T) {
	s := Settings{Board: maze.Board{Rows: 4, Cols: 5}, Floor: 17}
	name := t.TempDir() + "/c.ckpt"
	ckpt, _, err := OpenCheckpoint(name, s)
	if err != nil {
		t.Fatal(err)
	}
	half := s
	half.Shards, half.Shard, half.Finished = 2, 0, ckpt.Save
	if _, err := Search(context.Background(), half); err != nil {
		t.Fatal(err)
	}
	ckpt.Close()
	before, _ := os.ReadFile(name)
	done, err := ReadCheckpoint(name, s)
	if err != nil || len(done) == 0 {
		t.Fatalf("%d sub-trees, %v", len(done), err)
	}
	s.Done = done
	v, err := EstimateFloor(context.Background(), s, Sampling{Budget: 1 << 30}, func() time.Duration { return 0 })
	if err != nil {
		t.Fatal(err)
	}
	if v.Left != v.Subtrees-len(done) || v.Exact != v.Left {
		t.Errorf("%d of %d sub-trees done: %d left, %d measured", len(done), v.Subtrees, v.Left, v.Exact)
	}
	if after, _ := os.ReadFile(name); !bytes.Equal(before, after) {
		t.Error("the estimate changed the checkpoint")
	}
}
