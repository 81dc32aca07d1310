package graph

// BlackHoleNodes returns the black-hole nodes of the maze, in increasing
// order: the nodes reachable from the start from which the goal cannot be
// reached. This is the one definition of a black hole's members that
// every count of black holes and traps derives from (analysis, generate,
// design, book, web): a node is a cell where a state is a cell and, where
// the rules make a state more than a cell (maze.Rule.Arrival: the
// no-U-turn rule), a state, the cell and the direction of arrival, so
// that a cell reached one way may be a black hole and reached another
// way not. fromStart and toGoal are the Distances from Start along Succ
// and from Goal along Pred; nil ones are computed here.
func (nd *Nodes) BlackHoleNodes(fromStart, toGoal []int) []int {
	if fromStart == nil {
		fromStart, _ = nd.Distances(nd.Start, nd.Succ)
	}
	if toGoal == nil {
		toGoal, _ = nd.Distances(nd.Goal, nd.Pred)
	}
	var out []int
	for u, d := range fromStart {
		if d >= 0 && toGoal[u] < 0 {
			out = append(out, u)
		}
	}
	return out
}

// ByState reports whether the nodes are states that are more than a cell
// (a cell and the direction of arrival), not cells.
func (nd *Nodes) ByState() bool { return nd.g.spc > 1 }
