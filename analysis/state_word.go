package analysis

import (
	"math/bits"

	"rjm/graph"
	"rjm/maze"
)

// stateWordEval is the termsEvaluator over states (Abbott's no-U-turn
// rule) for boards of at most 64 cells: stateEval's counterpart with the
// states of each part as one uint64 of cells, as wordEval is wordEval's
// on cells. It computes the terms of stateWordNeeds (the design energy's
// among them); stateEval computes the others, and every term past 64
// cells.
//
// Why it is fast. A state entered moving in direction d has part 1+d, and
// on the boards this evaluator takes (see newStateWordEval) every move
// landing on it goes in direction d. So π of the states of part 1+d of a
// cell is one word, the cells with a move in direction d landing there,
// and one layer of the backward search from the goal is, per direction
// d, the OR of π over the layer's states of part 1+d: the cells that jump
// in direction d onto the layer. Which of their states may make that jump
// depends on the direction alone (all but the one entered moving the
// reverse way), so the next layer's states of each part are a few ORs of
// those words, less the states found. A search is then one OR per state
// found and a few per layer, where stateEval's spends a loop per state on
// its lists of predecessors, their masks of parts and its queues; a
// change of a cell's jump is a bit flipped per move, as on cells. There
// is nothing to keep between tries, so the design energy's evaluator
// stops the search early as it does over wordEval (see designEval), and
// needs none of stateEval's kept solution and distances.
type stateWordEval struct {
	sg    *graph.StateGraph
	need  needs
	cells int // |S| (see openCells)
	goal  int32
	start uint64 // the start cell's bit
	jumps []int
	// mv[c] is the moves of cell c's jump, sg.Jump(c, jumps[c]).
	mv   []*graph.StateJump
	cell termsEvaluator // the cluster terms; nil when none is needed

	// The directions of the board's moves and their reverses, in pairs:
	// dir[a^1] is the reverse of dir[a]. Word a of a set of states holds
	// its states of part 1+dir[a]; the start state (part 0) and the goal
	// are kept apart. word[k] is the word of part k (-1: none, or part 0)
	// and exists[a] the cells whose state of part 1+dir[a] exists.
	dir    []maze.Dir
	word   []int8
	exists [maze.NumDirs]uint64
	// π: pred[a][c] is the cells with a move of their current jump in
	// direction dir[a] landing on cell c (on its state of part 1+dir[a]),
	// goalPred[a] those landing on the goal: the moves some state of the
	// cell may make. pred[a][64] is 0, for the search (see pull). two[a]
	// is the cells of which two states or more may make a move in
	// direction dir[a].
	pred     *[maze.NumDirs][65]uint64
	goalPred [maze.NumDirs]uint64
	two      [maze.NumDirs]uint64

	// The backward search: layer[t*8:t*8+len(dir)] the states at distance
	// t from the goal but the start (layer 0, the goal, is empty), found
	// the states found so far, reach the cells of which a state is found,
	// depth the last layer found, D the start state's distance (-1: not
	// found), ended whether the search has ended.
	layer []uint64
	found [maze.NumDirs]uint64
	reach uint64
	depth int
	D     int
	ended bool

	stamp     []uint32 // forced moves: see forcedStates
	gen       uint32
	cur, next Values
	ti, tj    int
	old       int // while a change is in place (begin): cell ti's jump before it
}

// stateWordNeeds are the terms stateWordEval computes: those of a design
// energy. The number of shortest solutions, reachable cells and holes
// need stateEval's searches.
const stateWordNeeds = needReaching | needPath | needUTurns | needPenalty | needClusters | needForced

// newStateWordEval returns a stateWordEval for the board, or nil when it
// does not take it: past 64 cells, for terms beyond stateWordNeeds, and
// on boards where a move lands on a state whose part is not that of its
// own direction.
func newStateWordEval(g *graph.Graph, start, goal int, need needs) *stateWordEval {
	n := g.Cells()
	if n > 64 || need&^stateWordNeeds != 0 {
		return nil
	}
	sg := g.NewStateGraph(start, goal)
	spc, goalState := g.StatesPerCell(), int32(sg.Goal())
	e := &stateWordEval{
		sg: sg, need: need, cells: openCells(g, start, goal).Len(),
		goal: goalState, start: 1 << uint(start),
		jumps: make([]int, n), mv: make([]*graph.StateJump, n),
		word: make([]int8, spc), pred: new([maze.NumDirs][65]uint64),
		stamp: make([]uint32, g.States()),
	}
	var used [maze.NumDirs]bool
	for c := range n {
		for _, j := range g.Legal(c) {
			m := sg.Jump(c, j)
			for x, t := range m.To {
				if t != goalState && sg.Part(int(t)) != 1+int(m.Dir[x]) {
					return nil
				}
				used[m.Dir[x]] = true
			}
		}
	}
	for k := range e.word {
		e.word[k] = -1
	}
	for d, u := range used {
		if u && e.word[1+d] < 0 {
			r := maze.Dir(d).Opposite()
			e.word[1+d], e.word[1+int(r)] = int8(len(e.dir)), int8(len(e.dir)+1)
			e.dir = append(e.dir, maze.Dir(d), r)
		}
	}
	for c := range n {
		if c == goal {
			continue // the goal state is found first, never added
		}
		parts := sg.Parts(c)
		for a, d := range e.dir {
			if parts&(1<<uint(1+int(d))) != 0 {
				e.exists[a] |= 1 << uint(c)
			}
			if bits.OnesCount16(parts&^(1<<uint(1+int(d.Opposite())))) >= 2 {
				e.two[a] |= 1 << uint(c)
			}
		}
	}
	e.layer = make([]uint64, (g.States()+1)*maze.NumDirs)
	if need&cellNeeds != 0 {
		e.cell = newWordEval(g, start, goal, need&cellNeeds)
	}
	return e
}

