package incremental

import (
	"math/bits"

	"rjm/graph"
	"rjm/maze"
)

// stateWordEval is the termsEvaluator over states (Abbott's no-U-turn
// rule) for boards of at most 64 cells: stateEval's counterpart with the
// states of each part as one uint64 of cells, as wordEval is multiEval's
// on cells. It computes the terms of stateWordNeeds (the design energy's
// among them); stateEval computes the others, every term past 64 cells,
// and the boards whose moves may arrive in another direction than they
// leave (loops).
//
// Why it is fast. A state entered moving in direction d has part 1+d, and
// on the boards this evaluator takes (see newStateWordEval) every move
// landing on it goes in direction d. So π of the states of part 1+d of a
// cell is one word, the cells with a move in direction d landing there,
// and one layer of the backward search from the goal is, per direction
// d, the OR of π over the layer's states of part 1+d: the cells that jump
// in direction d onto the layer (pull). Which of their states may make
// that jump depends on the direction alone (all but the one entered
// moving the reverse way), so the next layer's states of each part are a
// few ORs of those words, less the states found. A search is then one OR
// per state found and a few per layer, where stateEval's spends a loop
// per state on its lists of predecessors, their masks of parts and its
// queues; a change of a cell's jump is a bit flipped per move, as on
// cells. The walk along the solution reads the same words: the state
// one move nearer the goal is in the direction whose pulled word at that
// layer holds the cell. There is nothing to keep between tries, so the
// design energy's evaluator stops the search early as it does over
// wordEval (see designEval), and needs none of stateEval's kept solution
// and distances: on 7×7 a try costs 2.5 times the rook rule's, against
// 5.2 times with them (see docs/perf-design.md).
type stateWordEval struct {
	sg    *graph.StateGraph
	need  needs
	cells int    // |S| (see OpenCells)
	goal  int    // the goal cell
	start uint64 // the start cell's bit
	jumps []int
	// mv[c] is the moves of cell c's jump, sg.Jump(c, jumps[c]), and
	// jw[c] the same as this evaluator reads them.
	mv   []*graph.StateJump
	jw   []*wordJump
	slot []wordJump // per slot of the graph (see graph.Graph.Slot)
	cell cellPart   // the cluster terms

	// The directions of the board's moves and their reverses, in pairs:
	// dir[a^1] is the reverse of dir[a]. Word a of a set of states holds
	// its states of part 1+dir[a]; the start state (part 0) and the goal
	// are kept apart. exists[a] is the cells whose state of part
	// 1+dir[a] exists.
	dir    []maze.Dir
	exists [maze.NumDirs]uint64
	// π: pi[a*65+c] is the cells with a move of their current jump in
	// direction dir[a] landing on cell c (on its state of part 1+dir[a]),
	// pi[goalPi+a] those landing on the goal: the moves some state of the
	// cell may make. pi[a*65+64] is 0, for pull. two[a] is the cells of
	// which two states or more may make a move in direction dir[a].
	pi  []uint64
	two [maze.NumDirs]uint64

	// The backward search: pulled[t*8+a] the cells with a move in
	// direction dir[a] onto a state of layer t (t < depth), front the
	// states of layer depth, the last found, found the states found so
	// far (but the start and the goal), reach the cells of which a state
	// is found, D the start state's distance (-1: not found), ended
	// whether the search has ended.
	pulled []uint64
	front  [maze.NumDirs]uint64
	found  [maze.NumDirs]uint64
	reach  uint64
	depth  int
	D      int
	ended  bool
	plain  bool // search takes no fast path (for the tests)

	stamp     []uint32 // forced moves: see forcedStates
	gen       uint32
	fwd       []uint16 // trapped: the states reachable from the start, per cell
	bk        []uint16 // trapped: the states found by the backward search, per cell
	fq        []int32  // trapped: the forward search's queue
	cur, next Values
	ti, tj    int
	old       int // while a change is in place (begin): cell ti's jump before it
}

// goalPi is where π of the goal starts in stateWordEval.pi.
const goalPi = maze.NumDirs * 65

