package analysis

import "rjm/graph"

// initialForcedMoves returns seed 003's number of initial forced moves
// (§3.5): following the solver from the start while the cell it stands on
// has exactly one successor, the number of moves it is forced to make.
//
// A chain of forced moves can close into a cycle (a forced move from a
// to b and back), which would never end; the walk stops when it comes back
// to a cell it has already left, so every forced move is counted once and
// the count is at most the number of cells. It also stops at a cell with no
// move (the goal, or a dead end) and at a cell offering a choice.
func initialForcedMoves(g *graph.Graph, jumps []int, start int) int {
	left := g.NewSet()
	m := 0
	for c := start; !left.Has(c); {
		s := g.Succ(c, jumps[c])
		if s.Len() != 1 {
			break
		}
		left.Add(c)
		m++
		c = s.Cells()[0]
	}
	return m
}