func (e *stateWordEval) reset(jumps []int) *Values {
	copy(e.jumps, jumps)
	*e.pred = [maze.NumDirs][65]uint64{}
	e.goalPred = [maze.NumDirs]uint64{}
	for c, j := range jumps {
		e.mv[c] = e.sg.Jump(c, j)
		e.moves(c, e.mv[c], true)
	}
	e.compute(&e.cur)
	if e.cell != nil {
		cellTerms(&e.cur, e.cell.reset(jumps))
	}
	return &e.cur
}

func (e *stateWordEval) try(i, j int) *Values {
	old := e.jumps[i]
	e.apply(i, j)
	e.compute(&e.next)
	e.apply(i, old)
	if e.cell != nil {
		cellTerms(&e.next, e.cell.try(i, j))
	}
	e.ti, e.tj = i, j
	return &e.next
}

func (e *stateWordEval) accept() {
	e.apply(e.ti, e.tj)
	if e.cell != nil {
		e.cell.accept()
	}
	e.cur = e.next
}

// apply sets cell i's jump to j, updating π.
func (e *stateWordEval) apply(i, j int) {
	e.moves(i, e.mv[i], false)
	e.jumps[i] = j
	e.mv[i] = e.sg.Jump(i, j)
	e.moves(i, e.mv[i], true)
}

// moves adds cell c's moves m to π (with add) or takes them out. Two of
// them never land on one state from one direction, so a bit per move
// does.
func (e *stateWordEval) moves(c int, m *graph.StateJump, add bool) {
	bit := uint64(1) << uint(c)
	for x, t := range m.To {
		if m.Allow[x] == 0 {
			continue
		}
		a := e.word[1+int(m.Dir[x])]
		p := &e.goalPred[a]
		if t != e.goal {
			p = &e.pred[a][e.sg.Cell(int(t))]
		}
		if add {
			*p |= bit
		} else {
			*p &^= bit
		}
	}
}

// compute fills v with the needed terms of the configuration, except
// those of the graph of cells.
func (e *stateWordEval) compute(v *Values) {
	*v = Values{}
	if e.need&needReaching != 0 {
		e.searchFrom()
		e.search(false)
		v[NonReaching] = e.cells - bits.OnesCount64(e.reach)
		if e.need&needPath != 0 && solutionHead(v, e.D, e.need, nil) {
			// needPaths is not in stateWordNeeds: no path counts.
			if unique, df, db := e.decisions(e.D); unique {
				v[NotUnique] = 0
				v[ForwardDecisions], v[BackwardDecisions], v[Decisions] = df, db, min(df, db)
			}
		}
	}
	if e.need&needForced != 0 {
		v[InitialForcedMoves] = e.forced()
	}
}

// searchFrom starts the backward search from the goal.
func (e *stateWordEval) searchFrom() {
	e.found = [maze.NumDirs]uint64{}
	e.reach, e.depth, e.D, e.ended = 1<<uint(e.sg.Cell(int(e.goal))), 0, -1, false
}

// search continues the backward search until it ends or, with
// untilStart, until it has found the start state, when every state
// nearer the goal has been found: layer by layer, the cells that jump in
// each direction onto the last layer (pull), then those of their states
// that may make the jump (see movers) and are not found yet.
func (e *stateWordEval) search(untilStart bool) {
	if e.ended || untilStart && e.D >= 0 {
		return
	}
	w, exists, start := len(e.dir), &e.exists, e.start
	found, reach, depth := e.found, e.reach, e.depth
	for {
		var p [maze.NumDirs]uint64
		if depth == 0 {
			p = e.goalPred
		} else {
			cur := (*[maze.NumDirs]uint64)(e.layer[depth*maze.NumDirs:])
			for a := range w {
				p[a&7] = pull(&e.pred[a&7], cur[a&7])
			}
		}
		once, twice := movers(&p, w)
		next := (*[maze.NumDirs]uint64)(e.layer[(depth+1)*maze.NumDirs:])
		var any uint64
		for a := range w {
			// Every state but the one entered moving the reverse way,
			// which may not make the moves of p[a^1] alone.
			x := (once &^ (p[(a^1)&7] &^ twice)) & exists[a&7] &^ found[a&7]
			next[a&7] = x
			found[a&7] |= x
			any |= x
		}
		depth++
		if once&start != 0 && e.D < 0 { // the start state may make every move
			e.D = depth
			any |= start
		}
		if any == 0 {
			e.ended = true
			break
		}
		reach |= any
		if untilStart && e.D >= 0 {
			break
		}
	}
	e.found, e.reach, e.depth = found, reach, depth
}

