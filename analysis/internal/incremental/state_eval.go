package incremental

import (
	"math"

	"rjm/graph"
	"rjm/maze"
)

// stateEval is the termsEvaluator of boards under Abbott's no-U-turn rule,
// whose search states are a cell and the direction that entered it (see
// graph.StateGraph), where stateWordEval does not take them: past 64
// cells, for the terms it does not compute (path counts, reachable cells,
// holes) and on boards whose moves may arrive in another direction than
// they leave. It computes the terms on the states, as analysis.Analyze
// does, and leaves the same jump clusters, which are a property of the
// graph of cells, to a wordEval or multiEval asked for those terms alone
// (cellPart).
//
// Why it is fast enough. Every table that does not depend on the jumps
// (which states exist, where every move lands, which states may make it)
// is built once, in graph.StateGraph. The evaluator keeps π of the current
// configuration as lists: for every state, one entry per cell whose jump
// has a move landing on it, with the mask of that cell's states allowed
// to make the move (all but the one entered moving the reverse way). A
// one-cell change updates the lists of the few states its old and new
// moves land on, and a change that is only tried is seen through a
// correction instead (tc and extra), as wordEval's fixBit does; putting
// it into the lists and taking it back cost more on 5×5. An evaluation
// is then one breadth-first search backwards from the goal over int32
// queues and per-cell masks of states, touching only the moves of the
// current jumps and passing over the states nothing lands on (most of
// them): it gives n, every reaching state's distance to the goal and the
// goal depth D (the start state's distance). The walk of D moves from the
// start along states one move nearer the goal decides uniqueness and
// counts the decisions, as wordEval's walk does on cells. Nothing is
// allocated after construction.
//
// The design energy's evaluator stops the search early (designEval), and
// every search of a tried change restarts from the first layer the change
// touches (see restartLayer): the layers before it are those of the
// current configuration, whose search is kept (curDist and curQueue, the
// search of the change last accepted), and copying them costs less than
// finding them. (On cells restarting did not pay, see wordEval: there a
// layer is a few word operations.) Layers of words over states with π
// as one word of cells per state and part were tried in this evaluator
// and cost more on 7×7 than its lists; π as one word per state, the
// parts that may move following from the direction, as stateWordEval
// keeps it, costs less (up to 64 cells).
//
// Most changes a hill descent tries do not need that search: the
// evaluator keeps the current unique shortest solution, which rates the
// changes that leave it or shorten it through the changed cell
// (state_solution.go), and puts the other changes off it into the kept
// distances, which most of them move at a dozen states or so
// (state_kept.go).
type stateEval struct {
	sg    *graph.StateGraph
	spc   int
	need  needs
	cells int // |S| (see OpenCells)
	jumps []int
	// mv[c] is the moves of cell c's jump, sg.Jump(c, jumps[c]), kept with
	// jumps: the walks and the kept distances read it per state.
	mv   []*graph.StateJump
	cell cellPart // the cluster terms

	// π of the current configuration: the moves landing on state v are
	// in[v].list(live), one entry per cell.
	live []liveMove
	in   []stateIn
	// While a change of cell tc is tried, the search and the walk skip the
	// entries of cell tc and see instead in[v].extra, the states of tc
	// whose new jump lands on v (nonzero only for the states in
	// extraList).
	tc        int32
	extraList []int32

	// The backward search: every state's distance to the goal (-1: not
	// found), the states found per cell, the states found in order of
	// distance, the next of them to expand, and the reaching cells so far.
	dist  []int32
	back  []uint16
	queue []int32
	reach int  // reaching cells found
	done  bool // the last search ran to the end
	// The states of queue that something lands on, the only ones the
	// search expands, lq[:ln] (lq has room for every state), the
	// next to expand at lq[head]: see search.
	lq       []int32
	head, ln int
	// The search of the current configuration, when curOK: dist and queue
	// as the search left them. from is the distance up to which a tried
	// change leaves the layers as they are (see tryChange).
	curDist  []int32
	curQueue []int32
	curOK    bool
	from     int32
	unset    []int32 // -1 for every state

	fwd   []uint16 // per cell: the states reachable from the start state
	fq    []int32  // the forward search's queue
	stamp []uint32 // forced: stamp[s] == gen when state s has been left
	gen   uint32
	cnt   []int32 // countPaths: shortest paths from each state, up to cells
	root  []int32 // holes: union-find parents of the cells

	cur, next Values
	ti, tj    int
	old       int // while a change is in place (begin): cell ti's jump before it
	// The current configuration's shortest solution, for the design
	// energy's evaluator (see state_solution.go).
	sol stateSolution
	// Kept distances (see state_kept.go): curBack and curReach are the
	// kept search's back and reach, and curStale says that curQueue is no
	// longer in order of curDist (changes were accepted in the kept
	// distances): the next search then starts from the goal. While a
	// change is in place (begin), staging says that searchFrom may put it
	// into the kept distances, staged that it did (the stages then read
	// curDist); after end, tried says that the change's distances are
	// still there (logS, logD: the states changed and their distances
	// before), to be taken back by the next change unless accept keeps
	// them. The rest is tryDistances' scratch.
	curStale               bool
	curBack                []uint16
	curReach               int
	staging, staged, tried bool
	logS, logD             []int32
	cmark, lmark           []uint32
	kgen                   uint32
	first, rq, rlv, raised []int32
	bk                     [][]int32
	lo, hi                 int32
}

