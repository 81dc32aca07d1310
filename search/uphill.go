package search

import (
	"context"
	"math/rand/v2"
)

// Uphill is hill descent with random uphill steps (the assignment;
// "Program 1: Search", Problem 5): a step that raises the energy is still
// taken with probability P. P = 0 is pure hill descent, P = 1 a random
// walk. The design paper generates its mazes this way with P = 0.005.
type Uphill struct {
	Iterations int
	P          float64 // probability of accepting an uphill step, 0..1
	StrictBest bool    // as in HillDescent
}

// Search runs hill descent with random uphill steps on p.
func (u Uphill) Search(ctx context.Context, p Problem, rng *rand.Rand) (Result, error) {
	if err := p.validate(); err != nil {
		return Result{}, err
	}
	if err := u.Validate(); err != nil {
		return Result{}, err
	}
	s := newState(ctx, p, rng, u.Iterations)
	s.start()
	err := s.descend(u.Iterations, &rule{kind: uphillRule, p: u.P, strict: u.StrictBest})
	return s.finish(err)
}

var _ Method = Uphill{}
