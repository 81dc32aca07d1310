// Package parallel runs independent jobs on all cores with results that
// do not depend on scheduling: job i always gets the same slot in the
// output and, through Seeded, the same random number stream.
package parallel

import (
	"context"
	"math/rand/v2"
	"rjm/rng"
	"runtime"
	"sync"
	"sync/atomic"
)

// Map runs job for i = 0..n-1 on up to workers goroutines (zero means
// runtime.GOMAXPROCS(0)) and returns the results in order of i. done, if
// not nil, is called after every job, never concurrently. The first error
// (by the lowest i among the jobs that failed) cancels the jobs not yet
// finished and is returned; so is ctx's error when ctx ends first, in
// which case some results are zero.
func Map[T any](ctx context.Context, workers, n int, done func(), job func(ctx context.Context, i int) (T, error)) ([]T, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]T, n)
	errs := make([]error, n)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				v, err := job(ctx, i)
				if err != nil {
					errs[i] = err
					cancel()
					return
				}
				out[i] = v
				if done != nil {
					mu.Lock()
					done()
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return out, err
		}
	}
	return out, ctx.Err()
}

// Seeded is Map for random jobs: job i draws from
// rng.NewRand(rng.RunSeed(seed, i)), so its result depends on seed and i
// alone.
func Seeded[T any](ctx context.Context, workers, n int, seed uint64, done func(),
	job func(ctx context.Context, i int, rng *rand.Rand) (T, error)) ([]T, error) {
	return Map(ctx, workers, n, done, func(ctx context.Context, i int) (T, error) {
		return job(ctx, i, rng.NewRand(rng.RunSeed(seed, i)))
	})
}
