package records

import (
	"cmp"
	"context"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// Estimate is what a sample of a floor's sub-trees says about the whole
// floor (see EstimateFloor): the sample's branches and CPU time, scaled to
// every sub-tree left to search, each with its standard error; and, with
// probes, the probes' own estimate (see ProbeSubtrees).
type Estimate struct {
	Floor      int     `json:"floor"`
	Sampled    int     `json:"sampled"`  // sub-trees searched
	Subtrees   int     `json:"subtrees"` // sub-trees of the floor
	Left       int     `json:"subtrees_left"`
	Nodes      int64   `json:"nodes"` // branches the sample took
	CPUSeconds float64 `json:"cpu_seconds"`
	// Branches and CPUHours estimate the sub-trees left (every sub-tree
	// of the floor that Settings.Done does not hold), with the standard
	// error of the estimate.
	Branches      float64 `json:"branches"`
	BranchesError float64 `json:"branches_error"`
	CPUHours      float64 `json:"cpu_hours"`
	CPUHoursError float64 `json:"cpu_hours_error"`
	// Probes is the dives per sub-tree (zero: none, and the sample is
	// drawn at random from all the sub-trees left); ProbeBranches its
	// estimate of the branches left, with ProbeError; Strata the
	// sample's strata by the probes' estimate.
	Probes        int     `json:"probes,omitempty"`
	ProbeBranches float64 `json:"probe_branches,omitempty"`
	ProbeError    float64 `json:"probe_branches_error,omitempty"`
	Strata        int     `json:"strata,omitempty"`
	// With a budget (Sampling.Budget): Exact sub-trees ended within it,
	// with ExactBranches in all; the others used it up, and AtLeast is
	// the measured lower bound of the branches left (ExactBranches and
	// the budgets used up).
	Budget        int64   `json:"budget,omitempty"`
	Exact         int     `json:"exact,omitempty"`
	ExactBranches float64 `json:"exact_branches,omitempty"`
	AtLeast       float64 `json:"at_least,omitempty"`
	// Over lists the sub-trees that used up the budget, by index.
	Over []SubtreeProbe `json:"over_budget,omitempty"`
	// Heaviest lists the sub-trees the probes found heaviest, heaviest
	// first (up to ten).
	Heaviest []SubtreeProbe `json:"heaviest,omitempty"`
	Found    int            `json:"max_depth_found"`
	Example  string         `json:"example,omitempty"`
	// Result is the sample's search (its mazes of depth Found: Count).
	Result *Result `json:"-"`
}

// EstimateFloor estimates the work left in the floor s.Floor: the
// sub-trees s would search (its shard, and not in s.Done). With a budget,
// each is first searched for up to m.Budget branches (see ProbeSubtrees):
// those that end are measured, and the rest bound the work left from
// below. Without probes it searches k = m.Sample of them drawn at random with seed (all of them when k is
// at least their number) and scales the mean. With probes it first
// estimates every sub-tree by probes dives (ProbeSubtrees), then splits
// the sub-trees into strata by the order of magnitude of that estimate,
// and draws the k sub-trees among them in proportion to their estimated
// work (at least two of each, every one of a stratum smaller than that): the stratified
// estimate sees the heavy sub-trees the probes found, where a plain
// random sample misses them and understates its own error. cpu is the
// clock of CPU time (ProcessCPU for this process), measured around the
// sample's search; the estimate reports it and never decides by it.
// s.Only is replaced by the sample; s.Progress sees the sample's search.
func EstimateFloor(ctx context.Context, s Settings, m Sampling, cpu func() time.Duration) (Estimate, error) {
	k, probes, seed := m.Sample, m.Probes, m.Seed
	s.Only = nil
	probe := s
	probe.Progress, probe.Finished = nil, nil
	probed, total, err := ProbeSubtrees(ctx, probe, max(probes, 1), m.Budget, seed)
	if err != nil {
		return Estimate{}, err
	}
	v := Estimate{Floor: s.Floor, Subtrees: total, Left: len(probed), Probes: probes, Budget: m.Budget, Found: -1}
	if m.Budget > 0 {
		for _, p := range probed {
			if p.Exact {
				v.Exact++
				v.ExactBranches += p.Branches
			} else {
				v.Over = append(v.Over, p)
			}
			v.AtLeast += p.Branches*float64(b2i(p.Exact)) + float64(p.AtLeast)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 33))
	var strata [][]SubtreeProbe
	rest := probed // the sub-trees not measured within the budget
	if m.Budget > 0 {
		rest = slices.DeleteFunc(slices.Clone(probed), func(p SubtreeProbe) bool { return p.Exact })
	}
	if probes > 0 {
		for _, p := range probed {
			v.ProbeBranches += p.Branches
			v.ProbeError += p.Error * p.Error
		}
		v.ProbeError = math.Sqrt(v.ProbeError)
		strata = stratify(rest)
		v.Strata = len(strata)
		heavy := slices.Clone(probed)
		slices.SortStableFunc(heavy, func(a, b SubtreeProbe) int { return cmp.Compare(b.Branches, a.Branches) })
		v.Heaviest = heavy[:min(10, len(heavy))]
	} else if len(rest) > 0 {
		strata = [][]SubtreeProbe{rest}
	}
	if k <= 0 { // the probes alone
		v.Branches, v.BranchesError = v.ProbeBranches, v.ProbeError
		return v, nil
	}
	// n[h]: the sample drawn from stratum h.
	n := allocate(strata, k)
	if probes <= 0 && len(n) == 1 {
		n[0] = min(len(strata[0]), max(k, 1)) // a plain random sample of k
	}
	var chosen [][]int
	for h, st := range strata {
		var idx []int
		for _, i := range rng.Perm(len(st))[:n[h]] {
			idx = append(idx, st[i].Index)
		}
		chosen = append(chosen, idx)
		s.Only = append(s.Only, idx...)
	}
	slices.Sort(s.Only)
	if s.Only == nil {
		s.Only = []int{}
	}
	s.Done = nil // the sample is searched even where an earlier run finished it
	began := cpu()
	r, err := Search(ctx, s)
	if err != nil {
		return Estimate{}, err
	}
	used := cpu() - began
	nodes := map[int]float64{}
	var sum float64
	for _, st := range r.Subtrees {
		nodes[st.Index] = float64(st.Nodes)
		sum += float64(st.Nodes)
	}
	// The stratified estimate: Σ N_h·ȳ_h, variance Σ N_h²(1 − n_h/N_h)s_h²/n_h.
	est, variance := v.ExactBranches, 0.0
	for h, idx := range chosen {
		if len(idx) == 0 {
			continue
		}
		var m, q float64
		for _, i := range idx {
			m, q = m+nodes[i], q+nodes[i]*nodes[i]
		}
		nh, N := float64(len(idx)), float64(len(strata[h]))
		if nh == N { // the whole stratum searched: its branches, exactly
			est += m
		} else {
			est += N * m / nh
		}
		m /= nh
		if nh > 1 {
			s2 := max(q/nh-m*m, 0) * nh / (nh - 1)
			variance += N * N * (1 - nh/N) * s2 / nh
		}
	}
	v.Sampled, v.Nodes, v.CPUSeconds = len(r.Subtrees), int64(sum), used.Seconds()
	v.Branches, v.BranchesError, v.Found, v.Result = est, math.Sqrt(variance), r.MaxDepth, r
	// The CPU time scales by the ratio of the estimated branches to the
	// sample's: exactly the measured time when every sub-tree is sampled.
	hours := used.Seconds() / 3600
	ratio := func(b float64) float64 { return b / max(sum, 1) }
	v.CPUHours, v.CPUHoursError = hours*ratio(v.Branches), hours*ratio(v.BranchesError)
	if r.MaxDepth >= 0 && r.Example != nil {
		v.Example, _ = r.Example.ID()
	}
	return v, nil
}

// stratify splits the probed sub-trees into strata by the order of
// magnitude of their estimate (1, 2–10, 11–100, …; a sub-tree cut at its
// root is estimated exactly 1), lightest first. Every stratum is
// non-empty.
func stratify(probed []SubtreeProbe) [][]SubtreeProbe {
	byMag := map[int][]SubtreeProbe{}
	for _, p := range probed {
		m := 0
		if p.Branches > 1 {
			m = 1 + int(math.Floor(math.Log10(p.Branches-0.5)))
		}
		byMag[m] = append(byMag[m], p)
	}
	var strata [][]SubtreeProbe
	for _, m := range slices.Sorted(maps.Keys(byMag)) {
		strata = append(strata, byMag[m])
	}
	return strata
}

// allocate shares k draws among the strata in proportion to their
// estimated work, at least two in each, never more than a stratum holds.
func allocate(strata [][]SubtreeProbe, k int) []int {
	var all float64
	work := make([]float64, len(strata))
	for h, st := range strata {
		for _, p := range st {
			work[h] += p.Branches
		}
		all += work[h]
	}
	n := make([]int, len(strata))
	for h, st := range strata {
		n[h] = min(len(st), max(2, int(math.Round(float64(k)*work[h]/max(all, 1)))))
	}
	return n
}

// Sampling says how EstimateFloor samples a floor: Sample sub-trees
// searched (none: the probes alone), Probes random dives per sub-tree
// (none: a plain random sample), Budget the branches each sub-tree is
// first searched for (none: no such search), and the Seed of the draws.
type Sampling struct {
	Sample, Probes int
	Budget         int64
	Seed           uint64
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
