package search

import (
	"context"
	"math/rand/v2"
)

// HillDescent is the assignment's hill descent: from a random configuration,
// take each step whose energy is not higher (e' ≤ e) and keep the best
// configuration met (ties replace the best). With StrictBest it is the
// first-choice gradient descent of "Program 1: Search", which replaces the
// best only on a strict improvement (e < e_best); the search path is the
// same, only which of several equally good configurations is returned
// differs.
type HillDescent struct {
	Iterations int  // steps to take; zero returns the random start
	StrictBest bool // keep the best only when strictly better (Program 1: Search)
}

// Search runs hill descent on p.
func (h HillDescent) Search(ctx context.Context, p Problem, rng *rand.Rand) (Result, error) {
	if err := p.validate(); err != nil {
		return Result{}, err
	}
	if err := h.Validate(); err != nil {
		return Result{}, err
	}
	s := newState(ctx, p, rng, h.Iterations)
	s.start()
	err := s.descend(h.Iterations, &rule{kind: downhillRule, strict: h.StrictBest})
	return s.finish(err)
}

var _ Method = HillDescent{}
