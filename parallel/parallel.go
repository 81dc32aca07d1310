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

// Stream runs job for i = 0..n-1 on up to workers goroutines (zero means
// runtime.GOMAXPROCS(0)) and passes each result to emit in order of i, as
// soon as it and every result before it are done; emit is never called
// concurrently, and it runs on the caller's goroutine. Memory stays
// bounded whatever n: a job starts only when fewer than 4 × workers
// results are running or waiting for their turn.
//
// The first failure ends the stream: emit's error, or a job's error (the
// job of the lowest i among those that failed), cancels the jobs not yet
// finished and is returned, and no result after it is emitted; when ctx
// ends first, its error is returned. Results emitted before stay emitted.
func Stream[T any](ctx context.Context, workers, n int, job func(ctx context.Context, i int) (T, error), emit func(i int, v T) error) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		i   int
		v   T
		err error
	}
	window := 4 * workers
	// A token is taken before a job starts and given back when its result
	// is emitted, so at most window results exist at once and the
	// results channel never fills.
	tokens := make(chan struct{}, window)
	results := make(chan result, window)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for {
				select {
				case tokens <- struct{}{}:
				case <-ctx.Done():
					return
				}
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				v, err := job(ctx, i)
				results <- result{i, v, err}
				if err != nil {
					return
				}
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	pending := make(map[int]T, window)
	emitted, failedAt := 0, n
	var failure error
	for r := range results {
		if r.err != nil {
			if r.i < failedAt {
				failedAt, failure = r.i, r.err
			}
			cancel()
			continue
		}
		pending[r.i] = r.v
		for emitted < failedAt {
			v, ok := pending[emitted]
			if !ok {
				break
			}
			delete(pending, emitted)
			if err := emit(emitted, v); err != nil {
				failedAt, failure = emitted, err
				cancel()
				break
			}
			emitted++
			<-tokens
		}
	}
	if failure != nil && failedAt < n {
		return failure
	}
	return ctx.Err()
}
