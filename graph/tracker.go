package graph

import (
	"math/bits"
	"slices"
)

// DepthTracker follows the goal depth of one maze configuration while a
// local search changes it one cell at a time. It is the fast path of the
// simple objective: Try evaluates a one-cell change without committing it,
// Accept commits the change last tried.
//
// Why it is fast: the tracker keeps the breadth-first layers of the current
// configuration (the cells first reached at each depth, up to the goal's).
// A change at a cell that search never expanded before reaching the goal
// (its depth is at least the goal's, or it is unreachable) cannot change the
// goal depth, so Try answers at once. A change at a cell of depth k leaves
// layers 0..k as they are, so the search restarts from layer k. Both give
// exactly the depth a full search would. And once a restarted search
// produces a layer and a visited set equal to the old ones, every later
// layer is the old one too, so it stops there. Each cell's current
// successor set is kept beside the layers, so expanding a cell is one OR
// per word.
//
// Past two words (boards of more than 128 cells), where a long solution
// has hundreds of layers of a few cells each, the tracker keeps every
// reachable cell's depth instead, in lists per layer, and brings them up
// to date on an accepted change as it does the distances to the goal
// (updateFromStart). Try then needs no search when the change leaves a
// shortest solution or makes one through the changed cell (see tryList).
//
// A DepthTracker is not safe for concurrent use.
type DepthTracker struct {
	g           *Graph
	start, goal int
	w           int      // words per set
	cur         []uint64 // cur[i*w:(i+1)*w] is σ(i) in the current configuration
	// Up to two words, layers[d*w:(d+1)*w] is the set of cells at depth d
	// and cum[...] the cells at depth ≤ d, for d = 0..top. When found, top
	// is the goal depth and layer top holds the goal; otherwise layer top
	// is the last non-empty layer and everything reachable has been
	// expanded.
	layers, cum []uint64
	top         int
	found       bool
	// depth[i] is the layer holding cell i, or -1. Past two words it is
	// every reachable cell's depth (also past the goal's), and the layers
	// are linked lists: layer d is lhead[d], lnext[lhead[d]], ... (-1 ends
	// it; lprev links back), lcount[d] long, and maxDepth the last
	// non-empty one.
	depth                       []int32
	lhead, lnext, lprev, lcount []int32
	maxDepth                    int32
	layerSet                    Set // Layer's answer, built from the list
	// Past one word (where distances are kept) σ and π are also lists:
	// out[i] is σ(i) (Graph.SuccCells), preds[v] is π(v), in no order,
	// its capacity room for every cell with a move to v.
	out, preds [][]int32
	// The distances kept up to date through accepted changes, as sides
	// (see side): to the goal, and past two words from the start.
	toward, from side

	// For TryBound: π of the current configuration (pred[v*w:(v+1)*w] is
	// the set of cells with a move to v) and the distance from every cell
	// to the goal, computed when first needed after Reset and then, past
	// one word, kept up to date by every accepted change (updateToGoal).
	pred      []uint64
	toGoal    []int32 // moves from cell to goal, -1 when it cannot reach it
	toGoalOK  bool
	backSeen  []uint64 // scratch for the backward search
	backQueue []int32
	// Scratch for updateToGoal: the cells whose distance rises (aff, in
	// affList), the candidates of the next level, and the queues.
	aff, cand                   marks
	affList, level, next, qList []int32
	first                       []int32  // the cells raise starts from
	src                         []uint64 // raise's sources, dist<<32 | cell
	reaching                    int      // cells with toGoal ≥ 0
	// TryDistances: the old distances it changed, and how to undo it;
	// tried while it is in place, for the change of cell undoCell to jump
	// triedJump.
	journaling, tried bool
	journal           []source
	undoSucc          []uint64
	undoOut           []int32
	undoCell          int
	undoReaching      int
	triedJump         int

	// The change last tried, and up to two words the layers it produced
	// (from k+1 on).
	tryCell   int
	tryJump   int
	trySucc   []uint64 // σ(tryCell) after the change (a slice of Graph.succ)
	tryK      int      // -1: the change leaves the layers as they are
	tryTop    int
	tryFound  bool
	tryEnd    int // new layers k+1..tryEnd replace the old ones on Accept
	oldEnd    int // ... which are old layers k+1..oldEnd
	newLayers []uint64
	newCum    []uint64
	spare     []uint64 // one set of scratch space
	// Past two words, expandList's queue of cells, and the cells it
	// reached (stamp[c] is epoch).
	newOrder []int32
	stamp    []uint32
	epoch    uint32

	// states is set on boards whose state is more than a cell (the
	// no-U-turn rule): every evaluation is then a search over states (see
	// stateDepth).
	states *stateDepth
}

