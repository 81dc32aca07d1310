package experiment

import (
	"math"

	"rjm/energy"
	"rjm/graph"
)

// trace watches one search through its energy: it wraps the problem's
// energy, counts the search's iterations, follows the current energy
// and the best energy met, records the best at given checkpoints, and
// notes the iteration at which the energy first fell to a target.
//
// The search methods share one loop that asks the energy once per
// iteration (Try, or TryBound when the energy can stop early), and asks
// again with Try only to get the exact value of an uphill step it
// accepts after an inexact TryBound. So an iteration begins with every
// call except a Try that follows an inexact TryBound; the tests check the
// count against the search's own statistics.
//
// Because the methods' iterations are the same whatever their total, a
// search of n iterations passes through the states a search of m < n
// iterations ends in, so one run gives the best energy at every
// checkpoint: the value at checkpoint c is the best energy after c
// iterations.
type trace struct {
	checkpoints []int // ascending
	target      float64

	iter    int     // iterations begun
	best    float64 // the lowest energy met
	last    float64 // value of the last Try/TryBound
	inexact bool    // the last call was a TryBound that returned inexact
	hit     int     // iterations done when the energy first reached target; -1 before
	at      []float64
	next    int // next checkpoint to record
}

// newTrace returns a trace recording the best energy at the checkpoints
// and the first iteration at which the current energy is ≤ target.
func newTrace(checkpoints []int, target float64) *trace {
	return &trace{checkpoints: checkpoints, target: target, hit: -1,
		best: math.Inf(1), at: make([]float64, len(checkpoints))}
}

// energy wraps e so that searches on it report to t.
func (t *trace) energy(e energy.Energy) energy.Energy { return tracedEnergy{e, t} }

// begin starts an iteration, first recording the checkpoint of the
// iterations done so far.
func (t *trace) begin() {
	t.record(t.iter)
	t.iter++
}

func (t *trace) record(upTo int) {
	for t.next < len(t.checkpoints) && t.checkpoints[t.next] <= upTo {
		t.at[t.next] = t.best
		t.next++
	}
}

// set makes e the current energy.
func (t *trace) set(e float64) {
	t.best = min(t.best, e)
	if t.hit < 0 && e <= t.target {
		t.hit = t.iter
	}
}

// finish records the checkpoints reached at the end of the search.
func (t *trace) finish() { t.record(t.iter) }

// bestAt returns the best energy at each checkpoint (after finish).
func (t *trace) bestAt() []float64 { return t.at }

type tracedEnergy struct {
	energy.Energy
	t *trace
}

func (e tracedEnergy) Evaluator(g *graph.Graph, start, goal int) energy.Evaluator {
	inner := e.Energy.Evaluator(g, start, goal)
	b, _ := inner.(energy.BoundedEvaluator)
	return &tracedEvaluator{inner: inner, bounded: b, t: e.t}
}

type tracedEvaluator struct {
	inner   energy.Evaluator
	bounded energy.BoundedEvaluator
	t       *trace
}

func (v *tracedEvaluator) Reset(jumps []int) float64 {
	e := v.inner.Reset(jumps)
	v.t.inexact = false
	v.t.set(e)
	return e
}

func (v *tracedEvaluator) Try(i, j int) float64 {
	if !v.t.inexact {
		v.t.begin()
	}
	v.t.inexact = false
	e := v.inner.Try(i, j)
	v.t.last = e
	return e
}

func (v *tracedEvaluator) TryBound(i, j int, bound float64) (float64, bool) {
	v.t.begin()
	if v.bounded == nil {
		e := v.inner.Try(i, j)
		v.t.last, v.t.inexact = e, false
		return e, true
	}
	e, exact := v.bounded.TryBound(i, j, bound)
	v.t.last, v.t.inexact = e, !exact
	return e, exact
}

func (v *tracedEvaluator) Accept() {
	v.inner.Accept()
	v.t.inexact = false
	v.t.set(v.t.last)
}

var _ energy.BoundedEvaluator = (*tracedEvaluator)(nil)
