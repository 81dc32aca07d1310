package graph

// layerLists is the regime of DepthTracker on boards of cells past two
// words (more than 128 cells): every reachable cell's depth (also past the
// goal's) is kept in DepthTracker.depth and brought up to date through
// accepted changes (updateFromStart), and the layers are linked lists:
// layer d is lhead[d], lnext[lhead[d]], ... (-1 ends it; lprev links
// back), lcount[d] long, and maxDepth the last non-empty one.
type layerLists struct {
	lhead, lnext, lprev, lcount []int32
	maxDepth                    int32
	layerSet                    Set  // Layer's answer, built from the list
	from                        side // the depths, as a side of the kept distances
	// expandList's queue of cells, and the cells it reached (stamp[c] is
	// epoch).
	newOrder []int32
	stamp    []uint32
	epoch    uint32
}

// newLayerLists returns the layer lists for boards past two words, over
// the tracker's depths and its lists of π and σ (preds, out).
func newLayerLists(g *Graph, depth []int32, preds, out [][]int32) layerLists {
	return layerLists{
		lhead: make([]int32, g.n), lcount: make([]int32, g.n),
		lnext: make([]int32, g.n), lprev: make([]int32, g.n),
		layerSet: make(Set, g.words),
		from:     side{d: depth, near: preds, far: out, fromStart: true},
		newOrder: make([]int32, 0, g.n),
		stamp:    make([]uint32, g.n),
	}
}

// resetLists computes every depth of the current configuration afresh.
func (t *DepthTracker) resetLists() {
	for d := range t.lhead {
		t.lhead[d], t.lcount[d] = -1, 0
	}
	t.maxDepth = 0
	t.setDist(&t.from, t.start, 0)
	t.fall(&t.from, append(t.qList[:0], int32(t.start)))
	t.settle()
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
