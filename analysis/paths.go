package analysis

import (
	"math/big"

	"rjm/graph"
)

// pathStats is what the shortest solutions have in common: how many there
// are, and the forward decisions, backward decisions and U-turns along
// them, averaged over all of them (the design paper, footnote 10).
type pathStats struct {
	count                           *big.Int // number of distinct shortest solutions, 0 if none
	forward, backward, uturns       float64  // averages over the shortest solutions
	sumForward, sumBackward, sumUTs *big.Int // their totals over the solutions
}

// shortestPaths counts the shortest solutions of pg and averages the
// features along them without enumerating them; ds holds every node's
// depth from the start and dg its distance to the goal (-1: none). The
// nodes are cells, or under the no-U-turn rule states (graph.Nodes).
//
// With D the goal depth, a node v lies on a shortest solution exactly when
// ds(v)+dg(v) = D, and then the number of shortest solutions through v is
// F(v)·B(v): F(v) counts the shortest paths from the start to v (sum of F
// over the predecessors one layer up) and B(v) the shortest paths from v to
// the goal (sum of B over the successors one move nearer the goal), since
// any such prefix and suffix join into a shortest solution. Summing a
// per-node feature weighted by F·B over the nodes gives its total over all
// shortest solutions; a U-turn is a pair of consecutive moves u→v→w, found
// on F(u)·B(w) shortest solutions. Counts are exact (math/big); each
// average is the float64 nearest to the exact quotient.
func shortestPaths(nd *graph.Nodes, ds, dg []int) pathStats {
	st := pathStats{count: new(big.Int), sumForward: new(big.Int), sumBackward: new(big.Int), sumUTs: new(big.Int)}
	start, goal := nd.Start, nd.Goal
	D := ds[goal]
	if D < 0 {
		return st
	}
	on := func(v int) bool { return ds[v] >= 0 && dg[v] >= 0 && ds[v]+dg[v] == D }
	layers := make([][]int, D+1) // the nodes of shortest solutions by depth
	for v := range nd.Len() {
		if on(v) {
			layers[ds[v]] = append(layers[ds[v]], v)
		}
	}
	F, B := make([]*big.Int, nd.Len()), make([]*big.Int, nd.Len())
	F[start] = big.NewInt(1)
	for d := 1; d <= D; d++ {
		for _, v := range layers[d] {
			F[v] = new(big.Int)
			for _, u := range nd.Pred[v] {
				if on(int(u)) && ds[u] == d-1 {
					F[v].Add(F[v], F[u])
				}
			}
		}
	}
	B[goal] = big.NewInt(1)
	for d := D - 1; d >= 0; d-- {
		for _, v := range layers[d] {
			B[v] = new(big.Int)
			for _, w := range nd.Succ[v] {
				if on(int(w)) && ds[w] == d+1 {
					B[v].Add(B[v], B[w])
				}
			}
		}
	}
	st.count.Set(F[goal])
	through, pair := new(big.Int), new(big.Int)
	for d := 0; d <= D; d++ {
		for _, v := range layers[d] {
			through.Mul(F[v], B[v])
			if v != goal && len(nd.Succ[v]) > 1 {
				st.sumForward.Add(st.sumForward, through)
			}
			if v != start && len(nd.Pred[v]) > 1 {
				st.sumBackward.Add(st.sumBackward, through)
			}
			if d == 0 || d == D {
				continue
			}
			// U-turns at v: a move into v, then a move out reversing it.
			for _, u := range nd.Pred[v] {
				if !on(int(u)) || ds[u] != d-1 {
					continue
				}
				for _, w := range nd.Succ[v] {
					if on(int(w)) && ds[w] == d+1 && uturn(nd, int(u), v, int(w)) {
						st.sumUTs.Add(st.sumUTs, pair.Mul(F[u], B[w]))
					}
				}
			}
		}
	}
	st.forward = ratio(st.sumForward, st.count)
	st.backward = ratio(st.sumBackward, st.count)
	st.uturns = ratio(st.sumUTs, st.count)
	return st
}

// uturn reports whether the first move from node v onto node w reverses
// the direction of travel of the first move from u onto v (see doc.go,
// "U-turns"). Under the no-U-turn rule it never does: the rule leaves
// such moves out of the graph of states.
func uturn(nd *graph.Nodes, u, v, w int) bool {
	_, in, _ := nd.Move(u, v)
	out, _, _ := nd.Move(v, w)
	return out.Dir == in.Opposite()
}

// ratio returns a/b as the nearest float64, or 0 when b is 0.
func ratio(a, b *big.Int) float64 {
	if b.Sign() == 0 {
		return 0
	}
	f, _ := new(big.Rat).SetFrac(a, b).Float64()
	return f
}
