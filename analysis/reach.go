package analysis

import "rjm/graph"

// depths returns, for every cell, the minimum number of moves from start
// to it, -1 for an unreachable cell, and the set of reachable cells: the
// breadth-first search of seed 000 over σ.
func depths(g *graph.Graph, jumps []int, start int) (dist []int, set graph.Set) {
	dist = make([]int, g.Cells())
	for i := range dist {
		dist[i] = -1
	}
	dist[start] = 0
	set, frontier, next := g.NewSet(), g.NewSet(), g.NewSet()
	set.Add(start)
	frontier.Add(start)
	for d := 1; !frontier.Empty(); d++ {
		next.Clear()
		frontier.Each(func(c int) { next.Or(g.Succ(c, jumps[c])) })
		next.AndNot(set)
		next.Each(func(c int) { dist[c] = d })
		set.Or(next)
		frontier, next = next, frontier
	}
	return dist, set
}

// reaching returns the reaching cells of seed 003 §3.1 (the cells from
// which the goal can be reached, the goal itself included) and, for every
// cell, the minimum number of moves from it to the goal, -1 for a
// non-reaching cell. It is breadth-first search from the goal backwards
// over π, given as preds (see graph.Graph.Preds).
func reaching(g *graph.Graph, preds []graph.Set, goal int) (set graph.Set, dist []int) {
	dist = make([]int, g.Cells())
	for i := range dist {
		dist[i] = -1
	}
	dist[goal] = 0
	set, frontier, next := g.NewSet(), g.NewSet(), g.NewSet()
	set.Add(goal)
	frontier.Add(goal)
	for d := 1; !frontier.Empty(); d++ {
		next.Clear()
		frontier.Each(func(c int) { next.Or(preds[c]) })
		next.AndNot(set)
		next.Each(func(c int) { dist[c] = d })
		set.Or(next)
		frontier, next = next, frontier
	}
	return set, dist
}
