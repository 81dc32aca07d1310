package search

import (
	"context"
	"math/rand/v2"
	"slices"

	"rjm/maze"
)

// Walk is a resumable hill descent for callers that decide between steps
// what to do next, such as a learned restart policy (the assignment's
// "Restart SARSA": Go runs 250 more iterations, Restart randomizes the
// maze). It starts at a random configuration; Descend continues from where
// the last call stopped; Restart draws a new random configuration and
// forgets the best.
type Walk struct {
	s    *state
	rule rule
}

// NewWalk validates p and returns a walk at a random configuration.
// StrictBest selects first-choice gradient descent's rule for the best.
func NewWalk(ctx context.Context, p Problem, rng *rand.Rand, strictBest bool) (*Walk, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	w := &Walk{s: newState(ctx, p, rng, 0), rule: rule{kind: downhillRule, strict: strictBest}}
	w.s.start()
	return w, nil
}

// Descend runs n more hill-descent iterations.
func (w *Walk) Descend(n int) error {
	if err := checkIterations(n); err != nil {
		return err
	}
	w.s.total += n
	return w.s.descend(n, &w.rule)
}

// Restart replaces the configuration by a random one, which becomes the
// best so far.
func (w *Walk) Restart() {
	w.s.start()
	w.s.stats.Restarts++
}

// Energy returns the current configuration's energy.
func (w *Walk) Energy() float64 { return w.s.e }

// BestEnergy returns the best energy since the last restart.
func (w *Walk) BestEnergy() float64 { return w.s.bestE }

// Best returns a copy of the best configuration since the last restart.
func (w *Walk) Best() *maze.Maze {
	s := w.s
	return &maze.Maze{Board: s.board, Jumps: slices.Clone(s.best), Start: s.p.Start, Goal: s.p.Goal}
}

// Stats returns what the walk has done so far.
func (w *Walk) Stats() Stats { return w.s.stats }
