// Package records finds, by exhaustive search, the longest shortest
// solution a Rook Jumping Maze of a given board, start and goal can have
// (the maximum goal depth over all legal mazes), how many mazes reach it,
// and one of them; optionally among the design paper's good mazes only (a
// unique shortest solution and no black holes).
//
// # The search, and why its pruning is sound
//
// A maze's goal depth depends only on the jumps of the cells a
// breadth-first search from the start expands before it reaches the goal.
// So the search assigns jumps in breadth-first order: it takes the next
// cell of the queue, tries each of its legal jumps, and appends the cells
// the jump reaches for the first time, one layer deeper. Every cell is
// expanded after all cells of lower depth, so a cell's depth is fixed when
// it is first reached, and the goal's depth is fixed the moment it is
// first reached. The cells never assigned are free: any legal jump gives a
// maze of the same goal depth, so the branch stands for the product of
// their numbers of legal jumps (counted in closed form, not enumerated).
// Different branches differ in the jump of some assigned cell, so no maze
// is counted twice, and every legal maze lies in exactly one branch.
//
// Bound: while the goal is unreached, each further layer needs at least
// one cell not yet reached, and the goal is one of them. With the deepest
// queued cell at depth d and u cells not yet reached, the goal depth is
// at most d + u. A branch whose bound is below the best depth found can
// hold no record and is cut; with counting, ties go on. (Under the good
// mazes' condition the branch goes on past the goal until every reachable
// cell is assigned, since black holes and uniqueness depend on them.)
//
// The work splits into independent sub-trees (the jumps of the first
// cells), run on all cores; the sub-trees done can be saved and skipped on
// a later run, so a long search resumes after an interruption.
package records

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"maps"
	"math/big"
	"math/bits"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"rjm/graph"
	"rjm/maze"
)

// Settings describe a search. A zero field means its default.
type Settings struct {
	Board maze.Board
	// Start and Goal are cells of Board; nil means the upper-left and the
	// lower-right corners (maze.DefaultStart, maze.DefaultGoal).
	Start, Goal *maze.Cell
	// Good restricts the search to mazes with a unique shortest solution
	// and no black holes.
	Good bool
	// NoPrune turns the bound off (for checking it; the answer is the
	// same, only slower).
	NoPrune bool
	// OnePass searches all mazes in one pass that cuts against the best
	// depth found so far, starting from nothing, instead of deepening
	// from above (the search before floors; for comparison).
	OnePass bool
	// NoSymmetry turns the transpose symmetry off (see symmetry.go; for
	// checking it: the answer is the same, only slower).
	NoSymmetry bool
	// Floor, when positive, searches only mazes of at least that goal
	// depth: the answer is the maximum when it is at least Floor, and no
	// solvable maze (-1) otherwise. With Good and a zero Floor, Search
	// finds the floor itself (see Search).
	Floor int
	// AtMost, when positive, is an upper bound on the maximum the caller
	// has proven: the search over all mazes deepens from it instead of
	// from the board's bound (see Search).
	AtMost int
	// Lower, when positive, is a goal depth some maze is known to reach
	// (from rjm's uphill search, UphillDepth): the deepening search stops
	// at that floor, below which it need not go.
	Lower int
	// Shard and Shards, when Shards > 1, search only the sub-trees whose
	// index is Shard modulo Shards (the same split on every machine);
	// MergeShards combines the shards' results.
	Shard, Shards int
	// Only, when not nil, searches only the sub-trees of these indices
	// (a sample, to estimate a floor's work).
	Only []int
	// Split is the number of cells whose jumps define the sub-trees; zero
	// means enough for about 256 sub-trees.
	Split   int
	Workers int // zero means one per core
	// Done lists the sub-trees finished by an earlier run, with their
	// results, to skip them (see Result.Subtrees).
	Done []Subtree
	// Progress, if not nil, is called once the sub-trees are counted,
	// after each sub-tree, and every ProgressNodes branches searched
	// while sub-trees are under way (a 7×7 sub-tree may take minutes);
	// never concurrently. Finished, if not nil, receives every sub-tree
	// as it finishes, to be saved.
	Progress func(Progress)
	Finished func(Subtree)
	// List, when positive, lists up to List record mazes (Result.Mazes).
	// Memory grows with the mazes listed, not with List: a sub-tree keeps
	// the branches at its best depth (free cells unexpanded), up to those
	// that stand for 8·List mazes, and they are expanded only at the end.
	List int

	slack int // see search.slack
	// halfWeight, in the tests' mutation check, counts each maze m < m'
	// once instead of twice (unsound).
	halfWeight bool
}

