package graph

import (
	"math/bits"
	"slices"
)

// keptDistances is what DepthTracker keeps of the distances to the goal,
// for TryBound, Shortcut and TryDistances, in every regime of cells: π of
// the current configuration and the distance from every cell to the goal,
// computed when first needed after Reset and then, past one word, kept up
// to date by every accepted change (updateToGoal). On one word a fresh
// backward search is cheaper than the bookkeeping, so nothing is kept.
// The update runs over a side (toward the goal here; from the start for
// layerLists' depths), and the scratch space below serves both.
type keptDistances struct {
	pred     []uint64 // pred[v*w:(v+1)*w] is the set of cells with a move to v
	toGoal   []int32  // moves from cell to goal, -1 when it cannot reach it
	toGoalOK bool
	reaching int // cells with toGoal ≥ 0
	// Past one word σ and π are also lists: out[i] is σ(i)
	// (Graph.SuccCells), preds[v] is π(v), in no order, its capacity room
	// for every cell with a move to v.
	out, preds [][]int32
	toward     side // the distances to the goal as a side
	// Scratch for the backward search.
	backSeen  []uint64
	backQueue []int32
	// Scratch for updateToGoal: the cells whose distance rises (aff, in
	// affList), the candidates of the next level, and the queues.
	aff, cand                   marks
	affList, level, next, qList []int32
	first                       []int32  // the cells raise starts from
	src                         []uint64 // raise's sources, dist<<32 | cell
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
}

// newKeptDistances returns the space for the distances to the goal on g: past one
// word with σ and π as lists, π's with room for every cell that can move
// to v.
func newKeptDistances(g *Graph) keptDistances {
	w := g.words
	k := keptDistances{
		pred: make([]uint64, g.n*w), toGoal: make([]int32, g.n),
		backSeen: make([]uint64, w), backQueue: make([]int32, 0, g.n),
		aff: newMarks(g.n), cand: newMarks(g.n), undoSucc: make([]uint64, w),
	}
	if w == 1 {
		return k
	}
	k.out = make([][]int32, g.n)
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
	k.preds = make([][]int32, g.n)
	for v := range can {
		n := can[v].Len()
		k.preds[v] = room[at : at : at+n]
		at += n
	}
	return k
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
