package incremental

import (
	"math/bits"

	"rjm/graph"
)

// multiEval is the termsEvaluator for boards of more than 64 cells: the
// same method as wordEval (see there) on sets of several words, except
// that the backward search keeps a queue and every cell's distance rather
// than layers of sets (see search). Cell c's σ is succ[c·w:(c+1)·w] and
// its π pred[c·w:(c+1)·w], with w words per set. The design energy's
// evaluator over it also asks a graph.DepthTracker for shortcut proofs
// (see designEval.rate).
type multiEval struct {
	g                 *graph.Graph
	n, w, start, goal int
	cells             int // |S| (see OpenCells)
	need              needs
	sym               bool // every same-jump move can be reversed (rook boards)
	top               int  // the class of jumps that cannot move
	jumps             []int
	succ, pred, class []uint64
	npred             []int32   // |π(c)|
	out               [][]int32 // σ(c) as a list (see succs)
	cnt               []int
	cur, next         Values
	ti, tj            int
	old               int // while a change is in place (begin): cell ti's jump before it
	// The backward search (see search): the cells found, in reach and in
	// queue (those before head expanded), their distances, and the start's.
	dist  []int32
	queue []int32
	head  int
	D     int
	// short, when set (by the design energy's evaluator), follows the
	// current configuration's distances to the goal; while a change is in
	// place (begin, staged) the design's stages read them, with the change
	// put in by short.TryDistances (tried), instead of searching. After
	// end the tried distances stay (kept) until the next begin takes them
	// back, unless Accept keeps them: an exact answer is mostly accepted.
	short               *graph.DepthTracker
	staged, tried, kept bool
	light               bool // π is still the current configuration's (see begin)
	// With short, the current configuration's shortest solution (see
	// solution.go).
	sol solution
	// Scratch sets, each used by one method only, and closure's queue.
	reach, reachable, kind, hole, front, grown, fwd, bwd, rest, part, left graph.Set
	closed                                                                 []int32
}

func newMultiEval(g *graph.Graph, start, goal int, need needs) *multiEval {
	n := g.Cells()
	w := len(g.NewSet())
	e := &multiEval{
		g: g, n: n, w: w, start: start, goal: goal, need: need, sym: true,
		cells: OpenCells(g, start, goal).Len(),
		jumps: make([]int, n), succ: make([]uint64, n*w), pred: make([]uint64, n*w), out: make([][]int32, n),
		npred: make([]int32, n), cnt: make([]int, n),
		dist: make([]int32, n), queue: make([]int32, 0, n),
	}
	for c := range e.dist {
		e.dist[c] = -1
	}
	e.sol.init(n)
	for _, s := range []*graph.Set{&e.reach, &e.reachable, &e.kind, &e.hole, &e.front, &e.grown, &e.fwd, &e.bwd, &e.rest, &e.part, &e.left} {
		*s = g.NewSet()
	}
	e.top, e.sym = jumpBounds(g)
	e.class = make([]uint64, (e.top+1)*w)
	return e
}

// succs returns σ(c) as a list, ascending: the walks, the cluster penalty
// and the kept solution's stages read a cell's few successors from it
// rather than from every word of its set.
func (e *multiEval) succs(c int) []int32 { return e.out[c] }

// at returns set k of the flat array a.
func (e *multiEval) at(a []uint64, k int) graph.Set { return graph.Set(a[k*e.w : (k+1)*e.w]) }

func (e *multiEval) classOf(j int) int { return jumpClass(j, e.top) }

func (e *multiEval) reset(jumps []int) *Values {
	copy(e.jumps, jumps)
	e.sol.ok, e.kept = false, false
	clear(e.pred)
	clear(e.class)
	for i, j := range jumps {
		e.at(e.succ, i).Copy(e.g.Succ(i, j))
		e.out[i] = e.g.SuccCells(i, j)
		e.at(e.class, e.classOf(j)).Add(i)
	}
	clear(e.npred)
	for i := range e.n {
		e.at(e.succ, i).Each(func(t int) {
			e.at(e.pred, t).Add(i)
			e.npred[t]++
		})
	}
	e.compute(&e.cur)
	if e.need.penaltyAlone() {
		_, _, e.cur[ClusterPenalty] = e.clusters()
	}
	return &e.cur
}