// Progress is how far a search has gone.
type Progress struct {
	Done, Total int   // sub-trees finished (or skipped) and their number
	Nodes       int64 // branches searched by this run so far
	Best        int   // the best goal depth found so far, -1 before one
	// Floor is the floor of the pass under way (see Search), zero for a
	// search without one; every floor from Floor+1 to Top has been
	// proven empty, and Lower is the goal depth some maze is known to
	// reach (zero when not known).
	Floor, Top, Lower int
	// Good is set in the good mazes' passes.
	Good bool
}

// ProgressNodes is how many branches a worker searches between two calls
// of Settings.Progress while a sub-tree is under way.
const ProgressNodes = 1 << 20

// stopEvery is how many branches a worker searches between two looks at
// the context: a few milliseconds' work.
const stopEvery = 1 << 10

// MaxCells bounds the boards searched: beyond this, a search cannot end.
const MaxCells = 64

// Subtree is the outcome of one independent part of the search.
type Subtree struct {
	Index    int    `json:"index"`
	Floor    int    `json:"floor,omitempty"` // the Floor it was searched with
	MaxDepth int    `json:"max_depth"`       // -1: no solvable maze in it
	Count    string `json:"count"`           // mazes reaching MaxDepth, in decimal
	Example  []int  `json:"example,omitempty"`
	// Mazes lists the sub-tree's branches at MaxDepth when Settings.List
	// asks for them: each an assignment whose free cells (-1) take any
	// legal jump, up to those that stand for 8·List mazes; a nil last
	// entry marks that there were more.
	Mazes [][]int `json:"mazes,omitempty"`
	Nodes int64   `json:"nodes"` // branches searched
}

// check reports whether st can be a finished sub-tree of a search over g
// with the goal at cell goal: a count in decimal, depths from -1 up, and
// its mazes' jumps legal (-1 for a free cell in the example).
func (st Subtree) check(g *graph.Graph, goal int) error {
	if c, ok := new(big.Int).SetString(st.Count, 10); !ok || c.Sign() < 0 {
		return fmt.Errorf("count %q is not a whole number", maze.Short(st.Count))
	}
	if st.Index < 0 || st.MaxDepth < -1 || st.Floor < 0 || st.Nodes < 0 {
		return fmt.Errorf("index %d, depth %d, floor %d or nodes %d out of range", st.Index, st.MaxDepth, st.Floor, st.Nodes)
	}
	for _, jumps := range append([][]int{st.Example}, st.Mazes...) {
		if jumps == nil {
			continue
		}
		if len(jumps) != g.Cells() {
			return fmt.Errorf("a maze of %d jumps on a board of %d cells", len(jumps), g.Cells())
		}
		for i, j := range jumps {
			if i != goal && j != -1 && !slices.Contains(g.Legal(i), j) && !(j == 0 && len(g.Legal(i)) == 0) {
				return fmt.Errorf("jump %d is not legal in cell %v", j, g.Board().Cell(i))
			}
		}
	}
	return nil
}

// Result is what a search found.
type Result struct {
	MaxDepth int        // the maximum goal depth; -1 when no legal maze is solvable
	Count    *big.Int   // the legal mazes that reach it
	Example  *maze.Maze // one of them (free cells given their smallest jump)
	// Mazes lists the record mazes up to the board's symmetries (one of
	// each class, maze.Maze.Canonical), when Settings.List asks for them;
	// Listed is false when there were more than List.
	Mazes    []*maze.Maze
	Listed   bool
	Nodes    int64     // branches searched, in all
	Subtrees []Subtree // every sub-tree of the last pass, by index
	// Floor is the floor of the last pass: the answer is exact for every
	// goal depth from Floor up (MaxDepth -1: no maze reaches Floor). Empty
	// lists the floors proven empty, from Top down (every goal depth in
	// them is above the maximum); Lower is Settings.Lower.
	Floor, Top, Lower int
	Empty             []int
	// Total is the number of sub-trees of a pass (all shards'), and
	// Shard, Shards the part searched (Shards zero: all of them).
	Total, Shard, Shards int

	split int // the split depth of the sub-trees
}