// NewDepthTracker returns a tracker for mazes on g with the given start
// and goal cells. Call Reset before anything else.
func NewDepthTracker(g *Graph, start, goal int) *DepthTracker {
	if g.spc > 1 {
		return &DepthTracker{g: g, start: start, goal: goal, states: newStateDepth(g, start, goal)}
	}
	w := g.words
	t := &DepthTracker{
		g: g, start: start, goal: goal, w: w,
		cur:   make([]uint64, g.n*w),
		spare: make([]uint64, w),
		pred:  make([]uint64, g.n*w), toGoal: make([]int32, g.n),
		backSeen: make([]uint64, w), backQueue: make([]int32, 0, g.n),
		aff: newMarks(g.n), cand: newMarks(g.n), undoSucc: make([]uint64, w),
		depth: make([]int32, g.n),
		tryK:  -1,
	}
	if w > 1 {
		// σ and π as lists too, for the kept distances (see side).
		t.out = make([][]int32, g.n)
		// Room for the cells that can move to v.
		can := make([]Set, g.n)
		for v := range can {
			can[v] = g.NewSet()
		}
		for c := range g.n {
			for _, j := range g.Legal(c) {
				for _, m := range g.Moves(c, j) {
					can[m.To].Add(c)
				}
			}
		}
		total := 0
		for v := range can {
			total += can[v].Len()
		}
		room, at := make([]int32, total), 0
		t.preds = make([][]int32, g.n)
		for v := range can {
			k := can[v].Len()
			t.preds[v] = room[at : at : at+k]
			at += k
		}
	}
	if w <= 2 {
		size := (g.n + 2) * w
		t.layers, t.cum = make([]uint64, size), make([]uint64, size)
		t.newLayers, t.newCum = make([]uint64, size), make([]uint64, size)
	} else {
		t.newOrder = make([]int32, 0, g.n)
		t.lhead, t.lcount = make([]int32, g.n), make([]int32, g.n)
		t.lnext, t.lprev = make([]int32, g.n), make([]int32, g.n)
		t.stamp, t.layerSet = make([]uint32, g.n), make(Set, w)
		t.from = side{d: t.depth, near: t.preds, far: t.out, fromStart: true}
	}
	t.toward = side{d: t.toGoal, near: t.out, far: t.preds}
	return t
}

// Reset makes jumps the current configuration and returns its goal depth
// (-1 when the goal is unreachable).
func (t *DepthTracker) Reset(jumps []int) int {
	if t.states != nil {
		return t.states.reset(jumps)
	}
	w := t.w
	t.tried = false
	clear(t.pred)
	for v := range t.preds {
		t.preds[v] = t.preds[v][:0]
	}
	for i, j := range jumps {
		copy(t.cur[i*w:(i+1)*w], t.g.Succ(i, j))
		t.setPred(t.g.Succ(i, j), i, true)
		if t.out != nil {
			t.out[i] = t.g.SuccCells(i, j)
			t.setPredList(t.out[i], i, true)
		}
	}
	t.toGoalOK = false
	for i := range t.depth {
		t.depth[i] = -1
	}
	t.tryK = -1
	if w > 2 {
		for d := range t.lhead {
			t.lhead[d], t.lcount[d] = -1, 0
		}
		t.maxDepth = 0
		t.setDist(&t.from, t.start, 0)
		t.fall(&t.from, append(t.qList[:0], int32(t.start)))
		t.settle()
		return t.Depth()
	}
	clear(t.layers[:w])
	t.layers[t.start>>6] = 1 << (uint(t.start) & 63)
	copy(t.cum[:w], t.layers[:w])
	if w == 1 {
		t.top, t.found, _ = t.expand1(0, t.layers[0], t.cum[0], t.layers, t.cum, -1)
	} else {
		t.top, t.found, _ = t.expand2(0, t.layers[0], t.layers[1], t.cum[0], t.cum[1], t.layers, t.cum, -1)
	}
	t.markDepths(0, t.top, true)
	return t.Depth()
}

// Depth returns the goal depth of the current configuration, or -1.
func (t *DepthTracker) Depth() int {
	if t.states != nil {
		return t.states.depth
	}
	if t.found {
		return t.top
	}
	return -1
}

// Try returns the goal depth the current configuration would have with
// cell i's jump set to j, without changing the configuration.
func (t *DepthTracker) Try(i, j int) int {
	if t.states != nil {
		return t.states.try(i, j)
	}
	w := t.w
	t.tryCell, t.tryJump, t.trySucc = i, j, t.g.Succ(i, j)
	k := t.layerOf(i)
	t.tryK = k
	if k < 0 {
		return t.Depth()
	}
	var conv int
	// Layers after the old goal layer are never compared.
	oldLast := t.top
	if t.found {
		oldLast--
	}
	if w == 1 {
		old := t.cur[i]
		t.cur[i] = t.trySucc[0]
		t.tryTop, t.tryFound, conv = t.expand1(k, t.layers[k], t.cum[k], t.newLayers, t.newCum, oldLast)
		t.cur[i] = old
	} else if w == 2 {
		o0, o1 := t.cur[2*i], t.cur[2*i+1]
		t.cur[2*i], t.cur[2*i+1] = t.trySucc[0], t.trySucc[1]
		t.tryTop, t.tryFound, conv = t.expand2(k, t.layers[2*k], t.layers[2*k+1], t.cum[2*k], t.cum[2*k+1], t.newLayers, t.newCum, oldLast)
		t.cur[2*i], t.cur[2*i+1] = o0, o1
	} else {
		return t.tryList(i, j, k)
	}
	t.tryEnd, t.oldEnd = t.tryTop, t.top
	if conv >= 0 {
		t.tryTop, t.tryFound = t.top, t.found
		t.tryEnd, t.oldEnd = conv-1, conv-1
	}
	if t.tryFound {
		return t.tryTop
	}
	return -1
}