func (e *multiEval) try(i, j int) *Values {
	old := e.jumps[i]
	incremental := e.need.penaltyAlone()
	delta := e.change(i, j, incremental, false)
	e.compute(&e.next)
	if incremental {
		e.next[ClusterPenalty] = e.cur[ClusterPenalty] + delta
	}
	e.apply(i, old)
	e.ti, e.tj = i, j
	return &e.next
}

// change sets cell i's jump to j and, with penalty, returns the change in
// the cluster penalty it makes. With light it leaves π as it is (see
// begin).
func (e *multiEval) change(i, j int, penalty, light bool) (delta int) {
	a, b := e.classOf(e.jumps[i]), e.classOf(j)
	if penalty && a != b {
		delta = -e.splitPenalty(i, e.at(e.class, a), a)
	}
	if light {
		e.applyLight(i, j)
	} else {
		e.apply(i, j)
	}
	if penalty && a != b {
		delta += e.splitPenalty(i, e.at(e.class, b), b)
	}
	return delta
}

// begin puts the change of cell i to jump j in place for the design
// energy's stages (see designEval) and returns the cluster penalty and the
// initial forced moves with it. On boards whose same jump moves can be reversed the clusters need
// only σ, and π follows only when fixPred asks: most changes are rejected
// before anything reads it.
func (e *multiEval) begin(i, j int) (penalty, forced int) {
	if e.kept {
		e.short.UndoDistances()
		e.kept = false
	}
	if e.short != nil && !e.sol.ok {
		e.keepSolution()
	}
	e.sol.kept = false
	e.old = e.jumps[i]
	e.light = e.sym
	penalty = e.cur[ClusterPenalty] + e.change(i, j, true, e.light)
	e.ti, e.tj = i, j
	e.staged = e.short != nil
	return penalty, e.forced()
}

// fixPred puts the change in place (begin) into π, before the stages that
// read it (searchFrom; the kept solution's stages do without, see
// npredWith).
func (e *multiEval) fixPred() {
	if e.light {
		e.movePred(e.ti, e.g.Succ(e.ti, e.old), e.at(e.succ, e.ti))
		e.light = false
	}
}

// end takes back the change begin put in place.
func (e *multiEval) end() {
	e.kept = e.tried
	e.staged, e.tried = false, false
	if e.light {
		e.applyLight(e.ti, e.old)
		e.light = false
	} else {
		e.apply(e.ti, e.old)
	}
}

func (e *multiEval) startDistance() int {
	if e.staged {
		return int(e.short.ToGoal()[e.start])
	}
	return e.D
}

func (e *multiEval) reaching() int {
	if e.staged {
		return e.short.Reaching()
	}
	return len(e.queue)
}
func (e *multiEval) values() *Values { return &e.next }

func (e *multiEval) accept() {
	e.kept = false // the design energy's evaluator accepted them in short
	e.apply(e.ti, e.tj)
	e.cur = e.next
	e.sol.accept()
}

// apply sets cell i's jump to j, updating σ, π and the classes.
func (e *multiEval) apply(i, j int) {
	e.movePred(i, e.at(e.succ, i), e.g.Succ(i, j))
	e.applyLight(i, j)
}

// movePred moves cell i in π from the cells of old to those of s.
func (e *multiEval) movePred(i int, old, s []uint64) {
	w, pred := e.w, e.pred
	iw, ib := i>>6, uint64(1)<<(uint(i)&63)
	for x := range old {
		for gone := old[x] &^ s[x]; gone != 0; gone &= gone - 1 {
			t := x<<6 + bits.TrailingZeros64(gone)
			pred[t*w+iw] &^= ib
			e.npred[t]--
		}
		for added := s[x] &^ old[x]; added != 0; added &= added - 1 {
			t := x<<6 + bits.TrailingZeros64(added)
			pred[t*w+iw] |= ib
			e.npred[t]++
		}
	}
}

