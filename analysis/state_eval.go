package analysis

import (
	"math/bits"

	"rjm/graph"
	"rjm/maze"
)

// stateEval is the termsEvaluator of boards under Abbott's no-U-turn rule,
// whose search states are a cell and the direction that entered it (see
// states.go). It computes the terms on the states, as Analyze does, and
// leaves the same jump clusters, which are a property of the graph of
// cells, to a wordEval or multiEval asked for those terms alone.
//
// Why it is fast enough. Every table that does not depend on the jumps
// (which states exist, where every move lands, which states may make it)
// is built once, in stateSpace. The evaluator keeps π of the current
// configuration as lists: for every state, one entry per cell whose jump
// has a move landing on it, with the mask of that cell's states allowed
// to make the move (all but the one entered moving the reverse way). A
// one-cell change updates the lists of the few states its old and new
// moves land on, and a change that is only tried is seen through a
// correction instead (tc and extra), as wordEval's fixBit does. An
// evaluation is then one breadth-first search backwards from the goal
// over int32 queues and per-cell masks of states, touching only the moves
// of the current jumps: it gives n, every reaching state's distance to
// the goal and the goal depth D (the start state's distance). The walk of
// D moves from the start along states one move nearer the goal decides
// uniqueness and counts the decisions, as wordEval's walk does on cells.
// Nothing is allocated after construction. The search runs afresh for
// every evaluation (restarting it from the first layer a change touches
// did not pay on cells, see wordEval); the design energy's evaluator
// stops it early instead (designState).
type stateEval struct {
	sp    *stateSpace
	spc   int
	need  needs
	cells int // |S| (see openCells)
	jumps []int
	cell  termsEvaluator // the cluster terms; nil when none is needed

	// π of the current configuration: the moves landing on state v are
	// live[sp.inOff[v]:sp.inOff[v]+liveLen[v]], one entry per cell.
	live    []liveMove
	liveLen []int32
	// While a change of cell tc is tried, the search and the walk skip the
	// entries of cell tc and see instead extra[v], the states of tc whose
	// new jump lands on v (nonzero only for the states in extraList).
	tc        int32
	extra     []uint16
	extraList []int32

	// The backward search: every state's distance to the goal (-1: not
	// found), the states found per cell, the states found in order of
	// distance, the next of them to expand, and the reaching cells so far.
	dist     []int32
	back     []uint16
	queue    []int32
	head     int
	reaching int

	fwd   []uint16 // per cell: the states reachable from the start state
	fq    []int32  // the forward search's queue
	stamp []uint32 // forced: stamp[s] == gen when state s has been left
	gen   uint32
	cnt   []int32 // countPaths: shortest paths from each state, up to cells
	root  []int32 // holes: union-find parents of the cells

	cur, next Values
	ti, tj    int
}

// liveMove is an entry of the list of moves landing on a state: the
// states of cell (a mask of parts) allowed to make a move of its current
// jump landing there.
type liveMove struct {
	cell  int32
	allow uint16
}

// cellNeeds are the terms of the graph of cells.
const cellNeeds = needPenalty | needClusters

func newStateEval(g *graph.Graph, start, goal int, need needs) *stateEval {
	n, states := g.Cells(), g.States()
	sp := newStateSpace(g, start, goal)
	e := &stateEval{
		sp: sp, spc: g.StatesPerCell(), need: need,
		cells: openCells(g, start, goal).Len(), jumps: make([]int, n),
		live: make([]liveMove, sp.inOff[states]), liveLen: make([]int32, states),
		tc: -1, extra: make([]uint16, states), extraList: make([]int32, 0, maze.NumDirs),
		dist: make([]int32, states), back: make([]uint16, n), queue: make([]int32, 0, states),
		fwd: make([]uint16, n), fq: make([]int32, 0, states), stamp: make([]uint32, states),
		cnt: make([]int32, states), root: make([]int32, n),
	}
	for s := range e.dist {
		e.dist[s] = -1
	}
	if need&cellNeeds != 0 {
		if n <= 64 {
			e.cell = newWordEval(g, start, goal, need&cellNeeds)
		} else {
			e.cell = newMultiEval(g, start, goal, need&cellNeeds)
		}
	}
	return e
}

func (e *stateEval) reset(jumps []int) *Values {
	copy(e.jumps, jumps)
	clear(e.liveLen)
	for c, j := range jumps {
		e.addMoves(c, j)
	}
	e.compute(&e.cur)
	if e.cell != nil {
		cellTerms(&e.cur, e.cell.reset(jumps))
	}
	return &e.cur
}

func (e *stateEval) try(i, j int) *Values {
	old := e.begin(i, j)
	e.compute(&e.next)
	e.end(i, old)
	if e.cell != nil {
		cellTerms(&e.next, e.cell.try(i, j))
	}
	e.ti, e.tj = i, j
	return &e.next
}