// liveMove is an entry of the list of moves landing on a state: the
// states of cell (a mask of parts) allowed to make a move of its current
// jump landing there.
type liveMove struct {
	cell  int32
	allow uint16
}

// stateIn is where the list of moves landing on a state is kept in
// stateEval.live (from sg.In) and its length: one load for the search.
type stateIn struct {
	off      int32
	n, extra uint16
}

// list returns the moves landing on the state.
func (in stateIn) list(live []liveMove) []liveMove { return live[in.off : in.off+int32(in.n)] }

// entries returns the number of entries of the list, plus one when the
// tried cell lands on the state (extra), without a branch: the loops over
// a state's predecessors that see the tried cell's as a last entry run
// this many times.
func (in stateIn) entries() int { return int(in.n) + int((uint32(in.extra)+0xffff)>>16) }

// entry returns entry k < in.entries() of the moves landing on the state
// with the change of cell tc in place (list is in.list(live)): the cell
// c whose states in allow may make the move, the tried cell's (extra)
// after the list's. skip says that the entry is tc's in the list, which
// the change replaces.
func (in stateIn) entry(list []liveMove, k int, tc int32) (c int32, allow uint16, skip bool) {
	c, allow = tc, in.extra
	if k < len(list) {
		c, allow = list[k].cell, list[k].allow
		skip = c == tc
	}
	return c, allow, skip
}

func newStateEval(g *graph.Graph, start, goal int, need needs) *stateEval {
	n, states := g.Cells(), g.States()
	sg := g.NewStateGraph(start, goal)
	e := &stateEval{
		sg: sg, spc: g.StatesPerCell(), need: need,
		cells: OpenCells(g, start, goal).Len(), jumps: make([]int, n), mv: make([]*graph.StateJump, n),
		live: make([]liveMove, sg.Moves()), in: make([]stateIn, states),
		tc: -1, extraList: make([]int32, 0, maze.NumDirs),
		dist: make([]int32, states), back: make([]uint16, n), queue: make([]int32, 0, states), lq: make([]int32, states),
		curDist: make([]int32, states), curQueue: make([]int32, 0, states), unset: make([]int32, states),
		fwd: make([]uint16, n), fq: make([]int32, 0, states), stamp: make([]uint32, states),
		cnt: make([]int32, states), root: make([]int32, n),
	}
	e.sol.init(n, states)
	e.curBack, e.cmark, e.lmark = make([]uint16, n), make([]uint32, states), make([]uint32, states)
	e.bk = make([][]int32, states+1)
	for s := range e.dist {
		e.dist[s], e.curDist[s], e.unset[s] = -1, -1, -1
		off, _ := sg.In(s)
		e.in[s].off = off
	}
	e.cell = newCellPart(g, start, goal, need)
	return e
}

func (e *stateEval) reset(jumps []int) *Values {
	copy(e.jumps, jumps)
	for c, j := range jumps {
		e.mv[c] = e.sg.Jump(c, j)
	}
	for s := range e.in {
		e.in[s].n = 0
	}
	for c, j := range jumps {
		e.addMoves(c, j)
	}
	e.done = false
	e.sol.ok = false
	e.tried = false
	e.logS, e.logD = e.logS[:0], e.logD[:0]
	e.compute(&e.cur)
	e.keep()
	e.cell.reset(&e.cur, jumps)
	return &e.cur
}

func (e *stateEval) try(i, j int) *Values {
	e.untry()
	e.sol.kept = false // accept walks the solution again
	old := e.tryChange(i, j)
	e.compute(&e.next)
	e.endChange(i, old)
	e.cell.try(&e.next, i, j)
	e.ti, e.tj = i, j
	return &e.next
}

// tryChange sets cell i's jump to j for a try, π seen through tc and
// extra, and returns the old jump for end. It sets from, the distance up
// to which the layers of the kept search stay as they are (see
// restartLayer); 0 without a kept search.
func (e *stateEval) tryChange(i, j int) (old int) {
	old = e.jumps[i]
	e.jumps[i] = j
	e.tc = int32(i)
	e.done = false
	m := e.sg.Jump(i, j)
	e.mv[i] = m
	for x, t := range m.To {
		if a := m.Allow[x]; a != 0 {
			if e.in[t].extra == 0 {
				e.extraList = append(e.extraList, t)
			}
			e.in[t].extra |= a
		}
	}
	e.from = 0
	if e.curOK && !e.curStale {
		e.from = e.restartLayer(i, m)
	}
	return old
}

