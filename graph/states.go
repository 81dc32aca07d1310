package graph

// Breadth-first search over states, for boards whose state is more than a
// cell (Abbott's no-U-turn rule; see StatesPerCell). Cell-based boards
// never come here: their searches run on bit sets of cells.

// StateSearch holds the scratch space of breadth-first searches over the
// states of one graph, so that repeated searches allocate nothing. It is
// not safe for concurrent use.
type StateSearch struct {
	g *Graph
	// Dist[s] is the depth of state s after Run, or -1 when unreached.
	Dist []int32
	// Order holds the reached states in the order reached (by depth).
	Order []int32
}

// NewStateSearch returns scratch space for searches over g's states.
func (g *Graph) NewStateSearch() *StateSearch {
	return &StateSearch{g: g, Dist: make([]int32, g.States()), Order: make([]int32, 0, g.States())}
}

// Run searches from the start state of cell start over the maze whose
// jumps are given. When goal is a cell (not -1), it stops as soon as a
// state of goal is reached and returns its depth; otherwise it searches
// everything and returns -1 (as it does when the goal cannot be reached).
func (ss *StateSearch) Run(jumps []int, start, goal int) int {
	g, dist := ss.g, ss.Dist
	for i := range dist {
		dist[i] = -1
	}
	spc := g.spc
	s0 := start * spc
	dist[s0] = 0
	ss.Order = append(ss.Order[:0], int32(s0))
	if start == goal {
		return 0
	}
	for head := 0; head < len(ss.Order); head++ {
		u := int(ss.Order[head])
		cell, k := u/spc, u%spc
		slot := g.Slot(cell, jumps[cell])
		d := dist[u] + 1
		for x, m := range g.moves[slot] {
			if k > 0 && spc > 1 && int(m.Dir.Opposite()) == k-1 {
				continue
			}
			v := m.To * spc
			if spc > 1 {
				v += 1 + int(g.arrive[slot][x])
			}
			if dist[v] >= 0 {
				continue
			}
			dist[v] = d
			ss.Order = append(ss.Order, int32(v))
			if m.To == goal {
				return int(d)
			}
		}
	}
	return -1
}

// Expanded reports whether the last Run, which returned depth, expanded a
// state of cell c before it ended: only then can a change of c's jump
// change the depth. The layers before the goal's hold every state of
// depth below it, and Run expands nothing else; when the goal was not
// reached it expanded every state it reached.
func (ss *StateSearch) Expanded(c, depth int) bool {
	spc := ss.g.spc
	for _, d := range ss.Dist[c*spc : c*spc+spc] {
		if d >= 0 && (depth < 0 || int(d) < depth) {
			return true
		}
	}
	return false
}

// CellDepths fills depth (one entry per cell) with the minimum depth over
// each cell's states after Run, -1 for cells no state of which was
// reached, and returns the number of cells reached.
func (ss *StateSearch) CellDepths(depth []int) int {
	for i := range depth {
		depth[i] = -1
	}
	reached := 0
	for _, s := range ss.Order {
		c := int(s) / ss.g.spc
		if depth[c] < 0 {
			depth[c] = int(ss.Dist[s])
			reached++
		}
	}
	return reached
}
