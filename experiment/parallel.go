package experiment

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"rjm/generate"
)

// RunSeed returns the seed of run i of a computation seeded with seed. It
// mixes both by SplitMix64's finalizer, so that nearby seeds and nearby
// runs give unrelated streams; run i always gets the same seed, whatever
// the goroutine that executes it.
func RunSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Parallel runs job for i = 0..n-1 on up to workers goroutines (zero means
// runtime.GOMAXPROCS(0)) and returns the results in order of i. Job i
// draws from generate.NewRand(RunSeed(seed, i)), so the results do not
// depend on scheduling. done, if not nil, is called after every job, never
// concurrently. The first error (by the lowest i among the jobs that
// failed) cancels the jobs not yet finished and is returned.
func Parallel[T any](ctx context.Context, workers, n int, seed uint64, done func(),
	job func(ctx context.Context, i int, rng *rand.Rand) (T, error)) ([]T, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	out := make([]T, n)
	errs := make([]error, n)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				v, err := job(ctx, i, generate.NewRand(RunSeed(seed, i)))
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
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return out, err
		}
	}
	// Cancelled from outside: some jobs may not have run.
	return out, ctx.Err()
}