// applyLight is apply without π.
func (e *multiEval) applyLight(i, j int) {
	w, iw, ib := e.w, i>>6, uint64(1)<<(uint(i)&63)
	dst, src := e.at(e.succ, i), e.g.Succ(i, j)
	src = src[:len(dst)]
	for x := range dst { // a few words: cheaper than a call to memmove
		dst[x] = src[x]
	}
	e.out[i] = e.g.SuccCells(i, j)
	e.class[e.classOf(e.jumps[i])*w+iw] &^= ib
	e.class[e.classOf(j)*w+iw] |= ib
	e.jumps[i] = j
}

func (e *multiEval) compute(v *Values) {
	*v = Values{}
	need := e.need
	if need&needReaching != 0 {
		e.searchFrom()
		e.search(false)
		v[NonReaching] = e.cells - e.reach.Len()
		if need&needPath != 0 {
			e.path(v, e.D)
		}
	}
	if need&needReachable != 0 {
		e.forward()
		v[Unreachable] = e.cells - e.reachable.Len()
	}
	if need&needHoles != 0 {
		e.kind.Copy(e.reachable)
		e.kind.AndNot(e.reach)
		v[BlackHoles], v[BlackHoleCells] = e.holes(false)
		e.kind.Copy(e.reach)
		e.kind.AndNot(e.reachable)
		v[WhiteHoles], v[WhiteHoleCells] = e.holes(true)
	}
	if need&needClusters != 0 {
		v[Clusters], v[LargestCluster], v[ClusterPenalty] = e.clusters()
	}
	if need&needForced != 0 {
		v[InitialForcedMoves] = e.forced()
	}
}

// searchFrom starts the backward search from the goal.
func (e *multiEval) searchFrom() {
	e.fixPred() // the search and the walk after it read π
	if e.staged {
		// Kept distances pay when few rise; past an eighth of the cells
		// a fresh search is cheaper.
		if e.tried = e.short.TryDistances(e.ti, e.tj, e.n/8); e.tried {
			return
		}
		e.staged = false
	}
	for _, c := range e.queue {
		e.dist[c] = -1
	}
	clear(e.reach)
	e.reach.Add(e.goal)
	e.dist[e.goal] = 0
	e.queue = append(e.queue[:0], int32(e.goal))
	e.head, e.D = 0, -1
}

// search continues breadth-first search from the goal over π until it
// ends or, with untilStart, until it has found the start, when every cell
// nearer the goal has been found. It leaves the cells found in reach and
// in queue (in order of distance), their distances in dist (-1 for the
// others) and the start's in D (-1 while not found). A queue rather than layers of sets: on large
// boards the solution is long and its layers hold a few cells each.
func (e *multiEval) search(untilStart bool) {
	if e.staged {
		return // the distances are all there
	}
	w, pred, reach, dist := e.w, e.pred, e.reach, e.dist
	q, start := e.queue, int32(e.start)
	head := e.head
	for ; head < len(q); head++ {
		if untilStart && e.D >= 0 {
			break
		}
		v := q[head]
		t := dist[v] + 1
		for x, word := range pred[int(v)*w : int(v)*w+w] {
			word &^= reach[x]
			reach[x] |= word
			for ; word != 0; word &= word - 1 {
				c := int32(x<<6 + bits.TrailingZeros64(word))
				dist[c] = t
				q = append(q, c)
				if c == start {
					e.D = int(t)
				}
			}
		}
	}
	e.queue, e.head = q, head
}

// nearer returns the successors of cell c at distance d from the goal
// (by dist), up to two (the first of them in next),
// and the number of c's successors, up to two.
func (e *multiEval) nearer(dist []int32, c, d int) (next, k, succs int) {
	next = -1
	out := e.succs(c)
	for _, t := range out {
		if int(dist[t]) == d {
			if k++; k == 1 {
				next = int(t)
			}
		}
	}
	return next, min(k, 2), min(len(out), 2)
}