// TryBound is Try for callers that only need the exact depth when it is
// at least minDepth: when it can prove that the change would leave the
// goal reachable in fewer than minDepth moves, it may return such a
// smaller depth (not necessarily the exact one) at once, with exact false.
// A hill descent that rejects every change shortening the solution needs
// nothing more. Accept must follow only an exact answer. See Shortcut for
// the proof.
func (t *DepthTracker) TryBound(i, j, minDepth int) (depth int, exact bool) {
	return t.bound(i, j, minDepth, true)
}

// Shortcut is the proof TryBound makes before searching: when it shows
// that changing cell i's jump to j would leave the goal reachable in fewer
// than minDepth moves, it returns such a depth (at least the exact one)
// and true; otherwise 0 and false. It changes nothing but the tracker's
// scratch space, so the design energy's evaluator can ask it before its
// own search.
//
// The proof: changing cell i's jump changes no distance to i, so i stays
// at depth k. If a new successor s of i has a shortest path to the goal
// that avoids i (certain when its distance to the goal is at most i's),
// the goal is at most k+1+dist(s) moves away.
func (t *DepthTracker) Shortcut(i, j, minDepth int) (depth int, ok bool) {
	d, exact := t.bound(i, j, minDepth, false)
	return d, !exact
}

// bound is Shortcut and, with search set, TryBound: one body, so that
// neither pays a call more on the hill descent's path (3–4% of a 5×5
// hill descent). Without a proof it returns the exact depth when search
// is set, else 0, both with exact true.
func (t *DepthTracker) bound(i, j, minDepth int, search bool) (depth int, exact bool) {
	if t.states != nil {
		return t.orSearch(i, j, search)
	}
	k := t.layerOf(i)
	if k < 0 || !t.found || minDepth-k-1 <= 0 {
		return t.orSearch(i, j, search)
	}
	if !t.toGoalOK {
		t.computeToGoal()
	}
	// A new successor s proves a shortcut when its distance bs to the
	// goal is at most i's (bi; -1 when i cannot reach it) and below
	// minDepth-k-1. Distances are kept as uint32 so that -1 is huge.
	bi, limit := uint32(t.toGoal[i]), uint32(minDepth-k-1)
	if t.out == nil { // one word
		for word := t.g.Succ(i, j)[0]; word != 0; word &= word - 1 {
			if bs := uint32(t.toGoal[bits.TrailingZeros64(word)]); bs <= bi && bs < limit {
				t.tryK = -1
				return k + 1 + int(bs), false
			}
		}
		return t.orSearch(i, j, search)
	}
	// Past one word the successors as a list: a few cells rather than
	// every word of a set.
	for _, s := range t.g.SuccCells(i, j) {
		if bs := uint32(t.toGoal[s]); bs <= bi && bs < limit {
			t.tryK = -1
			return k + 1 + int(bs), false
		}
	}
	return t.orSearch(i, j, search)
}

// orSearch is bound's answer without a proof.
func (t *DepthTracker) orSearch(i, j int, search bool) (int, bool) {
	if search {
		return t.Try(i, j), true
	}
	return 0, true
}

// searchToGoal fills toGoal by breadth-first search backwards from the
// goal over pred. It runs after most accepted changes, so it is written
// out for one and two words like expand1 and expand2.
func (t *DepthTracker) searchToGoal() {
	w, pred, toGoal := t.w, t.pred, t.toGoal
	for c := range toGoal {
		toGoal[c] = -1
	}
	t.toGoalOK = true
	switch w {
	case 1:
		layer := uint64(1) << uint(t.goal)
		seen := layer
		for d := int32(0); layer != 0; d++ {
			var next uint64
			for f := layer; f != 0; f &= f - 1 {
				v := bits.TrailingZeros64(f)
				toGoal[v] = d
				next |= pred[v]
			}
			next &^= seen
			seen |= next
			layer = next
		}
		return
	case 2:
		var l0, l1 uint64
		if t.goal < 64 {
			l0 = 1 << uint(t.goal)
		} else {
			l1 = 1 << uint(t.goal-64)
		}
		s0, s1 := l0, l1
		for d := int32(0); l0|l1 != 0; d++ {
			var n0, n1 uint64
			for ; l0 != 0; l0 &= l0 - 1 {
				v := bits.TrailingZeros64(l0)
				toGoal[v] = d
				n0 |= pred[2*v]
				n1 |= pred[2*v+1]
			}
			for ; l1 != 0; l1 &= l1 - 1 {
				v := 64 + bits.TrailingZeros64(l1)
				toGoal[v] = d
				n0 |= pred[2*v]
				n1 |= pred[2*v+1]
			}
			n0 &^= s0
			n1 &^= s1
			s0 |= n0
			s1 |= n1
			l0, l1 = n0, n1
		}
		return
	}
	// Past two words, a queue: on large boards the solution is long and its
	// layers hold a few cells each, so sets per layer would cost more than
	// the cells they hold.
	seen, q := Set(t.backSeen), append(t.backQueue[:0], int32(t.goal))
	seen.Clear()
	seen.Add(t.goal)
	toGoal[t.goal] = 0
	for head := 0; head < len(q); head++ {
		v := int(q[head])
		d := toGoal[v] + 1
		for x, word := range pred[v*w : v*w+w] {
			word &^= seen[x]
			seen[x] |= word
			for ; word != 0; word &= word - 1 {
				c := x<<6 + bits.TrailingZeros64(word)
				toGoal[c] = d
				q = append(q, int32(c))
			}
		}
	}
	t.backQueue = q
}

