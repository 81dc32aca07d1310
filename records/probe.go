package records

import (
	"context"
	"math"
	"math/rand/v2"
	"sync/atomic"
)

// This file holds the probes that see a floor's heavy sub-trees before
// searching them: Knuth's estimate of a tree's size from random dives.
//
// A dive starts at a sub-tree's root and walks down one branch as the
// search would (the same cuts: the symmetry, the goal reached, the bound
// against the floor), choosing each cell's jump uniformly at random among
// its legal jumps. With b₁, b₂, … the numbers of choices met on the way,
// the sum 1 + b₁ + b₁b₂ + … over the nodes of the dive has for its
// expectation the number of branches the search visits in the sub-tree
// (Knuth, "Estimating the efficiency of backtrack programs", 1975): each
// node at the end of choices b₁…b_j is reached with probability
// 1/(b₁⋯b_j) and weighs b₁⋯b_j. The mean over P dives estimates it
// without bias, with the standard error of that mean; the dives of every
// sub-tree together cost far less than searching one heavy sub-tree. The
// dives cut against the floor: when the pass finds mazes deeper than its
// floor it cuts against those too, and visits fewer branches than the
// dives estimate (so at the maximum, or on an empty floor, the estimate is
// unbiased, and below it an over-estimate). Knuth's estimate is unbiased
// but its error is heavy-tailed on unbalanced trees: a few rare deep
// dives carry most of it, so a sub-tree's estimate from a few hundred
// dives can be several times too small or too large; the stratified
// sample of EstimateFloor measures the sub-trees themselves.

// SubtreeProbe is the probes' estimate of one sub-tree's branches at a
// floor: the mean over the dives and its standard error.
// With a budget, Exact says the sub-tree was searched to its end within
// it (Branches is then its branches, with no error); otherwise AtLeast is
// the budget it used up, a measured lower bound of its branches.
type SubtreeProbe struct {
	Index    int     `json:"index"`
	Branches float64 `json:"branches"`
	Error    float64 `json:"error"`
	Exact    bool    `json:"exact,omitempty"`
	AtLeast  int64   `json:"at_least,omitempty"`
}

// dive walks one random branch from r's current state with the bound
// against target, as run would, and returns Knuth's estimate of the
// branches run visits from there. It leaves r changed: replay the root
// before the next dive.
func (r *search) dive(rng *rand.Rand, target int) float64 {
	est, w := 0.0, 1.0
	for {
		est += w
		if r.pairs != nil && r.transposeGreater() {
			return est
		}
		if r.depth[r.goal] >= 0 && !r.good || r.head == len(r.queue) {
			return est
		}
		if r.prune && r.hopeless(target) {
			return est
		}
		u := r.queue[r.head]
		r.head++
		if u == r.goal {
			continue // run recurses once, without a choice
		}
		b := len(r.legal[u])
		if b == 0 {
			return est
		}
		r.place(u, rng.IntN(b))
		w *= float64(b)
	}
}

// ProbeSubtrees estimates the branches of every sub-tree of s's pass at
// s.Floor that s would search (its shard, s.Only, and not in s.Done) by
// probes random dives each, drawn from seed and the sub-tree's index (the
// same estimates on every machine, in any order). With a positive budget
// it first searches each sub-tree for up to budget branches (rounded up
// to a multiple of 1,024, how often the search looks), against the floor
// alone: one that ends within it is measured exactly, and only the
// others are dived into (their estimate is at least the budget). It
// returns them by index with the number of sub-trees of the floor.
func ProbeSubtrees(ctx context.Context, s Settings, probes int, budget int64, seed uint64) ([]SubtreeProbe, int, error) {
	g, si, gi, err := s.compile()
	if err != nil {
		return nil, 0, err
	}
	walker := newSearch(g, si, gi, s)
	walker.shared = new(atomic.Int64)
	from, split, total, err := walker.subtrees(s)
	if err != nil {
		return nil, 0, err
	}
	f := newFloorRun(ctx, s, walker, nil, total)
	r := walker.fork()
	target := s.Floor
	probes = max(probes, 1)
	var out []SubtreeProbe
	var used int64 // the budget search's branches, when it did not end
	k := -1
	for rt := range walker.roots(from, split) {
		k++
		if err := ctx.Err(); err != nil {
			return nil, total, err
		}
		if _, done := f.done[k]; done || !f.mine(k) {
			continue
		}
		if budget > 0 {
			b := walker.fork()
			b.shared = new(atomic.Int64)
			b.shared.Store(int64(target))
			b.stop = func() bool { return b.nodes >= budget || ctx.Err() != nil }
			rt.apply(b)
			b.run()
			if err := ctx.Err(); err != nil {
				return nil, total, err
			}
			if !b.stopped {
				out = append(out, SubtreeProbe{Index: k, Branches: float64(b.nodes), Exact: true})
				continue
			}
			used = b.nodes
		}
		rng := rand.New(rand.NewPCG(seed, uint64(k)))
		var sum, sq float64
		for range probes {
			rt.apply(r)
			x := r.dive(rng, target)
			sum, sq = sum+x, sq+x*x
		}
		n := float64(probes)
		mean := sum / n
		se := 0.0
		if probes > 1 {
			se = math.Sqrt(max(sq/n-mean*mean, 0) / (n - 1))
		}
		p := SubtreeProbe{Index: k, Branches: mean, Error: se}
		if budget > 0 {
			p.AtLeast, p.Branches = used, max(mean, float64(used))
		}
		out = append(out, p)
	}
	return out, total, ctx.Err()
}
