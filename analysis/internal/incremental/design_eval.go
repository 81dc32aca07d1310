package incremental

import (
	"math"

	"rjm/energy"
	"rjm/graph"
)

// designEval is the design energy's evaluator on every board: over a
// wordEval up to 64 cells, a multiEval beyond, and a stateEval under the
// no-U-turn rule. It is the evaluator asked for the design's terms, plus
// TryBound.
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
type designEval struct {
	e     designStages
	cells int
	// short follows the goal depth of the current configuration on boards
	// of cells (nil over states), for its shortcut proofs: see rate.
	short *graph.DepthTracker
	// multi is e on boards past one word (else nil), for its cut-off
	// proof.
	multi *multiEval
	// sol is e where it keeps the current solution (past one word and
	// over states; nil on one word, whose path tests it once).
	sol    keptSolution
	ti, tj int // the change last tried
	// byState is set where a state is more than a cell: n then counts
	// the cells holding a black-hole state too (trapped).
	byState bool
}

// designNeeds are the parts of the analysis the design energy uses.
const designNeeds = needReaching | needPath | needPenalty | needForced

// NewDesign returns the incremental evaluator of the design energy
// (DesignEnergy) for mazes on g with the given start and goal: a
// designEval over the terms evaluator the board takes (see
// newTermsEvaluator). It is an energy.BoundedEvaluator.
func NewDesign(g *graph.Graph, start, goal int) energy.Evaluator {
	// Every terms evaluator has the stages designEval needs.
	return newDesignEval(g, start, goal, newTermsEvaluator(g, start, goal, designNeeds).(designStages))
}

// newDesignEval returns the design energy's evaluator over the terms
// evaluator s, made for g, start and goal with designNeeds.
func newDesignEval(g *graph.Graph, start, goal int, s designStages) *designEval {
	d := &designEval{e: s, cells: OpenCells(g, start, goal).Len(), byState: g.StatesPerCell() > 1}
	// Past one word the search is long: a depth tracker gives shortcut
	// proofs and kept distances to the goal instead (see designEval.rate
	// and multiEval). Over states past one word the evaluator keeps its
	// own solution and distances (see state_solution.go and
	// state_kept.go).
	if m, ok := s.(*multiEval); ok {
		d.short = graph.NewDepthTracker(g, start, goal)
		d.multi, m.short = m, d.short
	}
	if k, ok := s.(keptSolution); ok {
		d.sol = k
	}
	return d
}

// DesignEnergy returns the design energy (the design paper, §3.7) of a
// maze of cells cells with terms v:
//
//	e = n·|S|² − min(d_f, d_b) + Σ(|J|−1)² + m²          with a unique shortest solution,
//	e = |S|³ + n·|S|² + Σ(|J|−1)² + m²                   otherwise.
//
// Decisions count only with a unique shortest solution.
func DesignEnergy(v *Values, cells int) float64 {
	S := float64(cells)
	e := float64(v[NonReaching])*S*S + float64(v[ClusterPenalty]) + float64(v[InitialForcedMoves]*v[InitialForcedMoves])
	if v[NotUnique] != 0 {
		return S*S*S + e
	}
	return e - float64(v[Decisions])
}

// designLower is the design energy of n non-reaching cells, with a
// unique shortest solution of dec decisions or none, the cluster penalty
// and forced moves' part base, on S cells: DesignEnergy's sum.
func designLower(n int, unique bool, dec int, base, S float64) float64 {
	e := float64(n)*S*S + base
	if !unique {
		return S*S*S + e
	}
	return e - float64(dec)
}

// designStages is an evaluator whose backward search from the goal can
// stop at the start, which designEval.rate needs.
type designStages interface {
	termsEvaluator
	// begin puts the change of cell i to jump j in place for the stages
	// below (remembering it for accept) and returns the cluster penalty
	// and the initial forced moves with the change (one call, not two:
	// every try asks both); end takes the change back.
	begin(i, j int) (penalty, forced int)
	end()
	// searchFrom starts the backward search from the goal; search
	// continues it to the end or, with untilStart, until it has found the
	// start, when every node nearer the goal has been found.
	searchFrom()
	search(untilStart bool)
	// startDistance returns the start's distance to the goal found so far
	// (-1: none); reaching the number of reaching cells found so far.
	startDistance() int
	reaching() int
	// trapped returns, after the backward search has ended, the reaching
	// cells holding a reachable state that cannot reach the goal, which n
	// counts too (see trappedCells): none on cells.
	trapped() int
	// walk walks the shortest solution from the start, D moves from the
	// goal: its forward and backward decisions (and with uturns its
	// U-turns), and whether it is unique.
	walk(D int, uturns bool) (w walkCount, unique bool)
	// values returns where the terms of the change tried are left for
	// accept.
	values() *Values
}

