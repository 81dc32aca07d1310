package incremental

import (
	"math/bits"

	"rjm/graph"
)

// wordEval is the fast termsEvaluator for boards of at most 64 cells,
// where every set of cells is one uint64.
//
// Why it is fast. It keeps σ and π of the current configuration as words,
// so a one-cell change costs a few bit flips, and one breadth-first search
// backwards from the goal yields most of the energy at once: the reaching
// cells (n), the distance of every reaching cell to the goal, and so the
// goal depth D (the start's distance). The shortest solution is then
// unique exactly when, walking from the start, every cell has exactly one
// successor one move nearer the goal; that walk of D steps also counts the
// decisions and U-turns along it. No forward search and no path counting
// is needed.
//
// The backward search runs afresh for every change. Restarting it from the
// first layer the change touches, as graph.DepthTracker does forwards,
// was measured slower on 5×5 mazes: the cells whose π changes (those cell
// i jumped to and jumps to) lie at all distances, so the restart layer is
// early and the bookkeeping outweighs the layers saved.
//
// Same jump clusters change only in the two jump numbers the changed cell
// leaves and joins, and there only in the cluster the cell leaves (which
// may split) and the one it joins (which may merge several): the cluster
// penalty is updated by recomputing just those. Initial forced moves are a
// short walk from the start.
type wordEval struct {
	g              *graph.Graph
	n, start, goal int
	cells          int // |S| (see OpenCells)
	need           needs
	sym            bool // every same-jump move can be reversed (rook boards)
	top            int  // the class of jumps that cannot move: max jump + 1
	jumps          []int
	succ, pred     []uint64 // σ(i) and π(i)
	class          []uint64 // class[k]: the cells whose jump's class is k (see classOf)
	cnt            []int    // scratch: shortest-path counts
	cur, next      Values
	ti, tj         int
	old            int    // while a change is in place (begin): cell ti's jump before it
	oldS           uint64 // and its successors

	// The backward search of the configuration being evaluated: layer[d]
	// holds the cells at distance d from the goal, for d = 0..depth;
	// frontier is the last layer (to expand next, 0 when the search has
	// ended), reach the cells found so far, D the start's distance (-1
	// until found).
	layer           []uint64
	frontier, reach uint64
	depth, D        int
	// While fixBit is set (cell i's bit), π is that of the current
	// configuration but the search and the walk see the one with cell i's
	// successors changed to fixS: the cells of fixT (old and new
	// successors) have bit i flipped. This spares updating π for a change
	// that is only tried.
	fixBit, fixS, fixT uint64
}

func newWordEval(g *graph.Graph, start, goal int, need needs) *wordEval {
	n := g.Cells()
	e := &wordEval{
		g: g, n: n, start: start, goal: goal, need: need, sym: true,
		cells: OpenCells(g, start, goal).Len(),
		jumps: make([]int, n), succ: make([]uint64, n), pred: make([]uint64, n),
		cnt: make([]int, n), layer: make([]uint64, n+1),
	}
	e.top, e.sym = jumpBounds(g)
	e.class = make([]uint64, e.top+1)
	return e
}

// classOf groups jumps for the cluster bookkeeping: see jumpClass.
func (e *wordEval) classOf(j int) int { return jumpClass(j, e.top) }

// jumpBounds returns, for g, one more than its largest jump that has a
// move (the class of the jumps without one, see jumpClass) and whether
// its moves are symmetric (a jump j from i to t has the jump j from t
// back to i).
func jumpBounds(g *graph.Graph) (top int, sym bool) {
	sym = true
	for i := range g.Cells() {
		legal := g.Legal(i)
		if len(legal) > 0 {
			top = max(top, legal[len(legal)-1]+1)
		}
		for _, j := range legal {
			g.Succ(i, j).Each(func(t int) {
				if !g.Succ(t, j).Has(i) {
					sym = false
				}
			})
		}
	}
	return top, sym
}

// jumpClass groups jumps for the cluster bookkeeping: jumps up to top
// (the board's largest jump that can move) are their own class; 0 (the
// goal's) and the jumps beyond top, which have no move, are class 0 and
// top, whose cells are clusters of one whatever they share.
func jumpClass(j, top int) int {
	if j <= 0 {
		return 0
	}
	return min(j, top)
}

