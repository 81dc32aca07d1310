package graph

import "rjm/maze"

// StateGraph is the graph of states of a board under Abbott's no-U-turn
// rule for one start and goal: which states exist, where every move of
// every jump lands and which states may make it. A state is a cell and the
// direction of travel that entered it, numbered as StatesPerCell says:
// state c·spc+k is cell c with part k, 0 for "no jump yet" and 1+d for
// "entered moving in direction d". Of these the graph keeps
//
//   - the start state, the start cell's part 0;
//   - the goal, one state standing for every part of the goal cell,
//     numbered goal·spc: reaching the goal ends the game, so the direction
//     of arrival makes no difference, and a state with two moves onto the
//     goal arriving in different directions has the goal once in σ (as
//     two jumps onto one cell do on cells);
//   - the enterable states: the parts 1+d of the other cells for which
//     some cell and some jump of the board has a move arriving in
//     direction d.
//
// Which states exist depends on the board alone, not on the jumps, and so
// do the moves of every jump, the states they land on and the states that
// may make them; a StateGraph holds these tables once per board, start and
// goal, so that the solver, the analysis and the evaluators of local
// search agree on the goal's merging and allocate nothing per maze. It is
// immutable and safe for concurrent use.
type StateGraph struct {
	g           *Graph
	spc, n      int // states per cell, cells
	start, goal int // cells
	// mask[c] has bit k set when state c·spc+k exists.
	mask []uint16
	// cell[s] and part[s] are state s's cell and part, s/spc and s%spc,
	// looked up rather than divided on the searches' paths.
	cell []int32
	part []uint8
	// forbid[k] is the direction a state of part k may not jump in: the
	// reverse of its direction of arrival (noDir for part 0).
	forbid []maze.Dir
	// The moves of the jump of slot s (Graph.Slot) are [off[s], off[s+1]):
	// dir their directions, to the states they land on and allow the
	// states of the slot's cell that may make them (a mask of parts: all
	// but the one entered moving the reverse way; none of the goal's).
	// dup[s] is set when two of them land on one state.
	off   []int32
	dir   []maze.Dir
	to    []int32
	allow []uint16
	dup   []bool
	// jumps[s] is the moves of slot s as Jump returns them, made once.
	jumps []StateJump
	// inOff[v+1]−inOff[v] is the number of moves, over every cell and
	// every jump, that land on state v (see In).
	inOff []int32
}

// noDir is no direction: the part-0 states may jump every way.
const noDir = maze.Dir(255)

// NewStateGraph returns the state graph of g for the given start and goal
// cells. g must be compiled under the no-U-turn rule (StatesPerCell > 1).
func (g *Graph) NewStateGraph(start, goal int) *StateGraph {
	n, spc := g.n, g.spc
	sg := &StateGraph{
		g: g, spc: spc, n: n, start: start, goal: goal,
		mask: make([]uint16, n), forbid: make([]maze.Dir, spc),
	}
	sg.forbid[0] = noDir
	for k := 1; k < spc; k++ {
		sg.forbid[k] = maze.Dir(k - 1).Opposite()
	}
	slots := g.Slot(n-1, -1) + 1 // the last cell's empty slot is the last
	sg.off = make([]int32, slots+1)
	sg.dup = make([]bool, slots)
	// The moves of every slot, in slot order, with the states they land on.
	for c := range n {
		for _, j := range g.Legal(c) {
			s := g.Slot(c, j)
			first := len(sg.to)
			g.StateMoves(c*spc, j, func(m maze.Move, to int) {
				if m.To == goal {
					to = goal * spc
				} else {
					sg.mask[m.To] |= 1 << uint(to%spc)
				}
				for _, t := range sg.to[first:] {
					sg.dup[s] = sg.dup[s] || t == int32(to)
				}
				sg.dir = append(sg.dir, m.Dir)
				sg.to = append(sg.to, int32(to))
			})
			sg.off[s+1] = int32(len(sg.to) - first)
		}
	}
	for s := range slots {
		sg.off[s+1] += sg.off[s]
	}
	sg.mask[start] |= 1
	sg.mask[goal] = 1
	sg.allow = make([]uint16, len(sg.to))
	for c := range n {
		for _, j := range g.Legal(c) {
			s := g.Slot(c, j)
			for x := sg.off[s]; x < sg.off[s+1]; x++ {
				sg.allow[x] = sg.allowed(c, sg.dir[x])
			}
		}
	}
	sg.jumps = make([]StateJump, slots)
	for s := range slots {
		lo, hi := sg.off[s], sg.off[s+1]
		sg.jumps[s] = StateJump{To: sg.to[lo:hi:hi], Dir: sg.dir[lo:hi:hi], Allow: sg.allow[lo:hi:hi], Dup: sg.dup[s]}
	}
	states := n * spc
	sg.cell, sg.part = make([]int32, states), make([]uint8, states)
	for s := range states {
		sg.cell[s], sg.part[s] = int32(s/spc), uint8(s%spc)
	}
	sg.inOff = make([]int32, states+1)
	for _, t := range sg.to {
		sg.inOff[t+1]++
	}
	for v := range states {
		sg.inOff[v+1] += sg.inOff[v]
	}
	return sg
}

