package incremental

import "math/bits"

// solution is the current configuration's shortest solution, which
// multiEval keeps for the design energy's evaluator on boards past one
// word. Most changes a hill descent tries there either leave the solution
// where it is or cut it at one cell; the decisions with the change then
// follow from the kept ones and the cells the change touches, without the
// search and the walk of the whole solution (see alongSolution).
type solution struct {
	ok     bool // the fields below describe the current configuration
	unique bool // it has a unique shortest solution, of D moves
	D      int
	// cells are the solution's cells from the start, at[c] is cell c's
	// index among them (-1: off it); fwd[x] counts the forward decisions
	// of cells[:x], bwd[x] the backward decisions of cells[1:x].
	cells, at, fwd, bwd []int32
	// kept says that the change last rated leaves the solution where it
	// is; its backward decisions then change at the indices of moved by
	// the amounts in step (see movedPreds).
	kept        bool
	moved, step []int32
}

func (s *solution) init(n int) {
	s.at, s.fwd, s.bwd = make([]int32, n), make([]int32, n+2), make([]int32, n+2)
	for c := range s.at {
		s.at[c] = -1
	}
}

// record appends cell c to the solution walked, with the counts of the
// walk w up to it.
func (s *solution) record(c int, w walkCount) {
	x := len(s.cells)
	s.cells = append(s.cells, int32(c))
	s.fwd[x+1], s.bwd[x+1] = int32(w.df), int32(w.db)
}

// accept follows the change last rated into the current configuration.
func (s *solution) accept() {
	if !s.kept {
		s.ok = false
		return
	}
	for k, x := range s.moved {
		for y := x + 1; y <= int32(s.D)+1; y++ {
			s.bwd[y] += s.step[k]
		}
	}
}

// keepSolution walks the current configuration's shortest solution over
// short's distances to the goal.
func (e *multiEval) keepSolution() {
	s := &e.sol
	for _, c := range s.cells {
		s.at[c] = -1
	}
	s.cells = s.cells[:0]
	dist := e.short.ToGoal()
	s.D, s.unique, s.ok = int(dist[e.start]), false, true
	if s.D < 0 {
		return
	}
	if _, s.unique = e.walkOver(dist, s.D, false, true); !s.unique {
		return
	}
	for x, c := range s.cells {
		s.at[c] = int32(x)
	}
}

// shortcut is the depth tracker's proof (graph.DepthTracker.Shortcut)
// for the change in place (begin).
func (e *multiEval) shortcut(minDepth int) (D int, ok bool) {
	return e.short.Shortcut(e.ti, e.tj, minDepth)
}

// alongSolution rates the change in place (begin) from the kept unique
// solution when the change leaves it where it is, cuts it at the changed
// cell ti and continues it along the kept distances, or makes a shorter
// one through ti off it. It returns
// whether the changed configuration has a unique shortest solution, its
// decisions if so, and whether the reaching cells certainly stay the
// same; ok is false when it does not cover the change.
//
// Changing ti's moves changes no way to ti, and a distance to the goal
// falls only through ti, when ti gets nearer (a new successor more than
// one move nearer than ti). See offSolution, throughCell and onSolution.
func (e *multiEval) alongSolution() (unique bool, df, db int, sameReaching, ok bool) {
	s, i := &e.sol, e.ti
	s.kept = false
	if !s.unique || i == e.goal {
		return false, 0, 0, false, false
	}
	dist := e.short.ToGoal()
	// The new successors of ti nearest the goal: how near, how many, one.
	near, count, next := int32(-1), 0, -1
	for _, c := range e.succs(i) {
		switch ds := dist[c]; {
		case ds < 0:
		case near < 0 || ds < near:
			near, count, next = ds, 1, int(c)
		case ds == near:
			count++
		}
	}
	if k := s.at[i]; k >= 0 {
		return e.onSolution(int(k), dist[i], near, count, next)
	}
	return e.offSolution(dist[i], near, count, next)
}

