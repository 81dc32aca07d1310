package energy

import (
	"math"

	"rjm/graph"
)

// Unsolvable is the simple objective's value for a maze without a
// solution: the assignment's "large positive number (e.g. 1,000,000)"
// (Neller's "Rook Jumping Maze Generation for AI Education").
const Unsolvable = 1_000_000

// Objective returns the assignment's simple objective for a goal depth: the
// negated depth, or Unsolvable when depth is -1 (no solution).
func Objective(depth int) float64 {
	if depth < 0 {
		return Unsolvable
	}
	return float64(-depth)
}

// Depth is the simple objective of the assignment ("Maze Evaluation"): the
// negated minimum number of moves from start to goal, or Unsolvable.
// Minimizing it prefers solvable mazes with long shortest solutions.
type Depth struct{}

// Name returns "depth".
func (Depth) Name() string { return "depth" }

// Evaluator returns an incremental evaluator built on graph.DepthTracker.
func (Depth) Evaluator(g *graph.Graph, start, goal int) Evaluator {
	return depthEvaluator{graph.NewDepthTracker(g, start, goal)}
}

type depthEvaluator struct{ t *graph.DepthTracker }

func (e depthEvaluator) Reset(jumps []int) float64 { return Objective(e.t.Reset(jumps)) }
func (e depthEvaluator) Try(i, j int) float64      { return Objective(e.t.Try(i, j)) }
func (e depthEvaluator) Accept()                   { e.t.Accept() }

// TryBound asks the tracker for the exact depth only when it is at least
// the depth the bound stands for (e ≤ bound ⟺ depth ≥ −bound).
func (e depthEvaluator) TryBound(i, j int, bound float64) (float64, bool) {
	if bound >= Unsolvable || bound > 0 {
		return Objective(e.t.Try(i, j)), true
	}
	d, exact := e.t.TryBound(i, j, int(math.Ceil(-bound)))
	return Objective(d), exact
}

var (
	_ Energy           = Depth{}
	_ BoundedEvaluator = depthEvaluator{}
)