func (e *wordEval) reset(jumps []int) *Values {
	copy(e.jumps, jumps)
	clear(e.pred)
	clear(e.class)
	for i, j := range jumps {
		e.succ[i] = e.g.Succ(i, j)[0]
		e.class[e.classOf(j)] |= 1 << uint(i)
	}
	for i, s := range e.succ {
		for ; s != 0; s &= s - 1 {
			e.pred[bits.TrailingZeros64(s)] |= 1 << uint(i)
		}
	}
	e.compute(&e.cur)
	if e.need.penaltyAlone() {
		_, _, e.cur[ClusterPenalty] = e.clusters()
	}
	return &e.cur
}

func (e *wordEval) try(i, j int) *Values {
	old, oldS := e.jumps[i], e.succ[i]
	newS := e.g.Succ(i, j)[0]
	incremental := e.need.penaltyAlone()
	a, b := e.classOf(old), e.classOf(j)
	delta := 0
	if incremental && a != b {
		delta = -e.splitPenalty(i, e.class[a], a)
	}
	e.apply(i, j, newS)
	if incremental && a != b {
		delta += e.splitPenalty(i, e.class[b], b)
	}
	e.compute(&e.next)
	if incremental {
		e.next[ClusterPenalty] = e.cur[ClusterPenalty] + delta
	}
	e.apply(i, old, oldS)
	e.ti, e.tj = i, j
	return &e.next
}

func (e *wordEval) accept() {
	e.apply(e.ti, e.tj, e.g.Succ(e.ti, e.tj)[0])
	e.cur = e.next
}

// apply sets cell i's jump to j, whose successors are s, updating σ, π
// and the classes.
func (e *wordEval) apply(i, j int, s uint64) {
	bit := uint64(1) << uint(i)
	old := e.succ[i]
	for x := old &^ s; x != 0; x &= x - 1 {
		e.pred[bits.TrailingZeros64(x)] &^= bit
	}
	for x := s &^ old; x != 0; x &= x - 1 {
		e.pred[bits.TrailingZeros64(x)] |= bit
	}
	e.applyLight(i, j, s)
}

// applyLight is apply without π.
func (e *wordEval) applyLight(i, j int, s uint64) {
	bit := uint64(1) << uint(i)
	e.succ[i] = s
	e.class[e.classOf(e.jumps[i])] &^= bit
	e.class[e.classOf(j)] |= bit
	e.jumps[i] = j
}

// searchFrom starts the backward search from the goal.
func (e *wordEval) searchFrom() {
	g := uint64(1) << uint(e.goal)
	e.layer[0], e.frontier, e.reach, e.depth, e.D = g, g, g, 0, -1
}

// search continues the backward search, over π, until it ends or, with
// untilStart, until it finds the start.
func (e *wordEval) search(untilStart bool) {
	pred, startBit := e.pred, uint64(1)<<uint(e.start)
	fixBit, fixS := e.fixBit, e.fixS
	frontier, reach, d := e.frontier, e.reach, e.depth
	for frontier != 0 {
		var next uint64
		for f := frontier; f != 0; f &= f - 1 {
			next |= pred[bits.TrailingZeros64(f)]
		}
		if fixBit != 0 {
			// Bit i comes from the frontier cells that i jumps to: only
			// those of fixS now (another frontier cell with bit i in π
			// would be one of them).
			next &^= fixBit
			if frontier&fixS != 0 {
				next |= fixBit
			}
		}
		next &^= reach
		reach |= next
		frontier = next
		if next == 0 {
			break
		}
		d++
		e.layer[d] = next
		if next&startBit != 0 {
			e.D = d
			if untilStart {
				break
			}
		}
	}
	e.frontier, e.reach, e.depth = frontier, reach, d
}

// compute fills v with the needed terms of the configuration, except the
// incrementally kept cluster penalty.
func (e *wordEval) compute(v *Values) {
	*v = Values{}
	need := e.need
	var reach uint64
	if need&needReaching != 0 {
		e.searchFrom()
		e.search(false)
		reach = e.reach
		v[NonReaching] = e.cells - bits.OnesCount64(reach)
		if need&needPath != 0 {
			e.path(v, e.D)
		}
	}
	var reachable uint64
	if need&needReachable != 0 {
		reachable = e.forward()
		v[Unreachable] = e.cells - bits.OnesCount64(reachable)
	}
	if need&needHoles != 0 {
		v[BlackHoles], v[BlackHoleCells] = e.holes(reachable&^reach, false)
		v[WhiteHoles], v[WhiteHoleCells] = e.holes(reach&^reachable, true)
	}
	if need&needClusters != 0 {
		v[Clusters], v[LargestCluster], v[ClusterPenalty] = e.clusters()
	}
	if need&needForced != 0 {
		v[InitialForcedMoves] = e.forced()
	}
}