// search is the state of one depth-first search.
type search struct {
	n, start, goal int
	good           bool
	prune          bool
	legal          [][]int   // legal jumps of each cell
	succ           [][][]int // succ[i][k]: cells reached by the k-th legal jump of i
	jump           []int     // the assignment: jump[i], or -1
	depth          []int     // breadth-first depth, or -1 when not reached
	queue          []int     // cells in breadth-first order
	head           int       // the next cell of queue to expand
	free           []uint64  // number of legal jumps of each cell
	best           int       // the best goal depth found (or at least what to match)
	count          [2]uint64 // 128-bit count of mazes at best
	example        []int     // an assignment reaching best
	list           int       // how many mazes at best to list
	mazes          [][]int   // branches at best (free cells -1)
	listed         uint64    // the mazes those branches stand for
	overList       bool      // more than 8·list mazes at best
	overflow       bool      // the count left 128 bits
	nodes          int64
	floor          int          // no maze below this goal depth counts
	found          *atomic.Bool // set when any sub-tree finds a maze
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
}

func newSearch(g *graph.Graph, start, goal int, s Settings) *search {
	n := g.Cells()
	r := &search{n: n, start: start, goal: goal, good: s.Good, prune: !s.NoPrune || s.Floor > 0, best: -1, slack: s.slack, halfWeight: s.halfWeight, floor: s.Floor, list: s.List,
		legal: make([][]int, n), succ: make([][][]int, n), free: make([]uint64, n),
		jump: make([]int, n), depth: make([]int, n)}
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
	return r
}

