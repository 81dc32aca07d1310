package graph

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
// # Regimes
//
// What the tracker keeps depends on the board, and each regime has its
// own file; this one holds the core every regime shares (the current
// successor sets, the goal depth, each cell's depth, the change last
// tried) and the methods that dispatch to the regime:
//
//   - tracker_sets.go, layerSets: boards of cells of up to two words
//     (128 cells), the layers as sets, searched by expand1 and expand2
//     (one and two words written out).
//   - tracker_lists.go, layerLists: boards of cells past two words, every
//     reachable cell's depth kept in lists per layer (tryList,
//     expandList, updateFromStart).
//   - tracker_kept.go, keptDistances: the distances to the goal behind
//     TryBound, Shortcut and TryDistances, searched afresh on one word and
//     kept up to date through accepted changes past one word (with σ and
//     π as lists); the kept depths of layerLists are the same update run
//     from the start (see side).
//   - states.go, stateDepth: boards whose state is more than a cell (the
//     no-U-turn rule), where every evaluation is a search over states.
//
// A DepthTracker is not safe for concurrent use.
type DepthTracker struct {
	g           *Graph
	start, goal int
	w           int      // words per set
	cur         []uint64 // cur[i*w:(i+1)*w] is σ(i) in the current configuration
	// When found, top is the goal depth and layer top holds the goal;
	// otherwise layer top is the last non-empty layer and everything
	// reachable has been expanded.
	top   int
	found bool
	// depth[i] is the layer holding cell i, or -1 (past two words every
	// reachable cell's depth, also past the goal's).
	depth []int32

	// The change last tried: cell tryCell's jump to tryJump, σ(tryCell)
	// after it (a slice of Graph.succ), and the depth of tryCell (-1: the
	// change leaves the layers as they are).
	tryCell, tryJump int
	trySucc          []uint64
	tryK             int

	layerSets     // up to two words
	layerLists    // past two words
	keptDistances // the distances to the goal, and σ and π for them

	// states is set on boards whose state is more than a cell (the
	// no-U-turn rule): every evaluation is then a search over states (see
	// stateDepth), and nothing else is used.
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
		cur:           make([]uint64, g.n*w),
		depth:         make([]int32, g.n),
		tryK:          -1,
		keptDistances: newKeptDistances(g),
	}
	if w <= 2 {
		t.layerSets = newLayerSets(g)
	} else {
		t.layerLists = newLayerLists(g, t.depth, t.preds, t.out)
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
		t.resetLists()
	} else {
		t.resetSets()
	}
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
