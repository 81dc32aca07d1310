package difficulty

import (
	"errors"
	"fmt"
	"math"
	"rjm/fault"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Ridge is a ridge regression (least squares with a penalty λ·Σb² on the
// coefficients of the standardised inputs, none on the intercept), its λ
// chosen by leave-one-out cross-validation.
type Ridge struct {
	// Mean and Scale standardise each input (x−Mean)/Scale; an input
	// that does not vary has Scale 0 and takes no part.
	Mean, Scale []float64
	// Intercept and Coef predict y = Intercept + Σ Coef_k·(x_k−Mean_k)/Scale_k.
	Intercept float64
	Coef      []float64
	// Lambda is the penalty chosen.
	Lambda float64
	// CVError is the root mean square of the leave-one-out errors at
	// Lambda: how far the prediction of a maze not fitted is from its
	// value, in the units of y.
	CVError float64
	// N is the number of rows fitted.
	N int
	// LOO holds each row's leave-one-out prediction, in order.
	LOO []float64
	// Min and Max are each input's range over the rows fitted: Bounded
	// clips an input to it.
	Min, Max []float64
	// use are the inputs that vary, and ainv the inverse of Z'Z + λI
	// over them (row-major), for a prediction's leverage.
	use  []int
	ainv []float64
}

// Lambdas are the penalties tried, from almost none to one that keeps
// every coefficient near zero.
var Lambdas = func() []float64 {
	var ls []float64
	for k := -2.0; k <= 4; k += 0.25 {
		ls = append(ls, math.Pow(10, k))
	}
	return ls
}()

// MinRidge is the fewest rows FitRidge fits.
const MinRidge = 3

// FitRidge fits y on the rows of x (each of the same length), choosing λ
// among Lambdas by leave-one-out error. The leave-one-out errors are
// exact: e_i/(1−h_ii) with h the hat matrix.
func FitRidge(x [][]float64, y []float64) (*Ridge, error) {
	n := len(x)
	if n != len(y) {
		return nil, fmt.Errorf("%d rows of inputs, %d values", n, len(y))
	}
	if n < MinRidge {
		return nil, fault.Invalid("", "too few mazes to fit the features (%d, want at least %d)", n, MinRidge)
	}
	p := len(x[0])
	r := &Ridge{Mean: make([]float64, p), Scale: make([]float64, p), Coef: make([]float64, p), N: n,
		Min: slices.Clone(x[0]), Max: slices.Clone(x[0])}
	for _, row := range x {
		if len(row) != p {
			return nil, fmt.Errorf("rows of %d and %d inputs", p, len(row))
		}
		for k, v := range row {
			r.Mean[k] += v / float64(n)
			r.Min[k], r.Max[k] = min(r.Min[k], v), max(r.Max[k], v)
		}
	}
	var use []int // the inputs that vary
	for k := range p {
		var ss float64
		for _, row := range x {
			ss += (row[k] - r.Mean[k]) * (row[k] - r.Mean[k])
		}
		if sd := math.Sqrt(ss / float64(n)); sd > 1e-9*(1+math.Abs(r.Mean[k])) {
			r.Scale[k] = sd
			use = append(use, k)
		}
	}
	var ybar float64
	for _, v := range y {
		ybar += v / float64(n)
	}
	q := len(use)
	z := mat.NewDense(n, max(q, 1), nil)
	for i, row := range x {
		for j, k := range use {
			z.Set(i, j, (row[k]-r.Mean[k])/r.Scale[k])
		}
	}
	yc := mat.NewVecDense(n, nil)
	for i, v := range y {
		yc.SetVec(i, v-ybar)
	}
	var ztz mat.SymDense
	ztz.SymOuterK(1, z.T())
	var zty mat.VecDense
	zty.MulVec(z.T(), yc)
	best := math.Inf(1)
	for _, lambda := range Lambdas {
		a := mat.NewSymDense(max(q, 1), nil)
		a.CopySym(&ztz)
		for j := range max(q, 1) {
			a.SetSym(j, j, a.At(j, j)+lambda)
		}
		var ch mat.Cholesky
		if !ch.Factorize(a) {
			continue
		}
		var b mat.VecDense
		if err := ch.SolveVecTo(&b, &zty); err != nil {
			continue
		}
		var ainv mat.SymDense
		if err := ch.InverseTo(&ainv); err != nil {
			continue
		}
		loo := make([]float64, n)
		var sse float64
		for i := range n {
			zi := z.RowView(i)
			fit := ybar + mat.Dot(zi, &b)
			h := 1/float64(n) + mat.Inner(zi, &ainv, zi)
			e := (y[i] - fit) / (1 - h)
			loo[i] = y[i] - e
			sse += e * e
		}
		if mse := sse / float64(n); !math.IsNaN(mse) && !math.IsInf(mse, 0) && mse < best-1e-12 {
			best = mse
			r.Lambda, r.CVError, r.LOO, r.Intercept = lambda, math.Sqrt(mse), loo, ybar
			r.use, r.ainv = use, make([]float64, q*q)
			for a := range q {
				for b := range q {
					r.ainv[a*q+b] = ainv.At(a, b)
				}
			}
			clear(r.Coef)
			for j, k := range use {
				r.Coef[k] = b.AtVec(j)
			}
		}
	}
	if r.LOO == nil {
		return nil, errors.New("the feature regression has no solution")
	}
	return r, nil
}

// Predict returns the regression's prediction for inputs x.
func (r *Ridge) Predict(x []float64) float64 {
	v := r.Intercept
	for k, c := range r.Coef {
		if r.Scale[k] > 0 && k < len(x) {
			v += c * (x[k] - r.Mean[k]) / r.Scale[k]
		}
	}
	return v
}

// Bounded returns the prediction for inputs x each clipped to the range
// fitted (Min to Max), its leverage h = 1/N + z'(Z'Z+λI)⁻¹z (a
// prediction's variance is the residuals' times 1+h, so h grows as x
// leaves the mazes fitted), and whether any input was clipped: a maze
// unlike every maze fitted, whose prediction is an extrapolation.
func (r *Ridge) Bounded(x []float64) (y, h float64, extrapolated bool) {
	y = r.Intercept
	z := make([]float64, len(r.use))
	for j, k := range r.use {
		v := 0.0
		if k < len(x) {
			v = x[k]
		}
		switch {
		case math.IsNaN(v):
			v, extrapolated = r.Mean[k], true
		case v < r.Min[k]:
			v, extrapolated = r.Min[k], true
		case v > r.Max[k]:
			v, extrapolated = r.Max[k], true
		}
		z[j] = (v - r.Mean[k]) / r.Scale[k]
		y += r.Coef[k] * z[j]
	}
	h = 1 / float64(max(1, r.N))
	q := len(z)
	for a := range q {
		for b := range q {
			h += z[a] * r.ainv[a*q+b] * z[b]
		}
	}
	return y, h, extrapolated
}
