package analysis

import (
	"rjm/energy"
	"rjm/graph"
)

// Design is the design paper's example energy function (§3.7), "design" on the
// command line. With |S| the number of cells, n the non-reaching cells,
// d_f and d_b the forward and backward decisions along the shortest
// solution, J the same jump clusters and m the initial forced moves:
//
//	e = n·|S|² − min(d_f, d_b) + Σ(|J|−1)² + m²          with a unique shortest solution,
//	e = |S|³ + n·|S|² + Σ(|J|−1)² + m²                   otherwise.
//
// Its evaluator costs a small multiple of the simple objective's (see
// designEval, wordEval, multiEval and docs/perf-design.md); under the
// no-U-turn rule it works on states (see stateWordEval and stateEval).
type Design struct{}

// designNeeds are the parts of the analysis Design uses.
const designNeeds = needReaching | needPath | needPenalty | needForced

// Name returns "design".
func (Design) Name() string { return "design" }

// Evaluator returns an incremental evaluator of the design energy.
func (Design) Evaluator(g *graph.Graph, start, goal int) energy.Evaluator {
	// Every terms evaluator has the stages designEval needs.
	return newDesignEval(g, start, goal, newTermsEvaluator(g, start, goal, designNeeds).(designStages))
}

// newDesignEval returns the design energy's evaluator over the terms
// evaluator s, made for g, start and goal with designNeeds.
func newDesignEval(g *graph.Graph, start, goal int, s designStages) *designEval {
	d := &designEval{e: s, cells: openCells(g, start, goal).Len()}
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

// DesignEnergy returns the design energy of a maze of cells cells with
// terms v. Decisions count only with a unique shortest solution.
func DesignEnergy(v *Values, cells int) float64 {
	S := float64(cells)
	e := float64(v[NonReaching])*S*S + float64(v[ClusterPenalty]) + float64(v[InitialForcedMoves]*v[InitialForcedMoves])
	if v[NotUnique] != 0 {
		return S*S*S + e
	}
	return e - float64(v[Decisions])
}

var _ energy.Energy = Design{}
