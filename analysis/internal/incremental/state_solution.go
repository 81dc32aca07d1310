package incremental

import (
	"math"
	"math/bits"
)

// stateSolution is the current configuration's shortest solution over
// states, which stateEval keeps for the design energy's evaluator: most
// changes a hill descent tries leave it where it is, and the decisions
// with the change then follow from the kept ones and the states the
// change touches, without the search up to the start (see
// stateEval.alongSolution). It is solution's counterpart over states.
type stateSolution struct {
	ok     bool // the fields below describe the current configuration
	unique bool // it has a unique shortest solution, of D moves
	D      int
	df, db int // its forward and backward decisions
	// states are the solution's states from the start, at[s] is state s's
	// index among them (-1: off it), on[c] the index of the first of cell
	// c's states on it (-1: none).
	states, at, on []int32
	// kept says that the change last rated leaves the solution where it
	// is, with db2 backward decisions.
	kept bool
	db2  int
}

func (s *stateSolution) init(cells, states int) {
	s.at, s.on = make([]int32, states), make([]int32, cells)
	for v := range s.at {
		s.at[v] = -1
	}
	for c := range s.on {
		s.on[c] = -1
	}
}

// keepSolution walks the current configuration's shortest solution over
// the kept search's distances (curDist).
func (e *stateEval) keepSolution() {
	s := &e.sol
	for _, v := range s.states {
		s.at[v] = -1
		s.on[e.sg.Cell(int(v))] = -1
	}
	s.states = s.states[:0]
	s.ok, s.unique, s.D = e.curOK, false, -1
	if !e.curOK {
		return
	}
	if s.D = int(e.curDist[e.sg.Start()]); s.D < 0 {
		return
	}
	w, unique := e.walkOver(e.curDist, s.D, true)
	if s.unique, s.df, s.db = unique, w.df, w.db; !unique {
		return
	}
	for x, v := range s.states {
		s.at[v] = int32(x)
		if c := e.sg.Cell(int(v)); s.on[c] < 0 {
			s.on[c] = int32(x)
		}
	}
}

// alongSolution rates the change in place (begin) from the kept unique
// solution when the change leaves it the unique shortest one. It returns
// whether the changed configuration has a unique shortest solution, its
// decisions if so, and whether the reaching cells certainly stay the
// same; ok is false when it does not cover the change.
//
// Why. Let P be the kept solution, of D moves, and dist the kept
// distances to the goal (-1: none, taken as ∞). Only the moves of the
// states of the changed cell i change, so when none of them is on P, P
// is still a solution. For every move u→v of the changed configuration,
// dist(u) ≤ 1 + dist(v) if it is an old move; take the new moves s→w
// (s a state of i allowed to make it) to have dist(w) ≥ dist(s) - 1 and
// dist(s) ≥ 0 whenever dist(w) ≥ 0: the change brings no state of i
// nearer the goal. Then on any solution of the changed configuration no
// state has dist = ∞ (leaving such a state for one with a finite dist
// takes a move from it to such a one: not an old move, and no new one
// does it), so summing dist(u) − dist(v) ≤ 1 over its moves gives
// D = dist(start) − dist(goal) ≤ its moves. With exactly D, every move
// lowers dist by 1, so the moves before its first new one, from the start
// to a state s of i, number D − dist(s): s is on a shortest solution of
// the old configuration, which is P (unique), where i has no state. So a
// solution with a new move has more than D moves, and one without is an
// old one: P, the only old one of D moves, stays the unique shortest
// solution. Its states keep their successors (a state's moves depend on
// its own cell's jump and its part), so its forward decisions stay the
// same; its backward decisions change only at the states i's old and new
// moves land on (movedPreds).
func (e *stateEval) alongSolution() (unique bool, df, db int, sameReaching, ok bool) {
	s, i := &e.sol, e.ti
	s.kept = false
	if !s.unique || s.on[i] >= 0 || i == e.sg.Cell(e.sg.Goal()) {
		return false, 0, 0, false, false
	}
	cd, spc := e.curDist, e.spc
	base := i * spc
	m := e.mv[i] // the change's moves
	for x, t := range m.To {
		a := m.Allow[x]
		dw := cd[t]
		if a == 0 || dw < 0 {
			continue
		}
		for ; a != 0; a &= a - 1 {
			if ds := cd[base+bits.TrailingZeros16(a)]; ds < 0 || ds > dw+1 {
				return false, 0, 0, false, false
			}
		}
	}
	db = s.db + e.movedPreds()
	s.kept, s.db2 = true, db
	return true, s.df, db, false, true
}

