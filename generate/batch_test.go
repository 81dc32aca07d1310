package generate_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"rjm/generate"
)

// A batch is maze k of seed Spec.Seed+k, whatever the number of workers,
// each the maze Run makes alone from that seed.
func TestBatchDeterministic(t *testing.T) {
	spec := generate.Default()
	spec.Seed, spec.Iterations = 5, 1500
	var runs [][]string
	for _, w := range []int{1, 2, 5} {
		var ids []string
		err := generate.Batch{Spec: spec, Count: 12, Workers: w}.Run(context.Background(), func(k int, r *generate.Result) error {
			if r.Spec.Seed != spec.Seed+uint64(k) {
				t.Errorf("maze %d has seed %d", k, r.Spec.Seed)
			}
			id, _ := r.Maze.ID()
			ids = append(ids, id)
			return nil
		})
		if err != nil || len(ids) != 12 {
			t.Fatalf("workers %d: %v, %d mazes", w, err, len(ids))
		}
		runs = append(runs, ids)
	}
	for _, ids := range runs[1:] {
		if strings.Join(ids, " ") != strings.Join(runs[0], " ") {
			t.Fatalf("workers change the batch:\n%v\n%v", ids, runs[0])
		}
	}
	one := spec
	one.Seed += 7
	r, _ := generate.Run(context.Background(), one, nil)
	if id, _ := r.Maze.ID(); id != runs[0][7] {
		t.Errorf("maze 7 is %s, alone %s", runs[0][7], id)
	}
}

// Bad batches are refused before any work; an emit error ends the batch.
func TestBatchErrors(t *testing.T) {
	spec := generate.Default()
	for _, tc := range []struct {
		b    generate.Batch
		want string
	}{
		{generate.Batch{Spec: spec, Count: -1}, "count -1"},
		{generate.Batch{Spec: spec, Count: generate.MaxCount + 1}, "out of range"},
		{generate.Batch{Spec: spec, Count: 2, Workers: -1}, "workers"},
		{generate.Batch{Spec: func() generate.Spec { s := spec; s.Iterations = 100_000_000; return s }(), Count: generate.MaxCount}, "iterations in all"},
	} {
		if err := tc.b.Run(context.Background(), func(int, *generate.Result) error { return nil }); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.b.Count, err, tc.want)
		}
	}
	stop := errors.New("stop")
	spec.Iterations = 500
	n := 0
	err := generate.Batch{Spec: spec, Count: 50}.Run(context.Background(), func(k int, _ *generate.Result) error {
		if k == 3 {
			return stop
		}
		n++
		return nil
	})
	if !errors.Is(err, stop) || n != 3 {
		t.Errorf("emit error: %v after %d mazes", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (generate.Batch{Spec: spec, Count: 50}).Run(ctx, func(int, *generate.Result) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
