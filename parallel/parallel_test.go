package parallel_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"rjm/parallel"
)

// Results do not depend on the number of workers or on scheduling.
func TestParallelDeterministic(t *testing.T) {
	job := func(_ context.Context, i int, rng *rand.Rand) ([2]uint64, error) {
		return [2]uint64{uint64(i), rng.Uint64()}, nil
	}
	var want [][2]uint64
	for _, w := range []int{1, 2, 7, 0} {
		calls := 0
		got, err := parallel.Seeded(context.Background(), w, 100, 42, func() { calls++ }, job)
		if err != nil || calls != 100 {
			t.Fatalf("workers %d: %v, %d calls", w, err, calls)
		}
		if want == nil {
			want = got
		} else if !reflect.DeepEqual(got, want) {
			t.Fatalf("workers %d: different results", w)
		}
	}
	for i, r := range want {
		if r[0] != uint64(i) {
			t.Fatalf("result %d out of order", i)
		}
	}
}

func TestParallelErrors(t *testing.T) {
	boom := errors.New("boom")
	_, err := parallel.Seeded(context.Background(), 3, 50, 1, nil, func(_ context.Context, i int, _ *rand.Rand) (int, error) {
		if i == 17 {
			return 0, boom
		}
		return i, nil
	})
	if !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := parallel.Seeded(ctx, 2, 10, 1, nil, func(context.Context, int, *rand.Rand) (int, error) { return 0, nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if res, err := parallel.Seeded(context.Background(), 2, 0, 1, nil, func(context.Context, int, *rand.Rand) (int, error) { return 0, nil }); err != nil || len(res) != 0 {
		t.Errorf("no jobs: %v %v", res, err)
	}
}

// Map keeps results in order and stops at the first error.
func TestMap(t *testing.T) {
	got, err := parallel.Map(context.Background(), 3, 20, nil, func(_ context.Context, i int) (int, error) { return i * i, nil })
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != i*i {
			t.Fatalf("result %d = %d", i, v)
		}
	}
}

// Stream emits every result in order, whatever the number of workers and
// however long each job takes, and never holds more than 4 × workers
// results at once.
func TestStream(t *testing.T) {
	for _, w := range []int{1, 2, 3, 8} {
		var live, most atomic.Int64
		var got []int
		err := parallel.Stream(context.Background(), w, 500, func(_ context.Context, i int) (int, error) {
			n := live.Add(1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			if i%7 == 0 {
				time.Sleep(time.Duration(i%3) * time.Millisecond)
			}
			return i * i, nil
		}, func(i, v int) error {
			live.Add(-1)
			if v != i*i {
				t.Errorf("result %d is %d", i, v)
			}
			got = append(got, i)
			return nil
		})
		if err != nil || len(got) != 500 || !slices.IsSorted(got) {
			t.Fatalf("workers %d: %v, %d results, sorted %v", w, err, len(got), slices.IsSorted(got))
		}
		if m := most.Load(); m > int64(4*w) {
			t.Errorf("workers %d: %d results held at once, want at most %d", w, m, 4*w)
		}
	}
}

// A failing job ends the stream: nothing after it is emitted, everything
// before it is, and its error is returned; so does a failing emit.
func TestStreamError(t *testing.T) {
	boom := errors.New("boom")
	var got []int
	err := parallel.Stream(context.Background(), 2, 100, func(_ context.Context, i int) (int, error) {
		if i == 40 {
			return 0, boom
		}
		return i, nil
	}, func(i, _ int) error { got = append(got, i); return nil })
	if !errors.Is(err, boom) || len(got) != 40 || got[39] != 39 {
		t.Errorf("err %v, %d emitted", err, len(got))
	}
	stop := errors.New("stop")
	got = got[:0]
	err = parallel.Stream(context.Background(), 2, 100, func(_ context.Context, i int) (int, error) { return i, nil },
		func(i, _ int) error {
			if i == 10 {
				return stop
			}
			got = append(got, i)
			return nil
		})
	if !errors.Is(err, stop) || len(got) != 10 {
		t.Errorf("emit error: err %v, %d emitted", err, len(got))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := parallel.Stream(ctx, 2, 100, func(ctx context.Context, i int) (int, error) { return i, ctx.Err() },
		func(int, int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
