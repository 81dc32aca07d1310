package search

import (
	"context"
	"math/rand/v2"
)

// Restarts is hill descent with random restarts (the assignment;
// "Program 1: Search", Problem 4): Descents hill descents of Iterations
// steps each, every one from a fresh random configuration, returning the
// best configuration of all. The total work is Descents×Iterations steps.
type Restarts struct {
	Descents   int  // hill descents, at least 1
	Iterations int  // steps per descent
	StrictBest bool // as in HillDescent
}

// Search runs hill descent with random restarts on p.
func (r Restarts) Search(ctx context.Context, p Problem, rng *rand.Rand) (Result, error) {
	if err := p.validate(); err != nil {
		return Result{}, err
	}
	if err := r.Validate(); err != nil {
		return Result{}, err
	}
	s := newState(ctx, p, rng, r.Descents*r.Iterations)
	s.start()
	rl := rule{kind: downhillRule, strict: r.StrictBest}
	for d := range r.Descents {
		if d > 0 {
			// "Let j be chosen at random": the new start is not compared
			// with the best until a step is accepted from it.
			s.randomize()
			s.stats.Restarts++
		}
		if err := s.descend(r.Iterations, &rl); err != nil {
			return s.finish(err)
		}
	}
	return s.finish(nil)
}

var _ Method = Restarts{}
