package records

import (
	"math/big"
	"math/bits"
	"slices"
	"sync/atomic"

	"rjm/graph"
)

// This file holds the depth-first search of one sub-tree: a jump placed
// in one cell after another, each branch cut by its bound, the leaves
// counted in 128 bits.

// search is the state of one depth-first search.
type search struct {
	n, start, goal int
	good           bool
	prune          bool
	legal          [][]int   // legal jumps of each cell
	succ           [][][]int // succ[i][k]: cells reached by the k-th legal jump of i
	jump           []int     // the assignment: jump[i], or -1
	depth          []int     // breadth-first depth, or -1 when not reached
	paths          []uint8   // good mazes: shortest paths from the start to a reached cell, 1 or 2 (two or more)
	doubled        []int     // good mazes: the cells whose paths place raised to 2, in order, for unplace
	queue          []int     // cells in breadth-first order
	head           int       // the next cell of queue to expand
	free           []uint64  // number of legal jumps of each cell
	// next[i], on boards of at most 64 cells, is the set of cells some
	// legal jump of i reaches (bit v for cell v), and reached the cells
	// reached so far, for the reach cut; next is nil on larger boards.
	next     []uint64
	reached  uint64
	best     int       // the best goal depth found (or at least what to match)
	count    [2]uint64 // 128-bit count of mazes at best
	example  []int     // an assignment reaching best
	list     int       // how many mazes at best to list
	mazes    [][]int   // branches at best (free cells -1)
	listed   uint64    // the mazes those branches stand for
	overList bool      // more than 8·list mazes at best
	overflow bool      // the count left 128 bits
	nodes    int64
	floor    int          // no maze below this goal depth counts
	found    *atomic.Bool // set when any sub-tree finds a maze
	// pairs and diag, when pairs is not nil, are the transpose
	// symmetry's off-diagonal pairs and diagonal cells (symmetry.go).
	pairs   [][2]int
	diag    []int
	stop    func() bool
	stopped bool // stop said yes: unwind without searching more
	// tick, if not nil, is called every ProgressNodes branches.
	tick func(nodes int64)
	// shared is the best depth any sub-tree has found: a branch that
	// cannot reach it holds no record, whichever sub-tree it is in.
	shared *atomic.Int64
	// slack loosens (positive) or, in the tests' mutation check, tightens
	// (negative, unsound) the bound.
	slack      int
	halfWeight bool // see Settings.halfWeight
	uniqueCut  int  // see Settings.uniqueCut
	reachCut   int  // see Settings.reachCut
}

func newSearch(g *graph.Graph, start, goal int, s Settings) *search {
	n := g.Cells()
	r := &search{n: n, start: start, goal: goal, good: s.Good, prune: !s.NoPrune || s.Floor > 0, best: -1, slack: s.slack, halfWeight: s.halfWeight, uniqueCut: s.uniqueCut, reachCut: s.reachCut, floor: s.Floor, list: s.List,
		legal: make([][]int, n), succ: make([][][]int, n), free: make([]uint64, n),
		jump: make([]int, n), depth: make([]int, n), paths: make([]uint8, n)}
	if s.transposable() {
		if pairs, diag, ok := symmetryPairs(g, start); ok {
			r.pairs, r.diag = pairs, diag
		}
	}
	b := g.Board()
	for i := range n {
		if i == goal || !b.Open(i) {
			continue
		}
		r.legal[i] = g.Legal(i)
		r.free[i] = uint64(len(r.legal[i]))
		for _, j := range r.legal[i] {
			r.succ[i] = append(r.succ[i], g.Succ(i, j).Cells())
		}
	}
	if n <= 64 && s.reachCut >= 0 {
		r.next = make([]uint64, n)
		for i := range n {
			for _, cells := range r.succ[i] {
				for _, v := range cells {
					r.next[i] |= 1 << v
				}
			}
		}
	}
	return r
}

// fork returns a fresh search of the same settings that shares r's
// read-only tables (legal jumps, successors, the symmetry's pairs).
func (r *search) fork() *search {
	f := *r
	f.jump, f.depth, f.paths = make([]int, r.n), make([]int, r.n), make([]uint8, r.n)
	f.queue, f.doubled, f.example, f.mazes = nil, nil, nil, nil
	f.best, f.count, f.nodes, f.stopped, f.overflow, f.overList, f.listed = -1, [2]uint64{}, 0, false, false, false, 0
	f.tick, f.stop, f.shared, f.found = nil, nil, nil, nil
	return &f
}

