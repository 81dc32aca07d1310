// Package difficulty fits a model of how hard mazes are for people (or
// for simulated players) from their design features, and finds the mazes
// whose observed difficulty departs most from it: the design paper's
// point that what finally rates a maze is how people experience it.
//
// The model is ordinary least squares of the log of an observed effort
// (the median solve time of real plays, or the median moves of simulated
// novices) on four features of the design paper: the length of the
// shortest solution, the forward decisions along it, the size of the
// largest same-jump cluster, and the number of white-hole cells:
//
//	ln(effort) ≈ b0 + b1·length + b2·decisions + b3·largest cluster + b4·white-hole cells
//
// A log, because effort grows multiplicatively (a maze twice as long takes
// more than twice as long to explore); least squares, because with a
// handful of mazes a day nothing more flexible can be fitted honestly.
package difficulty

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"rjm/analysis"
)

// Terms names the features of the model, in order after the intercept.
var Terms = []string{"shortest solution", "forward decisions", "largest cluster", "white-hole cells"}

func terms(f *analysis.Features) []float64 {
	return []float64{float64(f.GoalDepth), f.ForwardDecisions, float64(f.LargestCluster), float64(f.WhiteHoleCells)}
}

// Observation is one maze's features and its observed effort (positive:
// seconds, or moves).
type Observation struct {
	Label    string // what names the maze (a date, an ID)
	Features *analysis.Features
	Effort   float64
}

// Model is a fitted model.
type Model struct {
	// Coef holds the intercept, then one coefficient per term of Terms.
	Coef []float64
	R2   float64 // the share of the variance of ln(effort) explained
	N    int     // the mazes fitted
	// Residuals are ln(observed) − ln(predicted), one per observation, in
	// their order: positive means harder than the model expects.
	Residuals []Residual
}

// Residual is how far one maze departs from the model.
type Residual struct {
	Label               string
	Observed, Predicted float64 // efforts, not logs
	Residual            float64 // ln(observed / predicted)
}

// MinMazes is the fewest observations a fit needs: two more than its
// coefficients, so that the fit is not exact.
var MinMazes = len(Terms) + 3

// ErrTooFew is returned when there are fewer than MinMazes observations.
var ErrTooFew = errors.New("difficulty: too few mazes to fit the model")

// Fit fits the model to the observations (those with a positive effort
// and a solvable maze).
func Fit(obs []Observation) (*Model, error) {
	var use []Observation
	for _, o := range obs {
		if o.Effort > 0 && o.Features != nil && o.Features.Solvable {
			use = append(use, o)
		}
	}
	if len(use) < MinMazes {
		return nil, fmt.Errorf("%w (%d, want at least %d)", ErrTooFew, len(use), MinMazes)
	}
	p := len(Terms) + 1
	x := mat.NewDense(len(use), p, nil)
	y := mat.NewVecDense(len(use), nil)
	for i, o := range use {
		x.Set(i, 0, 1)
		for k, v := range terms(o.Features) {
			x.Set(i, k+1, v)
		}
		y.SetVec(i, math.Log(o.Effort))
	}
	var beta mat.VecDense
	if err := beta.SolveVec(x, y); err != nil {
		// A singular design (e.g. every maze of the same length): the
		// least-squares solution of the columns that vary.
		return nil, fmt.Errorf("difficulty: the mazes do not vary enough to fit the model: %w", err)
	}
	m := &Model{Coef: make([]float64, p), N: len(use)}
	for k := range p {
		m.Coef[k] = beta.AtVec(k)
	}
	mean := mat.Sum(y) / float64(len(use))
	var ssr, sst float64
	for i, o := range use {
		pred := m.predictLog(o.Features)
		r := y.AtVec(i) - pred
		ssr += r * r
		sst += (y.AtVec(i) - mean) * (y.AtVec(i) - mean)
		m.Residuals = append(m.Residuals, Residual{Label: o.Label, Observed: o.Effort, Predicted: math.Exp(pred), Residual: r})
	}
	if sst > 0 {
		m.R2 = 1 - ssr/sst
	}
	return m, nil
}

func (m *Model) predictLog(f *analysis.Features) float64 {
	v := m.Coef[0]
	for k, x := range terms(f) {
		v += m.Coef[k+1] * x
	}
	return v
}

// Predict returns the effort the model expects of a maze with features f.
func (m *Model) Predict(f *analysis.Features) float64 { return math.Exp(m.predictLog(f)) }

// Departures returns the n mazes that depart most from the model,
// largest |residual| first.
func (m *Model) Departures(n int) []Residual {
	rs := slices.Clone(m.Residuals)
	slices.SortStableFunc(rs, func(a, b Residual) int {
		return -cmpFloat(math.Abs(a.Residual), math.Abs(b.Residual))
	})
	return rs[:min(n, len(rs))]
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