// wordJump is the moves of one jump of one cell as stateWordEval reads
// them: flip the entries of π they are in (see stateWordEval.pi), the
// moves no state of the cell may make left out; to[a] the cell the move
// in direction dir[a] lands on, dirs the words a of the directions with a
// move, toGoal those of the moves landing on the goal.
type wordJump struct {
	flip         []uint16
	to           [maze.NumDirs]int8
	dirs, toGoal uint8
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
	goalState := int32(sg.Goal())
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
	e := &stateWordEval{
		sg: sg, need: need, cells: OpenCells(g, start, goal).Len(),
		goal: goal, start: 1 << uint(start),
		jumps: make([]int, n), mv: make([]*graph.StateJump, n), jw: make([]*wordJump, n),
		slot:   make([]wordJump, g.Slot(n-1, -1)+1),
		pi:     make([]uint64, goalPi+maze.NumDirs),
		pulled: make([]uint64, (g.States()+1)*maze.NumDirs),
		stamp:  make([]uint32, g.States()),
		fwd:    make([]uint16, n),
		bk:     make([]uint16, n),
	}
	// word[d] is the word of direction d (-1: none yet).
	var word [maze.NumDirs]int8
	for d := range word {
		word[d] = -1
	}
	for d, u := range used {
		if u && word[d] < 0 {
			r := maze.Dir(d).Opposite()
			word[d], word[r] = int8(len(e.dir)), int8(len(e.dir)+1)
			e.dir = append(e.dir, maze.Dir(d), r)
		}
	}
	for c := range n {
		for _, j := range g.Legal(c) {
			m, wj := sg.Jump(c, j), &e.slot[g.Slot(c, j)]
			for x, t := range m.To {
				a := word[m.Dir[x]]
				wj.dirs |= 1 << uint(a)
				wj.to[a] = int8(sg.Cell(int(t)))
				at := int(a)*65 + sg.Cell(int(t))
				if t == goalState {
					wj.toGoal |= 1 << uint(a)
					at = goalPi + int(a)
				}
				if m.Allow[x] != 0 {
					wj.flip = append(wj.flip, uint16(at))
				}
			}
		}
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
	e.cell = newCellPart(g, start, goal, need)
	return e
}

func (e *stateWordEval) reset(jumps []int) *Values {
	copy(e.jumps, jumps)
	clear(e.pi)
	g := e.sg.Graph()
	for c, j := range jumps {
		e.mv[c], e.jw[c] = e.sg.Jump(c, j), &e.slot[g.Slot(c, j)]
		e.flip(c)
	}
	e.compute(&e.cur)
	e.cell.reset(&e.cur, jumps)
	return &e.cur
}

func (e *stateWordEval) try(i, j int) *Values {
	old := e.jumps[i]
	e.apply(i, j)
	e.compute(&e.next)
	e.apply(i, old)
	e.cell.try(&e.next, i, j)
	e.ti, e.tj = i, j
	return &e.next
}

func (e *stateWordEval) accept() {
	e.apply(e.ti, e.tj)
	e.cell.accept()
	e.cur = e.next
}

// apply sets cell i's jump to j, updating π.
func (e *stateWordEval) apply(i, j int) {
	e.flip(i)
	e.jumps[i] = j
	e.mv[i], e.jw[i] = e.sg.Jump(i, j), &e.slot[e.sg.Graph().Slot(i, j)]
	e.flip(i)
}

// flip puts the moves of cell c's jump into π or takes them out. No two
// of them land on one state from one direction, so each is one bit.
func (e *stateWordEval) flip(c int) {
	bit := uint64(1) << uint(c)
	for _, x := range e.jw[c].flip {
		e.pi[x] ^= bit
	}
}

// compute fills v with the needed terms of the configuration, except
// those of the graph of cells.
func (e *stateWordEval) compute(v *Values) {
	*v = Values{}
	if e.need&needReaching != 0 {
		e.searchFrom()
		e.search(false)
		v[NonReaching] = e.cells - bits.OnesCount64(e.reach) + e.trapped()
		if e.need&needPath != 0 {
			// needPaths is not in stateWordNeeds: no path counts.
			pathTerms(v, e.D, e.need, nil, e.walk)
		}
	}
	if e.need&needForced != 0 {
		v[InitialForcedMoves] = e.forced()
	}
}

// searchFrom starts the backward search from the goal.
func (e *stateWordEval) searchFrom() {
	e.found = [maze.NumDirs]uint64{}
	e.reach, e.depth, e.D, e.ended = 1<<uint(e.goal), 0, -1, false
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
	if len(e.dir) == 4 && !e.plain {
		e.search4(untilStart)
		return
	}
	w, exists, pi := len(e.dir), &e.exists, e.pi
	front, found, reach, depth := e.front, e.found, e.reach, e.depth
	for {
		p := (*[maze.NumDirs]uint64)(e.pulled[depth*maze.NumDirs:])
		if depth == 0 {
			*p = [maze.NumDirs]uint64(pi[goalPi:])
		} else {
			for a := range w {
				p[a&7] = pull((*[65]uint64)(pi[(a&7)*65:]), front[a&7])
			}
		}
		once, twice := movers(p, w)
		var any uint64
		for a := range w {
			x := mayMove(once, twice, p[(a^1)&7]) & exists[a&7] &^ found[a&7]
			front[a&7] = x
			found[a&7] |= x
			any |= x
		}
		depth++
		more, stop := e.endLayer(depth, once, any, untilStart)
		if reach |= more; stop {
			break
		}
	}
	e.front, e.found, e.reach, e.depth = front, found, reach, depth
}

// search4 is search on boards of two pairs of directions (the rook's),
// with every word in a variable rather than in arrays indexed by
// direction: the same steps, 30% fewer instructions.
func (e *stateWordEval) search4(untilStart bool) {
	pi := (*[goalPi + maze.NumDirs]uint64)(e.pi)
	r0, r1, r2, r3 := (*[65]uint64)(pi[0:]), (*[65]uint64)(pi[65:]), (*[65]uint64)(pi[130:]), (*[65]uint64)(pi[195:])
	f0, f1, f2, f3 := e.front[0], e.front[1], e.front[2], e.front[3]
	n0, n1, n2, n3 := e.found[0], e.found[1], e.found[2], e.found[3]
	x0, x1, x2, x3 := e.exists[0], e.exists[1], e.exists[2], e.exists[3]
	reach, depth := e.reach, e.depth
	for {
		var p0, p1, p2, p3 uint64
		if depth == 0 {
			p0, p1, p2, p3 = pi[goalPi], pi[goalPi+1], pi[goalPi+2], pi[goalPi+3]
		} else {
			p0, p1, p2, p3 = pull(r0, f0), pull(r1, f1), pull(r2, f2), pull(r3, f3)
		}
		p := (*[4]uint64)(e.pulled[depth*maze.NumDirs:])
		p[0], p[1], p[2], p[3] = p0, p1, p2, p3
		lo, hi := p0|p1, p2|p3
		once, twice := lo|hi, p0&p1|p2&p3|lo&hi
		f0 = mayMove(once, twice, p1) & x0 &^ n0
		f1 = mayMove(once, twice, p0) & x1 &^ n1
		f2 = mayMove(once, twice, p3) & x2 &^ n2
		f3 = mayMove(once, twice, p2) & x3 &^ n3
		n0, n1, n2, n3 = n0|f0, n1|f1, n2|f2, n3|f3
		depth++
		more, stop := e.endLayer(depth, once, f0|f1|f2|f3, untilStart)
		if reach |= more; stop {
			break
		}
	}
	e.front = [maze.NumDirs]uint64{f0, f1, f2, f3}
	e.found = [maze.NumDirs]uint64{n0, n1, n2, n3}
	e.reach, e.depth = reach, depth
}

// endLayer ends layer depth of the search, whose states found are any
// but the start's, found when a cell of once (those with a move onto the
// layer before) is the start: the start state may make every move. It
// returns the layer's cells and whether the search stops there: at its
// end, when the layer is empty, or with untilStart at the start.
func (e *stateWordEval) endLayer(depth int, once, any uint64, untilStart bool) (cells uint64, stop bool) {
	if once&e.start != 0 && e.D < 0 {
		e.D = depth
		any |= e.start
	}
	if any == 0 {
		e.ended = true
		return 0, true
	}
	return any, untilStart && e.D >= 0
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

// mayMove returns the cells whose state entered moving dir[a] may make
// one of the moves of a layer, given the cells with such moves (once),
// those with them in two directions or more (twice) and those with them
// in the reverse direction dir[a^1] (rev), the one move that state may
// not make: all but the cells whose only move is that one.
func mayMove(once, twice, rev uint64) uint64 { return once &^ (rev &^ twice) }

func (e *stateWordEval) startDistance() int { return e.D }
func (e *stateWordEval) reaching() int      { return bits.OnesCount64(e.reach) }
func (e *stateWordEval) values() *Values    { return &e.next }

// trapped returns the reaching cells with a reachable state that cannot
// reach the goal, after a search to the end (see trappedCells): a forward
// search over the states' moves, read against the states the backward
// search found, per cell in bk: the goal's one state, the start state
// when the goal depth is known, and the states of the words found.
func (e *stateWordEval) trapped() int {
	_, e.fq = forwardStates(e.sg, e.mv, e.fwd, e.fq)
	bk := e.bk
	clear(bk)
	bk[e.goal] = 1
	if e.D >= 0 {
		bk[bits.TrailingZeros64(e.start)] |= 1
	}
	for a, d := range e.dir {
		part := uint16(1) << uint(1+int(d))
		for w := e.found[a&7]; w != 0; w &= w - 1 {
			bk[bits.TrailingZeros64(w)] |= part
		}
	}
	n := 0
	for c, f := range e.fwd {
		if b := bk[c]; b != 0 && f&^b != 0 {
			n++
		}
	}
	return n
}

// walk follows the shortest solution from the start state, D moves
// from the goal, over the search's pulled words: it is unique when every
// state has exactly one successor state one layer nearer the goal, and a
// state of cell c at distance t has one in direction dir[a] when c is in
// pulled[(t-1)*8+a] (the goal, at t = 1, is one state however many moves
// land on it). It counts the forward decisions (states with two or more
// successor states) and backward decisions (states with two or more
// predecessor states) along it, as stateEval.walkOver does.
func (e *stateWordEval) walk(D int, _ bool) (w walkCount, unique bool) {
	n, c := len(e.dir), bits.TrailingZeros64(e.start)
	var forbid uint8 // the word of the reverse of the last move (none from the start)
	a := -1          // the word of the last move
	for t := D; t > 0; t-- {
		jw := e.jw[c]
		allow := jw.dirs &^ forbid
		// Every move allowed lands on its own state, but the goal's.
		w = w.leave(bits.OnesCount8(allow&^jw.toGoal)+int((uint(allow&jw.toGoal)+0xff)>>8) > 1)
		if a >= 0 {
			w = w.enter(e.manyPreds(c, a))
		}
		if t == 1 {
			break // onto the goal
		}
		var near uint8
		p := (*[maze.NumDirs]uint64)(e.pulled[(t-1)*maze.NumDirs:])
		for x := range n {
			near |= uint8(p[x&7]>>uint(c)&1) << uint(x)
		}
		if near &= allow; near&(near-1) != 0 {
			return w, false // two successors one move nearer the goal
		}
		a = bits.TrailingZeros8(near)
		c, forbid = int(jw.to[a&7]), 1<<uint(a^1)
	}
	w = w.enter(e.goalManyPreds())
	return w, true
}

// manyPreds reports whether the state of cell c entered moving dir[a]
// has two or more predecessor states.
func (e *stateWordEval) manyPreds(c, a int) bool {
	p := e.pi[a*65+c]
	return p&(p-1) != 0 || p&e.two[a&7] != 0
}

// goalManyPreds reports whether the goal has two or more predecessor
// states: those that may make the moves landing on it, from every
// direction.
func (e *stateWordEval) goalManyPreds() bool {
	p := (*[maze.NumDirs]uint64)(e.pi[goalPi:])
	once, twice := movers(p, len(e.dir))
	count := bits.OnesCount64(once & e.start)
	for a := range len(e.dir) {
		count += bits.OnesCount64(mayMove(once, twice, p[(a^1)&7]) & e.exists[a&7])
	}
	return count > 1
}

// forced returns the initial forced moves (see forcedStates).
func (e *stateWordEval) forced() int { return forcedStates(e.sg, e.mv, e.stamp, &e.gen) }

// begin puts the change of cell i to jump j in place for the design
// energy's stages (see designEval) and returns the cluster penalty and the
// initial forced moves with it.
func (e *stateWordEval) begin(i, j int) (penalty, forced int) {
	penalty = e.cell.penalty(i, j)
	e.old = e.jumps[i]
	e.apply(i, j)
	e.ti, e.tj = i, j
	return penalty, e.forced()
}

// end takes back the change begin put in place.
func (e *stateWordEval) end() { e.apply(e.ti, e.old) }

var _ designStages = (*stateWordEval)(nil)
