package analysis

import (
	"rjm/graph"
	"rjm/maze"
)

// The state graph of Abbott's no-U-turn rule (see doc.go, "The no-U-turn
// rule"). A state is a cell and the direction of travel that entered it,
// numbered as package graph numbers them: state c·spc+k is cell c with
// part k, 0 for "no jump yet" and 1+d for "entered moving in direction d"
// (graph.Graph.StatesPerCell). Of these, the analysis keeps
//
//   - the start state, the start cell's part 0;
//   - the goal, one state standing for every part of the goal cell
//     (reaching the goal ends the game, so the direction of arrival makes
//     no difference), numbered goal·spc;
//   - the enterable states: the parts 1+d of the other cells for which some
//     cell and some jump of the board has a move arriving in direction d.
//
// Which states exist depends on the board alone, not on the jumps, and so
// do the moves of every jump, the states they land on and the states that
// may make them; stateSpace holds these tables once per board, start and
// goal, so that evaluating a configuration allocates nothing.

// noDir is no direction: the part-0 states may jump every way.
const noDir = maze.Dir(255)

// stateSpace is the jump-independent part of a no-U-turn board's state
// graph for one start and goal.
type stateSpace struct {
	g             *graph.Graph
	spc, n        int   // states per cell, cells
	start, goal   int   // cells
	startS, goalS int32 // the start state and the goal
	// mask[c] has bit k set when state c·spc+k exists.
	mask []uint16
	// forbid[k] is the direction a state of part k may not jump in: the
	// reverse of its direction of arrival (noDir for part 0).
	forbid []maze.Dir
	// The moves of the jump of slot s (graph.Graph.Slot) are
	// [fwdOff[s], fwdOff[s+1]): fwdDir their directions, fwdTo the states
	// they land on and fwdAllow the states of the slot's cell that may
	// make them (a mask of parts: all but the one entered moving the
	// reverse way; none of the goal's). dup[s] is set when two of them land
	// on one state.
	fwdOff   []int32
	fwdDir   []maze.Dir
	fwdTo    []int32
	fwdAllow []uint16
	dup      []bool
	// inOff[v+1]−inOff[v] is the number of moves, over every cell and
	// every jump, that land on state v: room for the evaluators' lists of
	// the moves landing on v (see stateEval).
	inOff []int32
}

func newStateSpace(g *graph.Graph, start, goal int) *stateSpace {
	n, spc := g.Cells(), g.StatesPerCell()
	sp := &stateSpace{
		g: g, spc: spc, n: n, start: start, goal: goal,
		startS: int32(start * spc), goalS: int32(goal * spc),
		mask: make([]uint16, n), forbid: make([]maze.Dir, spc),
	}
	sp.forbid[0] = noDir
	for k := 1; k < spc; k++ {
		sp.forbid[k] = maze.Dir(k - 1).Opposite()
	}
	slots := g.Slot(n-1, -1) + 1 // the last cell's empty slot is the last
	sp.fwdOff = make([]int32, slots+1)
	sp.dup = make([]bool, slots)
	// The moves of every slot, in slot order, with the states they land on.
	for c := range n {
		for _, j := range g.Legal(c) {
			s := g.Slot(c, j)
			first := len(sp.fwdTo)
			g.StateMoves(c*spc, j, func(m maze.Move, to int) {
				if m.To == goal {
					to = goal * spc
				} else {
					sp.mask[m.To] |= 1 << uint(to%spc)
				}
				for _, t := range sp.fwdTo[first:] {
					sp.dup[s] = sp.dup[s] || t == int32(to)
				}
				sp.fwdDir = append(sp.fwdDir, m.Dir)
				sp.fwdTo = append(sp.fwdTo, int32(to))
			})
			sp.fwdOff[s+1] = int32(len(sp.fwdTo) - first)
		}
	}
	for s := range slots {
		sp.fwdOff[s+1] += sp.fwdOff[s]
	}
	sp.mask[start] |= 1
	sp.mask[goal] = 1
	sp.fwdAllow = make([]uint16, len(sp.fwdTo))
	for c := range n {
		for _, j := range g.Legal(c) {
			s := g.Slot(c, j)
			for x := sp.fwdOff[s]; x < sp.fwdOff[s+1]; x++ {
				sp.fwdAllow[x] = sp.allow(c, sp.fwdDir[x])
			}
		}
	}
	states := n * spc
	sp.inOff = make([]int32, states+1)
	for _, t := range sp.fwdTo {
		sp.inOff[t+1]++
	}
	for v := range states {
		sp.inOff[v+1] += sp.inOff[v]
	}
	return sp
}

// allow returns the states of cell c that may jump in direction d: none
// of the goal's, every other state but the one entered moving the
// reverse way.
func (sp *stateSpace) allow(c int, d maze.Dir) uint16 {
	if c == sp.goal {
		return 0
	}
	return sp.mask[c] &^ (1 << uint(1+int(d.Opposite())))
}

// moves returns the range of the moves of cell c's jump j in the forward
// tables.
func (sp *stateSpace) moves(c, j int) (lo, hi int32) {
	s := sp.g.Slot(c, j)
	return sp.fwdOff[s], sp.fwdOff[s+1]
}

// succ calls f for every state in σ(u), the distinct states state u
// lands on when its cell holds jump j, in the order of their first move,
// with that move's direction.
func (sp *stateSpace) succ(u, j int, f func(v int32, d maze.Dir)) {
	c := u / sp.spc
	forbid := sp.forbid[u%sp.spc]
	lo, hi := sp.moves(c, j)
	dup := sp.dup[sp.g.Slot(c, j)]
	for x := lo; x < hi; x++ {
		if sp.fwdDir[x] == forbid || dup && sp.landedBefore(lo, x, forbid) {
			continue
		}
		f(sp.fwdTo[x], sp.fwdDir[x])
	}
}

// landedBefore reports whether a move of lo..x−1 not in direction forbid
// lands where move x does.
func (sp *stateSpace) landedBefore(lo, x int32, forbid maze.Dir) bool {
	for y := lo; y < x; y++ {
		if sp.fwdTo[y] == sp.fwdTo[x] && sp.fwdDir[y] != forbid {
			return true
		}
	}
	return false
}

// states calls f for every state of the space, in increasing order.
func (sp *stateSpace) states(f func(s int)) {
	for c, m := range sp.mask {
		for k := 0; m != 0; k, m = k+1, m>>1 {
			if m&1 != 0 {
				f(c*sp.spc + k)
			}
		}
	}
}
