package grade

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

// Objectives of rjm's own searches at the default budget (3,000
// iterations), 60 runs each, and of two broken ones, as counts of each
// objective: `printf '3000\n' | rjm exercise hill-descent --seed S` for
// S = 1..60, and so on (docs/grader-design.md).
var (
	hillDescent   = counts{-19: 7, -18: 14, -17: 14, -16: 19, -15: 5, -14: 1}
	restarts      = counts{-20: 2, -19: 7, -18: 26, -17: 19, -16: 6}
	restartsLast  = counts{-19: 2, -18: 11, -17: 14, -16: 19, -15: 8, -14: 5, -13: 1} // one descent of 1,000
	annealing     = counts{-21: 1, -20: 8, -19: 9, -18: 23, -17: 9, -16: 8, -15: 2}
	annealNoDecay = counts{-19: 1, -18: 3, -17: 9, -16: 12, -15: 17, -14: 9, -13: 8, -12: 1}
)

// counts is a distribution of objectives: how often each was seen.
type counts map[float64]int

// draw returns n objectives drawn from the distribution.
func (c counts) draw(r *rand.Rand, n int) []float64 {
	var all []float64
	for v := -30.0; v <= 0; v++ {
		for range c[v] {
			all = append(all, v)
		}
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = all[r.IntN(len(all))]
	}
	return out
}

// sequentialSearch runs the search decision as a grading does: the
// reference's runs drawn once, the program's in batches of step up to
// budget, a decision at every look.
func sequentialSearch(r *rand.Rand, prog, ref counts, step, budget int, alpha, beta float64) (decision, int) {
	y := ref.draw(r, referenceRuns)
	k := looks(budget, step)
	var x []float64
	for len(x) < budget {
		x = append(x, prog.draw(r, min(step, budget-len(x)))...)
		if t := decideSearch(x, y, k, alpha, beta, searchMargin); t.d != undecided {
			return t.d, len(x)
		}
	}
	return undecided, len(x)
}

// The sequential search decision keeps its error rates, on simulated
// gradings of correct programs (the same distribution as the reference)
// and of broken ones, 500 gradings each (3,000 with RJM_LONG=1). With
// α = 0.01 the false-fail rate is measurable and must stay within α; the
// others use the default, α = DefaultSignificance, and the long test
// below measures the false-fail rate there over a million gradings.
func TestSequentialSearchErrorRates(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	r := rand.New(rand.NewPCG(29, 1))
	n := 500
	if os.Getenv("RJM_LONG") == "1" {
		n = 3000
	}
	for _, tc := range []struct {
		name      string
		prog, ref counts
		alpha     float64
		maxFail   float64 // the most fails allowed, as a share
		minFail   float64 // the fewest
		maxUndec  float64 // the most inconclusive gradings
	}{
		{"correct hill descent, α = 0.01", hillDescent, hillDescent, 0.01, 0.01, 0, 0.02},
		{"correct restarts, α = 0.01", restarts, restarts, 0.01, 0.01, 0, 0.02},
		// At the default α one failure in 500 may happen (with
		// probability at most 0.005); two or more hardly ever.
		{"correct annealing, the default α", annealing, annealing, DefaultSignificance, 0.0021, 0, 0.02},
		{"restarts keeping the last descent", restartsLast, restarts, DefaultSignificance, 1, 0.97, 0.02},
		{"annealing that never cools", annealNoDecay, annealing, DefaultSignificance, 1, 0.99, 0.01},
		{"no search at all", counts{-10: 5, -8: 10, -6: 10, -4: 5, 1000000: 3}, hillDescent, DefaultSignificance, 1, 1, 0},
	} {
		var fails, undec, runs int
		for range n {
			d, used := sequentialSearch(r, tc.prog, tc.ref, 10, DefaultRuns, tc.alpha, falsePass)
			runs += used
			switch d {
			case decidedFail:
				fails++
			case undecided:
				undec++
			}
		}
		fr, ur := float64(fails)/float64(n), float64(undec)/float64(n)
		t.Logf("%s: %d fail, %d inconclusive of %d, %.1f runs on average", tc.name, fails, undec, n, float64(runs)/float64(n))
		if fr > tc.maxFail || fr < tc.minFail || ur > tc.maxUndec {
			t.Errorf("%s: fail rate %.4f (want %.4f to %.4f), inconclusive %.4f (want at most %.4f)", tc.name, fr, tc.minFail, tc.maxFail, ur, tc.maxUndec)
		}
	}
}

// A correct program fails the sequential search decision at most once in
// 100,000 gradings (DefaultSignificance): over a million simulated
// gradings (RJM_GRADINGS=N for N), at most 10 plus three standard
// deviations fail.
// Long: RJM_LONG=1.
func TestSequentialSearchFalseFailLong(t *testing.T) {
	if testing.Short() || os.Getenv("RJM_LONG") != "1" {
		t.Skip("long: set RJM_LONG=1 to run")
	}
	r := rand.New(rand.NewPCG(29, 2))
	n := 1_000_000
	if v := os.Getenv("RJM_GRADINGS"); v != "" {
		fmt.Sscan(v, &n)
	}
	fails := 0
	for range n {
		if d, _ := sequentialSearch(r, hillDescent, hillDescent, 10, DefaultRuns, DefaultSignificance, falsePass); d == decidedFail {
			fails++
		}
	}
	t.Logf("%d of %d correct gradings fail", fails, n)
	if limit := float64(n)*DefaultSignificance + 3*math.Sqrt(float64(n)*DefaultSignificance) + 1; float64(fails) > limit {
		t.Errorf("%d of %d correct gradings fail, want at most %.0f", fails, n, limit)
	}
}