// fork returns a fresh search of the same settings that shares r's
// read-only tables (legal jumps, successors, the symmetry's pairs).
func (r *search) fork() *search {
	f := *r
	f.jump, f.depth = make([]int, r.n), make([]int, r.n)
	f.queue, f.example, f.mazes = nil, nil, nil
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
	if r.prune {
		target := max(r.best, int(r.shared.Load()))
		if D := r.depth[r.goal]; D >= 0 && D < target {
			return // the goal depth is fixed, and too small
		}
		// The goal is at most d + u deep (see the package comment).
		if d := r.depth[r.queue[len(r.queue)-1]]; r.depth[r.goal] < 0 && d+r.n-len(r.queue)+r.slack < target {
			return
		}
	}
	u := r.queue[r.head]
	if u == r.goal { // the goal holds no jump: nothing to expand
		r.head++
		r.run()
		r.head--
		return
	}
	r.head++
	mark := len(r.queue)
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

// place gives cell u its k-th legal jump and queues, one layer deeper,
// the cells that jump reaches first.
func (r *search) place(u, k int) {
	r.jump[u] = r.legal[u][k]
	for _, v := range r.succ[u][k] {
		if r.depth[v] < 0 {
			r.depth[v] = r.depth[u] + 1
			r.queue = append(r.queue, v)
		}
	}
}

// unplace forgets the cells queued after mark.
func (r *search) unplace(mark int) {
	for _, v := range r.queue[mark:] {
		r.depth[v] = -1
	}
	r.queue = r.queue[:mark]
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

// ErrOverflow is returned when a count leaves 128 bits.
var ErrOverflow = errors.New("records: a count is above 2^128")

// Search runs the exhaustive search s describes. When ctx ends it
// returns ctx's error with the sub-trees finished so far in
// Result.Subtrees (the rest can be searched by a later run given them as
// Settings.Done) and the floors proven empty so far in Result.Empty.
//
// With a Floor (or NoPrune) it runs one pass. Otherwise it deepens from
// above: a pass with floor F cuts every branch whose bound is below F from
// the first branch, and so finds the mazes of depth F and more (the
// higher the floor, the less it searches). The search over all mazes runs
// floors from AtMost (or the board's bound, one less than its cells) down
// and stops at the first floor some maze reaches: every higher floor held
// none, so the deepest maze of that pass is the maximum, with its exact
// count. It never goes below Lower, a depth some maze is known to reach
// (below 1 without it).
//
// The good mazes' search cannot stop at the goal (black holes depend on
// every reachable cell), so until it has found a good maze it has nothing
// to prune with. It deepens from above the same way, from the maximum
// over all mazes, M (or AtMost when given), which bounds the good mazes'
// maximum.
func Search(ctx context.Context, s Settings) (*Result, error) {
	if s.Floor > 0 || s.NoPrune || s.OnePass && !s.Good {
		return searchFloor(ctx, s)
	}
	if !s.Good {
		return deepen(ctx, s, s.Lower)
	}
	var nodes int64
	top := s.AtMost
	if top <= 0 {
		if s.Shards > 1 || s.Only != nil {
			return nil, errors.New("records: a shard of the good mazes' search needs the maximum over all mazes as AtMost (--at-most)")
		}
		all := s
		all.Good, all.Done, all.Finished = false, nil, nil
		r, err := deepen(ctx, all, s.Lower)
		if err != nil {
			return r, err
		}
		top, nodes = r.MaxDepth, r.Nodes
		if top < 1 {
			return r, nil // no solvable maze: no good one
		}
	}
	t := s
	t.AtMost = top
	r, err := deepen(ctx, t, 1)
	if r != nil {
		r.Nodes += nodes
	}
	return r, err
}

// deepen runs passes with floors from the top (s.AtMost, or the board's
// bound) down to lower, and stops at the first that holds a maze.
func deepen(ctx context.Context, s Settings, lower int) (*Result, error) {
	g, _, _, err := s.compile()
	if err != nil {
		return nil, err
	}
	top := s.AtMost
	if top <= 0 {
		top = g.Cells() - 1 // the bound d + u at the start
	}
	lower = max(lower, 1)
	var (
		nodes int64
		empty []int
	)
	for floor := top; ; floor-- {
		t := s
		t.Floor, t.AtMost = floor, top
		r, err := searchFloor(ctx, t)
		if r != nil {
			r.Nodes += nodes
			nodes = r.Nodes
			r.Empty, r.Top, r.Lower = slices.Clone(empty), top, s.Lower
		}
		if err != nil || r.MaxDepth >= 0 || floor <= lower {
			return r, err
		}
		empty = append(empty, floor)
		s.Split = r.split // the same sub-trees in every pass, counted once
	}
}

// Validate reports whether s describes a search that can run: a valid
// board of at most MaxCells cells, not under the no-U-turn rule, start
// and goal open cells, and a legal jump in every cell but the goal.
func (s Settings) Validate() error {
	_, _, _, err := s.compile()
	return err
}

// compile returns the move graph of the board and the start's and the
// goal's cell indices, or why the search cannot run.
func (s Settings) compile() (g *graph.Graph, start, goal int, err error) {
	b := s.Board
	if err := b.Validate(); err != nil {
		return nil, 0, 0, err
	}
	if b.Variant.NoUTurn {
		return nil, 0, 0, errors.New("records: the no-U-turn rule is not searched (its depth is over states)")
	}
	if b.Cells() > MaxCells {
		return nil, 0, 0, fmt.Errorf("records: %d×%d has %d cells, more than %d: the search would not end", b.Rows, b.Cols, b.Cells(), MaxCells)
	}
	sc, gc := maze.DefaultStart(b), maze.DefaultGoal(b)
	if s.Start != nil {
		sc = *s.Start
	}
	if s.Goal != nil {
		gc = *s.Goal
	}
	if _, err := maze.New(b, sc, gc); err != nil {
		return nil, 0, 0, err
	}
	if g, err = graph.Compile(b); err != nil {
		return nil, 0, 0, err
	}
	si, gi := b.Index(sc), b.Index(gc)
	for i := range b.Cells() {
		if i != gi && b.Open(i) && len(g.Legal(i)) == 0 && i != b.Exit() {
			return nil, 0, 0, fmt.Errorf("records: cell %v has no legal jump: no legal maze exists", b.Cell(i))
		}
	}
	return g, si, gi, nil
}

// searchFloor runs the search with the given settings as they are.
func searchFloor(ctx context.Context, s Settings) (*Result, error) {
	g, si, gi, err := s.compile()
	if err != nil {
		return nil, err
	}
	b := s.Board

	// The sub-trees: every assignment of the first Split cells expanded,
	// counted first and then enumerated as workers take them, so that
	// memory does not grow with their number.
	proto := newSearch(g, si, gi, s)
	proto.shared = new(atomic.Int64)
	proto.stop = func() bool { return ctx.Err() != nil }
	workers := s.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// About 256 sub-trees, whatever the cores: a checkpoint's sub-tree
	// indices must mean the same on every machine.
	split, total := proto.countRoots(s.Split, 256)
	if err := ctx.Err(); err != nil {
		return &Result{MaxDepth: -1, Count: new(big.Int)}, err
	}
	walker := newSearch(g, si, gi, s)
	walker.shared = proto.shared
	next, stopRoots := iter.Pull(walker.roots(split))
	defer stopRoots()

	// mine reports whether sub-tree k is this run's to search.
	only := map[int]bool{}
	for _, k := range s.Only {
		only[k] = true
	}
	mine := func(k int) bool {
		if s.Only != nil && !only[k] {
			return false
		}
		return s.Shards <= 1 || k%s.Shards == s.Shard
	}
	own := 0
	for k := range total {
		if mine(k) {
			own++
		}
	}
	done := map[int]Subtree{}
	for _, d := range s.Done {
		if d.Floor == s.Floor && d.Index < total && mine(d.Index) {
			done[d.Index] = d
		}
	}
	found := new(atomic.Bool)
	shared := new(atomic.Int64)
	shared.Store(-1)
	if s.Floor > 0 {
		shared.Store(int64(s.Floor)) // nothing below the floor counts
	}
	for _, d := range done {
		shared.Store(max(shared.Load(), int64(d.MaxDepth)))
		if d.MaxDepth >= 0 {
			found.Store(true)
		}
	}
	var (
		mu       sync.Mutex // guards what follows, and the calls of Progress and Finished
		index    int        // the next root's index
		results  = map[int]Subtree{}
		finished int
		nodes    int64 // branches searched by this run, finished sub-trees and ticks
		overflow bool
	)
	report := func() {
		if s.Progress != nil {
			best := -1
			if found.Load() {
				best = int(shared.Load())
			}
			s.Progress(Progress{Done: finished, Total: own, Nodes: nodes, Best: best, Floor: s.Floor, Top: s.AtMost, Lower: s.Lower, Good: s.Good})
		}
	}
	mu.Lock()
	report()
	mu.Unlock()
	// take returns the next sub-tree to search, skipping (and counting)
	// those done by an earlier run.
	take := func() (int, root, bool) {
		mu.Lock()
		defer mu.Unlock()
		for ctx.Err() == nil {
			rt, ok := next()
			if !ok {
				return 0, root{}, false
			}
			k := index
			index++
			if !mine(k) {
				continue
			}
			if d, ok := done[k]; ok {
				results[k] = d
				finished++
				report()
				continue
			}
			return k, rt, true
		}
		return 0, root{}, false
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				k, rt, ok := take()
				if !ok {
					return
				}
				r := proto.fork()
				r.stop, r.shared, r.found = proto.stop, shared, found
				var ticked int64
				r.tick = func(n int64) {
					mu.Lock()
					nodes += n - ticked
					ticked = n
					report()
					mu.Unlock()
				}
				rt.apply(r)
				r.run()
				if r.stopped || ctx.Err() != nil {
					return // the sub-tree under way is searched again by a later run
				}
				st := Subtree{Index: k, Floor: s.Floor, MaxDepth: r.best, Count: big128(r.count).String(), Example: r.example, Nodes: r.nodes, Mazes: r.mazes}
				if r.overList {
					st.Mazes = append(st.Mazes, nil) // a mark: more than List
				}
				if r.best < 0 {
					st.Count = "0"
				}
				mu.Lock()
				if best := shared.Load(); st.MaxDepth < int(best) {
					// No record: neither its example nor its mazes can be
					// the answer's, so neither is kept (memory grows by a
					// few words per sub-tree finished, whatever the board).
					st.Example, st.Mazes = nil, nil
				}
				if r.overflow {
					overflow = true
				}
				results[k] = st
				nodes += r.nodes - ticked
				finished++
				if s.Finished != nil {
					s.Finished(st)
				}
				report()
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	res := combine(b, si, gi, slices.Collect(maps.Values(results)), s.List, proto)
	res.Floor, res.Top, res.Lower, res.Total, res.split = s.Floor, s.AtMost, s.Lower, total, split
	if s.Shards > 1 {
		res.Shard, res.Shards = s.Shard, s.Shards
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if overflow {
		return res, ErrOverflow
	}
	return res, nil
}

// combine gathers finished sub-trees into a result: the deepest maze,
// the sum of the counts at that depth, an example, and the listed mazes.
func combine(b maze.Board, si, gi int, subtrees []Subtree, list int, proto *search) *Result {
	res := &Result{MaxDepth: -1, Count: new(big.Int)}
	slices.SortFunc(subtrees, func(x, y Subtree) int { return x.Index - y.Index })
	for _, st := range subtrees {
		res.Subtrees = append(res.Subtrees, st)
		res.Nodes += st.Nodes
		c, _ := new(big.Int).SetString(st.Count, 10)
		switch {
		case st.MaxDepth > res.MaxDepth:
			res.MaxDepth, res.Count = st.MaxDepth, c
			res.Example = exampleMaze(b, si, gi, st.Example, proto)
			res.Mazes, res.Listed = nil, true
			res.addMazes(b, si, gi, st.Mazes, list, proto)
		case st.MaxDepth == res.MaxDepth && st.MaxDepth >= 0:
			res.Count.Add(res.Count, c)
			res.addMazes(b, si, gi, st.Mazes, list, proto)
		}
	}
	return res
}

// addMazes adds the record mazes a sub-tree's branches stand for, one of
// each symmetry class, up to list classes in all.
func (res *Result) addMazes(b maze.Board, start, goal int, branches [][]int, list int, r *search) {
	if list <= 0 {
		res.Listed = false
		return
	}
	seen := map[string]bool{}
	for _, m := range res.Mazes {
		seen[m.Canonical()] = true
	}
	for _, jumps := range branches {
		if jumps == nil {
			res.Listed = false
			continue
		}
		expand(r.legal, slices.Clone(jumps), 0, func(jumps []int) bool {
			m := exampleMaze(b, start, goal, jumps, r)
			key := m.Canonical()
			if seen[key] {
				return true
			}
			if len(res.Mazes) >= list {
				res.Listed = false
				return false
			}
			seen[key] = true
			res.Mazes = append(res.Mazes, m)
			return true
		})
	}
}

// exampleMaze fills the free cells of an assignment with their smallest
// legal jump.
func exampleMaze(b maze.Board, start, goal int, jumps []int, r *search) *maze.Maze {
	if jumps == nil {
		return nil
	}
	m := &maze.Maze{Board: b, Jumps: slices.Clone(jumps), Start: start, Goal: goal}
	for i, j := range m.Jumps {
		switch {
		case i == goal || !b.Open(i):
			m.Jumps[i] = 0
		case j < 0 && len(r.legal[i]) > 0:
			m.Jumps[i] = r.legal[i][0]
		case j < 0:
			m.Jumps[i] = 0
		}
	}
	return m
}

// root is the start of a sub-tree: the jumps of the first cells expanded.
type root struct{ jumps []int } // in expansion order

// apply replays a root on a fresh search.
func (rt root) apply(r *search) {
	r.init()
	for _, j := range rt.jumps {
		u := r.queue[r.head]
		r.head++
		if u == r.goal {
			r.head++
			u = r.queue[r.head-1]
		}
		r.place(u, slices.Index(r.legal[u], j))
	}
}

func (r *search) init() {
	for i := range r.jump {
		r.jump[i], r.depth[i] = -1, -1
	}
	r.depth[r.start] = 0
	r.queue = append(r.queue[:0], r.start)
	r.head = 0
	r.stopped = false
}

// walkRoots calls yield with each sub-tree's root in order: the
// assignments of the first cells of the breadth-first order, split cells
// deep; a branch that ends within the split depth is a sub-tree of its
// own. It stops early when yield returns false or r.stop says so, and
// reports whether it went through.
func (r *search) walkRoots(split int, yield func(root) bool) bool {
	r.init()
	var prefix []int
	var walk func(depth int) bool
	walk = func(depth int) bool {
		r.nodes++
		if r.nodes&(stopEvery-1) == 0 && r.stop != nil && r.stop() {
			return false
		}
		if depth == split || r.head == len(r.queue) || r.depth[r.goal] >= 0 && !r.good {
			return yield(root{slices.Clone(prefix)})
		}
		u := r.queue[r.head]
		if u == r.goal {
			r.head++
			ok := walk(depth)
			r.head--
			return ok
		}
		r.head++
		mark := len(r.queue)
		ok := true
		for k, j := range r.legal[u] {
			r.place(u, k)
			prefix = append(prefix, j)
			ok = walk(depth + 1)
			prefix = prefix[:len(prefix)-1]
			r.unplace(mark)
			if !ok {
				break
			}
		}
		r.jump[u] = -1
		r.head--
		return ok
	}
	ok := walk(0)
	r.init()
	return ok
}

// roots enumerates the sub-trees' roots, split cells deep, in order.
func (r *search) roots(split int) iter.Seq[root] {
	return func(yield func(root) bool) { r.walkRoots(split, yield) }
}

// countRoots returns the split depth (split itself when positive, else
// the least depth with at least want sub-trees) and the number of
// sub-trees, counted without keeping them.
func (r *search) countRoots(split, want int) (int, int) {
	count := func(split int) int {
		n := 0
		r.walkRoots(split, func(root) bool { n++; return true })
		return n
	}
	if split > 0 {
		return split, count(split)
	}
	n := 0
	for split = 1; ; split++ {
		if n = count(split); n >= want || split >= r.n-1 {
			return split, n
		}
	}
}

// Checkpoint is a file of finished sub-trees: a first line naming the
// settings they belong to, then one JSON line per sub-tree, appended as
// each finishes, so that a search cut short loses at most the sub-trees
// under way.
type Checkpoint struct {
	f   *os.File
	enc *json.Encoder
	mu  sync.Mutex
}

// header names the settings a checkpoint's sub-trees belong to.
func header(s Settings) string {
	cell := func(c *maze.Cell) string {
		if c == nil {
			return "default"
		}
		return c.String()
	}
	h := fmt.Sprintf(`{"board":%q,"start":%q,"goal":%q,"unique":%v,"split":%d,"prune":%v`,
		fmt.Sprintf("%dx%d%s", s.Board.Rows, s.Board.Cols, s.Board.Variant), cell(s.Start), cell(s.Goal), s.Good, s.Split, !s.NoPrune)
	if s.transposable() {
		h += `,"transpose":true` // sub-trees counted under the symmetry
	}
	return h + "}"
}

// OpenCheckpoint opens (or creates) the checkpoint file name for the
// search s and returns it with the sub-trees it holds, to give the search
// as Settings.Done; a file made for other settings is an error, and a
// last line cut short is dropped.
func OpenCheckpoint(name string, s Settings) (*Checkpoint, []Subtree, error) {
	data, err := os.ReadFile(name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, err
	}
	g, _, gi, err := s.compile()
	if err != nil {
		return nil, nil, err
	}
	var done []Subtree
	lines := strings.SplitAfter(string(data), "\n")
	keep := 0
	for k, line := range lines {
		if !strings.HasSuffix(line, "\n") {
			break // cut short
		}
		if k == 0 {
			if strings.TrimSpace(line) != header(s) {
				return nil, nil, fmt.Errorf("records: checkpoint %s was made for other settings: %s", name, strings.TrimSpace(line))
			}
		} else {
			var st Subtree
			if json.Unmarshal([]byte(line), &st) != nil {
				break
			}
			if err := st.check(g, gi); err != nil {
				return nil, nil, fmt.Errorf("records: checkpoint %s, line %d: %w", name, k+1, err)
			}
			done = append(done, st)
		}
		keep += len(line)
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if err := f.Truncate(int64(keep)); err != nil {
		f.Close()
		return nil, nil, err
	}
	if _, err := f.Seek(int64(keep), io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	if keep == 0 {
		if _, err := f.WriteString(header(s) + "\n"); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return &Checkpoint{f: f, enc: json.NewEncoder(f)}, done, nil
}

// Save appends a finished sub-tree; it may be called concurrently (give
// it as Settings.Finished).
func (c *Checkpoint) Save(st Subtree) {
	c.mu.Lock()
	defer c.mu.Unlock()
	_ = c.enc.Encode(st)
}

// Close closes the file.
func (c *Checkpoint) Close() error { return c.f.Close() }
