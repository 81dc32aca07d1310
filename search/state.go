package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"

	"rjm/energy"
	"rjm/maze"
)

// state is one running search: the current configuration, its energy,
// the best configuration so far, and the step neighbour's bookkeeping.
type state struct {
	p       Problem
	rng     *rand.Rand
	eval    energy.Evaluator
	bounded energy.BoundedEvaluator // eval, when it can stop early; else nil
	board   maze.Board

	jumps    []int // current configuration
	legalIdx []int // index of jumps[c] in Graph.Legal(c)
	mutable  []int // non-goal cells with two or more legal jumps
	e        float64

	best  []int
	bestE float64
	stats Stats

	// the proposed step
	ci, cj, ck int

	done, total int
	every       int // iterations between progress calls: CheckEvery
	ctx         context.Context
}

func newState(ctx context.Context, p Problem, rng *rand.Rand, total int) *state {
	g := p.Graph
	s := &state{p: p, rng: rng, board: g.Board(), total: total, ctx: ctx, every: CheckEvery(g)}
	n := g.Cells()
	s.jumps = make([]int, n)
	s.legalIdx = make([]int, n)
	s.best = make([]int, n)
	for c := range n {
		if c != p.Goal && len(g.Legal(c)) >= 2 {
			s.mutable = append(s.mutable, c)
		}
	}
	s.eval = p.Energy.Evaluator(g, p.Start, p.Goal)
	s.bounded, _ = s.eval.(energy.BoundedEvaluator)
	return s
}

// randomize sets the current configuration to a random legal maze (the
// assignment's Maze Representation: each non-goal cell's jump uniform over
// its legal jumps) and evaluates it.
func (s *state) randomize() {
	g := s.p.Graph
	for c := range s.jumps {
		legal := g.Legal(c)
		if c == s.p.Goal || len(legal) == 0 { // the goal, and cells that are not open
			s.jumps[c], s.legalIdx[c] = 0, -1
			continue
		}
		k := s.rng.IntN(len(legal))
		s.jumps[c], s.legalIdx[c] = legal[k], k
	}
	s.e = s.eval.Reset(s.jumps)
}

// start randomizes and makes the first configuration the best.
func (s *state) start() {
	s.randomize()
	copy(s.best, s.jumps)
	s.bestE = s.e
}

// propose draws the step neighbour (the assignment: a non-goal cell chosen
// with equal probability, then a different legal jump chosen with equal
// probability) and returns its energy. With a bound, the energy may be any
// value above the bound when the true one is (exact false): see
// energy.BoundedEvaluator.
func (s *state) propose(bounded bool) (e float64, exact bool) {
	// One 64-bit draw gives both choices as two exact 32-bit draws; see
	// uniform32.
	x := s.rng.Uint64()
	c := s.mutable[s.uniform32(uint32(x>>32), uint32(len(s.mutable)))]
	legal := s.p.Graph.Legal(c)
	k := int(s.uniform32(uint32(x), uint32(len(legal)-1)))
	if k >= s.legalIdx[c] {
		k++
	}
	s.ci, s.cj, s.ck = c, legal[k], k
	if bounded && s.bounded != nil {
		return s.bounded.TryBound(c, legal[k], s.e)
	}
	return s.eval.Try(c, legal[k]), true
}

// exact returns the exact energy of the proposed step.
func (s *state) exact() float64 { return s.eval.Try(s.ci, s.cj) }

// uniform32 maps the random 32-bit word x to a uniform integer in [0, n)
// by Lemire's multiply-shift method, drawing afresh in the rare case
// (probability below n/2³²) that x falls in the biased zone, so every
// value is exactly equally likely.
func (s *state) uniform32(x, n uint32) uint32 {
	m := uint64(x) * uint64(n)
	if uint32(m) < n {
		t := -n % n
		for uint32(m) < t {
			m = uint64(s.rng.Uint32()) * uint64(n)
		}
	}
	return uint32(m >> 32)
}

// accept commits the proposed step, whose energy is e2.
func (s *state) accept(e2 float64) {
	s.eval.Accept()
	s.jumps[s.ci], s.legalIdx[s.ci] = s.cj, s.ck
	s.stats.Accepted++
	if e2 > s.e {
		s.stats.Uphill++
	}
	s.e = e2
}

// keepBest records the current configuration as the best when its energy
// is ≤ the best (or < with strict, first-choice gradient descent).
func (s *state) keepBest(strict bool) {
	if s.e < s.bestE {
		s.stats.Improved++
	} else if strict || s.e > s.bestE {
		return
	}
	s.bestE = s.e
	copy(s.best, s.jumps)
}

// tick counts one iteration and, every CheckEvery iterations, reports
// progress and checks for cancellation.
func (s *state) tick() error {
	s.done++
	s.stats.Iterations++
	if s.done&(s.every-1) == 0 {
		if s.p.Progress != nil {
			s.p.Progress(s.done, s.total, s.bestE)
		}
		return s.ctx.Err()
	}
	return nil
}

// finish returns the search's result and err, the error it ended with,
// and says in the result's Status how it ended.
func (s *state) finish(err error) (Result, error) {
	if s.p.Progress != nil {
		s.p.Progress(s.done, s.total, s.bestE)
	}
	m := &maze.Maze{Board: s.board, Jumps: slices.Clone(s.best), Start: s.p.Start, Goal: s.p.Goal}
	r := Result{Best: m, Energy: s.bestE, Stats: s.stats, Status: BudgetSpent}
	switch {
	case errors.Is(err, ErrNoStep):
		r.Status = NoStep
	case err != nil:
		r.Status = Interrupted
	}
	return r, err
}
