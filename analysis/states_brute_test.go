package analysis_test

import (
	"math/big"
	"slices"

	"rjm/maze"
)

// sbrute is an independent, deliberately simple model of the definitions
// over an explicit state graph (doc.go, "The no-U-turn rule"), for every
// variant: under the rule a state is a cell and the direction that entered
// it (dir −1: the start state, or the goal); on other boards a state is a
// cell (dir always −1). Where a jump lands comes from maze.Board.Jump (the
// board's rules, checked by package solve's own brute force); everything
// else is written here from the definitions: the states are enumerated by
// trying every jump of every cell, σ by trying every direction, π by
// scanning every state, fixpoints instead of searches, shortest solutions
// enumerated one by one. No graph package, no bit sets.
type sbrute struct {
	b           maze.Board
	jumps       []int
	start, goal int
	rule        bool // the no-U-turn rule
	states      []sstate
	succs       map[sstate][]sstate
	preds       map[sstate][]sstate
}

type sstate struct{ cell, dir int }

func newSBrute(m *maze.Maze) *sbrute {
	b := &sbrute{b: m.Board, jumps: m.Jumps, start: m.Start, goal: m.Goal, rule: m.Variant.NoUTurn,
		succs: map[sstate][]sstate{}, preds: map[sstate][]sstate{}}
	b.states = []sstate{b.startState(), b.goalState()}
	if !b.rule { // every cell is a state
		for c := range m.Cells() {
			if c != b.start && c != b.goal {
				b.states = append(b.states, sstate{c, -1})
			}
		}
		return b
	}
	for c := range m.Rows * m.Cols {
		for j := 1; j <= m.JumpLimit(); j++ {
			for _, d := range m.Dirs() {
				if to, arrive, ok := m.Jump(c, d, j); ok && !slices.Contains(b.states, b.land(to, arrive)) {
					b.states = append(b.states, b.land(to, arrive))
				}
			}
		}
	}
	return b
}

func (b *sbrute) startState() sstate { return sstate{b.start, -1} }
func (b *sbrute) goalState() sstate  { return sstate{b.goal, -1} }

// land is the state a move arriving on cell to moving in direction arrive
// enters: the goal, whatever the direction; under the rule the cell and
// the direction; otherwise the cell.
func (b *sbrute) land(to int, arrive maze.Dir) sstate {
	if to == b.goal || !b.rule {
		return sstate{to, -1}
	}
	return sstate{to, int(arrive)}
}

// allowed reports whether state s may jump in direction d: not in the
// reverse of the direction that entered it.
func (b *sbrute) allowed(s sstate, d maze.Dir) bool {
	return s.dir < 0 || d != maze.Dir(s.dir).Opposite()
}

// succ is σ(s): the distinct states its cell's jump lands on, by every
// allowed direction; none from the goal.
func (b *sbrute) succ(s sstate) []sstate {
	if out, ok := b.succs[s]; ok {
		return out
	}
	var out []sstate
	if s.cell != b.goal {
		for _, d := range b.b.Dirs() {
			if to, arrive, ok := b.b.Jump(s.cell, d, b.jumps[s.cell]); ok && b.allowed(s, d) && !slices.Contains(out, b.land(to, arrive)) {
				out = append(out, b.land(to, arrive))
			}
		}
	}
	b.succs[s] = out
	return out
}

// pred is π(s) = {s' | s ∈ σ(s')} over all states.
func (b *sbrute) pred(s sstate) []sstate {
	if out, ok := b.preds[s]; ok {
		return out
	}
	var out []sstate
	for _, t := range b.states {
		if slices.Contains(b.succ(t), s) {
			out = append(out, t)
		}
	}
	b.preds[s] = out
	return out
}

// firstMove returns the direction of the first allowed move (in direction
// order) from s onto t and its direction on arrival.
func (b *sbrute) firstMove(s, t sstate) (d, arrive maze.Dir) {
	for _, d := range b.b.Dirs() {
		if to, arrive, ok := b.b.Jump(s.cell, d, b.jumps[s.cell]); ok && b.allowed(s, d) && b.land(to, arrive) == t {
			return d, arrive
		}
	}
	panic("no move")
}

// closure returns the states reachable from the seeds by next.
func (b *sbrute) closure(seeds []sstate, next func(sstate) []sstate) map[sstate]bool {
	in := map[sstate]bool{}
	for _, s := range seeds {
		in[s] = true
	}
	for changed := true; changed; {
		changed = false
		for _, s := range b.states {
			if !in[s] {
				continue
			}
			for _, t := range next(s) {
				if !in[t] {
					in[t], changed = true, true
				}
			}
		}
	}
	return in
}

func (b *sbrute) reachableStates() map[sstate]bool {
	return b.closure([]sstate{b.startState()}, b.succ)
}

func (b *sbrute) reachingStates() map[sstate]bool {
	return b.closure([]sstate{b.goalState()}, b.pred)
}

// cellsOf returns the cells some state of which is in set.
func cellsOf(set map[sstate]bool) map[int]bool {
	out := map[int]bool{}
	for s := range set {
		out[s.cell] = true
	}
	return out
}

