package grade

import (
	"context"
	"io"
	"math/rand/v2"
	"strings"

	"rjm/energy"
	"rjm/exercise"
	"rjm/parallel"
)

// reference runs rjm's own program (package exercise) with the plan's
// answers, run i from rng.RunSeed(seed, i), and returns the objective
// of every run's maze; nil for the exercises that are not searches.
func (p *plan) reference(ctx context.Context, workers int) ([]float64, error) {
	if !p.search {
		return nil, nil
	}
	return parallel.Seeded(ctx, workers, p.regular, p.seed, nil, func(ctx context.Context, i int, r *rand.Rand) (float64, error) {
		io := exercise.IO{In: strings.NewReader(p.runs[i].input), Out: io.Discard, Errors: io.Discard}
		res, err := exercise.Run(ctx, p.name, io, r)
		if err != nil {
			return 0, err
		}
		return energy.Objective(res.Solved.GoalDepth), nil
	})
}
