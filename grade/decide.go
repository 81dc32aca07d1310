package grade

import (
	"math"
	"slices"
)

// The sequential decisions. A statistical check does not rest on a fixed
// number of runs: the program is run in batches of Settings.Step runs
// (10), and after each batch, a look, every statistical check either
// decides (pass or fail) or asks for more, up to Settings.Runs (80).
// With K looks, each look tests at a K-th of the check's error rate, so
// that by the union bound the rate over all looks stays within it, however
// the looks depend on each other:
//
//   - search: the program's objectives x (recomputed by rjm; lower is
//     better) against rjm's reference objectives y at the same budget.
//     Fail when the one-sided Mann–Whitney test finds x worse than y at
//     p < α/K and the Hodges–Lehmann estimate of the shortfall (the median
//     of every x − y) is at least searchMargin, one move: a correct
//     program fails with probability at most α, and a program only
//     slightly worse never fails. Pass when the test finds x − margin
//     better than y at p < β/K: a program whose results are a whole margin
//     worse passes with probability at most β (falsePass, 0.05). Neither
//     by the last look: inconclusive, with the figures.
//   - jumps (search exercises): a cell none of whose final mazes gives it
//     a set Z of its legal jumps, while rjm's final mazes give jumps of Z
//     a share q of the time (q at its lower 3-σ bound), would be that
//     rare, (1 − q)ⁿ, for a correct program; with every subset of every
//     cell's jumps counted (jumpHypotheses), the check fails at
//     (1 − q)ⁿ < α/(K·H).
//   - uniform (random mazes): Pearson's χ² at p < α/K fails; p ≥ 0.01
//     decides a pass; at the last look, no rejection is a pass.
//
// A search exercise has two statistical checks, three with rule (the
// cases of its search's rule: probes.go), and splits α between them
// (checker.alpha), so that a correct program's grading fails with
// probability at most α (Settings.Significance, 0.00001) in all.

// decision is a sequential check's outcome at one look.
type decision int

const (
	undecided decision = iota
	decidedPass
	decidedFail
)

// searchMargin is the shortfall, in moves, that fails a search: the
// Hodges–Lehmann estimate of how much worse the program's objectives are
// than rjm's. Restarts that keep the last descent instead of the best
// fall about 1.5 moves short at the default budget, annealing that never
// cools about 3, a descent that is no search at all more than 5.
const searchMargin = 1.0

// falsePass is the rate at which a search whose results are a whole
// margin worse than rjm's passes.
const falsePass = 0.05

// referenceRuns is the number of rjm's own runs a search is compared
// with: rjm's runs are cheap, and more of them make the decisions
// sharper.
const referenceRuns = 1000

// looks returns the number of looks of a grading of at most runs runs in
// batches of step.
func looks(runs, step int) int {
	return (runs + step - 1) / step
}

// searchTest is the figures of one look of the search decision.
type searchTest struct {
	u, pWorse, pPass, shift float64
	d                       decision
}

// decideSearch decides, at one of k looks, whether objectives x are worse
// than the reference y by the margin, with error rates alpha (a correct
// program failing) and beta (a program a margin worse passing).
func decideSearch(x, y []float64, k int, alpha, beta, margin float64) searchTest {
	var t searchTest
	t.u, t.pWorse = mannWhitney(x, y)
	t.shift = hodgesLehmann(x, y)
	_, t.pPass = mannWhitney(y, shifted(x, -margin))
	switch {
	case t.pWorse < alpha/float64(k) && t.shift >= margin:
		t.d = decidedFail
	case t.pPass < beta/float64(k):
		t.d = decidedPass
	}
	return t
}

// shifted returns x with d added to each value.
func shifted(x []float64, d float64) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = v + d
	}
	return out
}

// hodgesLehmann returns the Hodges–Lehmann estimate of the shift of x
// from y: the median of every difference x[i] − y[j].
func hodgesLehmann(x, y []float64) float64 {
	d := make([]float64, 0, len(x)*len(y))
	for _, a := range x {
		for _, b := range y {
			d = append(d, a-b)
		}
	}
	return median(d)
}

// jumpHypotheses returns how many hypotheses the jumps check tests: every
// non-empty subset of every cell's legal jumps.
func jumpHypotheses(legal []int) int {
	h := 0
	for _, k := range legal {
		h += 1<<k - 1
	}
	return h
}

// gapChance returns the chance that n mazes of a program whose cell takes
// jumps of a set with a share of count in m reference mazes never give it
// any: (1 − q)ⁿ, q the share's lower 3-σ (Wilson) bound.
func gapChance(count, m, n int) float64 {
	q := wilsonLower(count, m, 3)
	return math.Pow(1-q, float64(n))
}

// wilsonLower returns the lower Wilson score bound, at z standard
// deviations, of a proportion of k in n.
func wilsonLower(k, n int, z float64) float64 {
	if n == 0 {
		return 0
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	center := p + z*z/(2*nf)
	spread := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return max(0, (center-spread)/(1+z*z/nf))
}

// distinct returns the indexes of the first of every group of equal
// mazes, in order.
func distinct(mazes [][]int) []int {
	var out []int
	for i, m := range mazes {
		seen := false
		for _, k := range out {
			if slices.Equal(mazes[k], m) {
				seen = true
				break
			}
		}
		if !seen {
			out = append(out, i)
		}
	}
	return out
}
