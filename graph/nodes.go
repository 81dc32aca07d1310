package graph

import "rjm/maze"

// Nodes is the graph one maze is played on, as adjacency lists: its cells
// with σ and π or, under Abbott's no-U-turn rule, its states (see
// StateGraph), the goal's states counting as one. Solving and the design
// analysis compute everything on it by one code path, whichever the
// nodes are; local search, which evaluates millions of configurations,
// works on the bit sets and the state tables directly instead.
type Nodes struct {
	// Start and Goal are the start node and the goal node.
	Start, Goal int
	// Succ[u] is σ(u), each node once (cells in increasing order, states
	// in the order of their first move); Pred[v] is π(v) in increasing
	// order. Nodes that are not states of the board have neither.
	Succ, Pred [][]int32

	g     *Graph
	jumps []int
	goal  int // the goal cell
}

// Nodes returns the graph of cells or states of the maze whose jumps are
// given, with the given start and goal cells. It allocates the lists
// afresh; it is meant for analysing one maze, not for local search.
func (g *Graph) Nodes(jumps []int, start, goal int) *Nodes {
	nd := &Nodes{
		Start: start * g.spc, Goal: goal * g.spc,
		Succ: make([][]int32, g.States()), Pred: make([][]int32, g.States()),
		g: g, jumps: jumps, goal: goal,
	}
	add := func(u, v int) {
		nd.Succ[u] = append(nd.Succ[u], int32(v))
		nd.Pred[v] = append(nd.Pred[v], int32(u))
	}
	if g.spc == 1 {
		for u, j := range jumps {
			g.Succ(u, j).Each(func(v int) { add(u, v) })
		}
		return nd
	}
	sg := g.NewStateGraph(start, goal)
	sg.Each(func(u int) {
		sg.Succ(u, jumps[u/g.spc], func(v int, _ maze.Dir) { add(u, v) })
	})
	return nd
}

// Len returns the number of nodes, Graph.States.
func (nd *Nodes) Len() int { return len(nd.Succ) }

// Cell returns the cell of node u.
func (nd *Nodes) Cell(u int) int { return u / nd.g.spc }

// Distances returns the breadth-first distance of every node from node
// from along the edges of adj (Succ: the depths; Pred: the distances to
// from), -1 for nodes not reached, and the nodes reached in the order
// reached, which is by distance.
func (nd *Nodes) Distances(from int, adj [][]int32) (dist []int, order []int) {
	dist = make([]int, len(adj))
	for i := range dist {
		dist[i] = -1
	}
	dist[from] = 0
	order = append(order, from)
	for head := 0; head < len(order); head++ {
		u := order[head]
		for _, v := range adj[u] {
			if dist[v] < 0 {
				dist[v] = dist[u] + 1
				order = append(order, int(v))
			}
		}
	}
	return dist, order
}

// Moves calls f for every move node u may make, in direction order, with
// the node it lands on and its direction of travel on arrival (which
// differs from the move's direction only after a Surakarta loop), until f
// returns false. Two moves may land on one node.
func (nd *Nodes) Moves(u int, f func(m maze.Move, v int, arrive maze.Dir) bool) {
	g := nd.g
	c, forbid := u/g.spc, noDir
	if k := u % g.spc; k > 0 {
		forbid = maze.Dir(k - 1).Opposite()
	}
	j := nd.jumps[c]
	for _, m := range g.Moves(c, j) {
		if m.Dir == forbid {
			continue
		}
		_, arrive, _ := g.board.Jump(c, m.Dir, j)
		v := m.To * g.spc
		if g.spc > 1 && m.To != nd.goal {
			v += 1 + int(arrive)
		}
		if !f(m, v, arrive) {
			return
		}
	}
}

// Move returns the first move (in direction order) node u may make onto
// node v and its direction of travel on arrival; ok is false when there
// is none.
func (nd *Nodes) Move(u, v int) (m maze.Move, arrive maze.Dir, ok bool) {
	nd.Moves(u, func(mv maze.Move, to int, in maze.Dir) bool {
		if to == v {
			m, arrive, ok = mv, in, true
		}
		return !ok
	})
	return m, arrive, ok
}