// keptSolution is an evaluator that keeps the current configuration's
// unique shortest solution, which rates most of the changes a hill
// descent tries without a search (multiEval, solution.go; stateEval,
// state_solution.go). Each method reads the change in place (begin).
type keptSolution interface {
	// shortcut returns an upper bound D of the goal depth below
	// minDepth when it can prove one.
	shortcut(minDepth int) (D int, ok bool)
	// alongSolution rates the change from the kept solution: whether
	// the shortest solution is unique, its decisions, and whether the
	// reaching cells certainly stay the same; ok is false when it does
	// not cover the change.
	alongSolution() (unique bool, df, db int, sameReaching, ok bool)
	// nonReachingWith returns the non-reaching cells, those of the
	// current configuration when same.
	nonReachingWith(same bool) int
}

func (d *designEval) Reset(jumps []int) float64 {
	if d.short != nil {
		d.short.Reset(jumps)
	}
	return DesignEnergy(d.e.reset(jumps), d.cells)
}

func (d *designEval) Try(i, j int) float64 {
	e, _ := d.TryBound(i, j, math.Inf(1))
	return e
}

func (d *designEval) Accept() {
	if d.short != nil {
		d.short.Commit(d.ti, d.tj)
	}
	d.e.accept()
}

// TryBound is Try, except that when the energy is above bound it may
// return a lower bound of it that is already above bound, with exact
// false (see energy.BoundedEvaluator).
func (d *designEval) TryBound(i, j int, bound float64) (float64, bool) {
	penalty, forced := d.e.begin(i, j)
	d.ti, d.tj = i, j
	en, exact := d.rate(penalty, forced, bound)
	d.e.end()
	return en, exact
}

// rate rates the configuration with the change in place, whose cluster
// penalty and initial forced moves m are given, stopping early above
// bound; with an exact answer it leaves the terms in values() for Accept.
func (d *designEval) rate(penalty, m int, bound float64) (float64, bool) {
	e, S := d.e, float64(d.cells)
	base := float64(penalty + m*m)
	unique, dec, nonReaching := false, 0, 0
	u, df, db, same, along := false, 0, 0, false, false
	if d.sol != nil {
		// The energy is at least base − D (n ≥ 0, min(d_f, d_b) ≤ D, and
		// more without a unique solution), so a proof that the change
		// leaves a solution of fewer than base − bound moves bounds it
		// above bound without a search (see graph.DepthTracker.Shortcut;
		// over states, stateEval.shortcut).
		if bound < base {
			// No solution over cells has more moves than there are cells
			// (over states this only caps the proofs).
			minDepth := int(math.Ceil(min(base-bound, S+1)))
			if D, ok := d.sol.shortcut(minDepth); ok {
				return base - float64(D), false
			}
		}
		// Most other changes a hill descent tries leave the kept unique
		// solution or cut it at the changed cell (see solution.go and
		// state_solution.go), and the decisions follow without a search.
		u, df, db, same, along = d.sol.alongSolution()
	}
	if along {
		lb := S*S*S + base
		if unique = u; unique {
			dec = min(df, db)
			lb = base - float64(dec)
		}
		if lb > bound {
			return lb, false
		}
		nonReaching = d.sol.nonReachingWith(same)
	} else {
		// Most of the others cut the start off the goal: |S|³ at least.
		if d.multi != nil && d.multi.cutOff() {
			if lb := S*S*S + base; lb > bound {
				return lb, false
			}
		}
		e.searchFrom()
		e.search(true)
		if D := e.startDistance(); D >= 0 {
			if lb := base - float64(D); lb > bound { // min(d_f, d_b) ≤ D
				return lb, false
			}
			var w walkCount
			w, unique = e.walk(D, false)
			dec = min(w.df, w.db)
			if lb := base - float64(dec); unique && lb > bound {
				return lb, false
			}
			if lb := S*S*S + base; !unique && lb > bound {
				return lb, false
			}
			e.search(false)
		}
		nonReaching = d.cells - e.reaching()
	}
	if d.byState {
		// The trapped cells only raise the energy: a forward search
		// finds them when it may still be under bound.
		if lb := designLower(nonReaching, unique, dec, base, S); lb > bound {
			return lb, false
		}
		nonReaching += e.trapped()
	}
	v := e.values()
	*v = Values{}
	v[NonReaching], v[ClusterPenalty], v[InitialForcedMoves] = nonReaching, penalty, m
	v[NotUnique] = 1
	if unique {
		v[NotUnique], v[Decisions] = 0, dec
	}
	return DesignEnergy(v, d.cells), true
}

var (
	_ energy.BoundedEvaluator = (*designEval)(nil)
	_ designStages            = (*wordEval)(nil)
	_ designStages            = (*multiEval)(nil)
	_ designStages            = (*stateEval)(nil)
	_ keptSolution            = (*multiEval)(nil)
	_ keptSolution            = (*stateEval)(nil)
)