// computeToGoal fills toGoal afresh (searchToGoal) and counts the
// reaching cells.
func (t *DepthTracker) computeToGoal() {
	t.searchToGoal()
	if t.w > 1 { // one word never keeps its distances (see Accept)
		t.reaching = t.countReaching()
	}
}

// countReaching counts the cells with a distance to the goal.
func (t *DepthTracker) countReaching() int {
	n := 0
	for _, d := range t.toGoal {
		if d >= 0 {
			n++
		}
	}
	return n
}

// updateToGoal brings toGoal, right for the configuration before cell
// i's jump changed, up to date with the change already in cur and pred,
// touching only the cells whose distance changes (and their
// neighbours) rather than searching afresh: after most accepted changes
// few distances change.
//
// Only i's own moves changed, so distances change only through i. Either
// i keeps a successor one move nearer the goal than itself (its distance
// cannot rise), and then only a fall can spread from i backwards, found
// by breadth-first search over π from i; or it has none, and then the
// distances that rise are those of the cells (aff) all of whose moves one
// step nearer the goal lead into aff, found level by level from i; only
// they change, and they are recomputed from their moves into the rest,
// nearest first (two queues: the cells in order of their distance through
// the rest, and the cells reached from those, already in order).
//
// With limit > 0 it gives up, changing nothing and returning false, when
// more than limit distances would rise.
func (t *DepthTracker) updateToGoal(i, limit int) bool {
	s, d := &t.toward, t.toGoal
	if i == t.goal {
		return true
	}
	if d[i] > 0 && !t.hasNearer(s, i, d[i]-1, false) {
		t.first = append(t.first[:0], int32(i))
		return t.raise(s, t.first, limit)
	}
	// A fall from i: its new successors with a distance give it one.
	best := int32(-1)
	for _, s := range t.neighbours(s, i, true) {
		if d[s] >= 0 && (best < 0 || d[s]+1 < best) {
			best = d[s] + 1
		}
	}
	if best < 0 || d[i] >= 0 && best >= d[i] {
		return true
	}
	t.setDist(s, i, best)
	t.fall(s, append(t.qList[:0], int32(i)))
	return true
}

// updateFromStart is updateToGoal for the depths from the start past two
// words (the side from), given cell i's successors before the change
// (old), and then settles the goal depth. i keeps its depth k. First the
// new successors deeper than k+1 fall to it, and the cells after them
// (fall): the depths are then those of the maze with both i's old and new
// moves. Then the old successors at depth k+1 left without a move from
// depth k rise, with the cells that depended on them (raise), recomputed
// from exact depths. (The other order would recompute them from depths
// not yet lowered, which can exceed the number of cells for a while.)
func (t *DepthTracker) updateFromStart(i int, old []int32) {
	s, d := &t.from, t.depth
	if k := d[i]; k >= 0 {
		q := t.qList[:0]
		for _, c := range t.neighbours(s, i, false) {
			if d[c] < 0 || d[c] > k+1 {
				t.setDist(s, int(c), k+1)
				q = append(q, c)
			}
		}
		t.fall(s, q)
		first := t.first[:0]
		for _, o := range old {
			if d[o] == k+1 && !t.hasNearer(s, int(o), k, false) {
				first = append(first, o)
			}
		}
		if t.first = first; len(first) > 0 {
			t.raise(s, first, 0)
		}
	}
	t.settle()
}

// settle sets top and found from the depths kept past two words.
func (t *DepthTracker) settle() {
	for t.maxDepth > 0 && t.lcount[t.maxDepth] == 0 {
		t.maxDepth--
	}
	t.top, t.found = int(t.maxDepth), t.depth[t.goal] >= 0
	if t.found {
		t.top = int(t.depth[t.goal])
	}
}

// fall spreads the falls of the cells queued in q, whose distances on
// side s are set, to the cells beyond them, in breadth-first order.
func (t *DepthTracker) fall(s *side, q []int32) {
	d := s.d
	for head := 0; head < len(q); head++ {
		v := int(q[head])
		for _, p := range t.neighbours(s, v, false) {
			if d[p] < 0 || d[p] > d[v]+1 {
				t.setDist(s, int(p), d[v]+1)
				q = append(q, p)
			}
		}
	}
	t.qList = q
}

