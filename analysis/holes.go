package analysis

import "rjm/graph"

// Black and white holes (seed 003 §3.1), implemented literally.
//
// A black hole B(s) starts from a reachable, non-reaching cell s and grows
// by two rules until nothing changes: every successor of a member joins,
// and every reachable, non-reaching predecessor of a member joins. A white
// hole W(s) starts from an unreachable, reaching cell s and grows by every
// predecessor of a member and every unreachable, reaching successor.
//
// Our reading, which the property tests check on random mazes: a successor
// of a reachable, non-reaching cell is itself reachable and non-reaching,
// and a predecessor of an unreachable, reaching cell is itself unreachable
// and reaching, so every hole stays inside its kind of cell, and a hole is
// a weakly connected component of the subgraph those cells induce. Holes
// grown from different cells are therefore equal or disjoint; the number of
// holes is the number of distinct sets, and together they partition the
// reachable, non-reaching (respectively unreachable, reaching) cells.

// blackHoles returns the black holes, each as its cells in increasing
// order, ordered by their smallest cell.
func blackHoles(g *graph.Graph, jumps []int, preds []graph.Set, reachable, reaching graph.Set) [][]int {
	kind := g.NewSet() // reachable, non-reaching cells
	kind.Copy(reachable)
	kind.AndNot(reaching)
	return holes(g, kind, func(c int, next graph.Set) {
		next.Or(g.Succ(c, jumps[c])) // all successors
		addWithin(next, preds[c], kind)
	})
}

// whiteHoles returns the white holes, as blackHoles does the black ones.
func whiteHoles(g *graph.Graph, jumps []int, preds []graph.Set, reachable, reaching graph.Set) [][]int {
	kind := g.NewSet() // unreachable, reaching cells
	kind.Copy(reaching)
	kind.AndNot(reachable)
	return holes(g, kind, func(c int, next graph.Set) {
		next.Or(preds[c])                          // all predecessors
		addWithin(next, g.Succ(c, jumps[c]), kind) // unreachable, reaching successors
	})
}

// addWithin adds to next the cells of s that are also in kind.
func addWithin(next, s, kind graph.Set) {
	for w := range next {
		next[w] |= s[w] & kind[w]
	}
}

// holes grows one hole from every cell of kind not yet in a hole; grow adds
// to next what the rules add for member c.
func holes(g *graph.Graph, kind graph.Set, grow func(c int, next graph.Set)) [][]int {
	var out [][]int
	seen := g.NewSet()
	kind.Each(func(s int) {
		if seen.Has(s) {
			return
		}
		hole, frontier, next := g.NewSet(), g.NewSet(), g.NewSet()
		hole.Add(s)
		frontier.Add(s)
		for !frontier.Empty() {
			next.Clear()
			frontier.Each(func(c int) { grow(c, next) })
			next.AndNot(hole)
			hole.Or(next)
			frontier, next = next, frontier
		}
		seen.Or(hole)
		out = append(out, hole.Cells())
	})
	return out
}
