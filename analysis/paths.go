package analysis

import (
	"math/big"

	"rjm/graph"
	"rjm/maze"
)

// pathStats is what the shortest solutions have in common: how many there
// are, and the forward decisions, backward decisions and U-turns along
// them, averaged over all of them (seed 003, footnote 10).
type pathStats struct {
	count                           *big.Int    // number of distinct shortest solutions, 0 if none
	forward, backward, uturns       float64     // averages over the shortest solutions
	sumForward, sumBackward, sumUTs *big.Int    // their totals over the solutions
	solution                        []maze.Move // one shortest solution (see shortestPaths)
}

// shortestPaths counts the shortest solutions and averages the features
// along them without enumerating them.
//
// With ds the depth from the start, dg the distance to the goal and D the
// goal depth, a cell v lies on a shortest solution exactly when
// ds(v)+dg(v) = D, and then the number of shortest solutions through v is
// F(v)·B(v): F(v) counts the shortest paths from the start to v (sum of F
// over the predecessors one layer up) and B(v) the shortest paths from v to
// the goal (sum of B over the successors one move nearer the goal), since
// any such prefix and suffix join into a shortest solution. Summing a
// per-cell feature weighted by F·B over the cells gives its total over all
// shortest solutions; a U-turn is a pair of consecutive moves u→v→w, found
// on F(u)·B(w) shortest solutions. Counts are exact (math/big); each
// average is the float64 nearest to the exact quotient.
//
// The one solution it returns is the one solve.Solve reports: walking back
// from the goal, it takes the predecessor of lowest index one layer up that
// lies on a shortest solution, and the first move (in direction order)
// from it.
func shortestPaths(g *graph.Graph, jumps []int, preds []graph.Set, start, goal int, ds, dg []int) pathStats {
	st := pathStats{count: new(big.Int), sumForward: new(big.Int), sumBackward: new(big.Int), sumUTs: new(big.Int)}
	D := ds[goal]
	if D < 0 {
		return st
	}
	n := g.Cells()
	on := func(v int) bool { return ds[v] >= 0 && dg[v] >= 0 && ds[v]+dg[v] == D }
	layers := make([][]int, D+1) // the cells of shortest solutions by depth
	for v := range n {
		if on(v) {
			layers[ds[v]] = append(layers[ds[v]], v)
		}
	}
	F, B := make([]*big.Int, n), make([]*big.Int, n)
	F[start] = big.NewInt(1)
	for d := 1; d <= D; d++ {
		for _, v := range layers[d] {
			F[v] = new(big.Int)
			preds[v].Each(func(u int) {
				if on(u) && ds[u] == d-1 {
					F[v].Add(F[v], F[u])
				}
			})
		}
	}
	B[goal] = big.NewInt(1)
	for d := D - 1; d >= 0; d-- {
		for _, v := range layers[d] {
			B[v] = new(big.Int)
			g.Succ(v, jumps[v]).Each(func(w int) {
				if on(w) && ds[w] == d+1 {
					B[v].Add(B[v], B[w])
				}
			})
		}
	}
	st.count.Set(F[goal])
	through, pair := new(big.Int), new(big.Int)
	for d := 0; d <= D; d++ {
		for _, v := range layers[d] {
			through.Mul(F[v], B[v])
			if v != goal && g.Succ(v, jumps[v]).Len() > 1 {
				st.sumForward.Add(st.sumForward, through)
			}
			if v != start && preds[v].Len() > 1 {
				st.sumBackward.Add(st.sumBackward, through)
			}
			if d == 0 || d == D {
				continue
			}
			// U-turns at v: a move into v then a move out in the opposite
			// direction.
			preds[v].Each(func(u int) {
				if !on(u) || ds[u] != d-1 {
					return
				}
				in := moveDir(g, jumps, u, v)
				g.Succ(v, jumps[v]).Each(func(w int) {
					if on(w) && ds[w] == d+1 && moveDir(g, jumps, v, w) == opposite(in) {
						st.sumUTs.Add(st.sumUTs, pair.Mul(F[u], B[w]))
					}
				})
			})
		}
	}
	st.solution = make([]maze.Move, D)
	for v, d := goal, D; d > 0; d-- {
		u := -1
		preds[v].Each(func(c int) {
			if u < 0 && on(c) && ds[c] == d-1 {
				u = c
			}
		})
		st.solution[d-1] = maze.Move{Dir: moveDir(g, jumps, u, v), To: v}
		v = u
	}
	st.forward = ratio(st.sumForward, st.count)
	st.backward = ratio(st.sumBackward, st.count)
	st.uturns = ratio(st.sumUTs, st.count)
	return st
}

// ratio returns a/b as the nearest float64, or 0 when b is 0.
func ratio(a, b *big.Int) float64 {
	if b.Sign() == 0 {
		return 0
	}
	f, _ := new(big.Rat).SetFrac(a, b).Float64()
	return f
}

// moveDir returns the direction of the first move (in direction order)
// from u that lands on v; u must have such a move.
func moveDir(g *graph.Graph, jumps []int, u, v int) maze.Dir {
	for _, m := range g.Moves(u, jumps[u]) {
		if m.To == v {
			return m.Dir
		}
	}
	panic("analysis: no move between the cells")
}

// opposite returns the reverse of rook direction d: a move in d followed
// by a move in opposite(d) is a U-turn, back and forth within one row or
// column (seed 003 §3.4, seed 004's "right-left-right-left"). Other
// directions get a value no direction has, so they never make a U-turn.
func opposite(d maze.Dir) maze.Dir {
	switch d {
	case maze.Up:
		return maze.Down
	case maze.Down:
		return maze.Up
	case maze.Left:
		return maze.Right
	case maze.Right:
		return maze.Left
	}
	return noDir
}

// noDir is no direction.
const noDir = maze.Dir(255)
