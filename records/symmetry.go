package records

import (
	"math/bits"
	"slices"

	"rjm/graph"
	"rjm/maze"
)

// The transpose symmetry. On a square board with the start and the goal
// on the diagonal, transposing a maze (cell (r,c) takes the jump of cell
// (c,r)) gives a legal maze of the same goal depth, and of the same
// uniqueness and black holes. Fix an order of the off-diagonal pairs of
// cells {p, p'} (p above the diagonal, nearest the start first) and
// compare a maze m with its transpose m' at the first pair whose jumps
// differ: m < m' when p's jump is the smaller there. Every maze is then
// either its own transpose or one of a pair m < m'. The search keeps only
// the branches that hold a maze m ≤ m' — it cuts a branch as soon as the
// first pairs it has assigned are equal up to one where p's jump is the
// larger — and counts each maze m < m' twice and each maze m = m' once:
// the count of all mazes, with about half the work.

// transposable reports whether s's search may use the transpose symmetry:
// a plain square board (rook or queen, torus or not, no cell kinds or
// walls), the start and the goal on the diagonal.
func (s Settings) transposable() bool {
	b := s.Board
	v := b.Variant
	if s.NoSymmetry || b.Rows != b.Cols || b.Kinds != "" || b.Walls != "" || !v.Transposes() {
		return false
	}
	start, goal := maze.DefaultStart(b), maze.DefaultGoal(b)
	if s.Start != nil {
		start = *s.Start
	}
	if s.Goal != nil {
		goal = *s.Goal
	}
	return start.Row == start.Col && goal.Row == goal.Col
}

// symmetryPairs returns the off-diagonal pairs of g's board in the order
// of comparison (nearest the start first, then by index), and the
// diagonal cells; nil pairs when the move graph is not symmetric under
// the transpose (then the symmetry is not used).
func symmetryPairs(g *graph.Graph, start int) (pairs [][2]int, diag []int, ok bool) {
	b := g.Board()
	n := b.Cols
	sr := start / n
	t := func(i int) int { return (i%n)*n + i/n }
	for i := range g.Cells() {
		if !slices.Equal(g.Legal(i), g.Legal(t(i))) {
			return nil, nil, false
		}
		switch r, c := i/n, i%n; {
		case r == c:
			diag = append(diag, i)
		case r < c:
			pairs = append(pairs, [2]int{i, t(i)})
		}
	}
	dist := func(i int) int { return max(abs(i/n-sr), abs(i%n-sr)) }
	slices.SortStableFunc(pairs, func(x, y [2]int) int { return dist(x[0]) - dist(y[0]) })
	return pairs, diag, true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// transposeGreater reports whether every maze of the branch is larger
// than its transpose: the first pairs are assigned and equal up to one
// whose first cell has the larger jump.
func (r *search) transposeGreater() bool {
	for _, p := range r.pairs {
		a, b := r.jump[p[0]], r.jump[p[1]]
		if a < 0 || b < 0 || a < b {
			return false
		}
		if a > b {
			return true
		}
	}
	return false
}

// add128 returns x + y in 128 bits (x[0] high), saturating.
func add128(x, y [2]uint64) [2]uint64 {
	lo, c := bits.Add64(x[1], y[1], 0)
	hi, c2 := bits.Add64(x[0], y[0], c)
	if c2 != 0 {
		return [2]uint64{^uint64(0), ^uint64(0)}
	}
	return [2]uint64{hi, lo}
}

// weight returns the weighted count of the branch's mazes (each free cell
// taking any legal jump) under the transpose symmetry: twice the mazes m
// with m < m', once those with m = m', none with m > m'. It runs over the
// pairs in order, counting the completions so far still tied (t) and
// already smaller (l).
func (r *search) weight() [2]uint64 {
	t, l := [2]uint64{0, 1}, [2]uint64{}
	for _, p := range r.pairs {
		a, b := r.jump[p[0]], r.jump[p[1]]
		S := r.legal[p[0]] // the same as p[1]'s
		L := uint64(len(S))
		switch {
		case a >= 0 && b >= 0:
			if a < b {
				l, t = add128(l, t), [2]uint64{}
			} else if a > b {
				t = [2]uint64{}
			}
		case a < 0 && b < 0:
			l = add128(mul128(l, L*L), mul128(t, L*(L-1)/2))
			t = mul128(t, L)
		default: // one free: below (p free) or above (p' free) the other
			fixed, less := b, 0
			if b < 0 {
				fixed = a
			}
			in := uint64(0)
			for _, x := range S {
				if x == fixed {
					in = 1
				} else if (b >= 0) == (x < fixed) {
					less++
				}
			}
			l = add128(mul128(l, L), mul128(t, uint64(less)))
			t = mul128(t, in)
		}
	}
	for _, i := range r.diag {
		if r.jump[i] < 0 && r.free[i] > 0 {
			t, l = mul128(t, r.free[i]), mul128(l, r.free[i])
		}
	}
	if r.halfWeight {
		return add128(l, t)
	}
	return add128(add128(l, l), t)
}