// raise is updateToGoal (and updateFromStart) when the distances of the
// cells in first rise on side s: they must have no neighbour one move
// nearer their side's end.
func (t *DepthTracker) raise(s *side, first []int32, limit int) bool {
	d, aff, cand := s.d, &t.aff, &t.cand
	aff.clear()
	for _, c := range first {
		aff.add(int(c))
	}
	all := append(t.affList[:0], first...)
	level := append(t.level[:0], first...)
	for len(level) > 0 {
		// The cells one level further that moved nearer through level.
		next := t.next[:0]
		cand.clear()
		for _, v := range level {
			for _, p := range t.neighbours(s, int(v), false) {
				if d[p] == d[v]+1 && !aff.has(int(p)) && !cand.has(int(p)) {
					cand.add(int(p))
					next = append(next, p)
				}
			}
		}
		level = level[:0]
		for _, p := range next {
			if !t.hasNearer(s, int(p), d[p]-1, true) {
				aff.add(int(p))
				all = append(all, p)
				level = append(level, p)
			}
		}
		t.next = next
		if limit > 0 && len(all) > limit {
			t.affList, t.level = all, level
			return false
		}
	}
	// The distances of aff through the rest, then nearest first.
	for _, v := range all {
		t.setDist(s, int(v), -1)
	}
	src := t.src[:0]
	for _, v := range all {
		best := int32(-1)
		for _, c := range t.neighbours(s, int(v), true) {
			if !aff.has(int(c)) && d[c] >= 0 && (best < 0 || d[c]+1 < best) {
				best = d[c] + 1
			}
		}
		if best >= 0 {
			src = append(src, uint64(best)<<32|uint64(v))
		}
	}
	slices.Sort(src) // by distance (a word compares faster than a func)
	q := t.qList[:0]
	head, k := 0, 0
	for head < len(q) || k < len(src) {
		var v int
		if k < len(src) && (head == len(q) || int32(src[k]>>32) <= d[q[head]]) {
			v = int(uint32(src[k]))
			k++
			if !aff.has(v) {
				continue
			}
			t.setDist(s, v, int32(src[k-1]>>32))
		} else {
			v = int(q[head])
			head++
			if !aff.has(v) {
				continue
			}
		}
		aff.remove(v)
		for _, p := range t.neighbours(s, v, false) {
			if aff.has(int(p)) && (d[p] < 0 || d[p] > d[v]+1) {
				t.setDist(s, int(p), d[v]+1)
				q = append(q, p)
			}
		}
	}
	t.affList, t.level, t.src, t.qList = all, level, src, q
	return true
}

// source is a cell and a distance: in the journal of TryDistances, a cell
// and its distance before.
type source struct{ cell, dist int32 }

// side is one direction of the distances the tracker keeps: d[c] is the
// number of moves from cell c to the goal (toward) or from the start to c
// (from), or -1. near[c] lists c's neighbours a way to that end passes
// from c on (toward: σ(c), out; from: π(c), preds), far[c] those whose
// ways can pass through c (π(c); σ(c)). Up to one word the tracker keeps
// no distances (a fresh search is cheaper) and so no lists.
type side struct {
	d         []int32
	near, far [][]int32
	fromStart bool
}

// neighbours returns the cells of near(c) (with near set) or far(c) on
// side s.
func (t *DepthTracker) neighbours(s *side, c int, near bool) []int32 {
	if near { // small enough to inline in the searches' loops
		return s.near[c]
	}
	return s.far[c]
}

// setDist sets cell c's distance on side s to v: from the start, moving c
// between the layers' lists; to the goal, counting the reaching cells and,
// during TryDistances, remembering the old distance.
func (t *DepthTracker) setDist(s *side, c int, v int32) {
	old := s.d[c]
	s.d[c] = v
	if s.fromStart {
		t.moveLayer(c, old, v)
		return
	}
	if t.journaling {
		t.journal = append(t.journal, source{int32(c), old})
	}
	if old < 0 && v >= 0 {
		t.reaching++
	} else if old >= 0 && v < 0 {
		t.reaching--
	}
}

// moveLayer moves cell c from layer from to layer to (-1: none).
func (t *DepthTracker) moveLayer(c int, from, to int32) {
	next, prev := t.lnext, t.lprev
	if from >= 0 {
		if p := prev[c]; p >= 0 {
			next[p] = next[c]
		} else {
			t.lhead[from] = next[c]
		}
		if n := next[c]; n >= 0 {
			prev[n] = prev[c]
		}
		t.lcount[from]--
	}
	if to >= 0 {
		h := t.lhead[to]
		next[c], prev[c], t.lhead[to] = h, -1, int32(c)
		if h >= 0 {
			prev[h] = int32(c)
		}
		t.lcount[to]++
		t.maxDepth = max(t.maxDepth, to)
	}
}

