package graph

import "math/bits"

// layerSets is the regime of DepthTracker on boards of cells of up to two
// words (128 cells): the breadth-first layers as sets, up to the goal's,
// and a restarted search's new layers beside them until Accept.
type layerSets struct {
	// layers[d*w:(d+1)*w] is the set of cells at depth d and cum[...] the
	// cells at depth ≤ d, for d = 0..top (see DepthTracker.top).
	layers, cum []uint64
	// The layers the change last tried produced, from tryK+1 on: its goal
	// depth (tryTop, tryFound), and new layers tryK+1..tryEnd that replace
	// old layers tryK+1..oldEnd on Accept.
	tryTop            int
	tryFound          bool
	tryEnd, oldEnd    int
	newLayers, newCum []uint64
}

// newLayerSets returns the layer sets for boards of up to two words.
func newLayerSets(g *Graph) layerSets {
	size := (g.n + 2) * g.words
	return layerSets{
		layers: make([]uint64, size), cum: make([]uint64, size),
		newLayers: make([]uint64, size), newCum: make([]uint64, size),
	}
}

// resetSets searches the layers of the current configuration afresh.
func (t *DepthTracker) resetSets() {
	w := t.w
	clear(t.layers[:w])
	t.layers[t.start>>6] = 1 << (uint(t.start) & 63)
	copy(t.cum[:w], t.layers[:w])
	if w == 1 {
		t.top, t.found, _ = t.expand1(0, t.layers[0], t.cum[0], t.layers, t.cum, -1)
	} else {
		t.top, t.found, _ = t.expand2(0, t.layers[0], t.layers[1], t.cum[0], t.cum[1], t.layers, t.cum, -1)
	}
	t.markDepths(0, t.top, true)
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