// begin sets cell i's jump to j for a try, π seen through tc and extra,
// and returns the old jump for end.
func (e *stateEval) begin(i, j int) (old int) {
	sp := e.sp
	old = e.jumps[i]
	e.jumps[i] = j
	e.tc = int32(i)
	lo, hi := sp.moves(i, j)
	for x := lo; x < hi; x++ {
		if t, a := sp.fwdTo[x], sp.fwdAllow[x]; a != 0 {
			if e.extra[t] == 0 {
				e.extraList = append(e.extraList, t)
			}
			e.extra[t] |= a
		}
	}
	return old
}

// end undoes begin.
func (e *stateEval) end(i, old int) {
	for _, t := range e.extraList {
		e.extra[t] = 0
	}
	e.extraList = e.extraList[:0]
	e.tc = -1
	e.jumps[i] = old
}

func (e *stateEval) accept() {
	e.removeMoves(e.ti, e.jumps[e.ti])
	e.jumps[e.ti] = e.tj
	e.addMoves(e.ti, e.tj)
	if e.cell != nil {
		e.cell.accept()
	}
	e.cur = e.next
}

// addMoves adds to π the moves of cell c's jump j.
func (e *stateEval) addMoves(c, j int) {
	sp := e.sp
	lo, hi := sp.moves(c, j)
	for x := lo; x < hi; x++ {
		t, a := sp.fwdTo[x], sp.fwdAllow[x]
		if a == 0 {
			continue
		}
		list := e.live[sp.inOff[t] : sp.inOff[t]+e.liveLen[t]]
		found := false
		for k := range list {
			if list[k].cell == int32(c) {
				list[k].allow |= a // another move of c onto t
				found = true
			}
		}
		if !found {
			e.live[sp.inOff[t]+e.liveLen[t]] = liveMove{int32(c), a}
			e.liveLen[t]++
		}
	}
}

// removeMoves removes from π the moves of cell c's jump j.
func (e *stateEval) removeMoves(c, j int) {
	sp := e.sp
	lo, hi := sp.moves(c, j)
	for x := lo; x < hi; x++ {
		t := sp.fwdTo[x]
		list := e.live[sp.inOff[t] : sp.inOff[t]+e.liveLen[t]]
		for k := range list {
			if list[k].cell == int32(c) {
				list[k] = list[len(list)-1]
				e.liveLen[t]--
				break
			}
		}
	}
}

// cellTerms copies the terms of the graph of cells from c to v.
func cellTerms(v, c *Values) {
	v[Clusters], v[LargestCluster], v[ClusterPenalty] = c[Clusters], c[LargestCluster], c[ClusterPenalty]
}