// allowed returns the states of cell c that may jump in direction d: none
// of the goal's, every other state but the one entered moving the
// reverse way.
func (sg *StateGraph) allowed(c int, d maze.Dir) uint16 {
	if c == sg.goal {
		return 0
	}
	return sg.mask[c] &^ (1 << uint(1+int(d.Opposite())))
}

// Graph returns the move graph sg was built from.
func (sg *StateGraph) Graph() *Graph { return sg.g }

// Start returns the start state.
func (sg *StateGraph) Start() int { return sg.start * sg.spc }

// Goal returns the goal state, the one state of the goal cell.
func (sg *StateGraph) Goal() int { return sg.goal * sg.spc }

// Cell returns the cell of state s.
func (sg *StateGraph) Cell(s int) int { return int(sg.cell[s]) }

// Part returns the part of state s: 0 for the start state (and the goal),
// 1+d for a state entered moving in direction d.
func (sg *StateGraph) Part(s int) int { return int(sg.part[s]) }

// Parts returns the states of cell c as a mask of parts: bit k is set
// when state c·StatesPerCell+k exists.
func (sg *StateGraph) Parts(c int) uint16 { return sg.mask[c] }

// Each calls f for every state, in increasing order.
func (sg *StateGraph) Each(f func(s int)) {
	for c, m := range sg.mask {
		for k := 0; m != 0; k, m = k+1, m>>1 {
			if m&1 != 0 {
				f(c*sg.spc + k)
			}
		}
	}
}

// Forbidden returns the direction state s may not jump in, the reverse of
// the direction that entered it; for the start state (and the goal) a
// value no move has.
func (sg *StateGraph) Forbidden(s int) maze.Dir { return sg.forbid[sg.part[s]] }

// StateJump is the moves of one jump of one cell in a StateGraph, in
// direction order: move x goes in direction Dir[x], lands on state To[x]
// (the goal's states counting as one) and may be made by the states of
// the cell whose parts are in Allow[x].
type StateJump struct {
	To    []int32
	Dir   []maze.Dir
	Allow []uint16
	// Dup is set when two of the moves land on one state; see Repeats.
	Dup bool
}

// Jump returns the moves of cell c's jump j. The caller must not modify
// them.
func (sg *StateGraph) Jump(c, j int) *StateJump {
	return &sg.jumps[sg.g.Slot(c, j)]
}

// Repeats reports whether a move before move x, not in direction forbid,
// lands where move x does: σ lists each state once, by its first move. It
// can be true only when Dup is set.
func (m StateJump) Repeats(x int, forbid maze.Dir) bool {
	for y := range x {
		if m.To[y] == m.To[x] && m.Dir[y] != forbid {
			return true
		}
	}
	return false
}

// Succ calls f for every state in σ(s), the distinct states state s lands
// on when its cell holds jump j, in the order of their first move, with
// that move's direction.
func (sg *StateGraph) Succ(s, j int, f func(v int, d maze.Dir)) {
	m := sg.Jump(s/sg.spc, j)
	forbid := sg.forbid[sg.part[s]]
	for x, d := range m.Dir {
		if d == forbid || m.Dup && m.Repeats(x, forbid) {
			continue
		}
		f(int(m.To[x]), d)
	}
}

// In returns where the moves landing on state v start in a list of the
// moves of every cell and every jump ordered by the state they land on,
// and how many there are: room for lists of the moves landing on v.
func (sg *StateGraph) In(v int) (off, n int32) {
	return sg.inOff[v], sg.inOff[v+1] - sg.inOff[v]
}

// Moves returns the number of moves of every cell and every jump: the
// length of the list In indexes.
func (sg *StateGraph) Moves() int { return len(sg.to) }