// path fills the along-the-solution terms, given the start's distance D
// to the goal and the layers of the backward search.
func (e *wordEval) path(v *Values, D int) { pathTerms(v, D, e.need, e.countPaths, e.walk) }

// walk follows the shortest solution from the start, D moves from the
// goal, through the layers of the backward search: it is unique when
// every cell has exactly one successor one layer nearer the goal. It
// counts the forward and backward decisions and, with uturns, the U-turns
// along it.
func (e *wordEval) walk(D int, uturns bool) (w walkCount, unique bool) {
	succ, pred := e.succ, e.pred
	c := e.start
	for d := D - 1; d >= 0; d-- {
		next := succ[c] & e.layer[d]
		if next&(next-1) != 0 {
			return w, false // two successors one move nearer the goal
		}
		w = w.leave(succ[c]&(succ[c]-1) != 0)
		if c != e.start {
			w = w.enter(e.manyPreds(pred[c], c))
		}
		t := bits.TrailingZeros64(next)
		if uturns {
			w = w.turn(moveDirs(e.g, e.jumps, c, t))
		}
		c = t
	}
	w = w.enter(e.manyPreds(pred[c], c)) // the goal
	return w, true
}

// manyPreds reports whether cell c, whose π in the current configuration
// is p, has more than one predecessor in the configuration searched.
func (e *wordEval) manyPreds(p uint64, c int) bool {
	if e.fixT&(1<<uint(c)) != 0 {
		p ^= e.fixBit
	}
	return p&(p-1) != 0
}

// countPaths counts the shortest paths from the start, D moves from the
// goal, up to the number of cells, by dynamic programming over the layers
// of the last search.
func (e *wordEval) countPaths(D int) int {
	cnt := e.cnt
	cnt[e.goal] = 1
	for d := 1; d <= D; d++ {
		layer := e.layer[d]
		if d == D {
			layer = 1 << uint(e.start)
		}
		below := e.layer[d-1]
		for f := layer; f != 0; f &= f - 1 {
			c := bits.TrailingZeros64(f)
			k := 0
			for x := e.succ[c] & below; x != 0; x &= x - 1 {
				k += cnt[bits.TrailingZeros64(x)]
			}
			cnt[c] = min(k, e.cells)
		}
	}
	return cnt[e.start]
}

// forward returns the cells reachable from the start.
func (e *wordEval) forward() uint64 {
	seen := uint64(1) << uint(e.start)
	for frontier := seen; frontier != 0; {
		var next uint64
		for f := frontier; f != 0; f &= f - 1 {
			next |= e.succ[bits.TrailingZeros64(f)]
		}
		next &^= seen
		seen |= next
		frontier = next
	}
	return seen
}

// holes counts the holes among kind (see package analysis, holes.go) and
// their cells: black holes grow by all successors and by predecessors of
// their kind, white holes (white) by all predecessors and by successors
// of their kind.
func (e *wordEval) holes(kind uint64, white bool) (count, cells int) {
	all, some := e.succ, e.pred
	if white {
		all, some = e.pred, e.succ
	}
	for rest := kind; rest != 0; {
		hole := rest & -rest
		for frontier := hole; frontier != 0; {
			var next uint64
			for f := frontier; f != 0; f &= f - 1 {
				c := bits.TrailingZeros64(f)
				next |= all[c] | some[c]&kind
			}
			next &^= hole
			hole |= next
			frontier = next
		}
		count++
		cells += bits.OnesCount64(hole)
		rest &^= hole
	}
	return count, cells
}

// forced returns the initial forced moves (see ForcedMoves).
func (e *wordEval) forced() int {
	var left uint64
	return ForcedMoves(e.start, func(c int) bool {
		bit := uint64(1) << uint(c)
		was := left & bit
		left |= bit
		return was == 0
	}, func(c int) int {
		if s := e.succ[c]; s != 0 && s&(s-1) == 0 {
			return bits.TrailingZeros64(s)
		}
		return -1
	})
}

