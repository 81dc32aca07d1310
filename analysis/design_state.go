package analysis

import (
	"math"

	"rjm/energy"
)

// designState is the design energy's evaluator under the no-U-turn rule:
// a stateEval asked for the design's terms, plus TryBound, which stops
// early as designWord's does (see there): the cluster penalty and the
// forced moves are cheap, the backward search up to the start state gives
// the goal depth D, the walk along the shortest solution uniqueness and
// the decisions, and only the rest of the search gives n. Every part
// bounds the energy from below (n ≥ 0, min(d_f, d_b) ≤ D).
type designState struct {
	e     *stateEval
	cells float64
}

func (d *designState) Reset(jumps []int) float64 { return DesignEnergy(d.e.reset(jumps), d.e.cells) }

func (d *designState) Try(i, j int) float64 {
	e, _ := d.TryBound(i, j, math.Inf(1))
	return e
}

func (d *designState) Accept() { d.e.accept() }

// TryBound is Try, except that when the energy is above bound it may
// return a lower bound of it that is already above bound, with exact
// false (see energy.BoundedEvaluator).
func (d *designState) TryBound(i, j int, bound float64) (float64, bool) {
	e := d.e
	penalty := e.cell.try(i, j)[ClusterPenalty]
	old := e.begin(i, j)
	en, exact := d.rate(penalty, bound)
	e.end(i, old)
	e.ti, e.tj = i, j
	return en, exact
}

// rate rates the configuration being tried, whose cluster penalty is
// given, stopping early above bound; with an exact answer it leaves the
// terms in e.next for Accept.
func (d *designState) rate(penalty int, bound float64) (float64, bool) {
	e, S := d.e, d.cells
	m := e.forced()
	base := float64(penalty + m*m)
	e.searchFrom()
	e.search(true)
	D := int(e.dist[e.sg.Start()])
	unique, dec := false, 0
	if D >= 0 {
		if lb := base - float64(D); lb > bound {
			return lb, false
		}
		var df, db int
		unique, df, db = e.walk(D)
		dec = min(df, db)
		if lb := base - float64(dec); unique && lb > bound {
			return lb, false
		}
		if lb := S*S*S + base; !unique && lb > bound {
			return lb, false
		}
		e.search(false)
	}
	v := &e.next
	*v = Values{}
	v[NonReaching], v[ClusterPenalty], v[InitialForcedMoves] = e.cells-e.reaching, penalty, m
	v[NotUnique] = 1
	if unique {
		v[NotUnique], v[Decisions] = 0, dec
	}
	return DesignEnergy(v, e.cells), true
}

var _ energy.BoundedEvaluator = (*designState)(nil)