// shortcut returns an upper bound D of the goal depth with the change in
// place (begin), when it finds one below minDepth. A new move of a state
// of the changed cell i landing on a state w nearer the goal than every
// state of i (whose shortest way to the goal therefore avoids them) gives
// a solution through it when a way from the start to that state avoids
// i's moves: when i is on the kept solution, at index k of it first, its
// first k moves (k + 1 + dist(w) moves in all); when it is not, the
// solution's first k moves and a move onto the state, from the
// solution's state at index k (k + 2 + dist(w)). This is
// graph.DepthTracker.Shortcut over states, with depths read from the
// solution.
func (e *stateEval) shortcut(minDepth int) (D int, ok bool) {
	s, i, spc, sg := &e.sol, e.ti, e.spc, e.sg
	if !s.unique {
		return 0, false
	}
	cd := e.curDist
	nearest := uint32(math.MaxInt32)
	for _, d := range cd[i*spc : i*spc+spc] {
		nearest = min(nearest, uint32(d)) // -1, none, is huge
	}
	m := e.mv[i] // the change's moves
	// through returns the shortest solution through state part of i,
	// k moves from the start, and a new move.
	through := func(part int, k int32) (int, bool) {
		bit := uint16(1) << uint(part)
		for x, w := range m.To {
			if dw := uint32(cd[w]); m.Allow[x]&bit != 0 && dw < nearest {
				if D := int(k) + 1 + int(dw); D < minDepth {
					return D, true
				}
			}
		}
		return 0, false
	}
	if k := s.on[i]; k >= 0 {
		return through(int(s.states[k])-i*spc, k)
	}
	for parts := sg.Parts(i); parts != 0; parts &= parts - 1 {
		part := bits.TrailingZeros16(parts)
		// The predecessors of the state on the solution (none of them
		// i's: i's moves land on other cells), the nearest the start.
		k := uint32(math.MaxInt32)
		for _, mv := range e.in[i*spc+part].list(e.live) {
			for a := mv.allow; a != 0; a &= a - 1 {
				k = min(k, uint32(s.at[mv.cell*int32(spc)+int32(bits.TrailingZeros16(a))]))
			}
		}
		if k < math.MaxInt32 {
			if D, ok := through(part, int32(k)+1); ok {
				return D, true
			}
		}
	}
	return 0, false
}

// movedPreds returns the change in the backward decisions of the kept
// solution's states (but the start, whose predecessors are no decision)
// whose predecessors the change in place moved: those the changed cell's
// old or new moves land on.
func (e *stateEval) movedPreds() (delta int) {
	s := &e.sol
	moved := func(v int32) {
		in := e.in[v]
		other, was := 0, 0
		for _, m := range in.list(e.live) {
			if m.cell == e.tc {
				was = bits.OnesCount16(m.allow)
			} else {
				other += bits.OnesCount16(m.allow)
			}
		}
		is := other+bits.OnesCount16(in.extra) > 1
		if is != (other+was > 1) {
			if is {
				delta++
			} else {
				delta--
			}
		}
	}
	for _, v := range e.extraList {
		if s.at[v] > 0 {
			moved(v)
		}
	}
	m := e.sg.Jump(e.ti, e.old)
	for x, v := range m.To {
		// The states of extraList are done, and so is one landed on by an
		// earlier move (two moves land on the goal).
		if m.Allow[x] == 0 || s.at[v] <= 0 || e.in[v].extra != 0 || m.Dup && repeatsTo(m.To[:x], m.Allow[:x], v) {
			continue
		}
		moved(v)
	}
	return delta
}

// repeatsTo reports whether one of the moves to, allowed by allow, lands
// on v.
func repeatsTo(to []int32, allow []uint16, v int32) bool {
	for x, t := range to {
		if t == v && allow[x] != 0 {
			return true
		}
	}
	return false
}

// nonReachingWith returns the non-reaching cells with the change in place
// (begin), by search or from the kept distances: over states
// alongSolution never says that the reaching cells stay the same.
func (e *stateEval) nonReachingWith(bool) int {
	e.searchFrom()
	e.search(false)
	return e.cells - e.reaching()
}

// trapped returns the reaching cells with a reachable state that cannot
// reach the goal, with the change in place, after nonReachingWith or a
// search to the end: a forward search, read against the states the
// backward search found (the kept distances' when it staged the change
// there).
func (e *stateEval) trapped() int {
	back := e.back
	if e.staged {
		back = e.curBack
	}
	e.forward()
	return trappedCells(e.fwd, func(c int) uint16 { return back[c] })
}
