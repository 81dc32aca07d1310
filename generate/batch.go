package generate

import (
	"context"
	"fmt"

	"rjm/parallel"
	"rjm/search"
)

// Limits on one batch: the number of mazes is bounded by the time their
// search takes, not by memory (a batch streams).
const (
	MaxCount          = 10_000_000                  // mazes in one batch
	MaxBatchIteration = 1000 * search.MaxIterations // search iterations in all
)

// Batch is a request for many mazes of one recipe: maze k (from 0) is the
// one Spec generates with seed Spec.Seed+k, so every maze of a batch can
// be made again alone from its seeded ID, and the batch is the same
// whatever the number of workers.
type Batch struct {
	Spec  Spec
	Count int // the number of mazes, 1..MaxCount; zero means 1
	// Workers is the number of goroutines; zero means one per core.
	Workers int
	// Progress, if not nil, is called after each maze is emitted with the
	// number emitted and Count; never concurrently.
	Progress func(done, total int)
}

func (b Batch) count() int { return max(b.Count, 1) }

// Validate checks the batch and its recipe.
func (b Batch) Validate() error {
	if err := b.Spec.Validate(); err != nil {
		return err
	}
	n := b.count()
	switch {
	case b.Count < 0 || n > MaxCount:
		return fmt.Errorf("generate: count %d out of range 1..%d", b.Count, MaxCount)
	case b.Workers < 0:
		return fmt.Errorf("generate: %d workers", b.Workers)
	}
	if per := b.Spec.Work(); int64(per)*int64(n) > MaxBatchIteration {
		return fmt.Errorf("generate: %d mazes of %d iterations is more than %d iterations in all", n, per, int64(MaxBatchIteration))
	}
	return nil
}

// Run generates the batch on all cores and passes each maze to emit in
// order of k, as soon as it and the mazes before it are done; memory stays
// flat however many mazes are asked for. An error of emit ends the batch
// and is returned. When ctx ends, Run returns its error: the mazes emitted
// until then are complete, and no unfinished maze is emitted.
func (b Batch) Run(ctx context.Context, emit func(k int, r *Result) error) error {
	if err := b.Validate(); err != nil {
		return err
	}
	n := b.count()
	return parallel.Stream(ctx, b.Workers, n, func(ctx context.Context, k int) (*Result, error) {
		s := b.Spec
		s.Seed = b.Spec.Seed + uint64(k)
		r, err := Run(ctx, s, nil)
		if err != nil {
			return nil, err // an interrupted maze is not part of a batch
		}
		return r, nil
	}, func(k int, r *Result) error {
		if err := emit(k, r); err != nil {
			return err
		}
		if b.Progress != nil {
			b.Progress(k+1, n)
		}
		return nil
	})
}
