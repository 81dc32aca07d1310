package analysis

import (
	"math"
	"math/bits"

	"rjm/energy"
)

// designWord is the design energy's evaluator on boards of up to 64
// cells: a wordEval asked for the design's terms, plus TryBound.
//
// Why bounds pay. Local search mostly rejects: hill descent and uphill
// steps only need to know that a change raises the energy above the
// current one. The design energy is a sum whose parts come at different
// costs: the cluster penalty and the forced moves are cheap, the backward
// search up to the start gives the goal depth D and the walk along the
// shortest solution, and only the rest of the search gives n. Since n ≥ 0
// and min(d_f, d_b) ≤ D, every part bounds the energy from below; TryBound
// stops at the first bound above the caller's, which usually comes before
// the search is over (a change that breaks the unique solution costs
// |S|³ at once).
type designWord struct {
	w     *wordEval
	cells float64
}

func newDesignWord(w *wordEval) *designWord {
	return &designWord{w: w, cells: float64(w.cells)}
}

func (d *designWord) Reset(jumps []int) float64 { return DesignEnergy(d.w.reset(jumps), d.w.cells) }

func (d *designWord) Try(i, j int) float64 {
	e, _ := d.TryBound(i, j, math.Inf(1))
	return e
}

func (d *designWord) Accept() { d.w.accept() }

// TryBound is Try, except that when the energy is above bound it may
// return a lower bound of it that is already above bound, with exact
// false (see energy.BoundedEvaluator).
func (d *designWord) TryBound(i, j int, bound float64) (float64, bool) {
	w := d.w
	old, oldS := w.jumps[i], w.succ[i]
	a, b := w.classOf(old), w.classOf(j)
	penalty := w.cur[ClusterPenalty]
	if a != b {
		penalty += w.leave(i, a)
	}
	newS := w.g.Succ(i, j)[0]
	if w.sym {
		// Clusters only need σ on such boards; the search and the walk
		// see the new π through fixBit.
		w.applyLight(i, j, newS)
		w.fixBit, w.fixS, w.fixT = 1<<uint(i), newS, oldS^newS
	} else {
		w.apply(i, j, newS)
	}
	if a != b {
		penalty += w.join(i, b)
	}
	e, exact := d.rate(penalty, bound)
	if w.sym {
		w.applyLight(i, old, oldS)
		w.fixBit, w.fixS, w.fixT = 0, 0, 0
	} else {
		w.apply(i, old, oldS)
	}
	w.ti, w.tj = i, j
	return e, exact
}

// rate rates the configuration with the change applied, whose cluster
// penalty is given, stopping early above bound; with an exact answer it
// leaves the terms in w.next for Accept.
func (d *designWord) rate(penalty int, bound float64) (float64, bool) {
	w, S := d.w, d.cells
	m := w.forced()
	base := float64(penalty + m*m)
	w.searchFrom()
	w.search(true)
	unique, dec := false, 0
	if w.D >= 0 {
		if lb := base - float64(w.D); lb > bound { // min(d_f, d_b) ≤ D
			return lb, false
		}
		var df, db int
		unique, df, db, _ = w.walk(w.D, false)
		dec = min(df, db)
		if lb := base - float64(dec); unique && lb > bound {
			return lb, false
		}
		if lb := S*S*S + base; !unique && lb > bound {
			return lb, false
		}
		w.search(false)
	}
	n := w.cells - bits.OnesCount64(w.reach)
	v := &w.next
	*v = Values{}
	v[NonReaching], v[ClusterPenalty], v[InitialForcedMoves] = n, penalty, m
	v[NotUnique] = 1
	if unique {
		v[NotUnique], v[Decisions] = 0, dec
	}
	return DesignEnergy(v, w.cells), true
}

var _ energy.BoundedEvaluator = (*designWord)(nil)