// pull returns the OR of pred[c] over the cells c of f. pred[64] is 0,
// so that the first four run without a branch on whether f has them
// (bits.TrailingZeros64(0) is 64): most words of a layer hold four
// states or fewer, and a loop's exit the predictor misses costs more
// than the steps taken in vain.
func pull(pred *[65]uint64, f uint64) uint64 {
	q := pred[bits.TrailingZeros64(f)]
	f &= f - 1
	q |= pred[bits.TrailingZeros64(f)]
	f &= f - 1
	q |= pred[bits.TrailingZeros64(f)]
	f &= f - 1
	q |= pred[bits.TrailingZeros64(f)]
	for f &= f - 1; f != 0; f &= f - 1 {
		q |= pred[bits.TrailingZeros64(f)]
	}
	return q
}

// movers returns the cells with a move in p[0:w] (p[a]: those with a move
// in direction dir[a]), and those with moves in two directions or more.
func movers(p *[maze.NumDirs]uint64, w int) (once, twice uint64) {
	for a := range w {
		q := p[a&7]
		twice |= once & q
		once |= q
	}
	return once, twice
}

func (e *stateWordEval) startDistance() int { return e.D }
func (e *stateWordEval) reaching() int      { return bits.OnesCount64(e.reach) }
func (e *stateWordEval) values() *Values    { return &e.next }

// inLayer reports whether state s is in layer t of the search.
func (e *stateWordEval) inLayer(s int32, t int) bool {
	if s == e.goal {
		return t == 0
	}
	sg := e.sg
	return t > 0 && e.layer[t*maze.NumDirs+int(e.word[sg.Part(int(s))])]>>uint(sg.Cell(int(s)))&1 != 0
}

// decisions walks the shortest solution from the start state, D moves
// from the goal, through the layers of the search: it is unique when
// every state has exactly one successor state one layer nearer the goal.
// It counts the forward decisions (states with two or more successor
// states) and backward decisions (states with two or more predecessor
// states) along it, as stateEval.walkOver does.
func (e *stateWordEval) decisions(D int) (unique bool, df, db int) {
	sg := e.sg
	start := int32(sg.Start())
	u := start
	for t := D; t > 0; t-- {
		m := e.mv[sg.Cell(int(u))]
		forbid := sg.Forbidden(int(u))
		succs, next := 0, int32(-1)
		for x, d := range m.Dir {
			if d == forbid || m.Dup && m.Repeats(x, forbid) {
				continue
			}
			succs++
			if w := m.To[x]; e.inLayer(w, t-1) {
				if next >= 0 {
					return false, 0, 0 // two successors one move nearer the goal
				}
				next = w
			}
		}
		if succs > 1 {
			df++
		}
		if u != start && e.manyPreds(u) {
			db++
		}
		u = next
	}
	if e.goalManyPreds() {
		db++
	}
	return true, df, db
}

// manyPreds reports whether state v, not the goal, has two or more
// predecessor states.
func (e *stateWordEval) manyPreds(v int32) bool {
	a := e.word[e.sg.Part(int(v))]
	p := e.pred[a][e.sg.Cell(int(v))]
	return p&(p-1) != 0 || p&e.two[a] != 0
}

// goalManyPreds reports whether the goal has two or more predecessor
// states: those that may make the moves landing on it, from every
// direction.
func (e *stateWordEval) goalManyPreds() bool {
	p := &e.goalPred
	once, twice := movers(p, len(e.dir))
	count := bits.OnesCount64(once & e.start)
	for a := range len(e.dir) {
		count += bits.OnesCount64((once &^ (p[(a^1)&7] &^ twice)) & e.exists[a&7])
	}
	return count > 1
}

// forced returns the initial forced moves (see forcedStates).
func (e *stateWordEval) forced() int { return forcedStates(e.sg, e.mv, e.stamp, &e.gen) }

// begin puts the change of cell i to jump j in place for the design
// energy's stages (see designEval) and returns the cluster penalty and the
// initial forced moves with it.
func (e *stateWordEval) begin(i, j int) (penalty, forced int) {
	penalty = e.cell.try(i, j)[ClusterPenalty]
	e.old = e.jumps[i]
	e.apply(i, j)
	e.ti, e.tj = i, j
	return penalty, e.forced()
}

// end takes back the change begin put in place.
func (e *stateWordEval) end() { e.apply(e.ti, e.old) }

var _ designStages = (*stateWordEval)(nil)
