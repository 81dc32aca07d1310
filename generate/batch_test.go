package generate_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/maze"
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

// A batch with constraints keeps only the mazes that meet them, in seed
// order, the same with any number of workers; Distinct keeps no two
// mazes that differ in fewer than a quarter of their cells, up to turns
// and mirrors.
func TestBatchConstraints(t *testing.T) {
	spec := generate.Default()
	spec.Seed, spec.Iterations = 3, 1500
	keep := generate.Constraints{MinLength: 9, MaxLength: 12, Unique: true, NoBlackHoles: true, Distinct: true}
	var runs [][]string
	for _, w := range []int{1, 2} {
		var ids []string
		var kept []*maze.Maze
		last := uint64(0)
		err := generate.Batch{Spec: spec, Count: 15, Keep: keep, Workers: w}.Run(context.Background(), func(k int, r *generate.Result) error {
			f := r.Features
			if f.GoalDepth < 9 || f.GoalDepth > 12 || !f.Unique || f.BlackHoles > 0 {
				t.Errorf("maze %d misses the constraints: depth %d unique %v black holes %d", k, f.GoalDepth, f.Unique, f.BlackHoles)
			}
			if k != len(ids) || (k > 0 && r.Spec.Seed <= last) {
				t.Errorf("maze %d out of order (seed %d after %d)", k, r.Spec.Seed, last)
			}
			last = r.Spec.Seed
			// No two differ in fewer than a quarter of their cells, up to
			// symmetry (counted here by brute force over every image).
			for e, m := range kept {
				for _, img := range r.Maze.Symmetries() {
					diff := 0
					for i := range img.Jumps {
						if img.Jumps[i] != m.Jumps[i] || (i == img.Start) != (i == m.Start) {
							diff++
						}
					}
					if 4*diff < len(m.Jumps) {
						t.Errorf("maze %d differs from maze %d in %d cells of %d", k, e, diff, len(m.Jumps))
					}
				}
			}
			kept = append(kept, r.Maze)
			ids = append(ids, r.SeededID())
			return nil
		})
		if err != nil || len(ids) != 15 {
			t.Fatalf("workers %d: %v, %d mazes", w, err, len(ids))
		}
		runs = append(runs, ids)
	}
	if strings.Join(runs[0], " ") != strings.Join(runs[1], " ") {
		t.Errorf("workers change the batch")
	}
	// Impossible constraints end with a clear error once the seeds run out.
	err := generate.Batch{Spec: spec, Count: 2, Keep: generate.Constraints{MinLength: 30}, Seeds: 20}.Run(context.Background(),
		func(int, *generate.Result) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "only 0 of 2 mazes met the constraints in 20 seeds") {
		t.Errorf("impossible: %v", err)
	}
	if err := (generate.Batch{Spec: spec, Keep: generate.Constraints{MinLength: 5, MaxLength: 4}}).Validate(); err == nil {
		t.Error("min above max: no error")
	}
}

// The distinctness check can fail: a batch of the same seed twice is
// caught (the test of the test).
func TestDistinctCatchesRepeats(t *testing.T) {
	spec := generate.Default()
	spec.Seed, spec.Iterations = 3, 500
	r, _ := generate.Run(context.Background(), spec, nil)
	for _, img := range r.Maze.Symmetries() {
		if img.Canonical() != r.Maze.Canonical() {
			t.Fatal("an image of a maze has another key")
		}
	}
}

// A batch resumed after some of its mazes emits the rest, numbered on,
// and the whole is the uninterrupted batch, with or without constraints.
func TestBatchResume(t *testing.T) {
	spec := generate.Default()
	spec.Seed, spec.Iterations = 8, 1000
	for _, keep := range []generate.Constraints{{}, {MinLength: 9, Distinct: true}} {
		b := generate.Batch{Spec: spec, Count: 10, Keep: keep}
		var all []*generate.Result
		if err := b.Run(context.Background(), func(_ int, r *generate.Result) error { all = append(all, r); return nil }); err != nil {
			t.Fatal(err)
		}
		for _, cut := range []int{0, 4, 10} {
			got := append([]*generate.Result(nil), all[:cut]...)
			err := b.Resume(all[:cut]).Run(context.Background(), func(k int, r *generate.Result) error {
				if k != len(got) {
					t.Errorf("resumed maze numbered %d, want %d", k, len(got))
				}
				got = append(got, r)
				return nil
			})
			if err != nil || len(got) != 10 {
				t.Fatalf("cut %d: %v, %d mazes", cut, err, len(got))
			}
			for k := range got {
				if got[k].SeededID() != all[k].SeededID() {
					t.Errorf("%+v cut %d: maze %d is %s, want %s", keep, cut, k, got[k].SeededID(), all[k].SeededID())
				}
			}
		}
	}
}
