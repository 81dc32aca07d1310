package analysis

import (
	"rjm/analysis/internal/incremental"
	"rjm/graph"
)

// initialForcedMoves returns the design paper's number of initial forced
// moves (§3.5) on the graph of nodes nd: following the solver from the
// start while the node it stands on (a cell, or under the no-U-turn rule
// a state) has exactly one successor, the number of moves it is forced
// to make, a forced cycle cut where it comes back. The walk is
// incremental.ForcedMoves, the evaluators' too.
func initialForcedMoves(nd *graph.Nodes) int {
	left := make([]bool, nd.Len())
	return incremental.ForcedMoves(nd.Start, func(u int) bool {
		was := left[u]
		left[u] = true
		return !was
	}, func(u int) int {
		if len(nd.Succ[u]) != 1 {
			return -1
		}
		return int(nd.Succ[u][0])
	})
}
