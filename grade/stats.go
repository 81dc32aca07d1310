package grade

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// The two tests a grade rests on, kept small so that their table tests
// can pin them against published values:
//
//   - chiSquare: Pearson's χ² goodness of fit of observed counts to the
//     uniform distribution, with its upper-tail p-value;
//   - mannWhitney: the one-sided Mann–Whitney U (Wilcoxon rank-sum) test
//     that one sample tends to be larger than another, exact (the
//     permutation distribution of the rank sum, ties given mid-ranks) up
//     to exactLimit values in all, by the normal approximation with the
//     tie and continuity corrections beyond, which in the far tail, on
//     tied objectives like a grading's, is above the exact p-value: a
//     false fail is no likelier than the level says
//     (TestNormalApproximationConservativeInTheTail).

// chiSquare returns Pearson's statistic for the groups of counts against
// the uniform distribution within each group (every category of a group
// equally likely), its degrees of freedom (the sum over the groups of
// their categories less one) and the probability of a statistic at least
// as large under uniformity. Groups of fewer than two categories or no
// counts add nothing; with no degrees of freedom p is 1.
func chiSquare(groups [][]int) (stat float64, df int, p float64) {
	for _, g := range groups {
		total := 0
		for _, c := range g {
			total += c
		}
		if len(g) < 2 || total == 0 {
			continue
		}
		expected := float64(total) / float64(len(g))
		for _, c := range g {
			d := float64(c) - expected
			stat += d * d / expected
		}
		df += len(g) - 1
	}
	if df == 0 {
		return 0, 0, 1
	}
	return stat, df, distuv.ChiSquared{K: float64(df)}.Survival(stat)
}

// exactLimit is the largest number of values in both samples for which
// mannWhitney computes the exact distribution (a table of at most
// exactLimit × exactLimit/2 × exactLimit² entries).
const exactLimit = 60

// mannWhitney tests whether the values of x tend to be larger than those
// of y: it returns U, the number of pairs (x[i], y[j]) with x[i] > y[j]
// plus half the ties, and the one-sided p-value, the probability under the
// null hypothesis (both samples from one distribution) of a U at least as
// large. Both samples must be non-empty.
func mannWhitney(x, y []float64) (u, p float64) {
	n, m := len(x), len(y)
	all := append(slices.Clone(x), y...)
	ranks := midRanks(all) // doubled, so that they are whole numbers
	sum := 0
	for _, r := range ranks[:n] {
		sum += r
	}
	u = float64(sum)/2 - float64(n*(n+1))/2
	if n+m <= exactLimit {
		return u, exactTail(ranks, n, sum)
	}
	// The normal approximation: U has mean nm/2 and, with ties, variance
	// nm/12 ((N+1) − Σ(t³−t)/(N(N−1))) over the groups of t tied values.
	N := float64(n + m)
	ties := 0.0
	sorted := slices.Clone(all)
	slices.Sort(sorted)
	for i := 0; i < len(sorted); {
		j := i
		for j < len(sorted) && sorted[j] == sorted[i] {
			j++
		}
		t := float64(j - i)
		ties += t*t*t - t
		i = j
	}
	mean := float64(n*m) / 2
	sd := math.Sqrt(float64(n*m) / 12 * ((N + 1) - ties/(N*(N-1))))
	if sd == 0 {
		return u, 1
	}
	z := (u - mean - 0.5) / sd
	return u, distuv.UnitNormal.Survival(z)
}

// midRanks returns twice the rank of every value (1-based; tied values
// share the mean of their ranks).
func midRanks(v []float64) []int {
	order := make([]int, len(v))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case v[a] < v[b]:
			return -1
		case v[a] > v[b]:
			return 1
		}
		return 0
	})
	ranks := make([]int, len(v))
	for i := 0; i < len(order); {
		j := i
		for j < len(order) && v[order[j]] == v[order[i]] {
			j++
		}
		// Ranks i+1..j share (i+1+j)/2; doubled, i+1+j.
		for _, k := range order[i:j] {
			ranks[k] = i + 1 + j
		}
		i = j
	}
	return ranks
}

// exactTail returns the share of the subsets of n of the doubled ranks
// whose sum is at least sum: the exact one-sided p-value of the rank sum,
// given the ties.
func exactTail(ranks []int, n, sum int) float64 {
	total := 0
	for _, r := range ranks {
		total += r
	}
	// ways[k][s]: the subsets of k of the ranks seen so far with sum s.
	ways := make([][]float64, n+1)
	for k := range ways {
		ways[k] = make([]float64, total+1)
	}
	ways[0][0] = 1
	for i, r := range ranks {
		for k := min(i+1, n); k >= 1; k-- {
			for s := total; s >= r; s-- {
				ways[k][s] += ways[k-1][s-r]
			}
		}
	}
	var tail, all float64
	for s, w := range ways[n] {
		all += w
		if s >= sum {
			tail += w
		}
	}
	return tail / all
}

// median returns the median of v (the mean of the middle two for an even
// count); NaN for none.
func median(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
