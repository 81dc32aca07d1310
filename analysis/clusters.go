package analysis

import "rjm/graph"

// sameJumpClusters partitions the cells into the design paper's same jump clusters
// (§3.6): the maximal strongly connected subgraphs of the maze whose cells
// all hold the same jump number. Each cluster is returned as its cells in
// increasing order, clusters ordered by their smallest cell; cells that
// share their jump with no neighbour form clusters of one.
//
// 003 also gives a recursive definition: J(s) holds s and every successor
// of a member that has the member's jump. That is the forward closure in
// the same-jump subgraph, which on a rook board is the strongly connected
// component, because a jump of j from s to t can be reversed by t's jump of
// j. On boards where moves cannot always be reversed (later variants) the
// forward closures may overlap and would not partition the cells, which
// the energy's Σ over "a set of jump clusters" needs; we therefore compute
// the strongly connected components, the forward closure intersected with
// the backward one.
func sameJumpClusters(g *graph.Graph, jumps []int, preds []graph.Set) [][]int {
	n := g.Cells()
	var out [][]int
	seen := g.NewSet()
	same := g.NewSet()
	for s := range n {
		if seen.Has(s) {
			continue
		}
		same.Clear()
		for c, j := range jumps {
			if j == jumps[s] {
				same.Add(c)
			}
		}
		fwd := closure(g, s, same, func(c int) graph.Set { return g.Succ(c, jumps[c]) })
		bwd := closure(g, s, same, func(c int) graph.Set { return preds[c] })
		fwd.And(bwd)
		seen.Or(fwd)
		out = append(out, fwd.Cells())
	}
	return out
}

// closure returns the cells reachable from s by edges (given by next)
// that stay inside within, s included.
func closure(g *graph.Graph, s int, within graph.Set, next func(c int) graph.Set) graph.Set {
	set, frontier, grown := g.NewSet(), g.NewSet(), g.NewSet()
	set.Add(s)
	frontier.Add(s)
	for !frontier.Empty() {
		grown.Clear()
		frontier.Each(func(c int) { grown.Or(next(c)) })
		grown.And(within)
		grown.AndNot(set)
		set.Or(grown)
		frontier, grown = grown, frontier
	}
	return set
}

// clusterPenalty returns Σ(|J|−1)² over the clusters (the design paper, §3.7).
func clusterPenalty(clusters [][]int) int {
	p := 0
	for _, c := range clusters {
		p += (len(c) - 1) * (len(c) - 1)
	}
	return p
}