// run searches from the current partial assignment.
func (r *search) run() {
	if r.stopped {
		return
	}
	r.nodes++
	if r.nodes&(stopEvery-1) == 0 {
		if r.stop != nil && r.stop() {
			r.stopped = true
			return
		}
		if r.tick != nil && r.nodes&(ProgressNodes-1) == 0 {
			r.tick(r.nodes)
		}
	}
	if r.pairs != nil && r.transposeGreater() {
		return // its transposes are counted instead
	}
	if r.depth[r.goal] >= 0 && !r.good {
		r.leaf(r.depth[r.goal])
		return
	}
	if r.head == len(r.queue) { // every reachable cell expanded
		r.leaf(r.depth[r.goal])
		return
	}
	if r.prune && r.hopeless(max(r.best, int(r.shared.Load()))) {
		return
	}
	u := r.queue[r.head]
	if u == r.goal { // the goal holds no jump: nothing to expand
		r.head++
		r.run()
		r.head--
		return
	}
	r.head++
	mark := r.mark()
	for k := range r.legal[u] {
		r.place(u, k)
		r.run()
		r.unplace(mark)
		if r.stopped {
			break
		}
	}
	r.jump[u] = -1
	r.head--
}

// hopeless reports whether the branch holds no maze the search counts
// against target, the depth to match: the bound, the reach cut and, for
// the good mazes, the uniqueness cut (see the package comment).
func (r *search) hopeless(target int) bool {
	D := r.depth[r.goal]
	if D >= 0 && D < target {
		return true // the goal depth is fixed, and too small
	}
	// The goal is at most d + u deep.
	d := r.depth[r.queue[len(r.queue)-1]]
	if D < 0 && d+r.n-len(r.queue)+r.slack < target {
		return true
	}
	// The reach cut: every cell reached from now on is reached from a
	// queued cell not yet expanded through cells not yet reached, by some
	// legal jump of each; so the goal must be among those cells, and is at
	// most d + (their number) deep.
	if D < 0 && r.next != nil {
		var from uint64
		for _, v := range r.queue[r.head:] {
			from |= r.next[v]
		}
		can := from &^ r.reached
		for todo := can; todo != 0 && r.reachCut == 0; {
			v := bits.TrailingZeros64(todo)
			more := r.next[v] &^ r.reached &^ can
			can |= more
			todo = todo&(todo-1) | more
		}
		if can&(1<<r.goal) == 0 || d+bits.OnesCount64(can)+r.slack < target {
			return true
		}
	}
	if !r.good || r.uniqueCut < 0 {
		return false
	}
	// Paths only grow as cells are expanded: a goal reached by two
	// shortest paths keeps them.
	if D >= 0 {
		return r.paths[r.goal] > 1
	}
	// Every shortest path to a goal not yet reached passes through each
	// finished layer: one whose cells all have two paths gives it two.
	// The layer at head is finished (every shallower cell is expanded).
	h := r.head
	if h == len(r.queue) || h > 0 && r.depth[r.queue[h-1]] == r.depth[r.queue[h]] {
		return false // not at a layer's start: checked there already
	}
	for _, v := range r.queue[h:] {
		if r.depth[v] != r.depth[r.queue[h]] {
			break
		}
		if r.paths[v] == 1 && r.uniqueCut == 0 {
			return false
		}
		if r.paths[v] > 1 && r.uniqueCut > 0 {
			return true // unsound: for the mutation check
		}
	}
	return r.uniqueCut == 0
}

// place gives cell u its k-th legal jump and queues, one layer deeper,
// the cells that jump reaches first. For the good mazes it also counts
// the shortest paths to the cells one layer deeper (up to two).
func (r *search) place(u, k int) {
	r.jump[u] = r.legal[u][k]
	for _, v := range r.succ[u][k] {
		if r.depth[v] < 0 {
			r.depth[v] = r.depth[u] + 1
			r.paths[v] = r.paths[u]
			r.reached |= 1 << v
			r.queue = append(r.queue, v)
		} else if r.good && r.depth[v] == r.depth[u]+1 && r.paths[v] == 1 {
			r.paths[v] = 2
			r.doubled = append(r.doubled, v)
		}
	}
}

// An undo is where the search stood before a place, for unplace.
type undo struct{ queued, doubled int }

func (r *search) mark() undo { return undo{len(r.queue), len(r.doubled)} }

// unplace forgets the cells queued and the paths doubled after m.
func (r *search) unplace(m undo) {
	for _, v := range r.queue[m.queued:] {
		r.depth[v] = -1
		r.reached &^= 1 << v
	}
	r.queue = r.queue[:m.queued]
	for _, v := range r.doubled[m.doubled:] {
		r.paths[v] = 1
	}
	r.doubled = r.doubled[:m.doubled]
}

