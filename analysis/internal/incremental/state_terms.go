package incremental

import (
	"math/bits"

	"rjm/graph"
	"rjm/maze"
)

// This file holds what stateEval computes of a configuration over its
// lists of states: the backward and forward searches, the shortest
// solutions and their count, the holes and the initial forced moves, and
// the stages the design energy's evaluator reads (begin, end).

// compute fills v with the needed terms of the configuration, except
// those of the graph of cells.
func (e *stateEval) compute(v *Values) {
	*v = Values{}
	need := e.need
	// n counts the cells holding a reachable state that cannot reach the
	// goal too (see trappedCells): the forward search comes first.
	if need&(needReachable|needReaching|needHoles) != 0 {
		if reached := e.forward(); need&needReachable != 0 {
			v[Unreachable] = e.cells - reached
		}
	}
	if need&needReaching != 0 {
		D, reaching := e.backward()
		v[NonReaching] = e.cells - reaching + trappedCells(e.fwd, func(c int) uint16 { return e.back[c] })
		if need&needPath != 0 {
			e.path(v, D)
		}
	}
	if need&needHoles != 0 {
		v[BlackHoles], v[BlackHoleCells] = e.holes(false)
		v[WhiteHoles], v[WhiteHoleCells] = e.holes(true)
	}
	if need&needForced != 0 {
		v[InitialForcedMoves] = e.forced()
	}
}

// backward runs breadth-first search from the goal over the states'
// predecessors (searchFrom, then search to the end). It returns the start
// state's distance D (-1: unsolvable) and the number of reaching cells.
func (e *stateEval) backward() (D, reaching int) {
	e.searchFrom()
	e.search(false)
	return int(e.dist[e.sg.Start()]), e.reach
}

// searchFrom starts the backward search from the goal or, while a change
// is tried, from the kept search's layer from (see tryChange).
func (e *stateEval) searchFrom() {
	if e.staging {
		e.staging = false
		// Past a 24th of the states (10 on 7×7) a search is cheaper:
		// measured, an 8th, 12th and 32nd cost more, a 16th and 20th
		// as much within 0.4%.
		if e.staged = e.tryDistances(len(e.dist) / 24); e.staged {
			return
		}
	}
	dist, back := e.dist, e.back
	copy(dist, e.unset)
	clear(back)
	e.done = false
	if e.tc < 0 || e.from == 0 {
		goal := e.sg.Goal()
		e.queue = append(e.queue[:0], int32(goal))
		dist[goal] = 0
		back[e.sg.Cell(goal)] = 1
		e.lq[0] = int32(goal)
		e.head, e.ln, e.reach = 0, 1, 1
		return
	}
	// The layers 0..from of the kept search, the states of layer from
	// still to expand.
	q, reach, ln, sg := e.queue[:0], 0, 0, e.sg
	for _, s := range e.curQueue {
		d := e.curDist[s]
		if d > e.from {
			break
		}
		if d == e.from {
			e.lq[ln] = s
			ln += landed(e.in[s])
		}
		dist[s] = d
		c := sg.Cell(int(s))
		if back[c] == 0 {
			reach++
		}
		back[c] |= 1 << uint(sg.Part(int(s)))
		q = append(q, s)
	}
	e.queue, e.head, e.ln, e.reach = q, 0, ln, reach
}

// landed returns 1 when something lands on the state whose list of moves
// is in, else 0, without a branch: see search.
func landed(in stateIn) int { return int((uint32(in.n)|uint32(in.extra))+0xffff) >> 16 }

// search continues the backward search until it ends or, with
// untilStart, until it has found the start state, when every state nearer
// the goal has been found. It leaves every state's distance in dist, the
// states found per cell in back, the states by distance in queue and the
// number of reaching cells in reach.
func (e *stateEval) search(untilStart bool) {
	if e.staged {
		return // the kept distances are all there
	}
	dist, back, live, ins, tc := e.dist, e.back, e.live, e.in, e.tc
	// q has room for every state (its capacity), found up to nq; lq holds
	// those of them that something lands on, up to ln, the only ones to
	// expand: most states have nothing landing on them, and telling them
	// apart when they are found, without a branch (landed), rather than
	// when they are expanded saves a branch that a predictor guesses
	// wrong half the time.
	q, nq, reaching, lq, head, ln := e.queue[:cap(e.queue)], len(e.queue), e.reach, e.lq, e.head, e.ln
	spc := int32(e.spc)
	startCell := int32(e.sg.Cell(e.sg.Start())) // the start state is its part 0
	stop := untilStart && dist[e.sg.Start()] >= 0
	xc := max(tc, 0) // the tried cell's entry: none (extra 0) when tc < 0
	for head < ln && !stop {
		v := lq[head]
		head++
		in := ins[v]
		t := dist[v] + 1
		// The entries of π(v), then (k == len(list), when there is one)
		// the tried cell's: add the states of cell c in allow (a mask of
		// parts) not found yet, and count the cell as reaching when it is
		// new. Each is read as stateIn.entry reads it, written out: with
		// the call, whose test of tc stands outside the list's branch,
		// a try on 7×7 loops,no-u-turn took 2.8% more instructions.
		list := in.list(live)
		for k, end := 0, in.entries(); k < end; k++ {
			c, allow := xc, in.extra
			if k < len(list) {
				if c, allow = list[k].cell, list[k].allow; c == tc {
					continue
				}
			}
			had := back[c]
			added := allow &^ had
			if added == 0 {
				continue
			}
			if had == 0 {
				reaching++
			}
			back[c] = had | added
			for base := c * spc; added != 0; added &= added - 1 {
				s := base + int32(bits.TrailingZeros16(added))
				dist[s] = t
				q[nq], lq[ln] = s, s
				nq++
				ln += landed(ins[s])
			}
		}
		stop = untilStart && dist[startCell*spc] >= 0
	}
	e.queue, e.reach, e.head, e.ln = q[:nq], reaching, head, ln
	e.done = head == ln
}

