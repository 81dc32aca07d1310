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

// stateDepth is DepthTracker under the no-U-turn rule: it follows the goal
// depth by breadth-first search from the start state over the moves of
// the state graph, up to the goal.
//
// Why it is fast. Only the moves of the changed cell i change, so the
// layers of the search up to the nearest of i's states, at depth k, are
// those of the current configuration: a try copies them from the kept
// search and expands from layer k on. When the search never expanded a
// state of i before it found the goal (none nearer the start than the
// goal), the depth stays as it is without a search, and the kept search
// stays that of the changed configuration. The StateGraph gives every
// move's state and the parts allowed to make it, with no division.
type stateDepth struct {
	sg    *StateGraph
	jumps []int
	// cur is the search of the current configuration, whose goal depth
	// is depth (-1: unreachable); tried is that of the change last tried
	// when searched is set, which accept then swaps in.
	cur, tried       depthSearch
	depth, tryDepth  int
	tryCell, tryJump int
	searched         bool
}

// depthSearch is a search of stateDepth: every state's depth (-1: not
// reached before the goal) and the states reached, by depth.
type depthSearch struct {
	dist, order []int32
}

func newStateDepth(g *Graph, start, goal int) *stateDepth {
	sd := &stateDepth{sg: g.NewStateGraph(start, goal), jumps: make([]int, g.n)}
	for _, s := range []*depthSearch{&sd.cur, &sd.tried} {
		s.dist = make([]int32, g.States())
		for v := range s.dist {
			s.dist[v] = -1
		}
		s.order = make([]int32, 0, g.States())
	}
	return sd
}

func (sd *stateDepth) reset(jumps []int) int {
	copy(sd.jumps, jumps)
	sd.depth = sd.search(&sd.cur, 0)
	return sd.depth
}

func (sd *stateDepth) try(i, j int) int {
	sd.tryCell, sd.tryJump = i, j
	k := sd.firstLayer(i)
	if sd.searched = k >= 0; !sd.searched {
		sd.tryDepth = sd.depth
		return sd.depth
	}
	old := sd.jumps[i]
	sd.jumps[i] = j
	sd.tryDepth = sd.search(&sd.tried, k)
	sd.jumps[i] = old
	return sd.tryDepth
}

func (sd *stateDepth) accept() {
	sd.jumps[sd.tryCell], sd.depth = sd.tryJump, sd.tryDepth
	if sd.searched {
		sd.cur, sd.tried = sd.tried, sd.cur
	}
}

// firstLayer returns the depth of the nearest state of cell i the kept
// search expanded before it found the goal, -1 when none.
func (sd *stateDepth) firstLayer(i int) int32 {
	spc, k := sd.sg.spc, int32(-1)
	for _, d := range sd.cur.dist[i*spc : i*spc+spc] {
		if d >= 0 && (sd.depth < 0 || int(d) < sd.depth) && (k < 0 || d < k) {
			k = d
		}
	}
	return k
}

// search runs breadth-first search into s from layer k of the kept search
// (its layers 0..k copied; k = 0: from the start state) until the goal,
// and returns the goal depth (-1: unreachable).
func (sd *stateDepth) search(s *depthSearch, k int32) int {
	sg, dist := sd.sg, s.dist
	for _, v := range s.order {
		dist[v] = -1
	}
	start, goal := int32(sg.Start()), int32(sg.Goal())
	q, head := s.order[:0], 0
	if k == 0 {
		dist[start] = 0
		q = append(q, start)
		if start == goal {
			s.order = q
			return 0
		}
	} else {
		head = -1
		for _, v := range sd.cur.order {
			d := sd.cur.dist[v]
			if d > k {
				break
			}
			if d == k && head < 0 {
				head = len(q)
			}
			dist[v] = d
			q = append(q, v)
		}
	}
	for ; head < len(q); head++ {
		u := q[head]
		c := sg.cell[u]
		slot := sg.g.Slot(int(c), sd.jumps[c])
		part, d := uint16(1)<<sg.part[u], dist[u]+1
		for x := sg.off[slot]; x < sg.off[slot+1]; x++ {
			if sg.allow[x]&part == 0 {
				continue
			}
			v := sg.to[x]
			if dist[v] >= 0 {
				continue
			}
			dist[v] = d
			q = append(q, v)
			if v == goal {
				s.order = q
				return int(d)
			}
		}
	}
	s.order = q
	return -1
}
