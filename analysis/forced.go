package analysis

import "rjm/graph"

// initialForcedMoves returns the design paper's number of initial forced moves
// (§3.5): following the solver from the start while the node it stands on
// (a cell, or under the no-U-turn rule a state) has exactly one
// successor, the number of moves it is forced to make.
//
// A chain of forced moves can close into a cycle (a forced move from a
// to b and back), which would never end; the walk stops when it comes back
// to a node it has already left, so every forced move is counted once and
// the count is at most the number of nodes. It also stops at a node with no
// move (the goal, or a dead end) and at a node offering a choice.
func initialForcedMoves(nd *graph.Nodes) int {
	left := make([]bool, nd.Len())
	m := 0
	for u := nd.Start; !left[u] && len(nd.Succ[u]) == 1; u = int(nd.Succ[u][0]) {
		left[u] = true
		m++
	}
	return m
}