// offSolution is alongSolution for a cell ti off the solution, whose
// distance to the goal is di and whose nearest new successors are count
// cells at distance near (-1: none reaches the goal), next one of them.
// The solution's moves are untouched, so it stays a solution and only a
// way through ti can come level with it or beat it: one of k+near+1
// moves, k ti's depth from the start (which the change does not touch);
// below D see throughCell. Above D the solution stays the unique shortest
// one with the same forward decisions; its backward decisions change at
// ti's old and new successors. Reaching cells change only when ti gets
// nearer and could not reach the goal, or when its distance rises and no
// new successor reaches the goal without it (one at most as far as ti).
func (e *multiEval) offSolution(di, near int32, count, next int) (unique bool, df, db int, sameReaching, ok bool) {
	s, i := &e.sol, e.ti
	unique = true
	if near >= 0 && (di < 0 || near+1 < di) {
		if k := e.short.DepthOf(i); k >= 0 {
			switch l := k + int(near) + 1; {
			case l < s.D:
				return e.throughCell(k, di, count, next)
			case l == s.D:
				unique = false // a second one
			}
		}
		sameReaching = di >= 0
	} else {
		sameReaching = di < 0 || near >= 0 && near <= di
	}
	s.moved, s.step = s.moved[:0], s.step[:0]
	db = int(s.bwd[s.D+1]) + e.movedPreds(1, s.D, true)
	s.kept = unique
	return unique, int(s.fwd[s.D]), db, sameReaching, true
}

// onSolution is alongSolution for ti at index k of the solution, with di,
// near and count (how many new successors are as near) and next (one of
// them). When ti keeps its distance or gets nearer, every shortest
// solution runs along the kept one up to ti (no other way to ti changes,
// and a way avoiding ti's new moves is one of the old ones, none of them
// as short) and then from next along the kept distances (those nearer
// than ti's do not change); from the first cell of the kept solution it
// meets, on along it. The reaching cells stay the same.
func (e *multiEval) onSolution(k int, di, near int32, count, next int) (unique bool, df, db int, sameReaching, ok bool) {
	if near < 0 || near >= di {
		return false, 0, 0, false, false // ti's distance rises (see cutOff)
	}
	if count > 1 {
		return false, 0, 0, true, true
	}
	s, i := &e.sol, e.ti
	w, unique := e.tail(next)
	if !unique {
		return false, 0, 0, true, true
	}
	w = w.leave(len(e.succs(i)) > 1)
	df = w.df + int(s.fwd[k])
	db = w.db + int(s.bwd[k+1]) + e.movedPreds(1, k, false)
	return true, df, db, true, true
}

// throughCell is offSolution for a change that gives a shorter solution
// through ti, which is k moves from the start: every shortest solution
// runs along a shortest way to ti (none of which the change touches),
// then on as in onSolution. The way to ti is walked backwards over the
// depth tracker's layers: it is unique when every cell on it has one
// predecessor in the layer before.
func (e *multiEval) throughCell(k int, di int32, count, next int) (unique bool, df, db int, sameReaching, ok bool) {
	sameReaching = di >= 0 // ti gets nearer: reaching changes only if it could not reach the goal
	if count > 1 {
		return false, 0, 0, sameReaching, true
	}
	w, unique := e.tail(next)
	if !unique {
		return false, 0, 0, sameReaching, true
	}
	c := e.ti
	for d := k; ; d-- {
		w = w.leave(len(e.succs(c)) > 1)
		if d == 0 {
			return true, w.df, w.db, sameReaching, true
		}
		w = w.enter(e.npredWith(c) > 1)
		// ti is in no layer before k, so π of the current configuration
		// serves.
		layer, p, n := e.short.Layer(d-1), -1, 0
		for x, word := range e.pred[c*e.w : c*e.w+e.w] {
			if word &= layer[x]; word != 0 {
				if n += bits.OnesCount64(word); n > 1 {
					return false, 0, 0, sameReaching, true
				}
				p = x<<6 + bits.TrailingZeros64(word)
			}
		}
		c = p
	}
}