// TryDistances puts the change of cell i's jump to j in place in the
// distances to the goal (see ToGoal and Reaching), as an accepted change
// would, until UndoDistances takes it back or Accept of the same change
// keeps it; the depths and layers stay those of the current
// configuration, and nothing but UndoDistances, or Try and Accept of the
// same change, may come between. The design energy's evaluator reads its
// search from it:
// only the distances through i change, so this costs what changes rather
// than a whole search (on one word it searches afresh, which is cheaper
// there). When more than limit distances would rise, it changes nothing
// and returns false (a fresh search is then cheaper).
func (t *DepthTracker) TryDistances(i, j, limit int) bool {
	if !t.toGoalOK {
		t.computeToGoal()
	}
	w := t.w
	ci := t.cur[i*w : (i+1)*w]
	copy(t.undoSucc, ci)
	s := t.g.Succ(i, j)
	t.setPred(ci, i, false)
	t.setPred(s, i, true)
	copy(ci, s)
	if t.out != nil {
		t.undoOut = t.moveOut(i, t.g.SuccCells(i, j))
	}
	t.undoCell, t.undoReaching, t.triedJump = i, t.reaching, j
	t.journal, t.journaling, t.tried = t.journal[:0], true, true
	ok := true
	if w == 1 {
		// One word keeps no lists for the update: a fresh search, every
		// distance journaled.
		for c, d := range t.toGoal {
			t.journal = append(t.journal, source{int32(c), d})
		}
		t.searchToGoal()
	} else {
		ok = t.updateToGoal(i, limit)
	}
	t.journaling = false
	if !ok {
		t.UndoDistances()
	}
	return ok
}

// UndoDistances takes back the change TryDistances put in place.
func (t *DepthTracker) UndoDistances() {
	t.tried = false
	for k := len(t.journal) - 1; k >= 0; k-- {
		t.toGoal[t.journal[k].cell] = t.journal[k].dist
	}
	t.reaching = t.undoReaching
	w, i := t.w, t.undoCell
	ci := t.cur[i*w : (i+1)*w]
	t.setPred(ci, i, false)
	t.setPred(t.undoSucc, i, true)
	copy(ci, t.undoSucc)
	if t.out != nil {
		t.moveOut(i, t.undoOut)
	}
}

// ToGoal returns every cell's distance to the goal (-1: none), with the
// change of TryDistances when it is in place. The caller must not modify
// it; it changes with the tracker.
func (t *DepthTracker) ToGoal() []int32 {
	if !t.toGoalOK {
		t.computeToGoal()
	}
	return t.toGoal
}

// Reaching returns the number of cells with a distance to the goal (the
// goal included), with the change of TryDistances when it is in place.
func (t *DepthTracker) Reaching() int {
	if t.w == 1 {
		return t.countReaching()
	}
	return t.reaching
}

// hasNearer reports whether cell c has a neighbour nearer side s's end
// (see side), outside aff when skipAff is set, at most dist moves from
// it.
func (t *DepthTracker) hasNearer(s *side, c int, dist int32, skipAff bool) bool {
	for _, x := range t.neighbours(s, c, true) {
		if uint32(s.d[x]) <= uint32(dist) && (!skipAff || !t.aff.has(int(x))) { // -1 is huge
			return true
		}
	}
	return false
}

// marks is a set of cells that empties in one step: c is in it when
// m[c] is ep.
type marks struct {
	m  []uint32
	ep uint32
}

func newMarks(n int) marks { return marks{m: make([]uint32, n), ep: 1} }

// clear empties the set.
func (s *marks) clear() {
	if s.ep++; s.ep == 0 {
		clear(s.m)
		s.ep = 1
	}
}

func (s *marks) has(c int) bool { return s.m[c] == s.ep }
func (s *marks) add(c int)      { s.m[c] = s.ep }
func (s *marks) remove(c int)   { s.m[c] = 0 }

// Accept commits the change last passed to Try.
func (t *DepthTracker) Accept() {
	if t.states != nil {
		t.states.accept()
		return
	}
	w, i := t.w, t.tryCell
	if t.tried {
		// TryDistances put the change in σ, π and the distances already.
		if t.undoCell != i || t.triedJump != t.tryJump {
			panic("graph: Accept of another change than the one TryDistances put in place")
		}
		t.tried = false
	} else {
		t.setPred(t.cur[i*w:(i+1)*w], i, false)
		t.setPred(t.trySucc, i, true)
		if w == 1 {
			t.cur[i] = t.trySucc[0] // not a call to memmove (5×5: 3% of a Try and Accept)
		} else {
			copy(t.cur[i*w:(i+1)*w], t.trySucc)
			t.undoOut = t.moveOut(i, t.g.SuccCells(i, t.tryJump))
		}
		// On one word a fresh backward search is a few operations a
		// layer, cheaper than the bookkeeping of a kept update (measured
		// on 5×5).
		if t.toGoalOK && w > 1 {
			t.updateToGoal(i, 0)
		} else {
			t.toGoalOK = false
		}
	}
	if w > 2 {
		t.updateFromStart(i, t.undoOut) // σ(i) before the change
	} else if k := t.tryK; k >= 0 {
		t.markDepths(k+1, t.oldEnd, false)
		copy(t.layers[(k+1)*w:(t.tryEnd+1)*w], t.newLayers[(k+1)*w:(t.tryEnd+1)*w])
		copy(t.cum[(k+1)*w:(t.tryEnd+1)*w], t.newCum[(k+1)*w:(t.tryEnd+1)*w])
		t.top, t.found = t.tryTop, t.tryFound
		t.markDepths(k+1, t.tryEnd, true)
	}
	t.tryK = -1
}

