// Package stats holds the one statistics helper of rjm: a running
// estimate of a mean, its spread and its range, with a confidence
// interval, used by the learners, the experiments and the comparisons.
package stats

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// Estimate is a running mean and variance of observations, kept by
// Welford's method, with their minimum and maximum and a confidence
// interval for the mean. The zero value is an empty estimate.
type Estimate struct {
	n        int
	mean     float64
	m2       float64 // sum of squared deviations from the mean
	min, max float64
}

// Add adds the observation x.
func (e *Estimate) Add(x float64) {
	if e.n == 0 {
		e.min, e.max = x, x
	}
	e.min, e.max = min(e.min, x), max(e.max, x)
	e.n++
	d := x - e.mean
	e.mean += d / float64(e.n)
	e.m2 += d * (x - e.mean)
}

// N returns the number of observations.
func (e Estimate) N() int { return e.n }

// Mean returns the mean of the observations, 0 when there are none.
func (e Estimate) Mean() float64 { return e.mean }

// Min returns the smallest observation, 0 when there are none.
func (e Estimate) Min() float64 { return e.min }

// Max returns the largest observation, 0 when there are none.
func (e Estimate) Max() float64 { return e.max }

// Var returns the sample variance (divisor n − 1), 0 with fewer than two
// observations.
func (e Estimate) Var() float64 {
	if e.n < 2 {
		return 0
	}
	return e.m2 / float64(e.n-1)
}

// StdDev returns the sample standard deviation.
func (e Estimate) StdDev() float64 { return math.Sqrt(e.Var()) }

// HalfWidth returns the half-width of the two-sided confidence interval
// for the mean at the given level (e.g. 0.95), by Student's t with n − 1
// degrees of freedom: the interval is Mean() ± HalfWidth(level). It is
// NaN with fewer than two observations.
func (e Estimate) HalfWidth(level float64) float64 {
	if e.n < 2 {
		return math.NaN()
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(e.n - 1)}.Quantile(0.5 + level/2)
	return t * e.StdDev() / math.Sqrt(float64(e.n))
}

// CI95 returns the 95% confidence interval for the mean; both ends are
// NaN with fewer than two observations.
func (e Estimate) CI95() (lo, hi float64) {
	h := e.HalfWidth(0.95)
	return e.mean - h, e.mean + h
}

// Short prints a statistic with at most two decimals and no trailing
// zeros: "2", "2.5", "0.33".
func Short(x float64) string {
	return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(x, 'f', 2, 64), "0"), ".")
}
