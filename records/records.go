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
// Uniqueness cut, for the good mazes: the search also counts the shortest
// paths from the start to each reached cell (one, or two and more). Every
// cell's count is final once the layer above it is expanded, and only
// grows while that layer is. A goal reached by two shortest paths keeps
// them, so its branch holds no good maze and is cut at once. And every
// shortest path to a goal deeper than a finished layer passes through one
// of that layer's cells: when every cell of the layer has two paths, so
// does the goal, and the branch is cut. On 7×7 at goal depth 45, where
// nearly every layer is one cell, it takes the good mazes' search from
// more than 5.6·10¹¹ branches to 1.9·10⁸.
//
// Reach cut, on boards of at most 64 cells: every cell reached later is
// reached by a chain of jumps from a queued cell not yet expanded through
// cells not yet reached (the jumps of expanded cells are fixed). With C
// the cells not yet reached that such chains of legal jumps can reach, the
// goal must be in C, and the goal depth is at most d + |C|.
//
// The work splits into independent sub-trees (the jumps of the first
// cells), run on all cores; the sub-trees done can be saved and skipped on
// a later run, so a long search resumes after an interruption.
package records

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"rjm/fault"
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
	// Within, when not empty, searches sub-tree Within[0] of the split
	// alone, itself split into parts by the cells that follow (about
	// DefaultSubtrees of them); then, when longer, part Within[1] of those
	// alone, split in its turn, and so on: for a sub-tree too heavy for
	// one core or one run. The last parts are the search's sub-trees
	// (Shard, Only, Done and Result.Subtrees number them), and the answer
	// is the last one named's (WithinSubtree makes it its row in the
	// search one level up). It needs a Floor.
	Within []int
	// Split is the number of cells whose jumps define the sub-trees; zero
	// means enough for about DefaultSubtrees sub-trees.
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
	// uniqueCut, for the tests, turns the good mazes' uniqueness cut off
	// (-1) or, in their mutation check, makes it unsound (+1: a layer is
	// cut when any of its cells has two shortest paths).
	uniqueCut int
	// reachCut, for the tests, turns the reach cut off (-1) or, in their
	// mutation check, makes it unsound (+1: only the cells one jump from
	// the queue count, not those reached from them in turn).
	reachCut int
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

// MaxWithin bounds the levels of Settings.Within.
const MaxWithin = 8

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
			return nil, fault.Invalid("", "a shard of the good mazes' search needs the maximum over all mazes as AtMost (--at-most)")
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
	for _, k := range s.Within {
		if k < 0 {
			return fault.Invalid("--within", "%d: want a sub-tree's index, 0 or more", k)
		}
	}
	if len(s.Within) > MaxWithin {
		return fault.Invalid("--within", "%d levels: want at most %d", len(s.Within), MaxWithin)
	}
	if len(s.Within) > 0 && s.Floor <= 0 {
		return fault.Invalid("--within", "needs the floor of the pass the sub-tree belongs to, --at-least L")
	}
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
	if b.Variant.Arrival() {
		return nil, 0, 0, fault.Invalid("", "variant %s is not searched: its depth is over states, a cell and the direction of arrival", b.Variant)
	}
	if b.Cells() > MaxCells {
		return nil, 0, 0, fault.New(fault.ErrTooCostly, "", "%d×%d has %d cells, more than %d: the search would not end", b.Rows, b.Cols, b.Cells(), MaxCells)
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
			return nil, 0, 0, fault.Invalid("", "cell %v has no legal jump: no legal maze exists", b.Cell(i))
		}
	}
	return g, si, gi, nil
}