// path fills the along-the-solution terms, given the start state's
// distance D to the goal and the backward search. There are no U-turns:
// the rule forbids them.
func (e *stateEval) path(v *Values, D int) { pathTerms(v, D, e.need, e.countPaths, e.walk) }

// walkOver is walk over the distances to the goal dist; with keep it
// records the solution's states in sol.states as it goes.
func (e *stateEval) walkOver(dist []int32, D int, keep bool) (w walkCount, unique bool) {
	sg := e.sg
	start := int32(sg.Start())
	u := start
	for t := int32(D); t > 0; t-- {
		if keep {
			e.sol.states = append(e.sol.states, u)
		}
		m := e.mv[sg.Cell(int(u))]
		forbid := sg.Forbidden(int(u))
		succs, next := 0, int32(-1)
		for x := range m.Dir {
			if !inSigma(m, x, forbid) {
				continue
			}
			succs++
			if v := m.To[x]; dist[v] == t-1 {
				if next >= 0 {
					return w, false // two successors one move nearer the goal
				}
				next = v
			}
		}
		w = w.leave(succs > 1)
		if u != start {
			w = w.enter(e.manyPreds(u))
		}
		u = next
	}
	if keep {
		e.sol.states = append(e.sol.states, u)
	}
	w = w.enter(e.manyPreds(u)) // the goal
	return w, true
}

// manyPreds reports whether state v has two or more predecessor states.
func (e *stateEval) manyPreds(v int32) bool {
	in := e.in[v]
	count := bits.OnesCount16(in.extra)
	for _, m := range in.list(e.live) {
		if m.cell != e.tc {
			if count += bits.OnesCount16(m.allow); count > 1 {
				return true
			}
		}
	}
	return count > 1
}

// countPaths counts the shortest paths from the start state, D moves
// from the goal, up to the number of cells, by dynamic programming over
// the states in the order of the backward search.
func (e *stateEval) countPaths(D int) int {
	sg, cnt, cells := e.sg, e.cnt, int32(e.cells)
	cnt[sg.Goal()] = 1
	for _, u := range e.queue[1:] {
		t := e.dist[u]
		if int(t) > D {
			break
		}
		c := sg.Cell(int(u))
		m := e.mv[c]
		forbid := sg.Forbidden(int(u))
		k := int32(0)
		for x := range m.Dir {
			if !inSigma(m, x, forbid) {
				continue
			}
			if w := m.To[x]; e.dist[w] == t-1 {
				k = min(k+cnt[w], cells)
			}
		}
		cnt[u] = k
	}
	return int(cnt[sg.Start()])
}

// inSigma reports whether move x of m, made from a state that may not
// move in direction forbid, lands on a state of its σ by its first move
// there (see graph.StateJump.Repeats): the moves that the walks and the
// path counts follow.
func inSigma(m *graph.StateJump, x int, forbid maze.Dir) bool {
	return m.Dir[x] != forbid && !(m.Dup && m.Repeats(x, forbid))
}

// forward runs breadth-first search from the start state, leaving the
// states reached per cell in fwd, and returns the number of cells reached.
func (e *stateEval) forward() int {
	var reached int
	reached, e.fq = forwardStates(e.sg, e.mv, e.fwd, e.fq)
	return reached
}

// forwardStates runs breadth-first search from sg's start state over the
// moves mv (mv[c] those of cell c's jump), leaving the states reached per
// cell in fwd (a mask of parts), and returns the number of cells reached
// and the queue q (its scratch) grown as needed.
func forwardStates(sg *graph.StateGraph, mv []*graph.StateJump, fwd []uint16, q []int32) (int, []int32) {
	clear(fwd)
	start := sg.Start()
	q = append(q[:0], int32(start))
	fwd[sg.Cell(start)] = 1
	reached := 1
	for head := 0; head < len(q); head++ {
		u := int(q[head])
		c := sg.Cell(u)
		m := mv[c]
		forbid := sg.Forbidden(u)
		for x, w := range m.To {
			if m.Dir[x] == forbid {
				continue
			}
			wc, bit := sg.Cell(int(w)), uint16(1)<<uint(sg.Part(int(w)))
			if fwd[wc]&bit != 0 {
				continue
			}
			if fwd[wc] == 0 {
				reached++
			}
			fwd[wc] |= bit
			q = append(q, w)
		}
	}
	return reached, q
}

