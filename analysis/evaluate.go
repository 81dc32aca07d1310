package analysis

import (
	"rjm/analysis/internal/incremental"
	"rjm/energy"
	"rjm/graph"
)

// This file is what packages outside analysis may use of the energies'
// incremental evaluators (package analysis/internal/incremental): an
// evaluator of any function of the terms, and |S|, which the design
// energy's formula takes.

// CountCells returns |S|, the number of cells of a maze on g with the given
// start and goal that count in the energies: the start, the goal and every
// cell that can hold a jump with a move (Features.Cells of Analyze). It is
// the cells argument of DesignEnergy.
func CountCells(g *graph.Graph, start, goal int) int {
	return incremental.OpenCells(g, start, goal).Len()
}

// TermsEvaluator returns an incremental evaluator, for mazes on g with the
// given start and goal, of the energy rate gives the terms of a
// configuration. Only the terms in uses are sure to be computed (others
// are 0 in the Values rate reads unless a term asked for needs them); rate sees the terms of every Reset and Try, so a
// caller may keep them. Every value is the one Analyze would give; the
// evaluator is the fastest the board takes, as for Weighted and Design.
func TermsEvaluator(g *graph.Graph, start, goal int, uses []Term, rate func(v *Values) float64) energy.Evaluator {
	return incremental.NewTerms(g, start, goal, uses, rate)
}
