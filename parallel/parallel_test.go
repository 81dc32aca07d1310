package parallel_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

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