// tail walks the shortest way from cell next, nearer the goal than the
// changed cell, along the kept distances (which the change does not
// touch there) until it meets the kept solution, and on along it: it
// returns whether the way is unique and its decisions.
func (e *multiEval) tail(next int) (w walkCount, unique bool) {
	s, dist := &e.sol, e.short.ToGoal()
	c := next
	for s.at[c] < 0 {
		t, ways, succs := e.nearer(dist, c, int(dist[c])-1)
		if ways > 1 {
			return w, false
		}
		w = w.enter(e.npredWith(c) > 1)
		w = w.leave(succs > 1)
		c = t
	}
	m := int(s.at[c])
	w.df += int(s.fwd[s.D] - s.fwd[m])
	w.db += int(s.bwd[s.D+1]-s.bwd[m]) + e.movedPreds(m, s.D, false)
	return w, true
}

// npredWith returns |π(c)| with the change in place (begin), whether π
// has it yet (fixPred) or not.
func (e *multiEval) npredWith(c int) int32 {
	n := e.npred[c]
	if e.light {
		x, bit := c>>6, uint64(1)<<(uint(c)&63)
		was, is := e.g.Succ(e.ti, e.old)[x]&bit != 0, e.succ[e.ti*e.w+x]&bit != 0
		if is && !was {
			n++
		} else if was && !is {
			n--
		}
	}
	return n
}

// movedPreds returns the change in the backward decisions of the
// solution's cells at indices lo..hi (lo ≥ 1: the start's predecessors
// are no decision) whose π the change in place moved (ti's old and new
// successors), with record noting it in moved and step for accept.
func (e *multiEval) movedPreds(lo, hi int, record bool) (delta int) {
	s, newS, oldS := &e.sol, e.at(e.succ, e.ti), e.g.Succ(e.ti, e.old)
	// ti left π(c) for the cells of σ(ti) before the change not in it
	// after, and joined it for those after not in it before.
	for k, list := range [2][]int32{e.g.SuccCells(e.ti, e.old), e.succs(e.ti)} {
		joined, other := k == 1, oldS
		if !joined {
			other = newS
		}
		for _, c := range list {
			if other.Has(int(c)) {
				continue
			}
			if at := int(s.at[c]); at < lo || at > hi {
				continue
			}
			after := e.npredWith(int(c))
			before := after + 1
			if joined {
				before = after - 1
			}
			if now := after > 1; now != (before > 1) {
				step := int32(-1)
				if now {
					step = 1
				}
				delta += int(step)
				if record {
					s.moved, s.step = append(s.moved, s.at[c]), append(s.step, step)
				}
			}
		}
	}
	return delta
}

// cutOff reports whether the change in place (begin) leaves the start
// unable to reach the goal, for the changes that mostly do: cell ti is on
// the current unique shortest solution and none of its new successors is
// at most as far from the goal as ti (such a successor's shortest way
// cannot pass through ti, so the start would still reach the goal). The
// depth tracker answers with its forward search, which starts from ti's
// layer: the layers before it, most of what the start reaches when it is
// cut off, stay as they are.
func (e *multiEval) cutOff() bool {
	s, i := &e.sol, e.ti
	if !s.unique || s.at[i] < 0 || i == e.goal {
		return false
	}
	dist := e.short.ToGoal()
	di := dist[i]
	for _, c := range e.succs(i) {
		if ds := dist[c]; ds >= 0 && ds <= di {
			return false
		}
	}
	return e.short.Try(i, e.tj) < 0
}

// nonReachingWith returns the non-reaching cells with the change in place
// (begin): the current configuration's when same, else by search.
func (e *multiEval) nonReachingWith(same bool) int {
	if same {
		return e.cur[NonReaching]
	}
	e.searchFrom()
	e.search(false)
	return e.cells - e.reaching()
}