// trappedCells returns the cells that hold a state from which the goal
// can be reached and a state reachable from the start (fwd, after
// forwardStates) from which it cannot: back(c) is cell c's states that
// reach the goal, a mask of parts. They are the black-hole cells a count
// of non-reaching cells misses, which n adds (see
// analysis.Features.NonReaching); on cells there are none.
func trappedCells(fwd []uint16, back func(c int) uint16) int {
	n := 0
	for c, f := range fwd {
		if b := back(c); b != 0 && f&^b != 0 {
			n++
		}
	}
	return n
}

// holes counts the black holes (white: the white holes) and their cells:
// the groups of cells holding a reachable state that cannot reach the
// goal (graph.Nodes.BlackHoleNodes; white: unreachable, reaching cells)
// that moves of the graph of cells connect, after backward and forward.
func (e *stateEval) holes(white bool) (count, cells int) {
	kind := func(c int) bool { return e.fwd[c]&^e.back[c] != 0 }
	if white {
		kind = func(c int) bool { return e.fwd[c] == 0 && e.back[c] != 0 }
	}
	root := e.root
	find := func(c int32) int32 {
		for root[c] != c {
			root[c] = root[root[c]]
			c = root[c]
		}
		return c
	}
	for c := range root {
		root[c] = int32(c)
	}
	g := e.sg.Graph()
	for c := range root {
		if !kind(c) {
			continue
		}
		for _, m := range g.Moves(c, e.jumps[c]) {
			if kind(m.To) {
				root[find(int32(c))] = find(int32(m.To))
			}
		}
	}
	for c := range root {
		if kind(c) {
			cells++
			if find(int32(c)) == int32(c) {
				count++
			}
		}
	}
	return count, cells
}

// forced returns the initial forced moves (see forcedStates).
func (e *stateEval) forced() int { return forcedStates(e.sg, e.mv, e.stamp, &e.gen) }

// forcedStates returns the initial forced moves over states (see
// ForcedMoves), the moves of each cell c being mv[c]. stamp and gen are
// its scratch: stamp[s] == *gen when state s has been left.
func forcedStates(sg *graph.StateGraph, mv []*graph.StateJump, stamp []uint32, gen *uint32) int {
	if *gen++; *gen == 0 {
		clear(stamp)
		*gen = 1
	}
	g := *gen
	return ForcedMoves(sg.Start(), func(u int) bool {
		was := stamp[u] == g
		stamp[u] = g
		return !was
	}, func(u int) int {
		m, forbid := mv[sg.Cell(u)], sg.Forbidden(u)
		succs, next := 0, int32(-1)
		for x := range m.Dir {
			if !inSigma(m, x, forbid) {
				continue
			}
			if succs++; succs == 2 {
				return -1
			}
			next = m.To[x]
		}
		return int(next) // -1 with no move
	})
}

// begin puts the change of cell i to jump j in place for the design
// energy's stages (see designEval) and returns the cluster penalty and the
// initial forced moves with it.
func (e *stateEval) begin(i, j int) (penalty, forced int) {
	penalty = e.cell.penalty(i, j)
	e.untry()
	if !e.sol.ok {
		e.keepSolution()
	}
	e.sol.kept = false
	e.old = e.tryChange(i, j)
	// A change off the kept solution goes into the kept distances.
	e.staging = e.curOK && e.sol.unique && e.sol.on[i] < 0
	e.ti, e.tj = i, j
	return penalty, e.forced()
}

// end takes back the change begin put in place.
func (e *stateEval) end() {
	e.endChange(e.ti, e.old)
	e.tried = e.staged
	e.staging, e.staged = false, false
}

func (e *stateEval) startDistance() int {
	if e.staged {
		return int(e.curDist[e.sg.Start()])
	}
	return int(e.dist[e.sg.Start()])
}

func (e *stateEval) reaching() int {
	if e.staged {
		return e.curReach
	}
	return e.reach
}

func (e *stateEval) values() *Values { return &e.next }

// walk follows the shortest solution from the start state, D moves from
// the goal: it is unique when every state has exactly one successor state
// one move nearer the goal. It counts the forward decisions (states with
// two or more successor states) and backward decisions (states with two
// or more predecessor states) along it; there are no U-turns, which the
// rule forbids. While a change off the kept solution is staged in the
// kept distances, they answer, mostly without a walk.
func (e *stateEval) walk(D int, _ bool) (walkCount, bool) {
	if s := &e.sol; e.staged && D == s.D {
		// The change is off the kept solution, which stays a solution of
		// D moves, the shortest, and its states keep their distances and
		// successors: see keptUnique.
		if !e.keptUnique() {
			return walkCount{}, false
		}
		s.kept, s.db2 = true, s.db+e.movedPreds()
		return walkCount{df: s.df, db: s.db2}, true
	}
	if e.staged {
		return e.walkOver(e.curDist, D, false)
	}
	return e.walkOver(e.dist, D, false)
}