// leaf counts the mazes of a finished branch of goal depth D.
func (r *search) leaf(D int) {
	if D < 0 || D < r.best || D < r.floor {
		return
	}
	if r.good && !r.isGood(D) {
		return
	}
	// The cells never assigned take any legal jump.
	mult := [2]uint64{0, 1}
	for i := range r.n {
		if r.jump[i] < 0 && r.free[i] > 0 {
			mult = mul128(mult, r.free[i])
		}
	}
	count := mult // the mazes counted: under the symmetry, weighted
	if r.pairs != nil {
		if count = r.weight(); count == [2]uint64{} {
			return
		}
	}
	if D > r.best {
		if r.best < 0 && r.found != nil {
			r.found.Store(true)
		}
		r.best, r.count, r.overflow = D, [2]uint64{}, false
		r.example, r.mazes, r.listed, r.overList = nil, nil, 0, false
		for {
			old := r.shared.Load()
			if int64(D) <= old || r.shared.CompareAndSwap(old, int64(D)) {
				break
			}
		}
	}
	var carry uint64
	r.count[1], carry = bits.Add64(r.count[1], count[1], 0)
	r.count[0], carry = bits.Add64(r.count[0], count[0], carry)
	if carry != 0 || count[0] == ^uint64(0) || mult[0] == ^uint64(0) {
		r.overflow = true
	}
	if r.example == nil {
		r.example = slices.Clone(r.jump)
	}
	// Keep the branch, not its mazes: a class has at most 8 mazes, so
	// past 8·list mazes there are more than list classes, and the
	// branches kept hold list of them.
	if r.list > 0 && !r.overList && D >= int(r.shared.Load()) {
		r.mazes = append(r.mazes, slices.Clone(r.jump))
		if mult[0] != 0 || r.listed+mult[1] < r.listed {
			r.listed = ^uint64(0)
		} else {
			r.listed += mult[1]
		}
		if r.listed > 8*uint64(r.list) {
			r.overList = true
		}
	}
}

// expand calls yield with every maze the branch jumps stands for (each
// free cell, -1, taking each of its legal jumps) until yield returns
// false; it reports whether yield always returned true.
func expand(legal [][]int, jumps []int, i int, yield func([]int) bool) bool {
	for ; i < len(jumps) && (jumps[i] >= 0 || len(legal[i]) == 0); i++ {
	}
	if i == len(jumps) {
		return yield(jumps)
	}
	for _, j := range legal[i] {
		jumps[i] = j
		if !expand(legal, jumps, i+1, yield) {
			jumps[i] = -1
			return false
		}
	}
	jumps[i] = -1
	return true
}

// isGood reports whether the fully expanded reachable part has a unique
// shortest solution of depth D and no black hole: every reachable cell
// reaches the goal.
func (r *search) isGood(D int) bool {
	// Shortest paths: count paths layer by layer over the assigned cells.
	paths := make([]uint64, r.n)
	paths[r.start] = 1
	for _, u := range r.queue {
		if u == r.goal || paths[u] == 0 {
			continue
		}
		for _, v := range r.succ[u][slices.Index(r.legal[u], r.jump[u])] {
			if r.depth[v] == r.depth[u]+1 {
				paths[v] = min(paths[v]+paths[u], 2)
			}
		}
	}
	if paths[r.goal] != 1 {
		return false
	}
	// Reaching: propagate backwards from the goal over reachable cells.
	reaching := make([]bool, r.n)
	reaching[r.goal] = true
	for changed := true; changed; {
		changed = false
		for _, u := range r.queue {
			if reaching[u] || u == r.goal {
				continue
			}
			for _, v := range r.succ[u][slices.Index(r.legal[u], r.jump[u])] {
				if reaching[v] {
					reaching[u], changed = true, true
					break
				}
			}
		}
	}
	for _, u := range r.queue {
		if !reaching[u] {
			return false
		}
	}
	return true
}

// mul128 returns x·y in 128 bits (x[0] high), saturating.
func mul128(x [2]uint64, y uint64) [2]uint64 {
	hi1, lo := bits.Mul64(x[1], y)
	hi2, lo2 := bits.Mul64(x[0], y)
	if hi2 != 0 {
		return [2]uint64{^uint64(0), ^uint64(0)}
	}
	hi, carry := bits.Add64(lo2, hi1, 0)
	if carry != 0 {
		return [2]uint64{^uint64(0), ^uint64(0)}
	}
	return [2]uint64{hi, lo}
}

func big128(x [2]uint64) *big.Int {
	v := new(big.Int).SetUint64(x[0])
	v.Lsh(v, 64)
	return v.Or(v, new(big.Int).SetUint64(x[1]))
}