// first returns the smallest cell of s and the number of its cells, up to
// two.
func first(s graph.Set) (c, count int) {
	c = -1
	for x, word := range s {
		if word == 0 {
			continue
		}
		if c < 0 {
			c = x<<6 + bits.TrailingZeros64(word)
			count = min(2, bits.OnesCount64(word))
		} else {
			return c, 2
		}
	}
	return c, count
}

func (e *multiEval) path(v *Values, D int) { pathTerms(v, D, e.need, e.countPaths, e.walk) }

// walk follows the shortest solution from the start, D moves from the
// goal, over the distances of the backward search or, while a change in
// place is staged, the depth tracker's (see wordEval.walk).
func (e *multiEval) walk(D int, uturns bool) (walkCount, bool) {
	dist := e.dist
	if e.staged {
		dist = e.short.ToGoal()
	}
	return e.walkOver(dist, D, uturns, false)
}

// walkOver is walk over the distances to the goal in dist; with keep it
// records the solution's cells in sol.cells and its decisions up to
// each of them in sol.fwd and sol.bwd (see solution).
func (e *multiEval) walkOver(dist []int32, D int, uturns, keep bool) (w walkCount, unique bool) {
	s, c := &e.sol, e.start
	if keep {
		s.cells = s.cells[:0]
		s.fwd[0], s.bwd[0] = 0, 0
	}
	for d := D - 1; d >= 0; d-- {
		next, k, succs := e.nearer(dist, c, d)
		if k > 1 {
			return w, false
		}
		w = w.leave(succs > 1)
		if c != e.start {
			w = w.enter(e.npred[c] > 1)
		}
		if uturns {
			w = w.turn(moveDirs(e.g, e.jumps, c, next))
		}
		if keep {
			s.record(c, w)
		}
		c = next
	}
	w = w.enter(e.npred[c] > 1) // the goal
	if keep {
		s.record(c, w)
	}
	return w, true
}

// countPaths counts the shortest paths from the start, D moves from the
// goal, up to the number of cells, by dynamic programming over the cells
// in the order of the backward search.
func (e *multiEval) countPaths(D int) int {
	w := e.w
	count := func(c int) {
		k, d := 0, e.dist[c]-1
		for x, word := range e.succ[c*w : c*w+w] {
			for ; word != 0; word &= word - 1 {
				t := x<<6 + bits.TrailingZeros64(word)
				if e.dist[t] == d {
					k += e.cnt[t]
				}
			}
		}
		e.cnt[c] = min(k, e.cells)
	}
	e.cnt[e.goal] = 1
	for _, c := range e.queue[1:] {
		if int(e.dist[c]) >= D {
			break
		}
		count(int(c))
	}
	count(e.start)
	return e.cnt[e.start]
}

// forward leaves the cells reachable from the start in reachable.
func (e *multiEval) forward() {
	e.closure(e.reachable, e.succ, e.start, nil)
}

// closure sets dst to the cells reachable from s by the edges of adj
// without leaving within (nil: anywhere), s included, and returns their
// number. A queue rather than layers of sets: same jump clusters, the
// most frequent closures, hold a few cells.
func (e *multiEval) closure(dst graph.Set, adj []uint64, s int, within graph.Set) int {
	w := e.w
	clear(dst)
	dst.Add(s)
	q := append(e.closed[:0], int32(s))
	for head := 0; head < len(q); head++ {
		c := int(q[head])
		for x, word := range adj[c*w : c*w+w] {
			if within != nil {
				word &= within[x]
			}
			word &^= dst[x]
			dst[x] |= word
			for ; word != 0; word &= word - 1 {
				q = append(q, int32(x<<6+bits.TrailingZeros64(word)))
			}
		}
	}
	e.closed = q
	return len(q)
}