// compute fills v with the needed terms of the configuration, except
// those of the graph of cells.
func (e *stateEval) compute(v *Values) {
	*v = Values{}
	need := e.need
	if need&needReaching != 0 {
		D, reaching := e.backward()
		v[NonReaching] = e.cells - reaching
		if need&needPath != 0 {
			e.path(v, D)
		}
	}
	if need&needReachable != 0 {
		v[Unreachable] = e.cells - e.forward()
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
	return int(e.dist[e.sp.startS]), e.reaching
}

// searchFrom starts the backward search from the goal.
func (e *stateEval) searchFrom() {
	sp := e.sp
	for _, s := range e.queue {
		e.dist[s] = -1
	}
	clear(e.back)
	e.queue = append(e.queue[:0], sp.goalS)
	e.dist[sp.goalS] = 0
	e.back[sp.goal] = 1
	e.head, e.reaching = 0, 1
}

// search continues the backward search until it ends or, with
// untilStart, until it has found the start state, when every state nearer
// the goal has been found. It leaves every state's distance in dist, the
// states found per cell in back, the states by distance in queue and the
// number of reaching cells in reaching.
func (e *stateEval) search(untilStart bool) {
	sp, dist, back, tc := e.sp, e.dist, e.back, e.tc
	q, reaching := e.queue, e.reaching
	spc := int32(e.spc)
	head := e.head
	for ; head < len(q); head++ {
		if untilStart && dist[sp.startS] >= 0 {
			break
		}
		v := q[head]
		t := dist[v] + 1
		off := sp.inOff[v]
		list, extra := e.live[off:off+e.liveLen[v]], e.extra[v]
		// The entries of π(v), then the tried cell's.
		for k := 0; k <= len(list); k++ {
			c, allow := tc, extra
			if k < len(list) {
				if c, allow = list[k].cell, list[k].allow; c == tc {
					continue
				}
			} else if extra == 0 {
				break
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
			base := c * spc
			for ; added != 0; added &= added - 1 {
				s := base + int32(bits.TrailingZeros16(added))
				dist[s] = t
				q = append(q, s)
			}
		}
	}
	e.queue, e.reaching, e.head = q, reaching, head
}

// path fills the along-the-solution terms, given the start state's
// distance D to the goal and the backward search.
func (e *stateEval) path(v *Values, D int) {
	if !solutionHead(v, D, e.need, e.countPaths) {
		return
	}
	unique, df, db := e.walk(D)
	if !unique {
		return
	}
	v[NotUnique] = 0
	v[ForwardDecisions], v[BackwardDecisions], v[Decisions] = df, db, min(df, db)
	// v[UTurns] stays 0: the rule forbids them.
}

// walk follows the shortest solution from the start state, D moves from
// the goal: it is unique when every state has exactly one successor state
// one move nearer the goal. It counts the forward decisions (states with
// two or more successor states) and backward decisions (states with two
// or more predecessor states) along it.
func (e *stateEval) walk(D int) (unique bool, df, db int) {
	sp := e.sp
	u := sp.startS
	for t := int32(D); t > 0; t-- {
		c := int(u) / e.spc
		forbid := sp.forbid[int(u)%e.spc]
		slot := sp.g.Slot(c, e.jumps[c])
		lo, hi, dup := sp.fwdOff[slot], sp.fwdOff[slot+1], sp.dup[slot]
		succs, next := 0, int32(-1)
		for x := lo; x < hi; x++ {
			if sp.fwdDir[x] == forbid || dup && sp.landedBefore(lo, x, forbid) {
				continue
			}
			succs++
			if w := sp.fwdTo[x]; e.dist[w] == t-1 {
				if next >= 0 {
					return false, 0, 0 // two successors one move nearer the goal
				}
				next = w
			}
		}
		if succs > 1 {
			df++
		}
		if u != sp.startS && e.manyPreds(u) {
			db++
		}
		u = next
	}
	if e.manyPreds(u) { // the goal
		db++
	}
	return true, df, db
}

// manyPreds reports whether state v has two or more predecessor states.
func (e *stateEval) manyPreds(v int32) bool {
	off := e.sp.inOff[v]
	count := bits.OnesCount16(e.extra[v])
	for _, m := range e.live[off : off+e.liveLen[v]] {
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
	sp, cnt, cells := e.sp, e.cnt, int32(e.cells)
	cnt[sp.goalS] = 1
	for _, u := range e.queue[1:] {
		t := e.dist[u]
		if int(t) > D {
			break
		}
		c := int(u) / e.spc
		forbid := sp.forbid[int(u)%e.spc]
		slot := sp.g.Slot(c, e.jumps[c])
		lo, hi, dup := sp.fwdOff[slot], sp.fwdOff[slot+1], sp.dup[slot]
		k := int32(0)
		for x := lo; x < hi; x++ {
			if sp.fwdDir[x] == forbid || dup && sp.landedBefore(lo, x, forbid) {
				continue
			}
			if w := sp.fwdTo[x]; e.dist[w] == t-1 {
				k = min(k+cnt[w], cells)
			}
		}
		cnt[u] = k
	}
	return int(cnt[sp.startS])
}

// forward runs breadth-first search from the start state, leaving the
// states reached per cell in fwd, and returns the number of cells reached.
func (e *stateEval) forward() int {
	sp, fwd, spc := e.sp, e.fwd, e.spc
	clear(fwd)
	q := append(e.fq[:0], sp.startS)
	fwd[sp.start] = 1
	reached := 1
	for head := 0; head < len(q); head++ {
		u := q[head]
		c := int(u) / spc
		forbid := sp.forbid[int(u)%spc]
		lo, hi := sp.moves(c, e.jumps[c])
		for x := lo; x < hi; x++ {
			if sp.fwdDir[x] == forbid {
				continue
			}
			w := sp.fwdTo[x]
			wc, bit := int(w)/spc, uint16(1)<<uint(int(w)%spc)
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
	e.fq = q
	return reached
}

// holes counts the black holes (white: the white holes) and their cells:
// the groups of reachable, non-reaching cells (unreachable, reaching
// cells) that moves of the graph of cells connect, after backward and
// forward.
func (e *stateEval) holes(white bool) (count, cells int) {
	kind := func(c int) bool { return (e.fwd[c] != 0) != white && (e.back[c] != 0) == white }
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
	g := e.sp.g
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

// forced returns the initial forced moves: from the start state, the
// moves made while the state has exactly one successor state, until a
// state already left comes back.
func (e *stateEval) forced() int {
	if e.gen++; e.gen == 0 {
		clear(e.stamp)
		e.gen = 1
	}
	sp := e.sp
	m := 0
	for u := sp.startS; e.stamp[u] != e.gen; m++ {
		c := int(u) / e.spc
		forbid := sp.forbid[int(u)%e.spc]
		slot := sp.g.Slot(c, e.jumps[c])
		lo, hi, dup := sp.fwdOff[slot], sp.fwdOff[slot+1], sp.dup[slot]
		succs, next := 0, int32(-1)
		for x := lo; x < hi && succs < 2; x++ {
			if sp.fwdDir[x] == forbid || dup && sp.landedBefore(lo, x, forbid) {
				continue
			}
			succs++
			next = sp.fwdTo[x]
		}
		if succs != 1 {
			break
		}
		e.stamp[u] = e.gen
		u = next
	}
	return m
}
