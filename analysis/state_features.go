package analysis

import (
	"rjm/graph"
	"rjm/maze"
)

// stateCore computes the core features under the no-U-turn rule on the
// explicit state graph of m (see states.go): breadth-first search over
// states from the start state and back from the goal, the shortest
// solutions as sequences of states, holes among the cells classified by
// their states, and forced moves of states. It allocates freely; the
// evaluators (stateEval) compute the same without allocating.
func stateCore(g *graph.Graph, m *maze.Maze, preds []graph.Set) core {
	jumps := m.Jumps
	sp := newStateSpace(g, m.Start, m.Goal)
	spc, N := sp.spc, g.States()
	succ, pred := make([][]int, N), make([][]int, N)
	sp.states(func(s int) {
		sp.succ(s, jumps[s/spc], func(v int32, _ maze.Dir) {
			succ[s] = append(succ[s], int(v))
			pred[v] = append(pred[v], s)
		})
	})
	start, goal := int(sp.startS), int(sp.goalS)
	ds, dg := bfsLists(succ, start), bfsLists(pred, goal)

	c := core{reachable: g.NewSet(), reaching: g.NewSet(), depth: ds[goal]}
	for s := range N {
		if ds[s] >= 0 {
			c.reachable.Add(s / spc)
		}
		if dg[s] >= 0 {
			c.reaching.Add(s / spc)
		}
	}
	pg := &pathGraph{
		nodes: N, start: start, goal: goal,
		succ: func(u int, f func(v int)) {
			for _, v := range succ[u] {
				f(v)
			}
		},
		pred: func(v int, f func(u int)) {
			for _, u := range pred[v] {
				f(u)
			}
		},
		succs: func(u int) int { return len(succ[u]) },
		preds: func(v int) int { return len(pred[v]) },
		uturn: func(_, v, w int) bool {
			// v was entered moving in direction v%spc−1 (it is not the
			// start state: it follows a move); the first move from v onto w
			// reverses that only if the rule allows it, which it never does.
			in, rev := maze.Dir(v%spc-1), false
			sp.succ(v, jumps[v/spc], func(x int32, d maze.Dir) {
				if int(x) == w { // σ lists each state once, by its first move
					rev = d == in.Opposite()
				}
			})
			return rev
		},
	}
	c.paths = shortestPaths(pg, ds, dg)

	black, white := g.NewSet(), g.NewSet()
	black.Copy(c.reachable)
	black.AndNot(c.reaching)
	white.Copy(c.reaching)
	white.AndNot(c.reachable)
	c.black = cellGroups(g, jumps, preds, black)
	c.white = cellGroups(g, jumps, preds, white)

	left := make([]bool, N)
	for u := start; !left[u] && len(succ[u]) == 1; u = succ[u][0] {
		left[u] = true
		c.forced++
	}
	return c
}

// bfsLists returns the breadth-first distance from node s of every node
// of the graph with adjacency lists adj, -1 when not reached.
func bfsLists(adj [][]int, s int) []int {
	dist := make([]int, len(adj))
	for i := range dist {
		dist[i] = -1
	}
	dist[s] = 0
	queue := []int{s}
	for head := 0; head < len(queue); head++ {
		u := queue[head]
		for _, v := range adj[u] {
			if dist[v] < 0 {
				dist[v] = dist[u] + 1
				queue = append(queue, v)
			}
		}
	}
	return dist
}

// cellGroups returns the groups of the cells of kind that moves of the
// graph of cells connect, either way (the weakly connected components of
// the subgraph kind induces), each as its cells in increasing order,
// ordered by their smallest cell.
func cellGroups(g *graph.Graph, jumps []int, preds []graph.Set, kind graph.Set) [][]int {
	return holes(g, kind, func(c int, next graph.Set) {
		addWithin(next, g.Succ(c, jumps[c]), kind)
		addWithin(next, preds[c], kind)
	})
}
