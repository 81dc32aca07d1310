package graph

import "math/bits"

// Depths runs breadth-first search from start over the maze whose jumps
// are given and stores in depth[i] the minimum number of moves from start
// to cell i, or -1 when i is unreachable. depth must have one entry per
// cell. It returns the number of reachable cells (the start included).
// Under the no-U-turn rule a cell's depth is the minimum over its states.
func (g *Graph) Depths(jumps []int, start int, depth []int) int {
	if g.spc > 1 {
		ss := g.NewStateSearch()
		ss.Run(jumps, start, -1)
		return ss.CellDepths(depth)
	}
	for i := range depth {
		depth[i] = -1
	}
	depth[start] = 0
	frontier, next, visited := g.NewSet(), g.NewSet(), g.NewSet()
	frontier.Add(start)
	visited.Add(start)
	reached := 1
	for d := 1; !frontier.Empty(); d++ {
		next.Clear()
		frontier.Each(func(c int) { next.Or(g.Succ(c, jumps[c])) })
		next.AndNot(visited)
		next.Each(func(c int) { depth[c] = d; reached++ })
		visited.Or(next)
		frontier, next = next, frontier
	}
	return reached
}

// Reachable returns the set of cells reachable from start (start
// included); under the no-U-turn rule, the cells some state of which is.
func (g *Graph) Reachable(jumps []int, start int) Set {
	if g.spc > 1 {
		ss := g.NewStateSearch()
		ss.Run(jumps, start, -1)
		set := g.NewSet()
		for _, s := range ss.Order {
			set.Add(int(s) / g.spc)
		}
		return set
	}
	visited, frontier, next := g.NewSet(), g.NewSet(), g.NewSet()
	visited.Add(start)
	frontier.Add(start)
	for !frontier.Empty() {
		next.Clear()
		frontier.Each(func(c int) { next.Or(g.Succ(c, jumps[c])) })
		next.AndNot(visited)
		visited.Or(next)
		frontier, next = next, frontier
	}
	return visited
}

// Preds returns π for the maze whose jumps are given: preds[i] is the set
// of cells with a move to i (under the no-U-turn rule: a move from some
// state of the cell).
func (g *Graph) Preds(jumps []int) []Set {
	preds := make([]Set, g.n)
	for i := range preds {
		preds[i] = g.NewSet()
	}
	for c, j := range jumps {
		for _, m := range g.Moves(c, j) {
			preds[m.To].Add(c)
		}
	}
	return preds
}

// GoalDepth returns the minimum number of moves from start to goal in the
// maze whose jumps are given, or -1 when the goal cannot be reached. It
// stops as soon as the goal is found. Under the no-U-turn rule it is the
// depth of the goal's first state reached.
func (g *Graph) GoalDepth(jumps []int, start, goal int) int {
	if g.spc > 1 {
		return g.NewStateSearch().Run(jumps, start, goal)
	}
	if g.words == 1 {
		visited := uint64(1) << start
		frontier, goalBit := visited, uint64(1)<<goal
		for d := 1; frontier != 0; d++ {
			var next uint64
			for f := frontier; f != 0; f &= f - 1 {
				c := bits.TrailingZeros64(f)
				next |= g.succ[g.Slot(c, jumps[c])]
			}
			next &^= visited
			if next&goalBit != 0 {
				return d
			}
			visited |= next
			frontier = next
		}
		return -1
	}
	frontier, next, visited := g.NewSet(), g.NewSet(), g.NewSet()
	frontier.Add(start)
	visited.Add(start)
	for d := 1; !frontier.Empty(); d++ {
		next.Clear()
		frontier.Each(func(c int) { next.Or(g.Succ(c, jumps[c])) })
		next.AndNot(visited)
		if next.Has(goal) {
			return d
		}
		visited.Or(next)
		frontier, next = next, frontier
	}
	return -1
}