// openCells is S: the start, the goal and the open cells with a jump that
// has a move.
func (b *sbrute) openCells() []int {
	var out []int
	for c := range b.b.Cells() {
		if c == b.start || c == b.goal || c < b.b.Rows*b.b.Cols && len(b.b.LegalJumps(nil, c)) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// depth relaxes d(t) ≤ d(s)+1 from the start state until nothing changes.
func (b *sbrute) depth() map[sstate]int {
	d := map[sstate]int{b.startState(): 0}
	for changed := true; changed; {
		changed = false
		for _, s := range b.states {
			ds, ok := d[s]
			if !ok {
				continue
			}
			for _, t := range b.succ(s) {
				if dt, ok := d[t]; !ok || dt > ds+1 {
					d[t], changed = ds+1, true
				}
			}
		}
	}
	return d
}

// countWalks counts the walks of n moves from the start state to the goal
// (the shortest solutions when n is the goal depth) and, under the rule
// with the goal's states told apart by their direction of arrival as
// package solve does, the walks whose last moves arrive differently.
func (b *sbrute) countWalks(n int) (merged, byArrival *big.Int) {
	cur := map[sstate]*big.Int{b.startState(): big.NewInt(1)}
	merged, byArrival = new(big.Int), new(big.Int)
	for k := range n {
		next := map[sstate]*big.Int{}
		for s, w := range cur {
			for _, t := range b.succ(s) {
				if next[t] == nil {
					next[t] = new(big.Int)
				}
				next[t].Add(next[t], w)
			}
			if k == n-1 && b.rule {
				// Arrival directions onto the goal from s.
				var dirs []maze.Dir
				for _, d := range b.b.Dirs() {
					if to, arrive, ok := b.b.Jump(s.cell, d, b.jumps[s.cell]); ok && to == b.goal && s.cell != b.goal && b.allowed(s, d) && !slices.Contains(dirs, arrive) {
						dirs = append(dirs, arrive)
					}
				}
				byArrival.Add(byArrival, new(big.Int).Mul(w, big.NewInt(int64(len(dirs)))))
			}
		}
		cur = next
	}
	if w := cur[b.goalState()]; w != nil {
		merged = w
	}
	if !b.rule {
		byArrival = merged
	}
	return merged, byArrival
}

// shortestSolutions enumerates the shortest solutions (as state
// sequences) up to limit of them; ok is false when there are more.
func (b *sbrute) shortestSolutions(depth, limit int) (paths [][]sstate, ok bool) {
	var walk func(p []sstate) bool
	walk = func(p []sstate) bool {
		last := p[len(p)-1]
		if len(p) == depth+1 {
			if last == b.goalState() {
				paths = append(paths, slices.Clone(p))
			}
			return len(paths) <= limit
		}
		for _, t := range b.succ(last) {
			if !walk(append(p, t)) {
				return false
			}
		}
		return true
	}
	ok = walk([]sstate{b.startState()})
	return paths, ok
}

// decisions counts along a path the forward decisions (non-goal states
// with more than one successor), the backward decisions (non-start states
// with more than one predecessor) and the U-turns (a move in the reverse of
// the direction the move before arrived in).
func (b *sbrute) decisions(p []sstate) (fwd, bwd, uturns int) {
	for k, s := range p {
		if s != b.goalState() && len(b.succ(s)) > 1 {
			fwd++
		}
		if k > 0 && len(b.pred(s)) > 1 {
			bwd++
		}
		if k >= 2 {
			_, in := b.firstMove(p[k-2], p[k-1])
			if out, _ := b.firstMove(p[k-1], s); out == in.Opposite() {
				uturns++
			}
		}
	}
	return fwd, bwd, uturns
}

// cellMoves lists the cells cell c's jump lands on, ignoring the rule.
func (b *sbrute) cellMoves(c int) []int {
	var out []int
	for _, d := range b.b.Dirs() {
		if to, _, ok := b.b.Jump(c, d, b.jumps[c]); ok {
			out = append(out, to)
		}
	}
	return out
}

// groups partitions the cells of kind into the groups that moves of the
// graph of cells connect either way.
func (b *sbrute) groups(kind map[int]bool) []map[int]bool {
	label := map[int]int{}
	for c := range kind {
		label[c] = c
	}
	for changed := true; changed; {
		changed = false
		for c := range kind {
			for _, t := range b.cellMoves(c) {
				if kind[t] && label[t] != label[c] {
					l := min(label[t], label[c])
					label[t], label[c], changed = l, l, true
				}
			}
		}
	}
	byLabel := map[int]map[int]bool{}
	for c, l := range label {
		if byLabel[l] == nil {
			byLabel[l] = map[int]bool{}
		}
		byLabel[l][c] = true
	}
	var out []map[int]bool
	for _, g := range byLabel {
		out = append(out, g)
	}
	return out
}

// clusters returns the same jump clusters of the graph of cells: cells c
// and d are in one when they hold the same jump and each reaches the
// other by moves between cells of that jump.
func (b *sbrute) clusters() []map[int]bool {
	reach := func(c int) map[int]bool {
		in := map[int]bool{c: true}
		for changed := true; changed; {
			changed = false
			for x := range in {
				for _, t := range b.cellMoves(x) {
					if b.jumps[t] == b.jumps[c] && !in[t] {
						in[t], changed = true, true
					}
				}
			}
		}
		return in
	}
	var out []map[int]bool
	seen := map[int]bool{}
	for c := range b.b.Cells() {
		if seen[c] {
			continue
		}
		rc := reach(c)
		cl := map[int]bool{}
		for d := range rc {
			if reach(d)[c] {
				cl[d], seen[d] = true, true
			}
		}
		out = append(out, cl)
	}
	return out
}

// forced follows the moves from the start state while the state has
// exactly one successor, stopping on return to a state already left.
func (b *sbrute) forced() int {
	left := map[sstate]bool{}
	m := 0
	for s := b.startState(); !left[s] && len(b.succ(s)) == 1; s = b.succ(s)[0] {
		left[s] = true
		m++
	}
	return m
}
