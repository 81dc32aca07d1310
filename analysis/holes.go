package analysis

import "rjm/graph"

// Black and white holes (the design paper, §3.1), implemented literally.
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

//
// So Analyze computes both kinds as the groups of their cells that moves
// connect either way, by one function; the evaluators over cells
// (incremental.wordEval, multiEval) grow them by the rules
// instead, and the tests check both against the recursive definitions.
// Under the no-U-turn rule the kinds are those of the cells classified by
// their states, and the groups are still taken on the graph of cells (see
// doc.go, "The no-U-turn rule").

// holes returns the groups of the cells of kind that moves of the graph of
// cells connect, either way (the weakly connected components of the
// subgraph kind induces), each as its cells in increasing order, ordered
// by their smallest cell. preds is π (see graph.Graph.Preds).
func holes(g *graph.Graph, jumps []int, preds []graph.Set, kind graph.Set) [][]int {
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
			frontier.Each(func(c int) {
				next.Or(g.Succ(c, jumps[c]))
				next.Or(preds[c])
			})
			next.And(kind)
			next.AndNot(hole)
			hole.Or(next)
			frontier, next = next, frontier
		}
		seen.Or(hole)
		out = append(out, hole.Cells())
	})
	return out
}