// Commit makes the change of cell i's jump to j current, as Try(i, j)
// followed by Accept would, without the search for Try's answer where
// Accept does not need it (past two words, where Accept brings the
// depths up to date itself).
func (t *DepthTracker) Commit(i, j int) {
	if t.states != nil || t.w <= 2 {
		t.Try(i, j)
		t.Accept()
		return
	}
	t.tryCell, t.tryJump, t.trySucc, t.tryK = i, j, t.g.Succ(i, j), -1
	t.Accept()
}

// moveOut makes out the list of σ(i) past one word, moving i between
// the lists of π, and returns the list before.
func (t *DepthTracker) moveOut(i int, out []int32) (old []int32) {
	old = t.out[i]
	t.setPredList(old, i, false)
	t.setPredList(out, i, true)
	t.out[i] = out
	return old
}

// setPred adds cell i to (or removes it from) π(v) for every v in succ.
func (t *DepthTracker) setPred(succ []uint64, i int, add bool) {
	w, iw, ib := t.w, i>>6, uint64(1)<<(uint(i)&63)
	for x, word := range succ {
		for ; word != 0; word &= word - 1 {
			v := x<<6 + bits.TrailingZeros64(word)
			if add {
				t.pred[v*w+iw] |= ib
			} else {
				t.pred[v*w+iw] &^= ib
			}
		}
	}
}

// setPredList adds cell i to (or removes it from) the list of π(v) for
// every v in the list succ, past one word.
func (t *DepthTracker) setPredList(succ []int32, i int, add bool) {
	for _, v := range succ {
		l := t.preds[v]
		if add {
			t.preds[v] = append(l, int32(i)) // within its capacity
			continue
		}
		x := slices.Index(l, int32(i))
		l[x] = l[len(l)-1]
		t.preds[v] = l[:len(l)-1]
	}
}

// markDepths records the depth of the cells in layers from..to, or with
// set false forgets it (up to two words).
func (t *DepthTracker) markDepths(from, to int, set bool) {
	w := t.w
	for d := from; d <= to; d++ {
		v := int32(-1)
		if set {
			v = int32(d)
		}
		for x, word := range t.layers[d*w : (d+1)*w] {
			for ; word != 0; word &= word - 1 {
				t.depth[x<<6+bits.TrailingZeros64(word)] = v
			}
		}
	}
}

// Layer returns the cells d moves from the start, for d up to the goal
// depth. The caller must not modify it; it changes with the tracker and,
// past two words, with the next call.
func (t *DepthTracker) Layer(d int) Set {
	w := t.w
	if w <= 2 {
		return t.layers[d*w : (d+1)*w]
	}
	s := t.layerSet
	s.Clear()
	for c := t.lhead[d]; c >= 0; c = t.lnext[c] {
		s.Add(int(c))
	}
	return s
}

// DepthOf returns the number of moves from the start to cell i if
// breadth-first search expands it before reaching the goal, else -1.
func (t *DepthTracker) DepthOf(i int) int { return t.layerOf(i) }

// layerOf returns the depth of cell i if breadth-first search expands it
// before reaching the goal, else -1.
func (t *DepthTracker) layerOf(i int) int {
	d := int(t.depth[i])
	if t.found && d >= t.top {
		return -1
	}
	return d
}

// tryList is Try past two words, for a change at cell i of depth k
// below the goal's (or with the goal unreachable). With toGoal the
// distances before the change, a new successor s of i whose distance is at
// most i's reaches the goal by a shortest way that avoids i, so the goal
// is at most k+1+dist(s) moves away, and no other new successor gives a
// way as short as the old goal depth D: a new way through i is at least
// k+1+dist(i)+1 ≥ D+1 long otherwise. So when i is on no shortest solution
// (k+dist(i) > D, or i does not reach the goal), the depth is the lesser
// of D and the best such way; when i is on one and such a way is at most
// D long, it is that way; when the goal was unreachable, it is that way
// or unreachable still. Only a change on a shortest solution whose every
// new successor is as far from the goal as i or farther needs the search
// (expandList), which may show the goal farther or unreachable.
func (t *DepthTracker) tryList(i, j, k int) int {
	if t.tried { // TryDistances put this change in toGoal
		return int(t.toGoal[t.start])
	}
	if !t.toGoalOK {
		t.computeToGoal()
	}
	bi, best := uint32(t.toGoal[i]), uint32(1<<31) // -1 is huge
	for _, s := range t.g.SuccCells(i, j) {
		if bs := uint32(t.toGoal[s]); bs <= bi {
			best = min(best, bs)
		}
	}
	way := k + 1 + int(best)
	switch D := t.top; {
	case !t.found:
		if best == 1<<31 {
			return -1
		}
		return way
	case bi == 1<<32-1 || k+int(bi) > D:
		return min(D, way)
	case way <= D:
		return way
	}
	old := t.out[i]
	t.out[i] = t.g.SuccCells(i, j)
	top, found, conv := t.expandList(k, t.top-1)
	t.out[i] = old
	switch {
	case conv >= 0:
		return t.top
	case found:
		return top
	}
	return -1
}