// holes counts the holes among kind and their cells (see wordEval.holes).
func (e *multiEval) holes(white bool) (count, cells int) {
	all, some := e.succ, e.pred
	if white {
		all, some = e.pred, e.succ
	}
	e.rest.Copy(e.kind)
	for {
		s, _ := first(e.rest)
		if s < 0 {
			return count, cells
		}
		clear(e.hole)
		e.hole.Add(s)
		e.front.Copy(e.hole)
		for !e.front.Empty() {
			clear(e.grown)
			e.front.Each(func(c int) {
				e.grown.Or(e.at(all, c))
				for y, x := range e.at(some, c) {
					e.grown[y] |= x & e.kind[y]
				}
			})
			e.grown.AndNot(e.hole)
			e.hole.Or(e.grown)
			e.front, e.grown = e.grown, e.front
		}
		count++
		cells += e.hole.Len()
		e.rest.AndNot(e.hole)
	}
}

// forced returns the initial forced moves (see ForcedMoves).
func (e *multiEval) forced() int {
	clear(e.left)
	return ForcedMoves(e.start, func(c int) bool {
		was := e.left.Has(c)
		e.left.Add(c)
		return !was
	}, func(c int) int {
		if out := e.succs(c); len(out) == 1 {
			return int(out[0])
		}
		return -1
	})
}

// cluster sets dst to the same jump cluster of s among the cells within
// (see wordEval.cluster) and returns its size.
func (e *multiEval) cluster(dst graph.Set, s int, within graph.Set) int {
	size := e.closure(dst, e.succ, s, within)
	if !e.sym {
		e.closure(e.bwd, e.pred, s, within)
		dst.And(e.bwd)
		size = dst.Len()
	}
	return size
}

func (e *multiEval) clusters() (count, largest, penalty int) {
	largest = 1
	for k := 1; k < e.top; k++ {
		class := e.at(e.class, k)
		e.rest.Copy(class)
		for {
			s, _ := first(e.rest)
			if s < 0 {
				break
			}
			size := e.cluster(e.fwd, s, class)
			if size >= 2 {
				count++
			}
			largest = max(largest, size)
			penalty += (size - 1) * (size - 1)
			e.rest.AndNot(e.fwd)
		}
	}
	return count, largest, penalty
}

// splitPenalty returns (|J|−1)² for the cluster J of cell i in class k
// (whose cells are class) minus the penalty of the clusters J falls into
// without i; see wordEval.leave and wordEval.join.
func (e *multiEval) splitPenalty(i int, class graph.Set, k int) int {
	if k == 0 || k == e.top {
		return 0
	}
	if e.sym {
		// Same jump moves can be reversed: J without i falls into the
		// clusters, in the class without i, of i's successors in the
		// class, and |J| − 1 is the sum of their sizes.
		sum, p, ready := 0, 0, false
		for _, t := range e.succs(i) {
			if !class.Has(int(t)) {
				continue
			}
			if !ready { // most cells have no successor in their class
				e.part.Copy(class)
				e.part.Remove(i)
				clear(e.rest) // the cells of the clusters found
				ready = true
			}
			if !e.rest.Has(int(t)) {
				size := e.closure(e.fwd, e.succ, int(t), e.part)
				e.rest.Or(e.fwd)
				sum += size
				p -= (size - 1) * (size - 1)
			}
		}
		return sum*sum + p
	}
	size := e.cluster(e.fwd, i, class)
	p := (size - 1) * (size - 1)
	e.rest.Copy(e.fwd)
	e.rest.Remove(i)
	for {
		s, _ := first(e.rest)
		if s < 0 {
			return p
		}
		e.part.Copy(e.rest)
		size := e.cluster(e.fwd, s, e.part)
		p -= (size - 1) * (size - 1)
		e.rest.AndNot(e.fwd)
	}
}

// trapped is 0: on cells a reachable cell that cannot reach the goal is
// one of the non-reaching cells already.
func (e *multiEval) trapped() int { return 0 }
