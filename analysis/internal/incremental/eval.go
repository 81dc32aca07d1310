package incremental

import (
	"rjm/energy"
	"rjm/graph"
)

// needs says which parts of the analysis an energy's evaluator computes,
// so that an energy pays only for the terms it uses.
type needs uint16

const (
	needReaching  needs = 1 << iota // reaching cells and distances to the goal
	needPath                        // the goal depth, uniqueness, decisions along the solution
	needUTurns                      // U-turns along the solution
	needPaths                       // the number of shortest solutions
	needReachable                   // reachable cells
	needHoles                       // black and white holes
	needPenalty                     // the cluster penalty alone (updated incrementally)
	needClusters                    // every cluster (count, largest, penalty)
	needForced                      // initial forced moves
)

// penaltyAlone reports whether n asks for the cluster penalty without
// the other cluster terms: the penalty is then kept through the changes
// rather than computed afresh (see wordEval).
func (n needs) penaltyAlone() bool { return n&needPenalty != 0 && n&needClusters == 0 }

// needsOf returns what computing term t takes.
func needsOf(t Term) needs {
	switch t {
	case NonReaching:
		return needReaching
	case Unsolvable, NotUnique, GoalDepth, ForwardDecisions, BackwardDecisions, Decisions:
		return needReaching | needPath
	case UTurns:
		return needReaching | needPath | needUTurns
	case ShortestPaths:
		return needReaching | needPath | needPaths
	case Unreachable:
		return needReachable
	case BlackHoles, BlackHoleCells, WhiteHoles, WhiteHoleCells:
		return needReaching | needReachable | needHoles
	case ClusterPenalty:
		return needPenalty
	case Clusters, LargestCluster:
		return needClusters | needPenalty
	default: // InitialForcedMoves
		return needForced
	}
}

// termsEvaluator follows the terms of one configuration through one-cell
// changes, as energy.Evaluator does its energy. Only the terms in its needs
// are computed; the others are 0. The returned Values are valid until the
// next call.
type termsEvaluator interface {
	reset(jumps []int) *Values
	try(i, j int) *Values
	accept()
}

// newTermsEvaluator returns an evaluator over states for boards under
// the no-U-turn rule (the one over words, stateWordEval, where it takes
// the board and the terms, else stateEval), and on every other board the
// single-word evaluator for boards of up to 64 cells and the several-word
// one otherwise.
func newTermsEvaluator(g *graph.Graph, start, goal int, need needs) termsEvaluator {
	if g.StatesPerCell() > 1 {
		if e := newStateWordEval(g, start, goal, need); e != nil {
			return e
		}
		return newStateEval(g, start, goal, need)
	}
	if g.Cells() <= 64 {
		return newWordEval(g, start, goal, need)
	}
	return newMultiEval(g, start, goal, need)
}

// NewTerms returns an incremental evaluator of the energy rate gives
// the terms of a configuration, for mazes on g with the given start and
// goal. Only the terms in uses are sure to be computed (others are 0 in
// the Values rate reads unless a term asked for needs them); the
// evaluator is the one the board takes (see newTermsEvaluator).
func NewTerms(g *graph.Graph, start, goal int, uses []Term, rate func(v *Values) float64) energy.Evaluator {
	var need needs
	for _, t := range uses {
		need |= needsOf(t)
	}
	return &termsEnergy{t: newTermsEvaluator(g, start, goal, need), rate: rate}
}

// termsEnergy is an energy.Evaluator that rates the terms of a
// termsEvaluator with a function of them.
type termsEnergy struct {
	t    termsEvaluator
	rate func(v *Values) float64
}

func (e *termsEnergy) Reset(jumps []int) float64 { return e.rate(e.t.reset(jumps)) }
func (e *termsEnergy) Try(i, j int) float64      { return e.rate(e.t.try(i, j)) }
func (e *termsEnergy) Accept()                   { e.t.accept() }

var _ energy.Evaluator = (*termsEnergy)(nil)