// expandList continues breadth-first search from layer k of the lists
// (past two words) and returns the last layer it reached and whether that
// holds the goal. A new layer d ≤ oldLast equal to the old layer d, with
// equal visited sets, ends the search early: it returns conv = d (else
// conv = -1), and every later layer is the old one.
//
// A cell is visited when it is in layers 0..k (its kept depth is at most
// k) or stamped by this search. The visited sets are equal at layer d when
// the new layers k+1..d hold as many cells as the old ones and every one
// of them is in the old ones too: matched counts those, each when the
// later of its two layers is reached.
func (t *DepthTracker) expandList(k, oldLast int) (top int, found bool, conv int) {
	if t.epoch++; t.epoch == 0 {
		clear(t.stamp)
		t.epoch = 1
	}
	out, depth, stamp, ep := t.out, t.depth, t.stamp, t.epoch
	next, lcount := t.lnext, t.lcount
	q := t.newOrder[:0]
	for c := t.lhead[k]; c >= 0; c = next[c] {
		q = append(q, c)
	}
	lo, inK := 0, len(q)
	matched, old, same := 0, 0, true // same: the visited sets are equal at layer d
	for d := k; ; d++ {
		hi := len(q)
		for _, c := range q[lo:hi] {
			for _, v := range out[c] {
				if uint32(depth[v]) <= uint32(k) || stamp[v] == ep { // -1 is huge
					continue
				}
				stamp[v] = ep
				q = append(q, v)
			}
		}
		t.newOrder = q
		if len(q) == hi {
			return d, false, -1 // an empty layer
		}
		if stamp[t.goal] == ep {
			return d + 1, true, -1
		}
		if d+1 <= oldLast {
			for _, v := range q[hi:] {
				if o := int(depth[v]); o > k && o <= d {
					matched++
				}
			}
			for v := t.lhead[d+1]; v >= 0; v = next[v] {
				if stamp[v] == ep {
					matched++
				}
			}
			old += int(lcount[d+1])
			eq := matched == len(q)-inK && matched == old
			if eq && same {
				return 0, false, d + 1
			}
			same = eq
		}
		lo = hi
	}
}

// expand2 is expand1 for boards of 65 to 128 cells (up to 11×11).
func (t *DepthTracker) expand2(k int, f0, f1, v0, v1 uint64, layers, cum []uint64, oldLast int) (top int, found bool, conv int) {
	old, oldCum := t.layers, t.cum
	cur := t.cur
	var g0, g1 uint64
	if t.goal < 64 {
		g0 = 1 << uint(t.goal)
	} else {
		g1 = 1 << uint(t.goal-64)
	}
	for d := k; ; d++ {
		var n0, n1 uint64
		for ; f0 != 0; f0 &= f0 - 1 {
			c := bits.TrailingZeros64(f0)
			n0 |= cur[2*c]
			n1 |= cur[2*c+1]
		}
		for ; f1 != 0; f1 &= f1 - 1 {
			c := 64 + bits.TrailingZeros64(f1)
			n0 |= cur[2*c]
			n1 |= cur[2*c+1]
		}
		n0 &^= v0
		n1 &^= v1
		if n0|n1 == 0 {
			return d, false, -1
		}
		v0 |= n0
		v1 |= n1
		layers[2*d+2], layers[2*d+3] = n0, n1
		cum[2*d+2], cum[2*d+3] = v0, v1
		if n0&g0|n1&g1 != 0 {
			return d + 1, true, -1
		}
		if d+1 <= oldLast && n0 == old[2*d+2] && n1 == old[2*d+3] && v0 == oldCum[2*d+2] && v1 == oldCum[2*d+3] {
			return 0, false, d + 1
		}
		f0, f1 = n0, n1
	}
}

// expand1 continues breadth-first search from layer k of layers/cum on
// boards of up to 64 cells (8×8), writing layers k+1.., and returns the
// last layer written and whether it holds the goal. When layers is not
// t.layers, a new layer d ≤ oldLast equal to t.layers' layer d, with equal
// visited sets, ends the search early: it returns conv = d (else conv =
// -1), and every later layer is the old one. The frontier and the visited
// cells of layer k are given as words.
func (t *DepthTracker) expand1(k int, frontier, visited uint64, layers, cum []uint64, oldLast int) (top int, found bool, conv int) {
	cur, old, oldCum := t.cur, t.layers, t.cum
	goalBit := uint64(1) << uint(t.goal)
	for d := k; ; d++ {
		var next uint64
		for f := frontier; f != 0; f &= f - 1 {
			next |= cur[bits.TrailingZeros64(f)]
		}
		next &^= visited
		if next == 0 {
			return d, false, -1
		}
		visited |= next
		layers[d+1], cum[d+1] = next, visited
		if next&goalBit != 0 {
			return d + 1, true, -1
		}
		if d+1 <= oldLast && next == old[d+1] && visited == oldCum[d+1] {
			return 0, false, d + 1
		}
		frontier = next
	}
}