// restartLayer returns the last layer of the kept search that a change of
// cell i's jump to moves m leaves as it is (math.MaxInt32: every layer).
//
// Only the moves of i's states change, so layer d+1 of the search can
// differ from the kept one only in i's states, when layers 0..d are the
// same: a state of i is in it when one of its moves lands in layer d.
// Every layer is the same up to the nearest distance, old or new, of a
// state of i, less one: the nearest of i's states and of the states its
// new moves land on (whose kept distances are right up to there), plus
// one.
func (e *stateEval) restartLayer(i int, m *graph.StateJump) int32 {
	cd, spc := e.curDist, e.spc
	first := uint32(math.MaxInt32) // uint32: -1, not found, is huge
	for _, d := range cd[i*spc : i*spc+spc] {
		first = min(first, uint32(d))
	}
	for x, t := range m.To {
		if m.Allow[x] != 0 && cd[t] >= 0 {
			first = min(first, uint32(cd[t])+1)
		}
	}
	if first >= math.MaxInt32 {
		return math.MaxInt32
	}
	return int32(first) - 1
}

// endChange undoes tryChange.
func (e *stateEval) endChange(i, old int) {
	for _, t := range e.extraList {
		e.in[t].extra = 0
	}
	e.extraList = e.extraList[:0]
	e.tc = -1
	e.jumps[i] = old
	e.mv[i] = e.sg.Jump(i, old)
}

func (e *stateEval) accept() {
	e.removeMoves(e.ti, e.jumps[e.ti])
	e.jumps[e.ti] = e.tj
	e.mv[e.ti] = e.sg.Jump(e.ti, e.tj)
	e.addMoves(e.ti, e.tj)
	e.cell.accept()
	e.cur = e.next
	if e.tried {
		// The kept distances are the accepted configuration's already.
		e.curStale = true
		e.tried = false
		e.logS, e.logD = e.logS[:0], e.logD[:0]
	} else {
		e.keep()
	}
	if s := &e.sol; s.kept && e.curOK {
		s.db = s.db2
	} else {
		s.ok = false
	}
}

// keep keeps the last search, of the configuration just made current, for
// the restarts of searchFrom when it ran to the end.
func (e *stateEval) keep() {
	e.curOK = e.done
	if e.done {
		e.dist, e.curDist = e.curDist, e.dist
		e.queue, e.curQueue = e.curQueue, e.queue
		e.back, e.curBack = e.curBack, e.back
		e.curReach, e.curStale = e.reach, false
	}
}

// untry takes back the distances of the change last tried, left in
// place for accept, when it was not accepted.
func (e *stateEval) untry() {
	if e.tried {
		e.undoDistances()
		e.tried = false
	}
}

// addMoves adds to π the moves of cell c's jump j.
func (e *stateEval) addMoves(c, j int) {
	m := e.sg.Jump(c, j)
	for x, t := range m.To {
		a := m.Allow[x]
		if a == 0 {
			continue
		}
		in := &e.in[t]
		list := in.list(e.live)
		found := false
		for k := range list {
			if list[k].cell == int32(c) {
				list[k].allow |= a // another move of c onto t
				found = true
			}
		}
		if !found {
			e.live[in.off+int32(in.n)] = liveMove{int32(c), a}
			in.n++
		}
	}
}

// removeMoves removes from π the moves of cell c's jump j.
func (e *stateEval) removeMoves(c, j int) {
	for _, t := range e.sg.Jump(c, j).To {
		in := &e.in[t]
		list := in.list(e.live)
		for k := range list {
			if list[k].cell == int32(c) {
				list[k] = list[len(list)-1]
				in.n--
				break
			}
		}
	}
}

// cellPart follows, for an evaluator over states, the terms of the
// graph of cells (cellNeeds: the same jump clusters, a property of the
// numbers the player sees, computed ignoring the rule) with an evaluator
// over cells asked for those alone, or none when no such term is needed.
type cellPart struct{ e termsEvaluator }

// cellNeeds are the terms of the graph of cells.
const cellNeeds = needPenalty | needClusters

func newCellPart(g *graph.Graph, start, goal int, need needs) cellPart {
	switch {
	case need&cellNeeds == 0:
		return cellPart{}
	case g.Cells() <= 64:
		return cellPart{newWordEval(g, start, goal, need&cellNeeds)}
	default:
		return cellPart{newMultiEval(g, start, goal, need&cellNeeds)}
	}
}

// reset and try copy the terms of the graph of cells into v.
func (p cellPart) reset(v *Values, jumps []int) {
	if p.e != nil {
		p.copy(v, p.e.reset(jumps))
	}
}

func (p cellPart) try(v *Values, i, j int) {
	if p.e != nil {
		p.copy(v, p.e.try(i, j))
	}
}

func (p cellPart) accept() {
	if p.e != nil {
		p.e.accept()
	}
}

// penalty returns the cluster penalty with cell i's jump set to j, for
// the design energy's stages (begin), which need it.
func (p cellPart) penalty(i, j int) int { return p.e.try(i, j)[ClusterPenalty] }

func (cellPart) copy(v, c *Values) {
	v[Clusters], v[LargestCluster], v[ClusterPenalty] = c[Clusters], c[LargestCluster], c[ClusterPenalty]
}
