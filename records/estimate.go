package records

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// Estimate is what a sample of a floor's sub-trees says about the whole
// floor (see EstimateFloor): the sample's branches and CPU time, scaled to
// every sub-tree, each with the standard error of the mean over the
// sample.
type Estimate struct {
	Floor      int     `json:"floor"`
	Sampled    int     `json:"sampled"`  // sub-trees searched
	Subtrees   int     `json:"subtrees"` // sub-trees of the floor
	Nodes      int64   `json:"nodes"`    // branches the sample took
	CPUSeconds float64 `json:"cpu_seconds"`
	// Branches and CPUHours estimate the whole floor, with the standard
	// error of the mean over the sample.
	Branches      float64 `json:"branches"`
	BranchesError float64 `json:"branches_error"`
	CPUHours      float64 `json:"cpu_hours"`
	CPUHoursError float64 `json:"cpu_hours_error"`
	Found         int     `json:"max_depth_found"`
	Example       string  `json:"example,omitempty"`
	// Result is the sample's search (its mazes of depth Found: Count).
	Result *Result `json:"-"`
}

// EstimateFloor searches k of the sub-trees of the floor s.Floor, drawn at
// random with seed (all of them when k is at least their number), and
// scales their branches and the CPU time cpu measured around the search
// to the whole floor. cpu is the clock of CPU time (ProcessCPU for this
// process); the estimate reports it and never decides by it. s.Only is
// replaced by the sample; s.Progress sees the sample's search.
func EstimateFloor(ctx context.Context, s Settings, k int, seed uint64, cpu func() time.Duration) (Estimate, error) {
	count := s
	count.Only, count.Progress = []int{}, nil
	r0, err := Search(ctx, count)
	if err != nil {
		return Estimate{}, err
	}
	total := r0.Total
	rng := rand.New(rand.NewPCG(seed, 33))
	k = min(max(k, 1), total)
	s.Only = rng.Perm(total)[:k]
	slices.Sort(s.Only)
	began := cpu()
	r, err := Search(ctx, s)
	if err != nil {
		return Estimate{}, err
	}
	used := cpu() - began
	var sum, sq float64
	for _, st := range r.Subtrees {
		x := float64(st.Nodes)
		sum, sq = sum+x, sq+x*x
	}
	n := float64(len(r.Subtrees))
	mean := sum / max(n, 1)
	se := 0.0
	if n > 1 {
		se = math.Sqrt(max(sq/n-mean*mean, 0) * n / (n - 1) / n)
	}
	// The CPU time scales by the ratio of the floor's branches to the
	// sample's: exactly the measured time when every sub-tree is sampled.
	hours := used.Seconds() / 3600
	ratio := func(b float64) float64 { return b / max(sum, 1) }
	v := Estimate{Floor: s.Floor, Sampled: len(r.Subtrees), Subtrees: total, Nodes: int64(sum), CPUSeconds: used.Seconds(),
		Branches: sum * float64(total) / max(n, 1), BranchesError: se * float64(total), Found: r.MaxDepth, Result: r}
	v.CPUHours, v.CPUHoursError = hours*ratio(v.Branches), hours*ratio(v.BranchesError)
	if r.MaxDepth >= 0 && r.Example != nil {
		v.Example, _ = r.Example.ID()
	}
	return v, nil
}
