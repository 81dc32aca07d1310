package analysis_test

import (
	"math/big"
	"slices"
)

// brute is an independent, deliberately simple model of the design paper's
// definitions: plain (row, col) coordinates, σ from the four formulas of
// §1.1, π by scanning every cell, fixpoints instead of searches, shortest
// solutions enumerated one by one, and the recursive definitions of holes
// and clusters applied literally. No bit sets, no graph package.
type brute struct {
	rows, cols  int
	jump        map[cell]int
	start, goal cell
	succs       map[cell][]cell // memo of succ
	preds       map[cell][]cell // memo of pred
}

type cell struct{ r, c int }

func (b *brute) cells() []cell {
	var out []cell
	for r := range b.rows {
		for c := range b.cols {
			out = append(out, cell{r, c})
		}
	}
	return out
}

func (b *brute) on(s cell) bool { return s.r >= 0 && s.r < b.rows && s.c >= 0 && s.c < b.cols }

// succ is σ(s): down, up, right, left by the jump, if on the board.
func (b *brute) succ(s cell) []cell {
	if out, ok := b.succs[s]; ok {
		return out
	}
	if b.succs == nil {
		b.succs = map[cell][]cell{}
	}
	j := b.jump[s]
	var out []cell
	defer func() { b.succs[s] = slices.Clip(out) }()
	if j == 0 {
		return nil
	}
	for _, t := range []cell{{s.r + j, s.c}, {s.r - j, s.c}, {s.r, s.c + j}, {s.r, s.c - j}} {
		if b.on(t) && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// pred is π(s) = {s' | s ∈ σ(s')}.
func (b *brute) pred(s cell) []cell {
	if out, ok := b.preds[s]; ok {
		return out
	}
	if b.preds == nil {
		b.preds = map[cell][]cell{}
	}
	var out []cell
	defer func() { b.preds[s] = slices.Clip(out) }()
	for _, t := range b.cells() {
		if slices.Contains(b.succ(t), s) {
			out = append(out, t)
		}
	}
	return out
}

// reachable: the start, and every successor of a reachable cell.
func (b *brute) reachable() map[cell]bool {
	in := map[cell]bool{b.start: true}
	for changed := true; changed; {
		changed = false
		for _, s := range b.cells() {
			if in[s] {
				for _, t := range b.succ(s) {
					if !in[t] {
						in[t], changed = true, true
					}
				}
			}
		}
	}
	return in
}

// reaching: the goal, and every cell with a reaching successor.
func (b *brute) reaching() map[cell]bool {
	in := map[cell]bool{b.goal: true}
	for changed := true; changed; {
		changed = false
		for _, s := range b.cells() {
			if in[s] {
				continue
			}
			for _, t := range b.succ(s) {
				if in[t] {
					in[s], changed = true, true
					break
				}
			}
		}
	}
	return in
}

// depth relaxes d(t) ≤ d(s)+1 until nothing changes.
func (b *brute) depth() map[cell]int {
	d := map[cell]int{b.start: 0}
	for changed := true; changed; {
		changed = false
		for _, s := range b.cells() {
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

// countWalks counts the walks of exactly n moves from the start to the
// goal; with n the goal depth, these are the shortest solutions.
func (b *brute) countWalks(n int) *big.Int {
	cur := map[cell]*big.Int{b.start: big.NewInt(1)}
	for range n {
		next := map[cell]*big.Int{}
		for s, k := range cur {
			for _, t := range b.succ(s) {
				if next[t] == nil {
					next[t] = new(big.Int)
				}
				next[t].Add(next[t], k)
			}
		}
		cur = next
	}
	if k := cur[b.goal]; k != nil {
		return k
	}
	return new(big.Int)
}

// shortestSolutions enumerates the shortest solutions (as cell sequences)
// by depth-first search over walks of the goal depth, up to limit of them;
// ok is false when there are more.
func (b *brute) shortestSolutions(depth, limit int) (paths [][]cell, ok bool) {
	var walk func(p []cell) bool
	walk = func(p []cell) bool {
		last := p[len(p)-1]
		if len(p) == depth+1 {
			if last == b.goal {
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
	ok = walk([]cell{b.start})
	return paths, ok
}

// decisions counts the forward decisions (non-goal cells with more than
// one successor), backward decisions (non-start cells with more than one
// predecessor) and U-turns (a move whose direction reverses the one
// before: the row and column steps' signs flip) along a path.
func (b *brute) decisions(p []cell) (fwd, bwd, uturns int) {
	for k, s := range p {
		if s != b.goal && len(b.succ(s)) > 1 {
			fwd++
		}
		if s != b.start && len(b.pred(s)) > 1 {
			bwd++
		}
		if k >= 2 {
			a := cell{sign(p[k-1].r - p[k-2].r), sign(p[k-1].c - p[k-2].c)}
			c := cell{sign(s.r - p[k-1].r), sign(s.c - p[k-1].c)}
			if a.r == -c.r && a.c == -c.c {
				uturns++
			}
		}
	}
	return fwd, bwd, uturns
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// hole applies a hole's recursive definition literally from seed s: add
// every cell that grow says joins because of a member, until nothing
// changes.
func (b *brute) hole(s cell, grow func(member cell) []cell) map[cell]bool {
	h := map[cell]bool{s: true}
	for changed := true; changed; {
		changed = false
		for m := range h {
			for _, t := range grow(m) {
				if !h[t] {
					h[t], changed = true, true
				}
			}
		}
	}
	return h
}

// holes returns the distinct black holes and white holes.
func (b *brute) holes() (black, white []map[cell]bool) {
	reachable, reaching := b.reachable(), b.reaching()
	for _, s := range b.cells() {
		if reachable[s] && !reaching[s] {
			// B(s): all successors, and reachable non-reaching predecessors.
			black = addDistinct(black, b.hole(s, func(m cell) []cell {
				out := b.succ(m)
				for _, p := range b.pred(m) {
					if reachable[p] && !reaching[p] {
						out = append(out, p)
					}
				}
				return out
			}))
		}
		if !reachable[s] && reaching[s] {
			// W(s): all predecessors, and unreachable reaching successors.
			white = addDistinct(white, b.hole(s, func(m cell) []cell {
				out := b.pred(m)
				for _, t := range b.succ(m) {
					if !reachable[t] && reaching[t] {
						out = append(out, t)
					}
				}
				return out
			}))
		}
	}
	return black, white
}

func addDistinct(sets []map[cell]bool, s map[cell]bool) []map[cell]bool {
	for _, t := range sets {
		if sameSet(s, t) {
			return sets
		}
	}
	return append(sets, s)
}

func sameSet(a, b map[cell]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// clusters applies §3.6's recursive definition: s ∈ J(s), and a successor
// of a member with the member's jump is a member. It returns the distinct
// clusters.
func (b *brute) clusters() []map[cell]bool {
	var out []map[cell]bool
	for _, s := range b.cells() {
		out = addDistinct(out, b.hole(s, func(m cell) []cell {
			var same []cell
			for _, t := range b.succ(m) {
				if b.jump[t] == b.jump[m] {
					same = append(same, t)
				}
			}
			return same
		}))
	}
	return out
}

// forced follows forced moves from the start (cells with exactly one
// successor), stopping on return to a cell already left.
func (b *brute) forced() int {
	left := map[cell]bool{}
	m := 0
	for s := b.start; !left[s] && len(b.succ(s)) == 1; s = b.succ(s)[0] {
		left[s] = true
		m++
	}
	return m
}