// cluster returns the same jump cluster of cell s among the cells within:
// its strongly connected component in the subgraph they induce, which on
// boards whose same-jump moves can be reversed is its forward closure.
func (e *wordEval) cluster(s int, within uint64) uint64 {
	fwd := reachWithin(e.succ, s, within)
	if e.sym {
		return fwd
	}
	return fwd & reachWithin(e.pred, s, within)
}

// reachWithin returns the cells reachable from s by the edges of adj
// without leaving within, s included.
func reachWithin(adj []uint64, s int, within uint64) uint64 {
	set := uint64(1) << uint(s)
	for frontier := set; frontier != 0; {
		var next uint64
		for f := frontier; f != 0; f &= f - 1 {
			next |= adj[bits.TrailingZeros64(f)]
		}
		next &= within &^ set
		set |= next
		frontier = next
	}
	return set
}

// clusters recomputes every same jump cluster and returns the number of
// clusters of two or more cells, the size of the largest and the penalty.
func (e *wordEval) clusters() (count, largest, penalty int) {
	largest = 1
	for k := 1; k < e.top; k++ {
		for rest := e.class[k]; rest != 0; {
			c := e.cluster(bits.TrailingZeros64(rest), e.class[k])
			size := bits.OnesCount64(c)
			if size >= 2 {
				count++
			}
			largest = max(largest, size)
			penalty += (size - 1) * (size - 1)
			rest &^= c
		}
	}
	return count, largest, penalty
}

// splitPenalty returns (|J|−1)² for the cluster J of cell i in class k
// (whose cells are class) minus the penalty of the clusters J falls into
// without i: the change in the cluster penalty when i leaves class k
// (called before the change, with a minus) or joins it (after).
func (e *wordEval) splitPenalty(i int, class uint64, k int) int {
	if k == 0 || k == e.top {
		return 0
	}
	rest := class &^ (1 << uint(i))
	if e.sym {
		// Same jump moves can be reversed: J without i falls into the
		// clusters, in the class without i, of i's successors in the
		// class, and |J| − 1 is the sum of their sizes.
		var found uint64
		sum, p := 0, 0
		for x := e.succ[i] & rest &^ found; x != 0; x = e.succ[i] & rest &^ found {
			c := reachWithin(e.succ, bits.TrailingZeros64(x), rest)
			found |= c
			size := bits.OnesCount64(c)
			sum += size
			p -= (size - 1) * (size - 1)
		}
		return sum*sum + p
	}
	c := e.cluster(i, class)
	size := bits.OnesCount64(c)
	p := (size - 1) * (size - 1)
	for rest &= c; rest != 0; {
		part := e.cluster(bits.TrailingZeros64(rest), rest)
		size := bits.OnesCount64(part)
		p -= (size - 1) * (size - 1)
		rest &^= part
	}
	return p
}

// begin puts the change of cell i to jump j in place for the design
// energy's stages (see designEval) and returns the cluster penalty and the
// initial forced moves with it. On boards whose same-jump moves can be reversed clusters only need
// σ, and the search and the walk see the new π through fixBit.
func (e *wordEval) begin(i, j int) (penalty, forced int) {
	old, oldS := e.jumps[i], e.succ[i]
	a, b := e.classOf(old), e.classOf(j)
	penalty = e.cur[ClusterPenalty]
	if a != b {
		penalty -= e.splitPenalty(i, e.class[a], a)
	}
	newS := e.g.Succ(i, j)[0]
	if e.sym {
		e.applyLight(i, j, newS)
		e.fixBit, e.fixS, e.fixT = 1<<uint(i), newS, oldS^newS
	} else {
		e.apply(i, j, newS)
	}
	if a != b {
		penalty += e.splitPenalty(i, e.class[b], b)
	}
	e.ti, e.tj, e.old, e.oldS = i, j, old, oldS
	return penalty, e.forced()
}

// end takes back the change begin put in place.
func (e *wordEval) end() {
	if e.sym {
		e.applyLight(e.ti, e.old, e.oldS)
		e.fixBit, e.fixS, e.fixT = 0, 0, 0
	} else {
		e.apply(e.ti, e.old, e.oldS)
	}
}

func (e *wordEval) startDistance() int { return e.D }
func (e *wordEval) reaching() int      { return bits.OnesCount64(e.reach) }
func (e *wordEval) values() *Values    { return &e.next }

// trapped is 0: on cells a reachable cell that cannot reach the goal is
// one of the non-reaching cells already.
func (e *wordEval) trapped() int { return 0 }
