package difficulty_test

import (
	"context"
	"math"
	"testing"
	"time"

	"rjm/difficulty"
	"rjm/generate"
)

// Aim keeps the candidate whose prediction is nearest the target: the
// quickest for a tiny target, the slowest for a huge one, one in between
// otherwise; the same for the same seed.
func TestAim(t *testing.T) {
	ctx := context.Background()
	spec := generate.Default()
	spec.Seed, spec.Iterations = 7, 300
	specs := []generate.Spec{spec}
	spec6 := spec
	spec6.Rows, spec6.Cols = 6, 6
	specs = append(specs, spec6)
	best, all, err := difficulty.Aim(ctx, specs, 6, 2*time.Minute, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 12 {
		t.Fatalf("%d candidates, want 12", len(all))
	}
	lo, hi := math.Inf(1), 0.0
	for _, c := range all {
		if c.Estimate.Source != difficulty.FromSimulated || !(c.Estimate.Seconds > 0) {
			t.Errorf("candidate %+v", c.Estimate)
		}
		if d := math.Abs(math.Log(c.Estimate.Seconds / 120)); d < math.Abs(math.Log(best.Estimate.Seconds/120))-1e-12 &&
			c.Result.Features.Unique && c.Result.Features.BlackHoles == 0 {
			t.Errorf("candidate at %v s is nearer 120 s than the chosen %v s", c.Estimate.Seconds, best.Estimate.Seconds)
		}
		if c.Result.Features.Unique && c.Result.Features.BlackHoles == 0 {
			lo, hi = min(lo, c.Estimate.Seconds), max(hi, c.Estimate.Seconds)
		}
	}
	again, _, _ := difficulty.Aim(ctx, specs, 6, 2*time.Minute, nil)
	if a, b := again.Result.SeededID(), best.Result.SeededID(); a != b {
		t.Errorf("the same recipe aimed twice: %s, then %s", b, a)
	}
	if q, _, _ := difficulty.Aim(ctx, specs, 6, time.Second, nil); q.Estimate.Seconds != lo {
		t.Errorf("tiny target: %v s, want the quickest %v s", q.Estimate.Seconds, lo)
	}
	if s, _, _ := difficulty.Aim(ctx, specs, 6, 100*time.Hour, nil); s.Estimate.Seconds != hi {
		t.Errorf("huge target: %v s, want the slowest %v s", s.Estimate.Seconds, hi)
	}
	for _, bad := range []struct {
		n int
		d time.Duration
	}{{0, time.Minute}, {difficulty.MaxCandidates + 1, time.Minute}, {4, 0}} {
		if _, _, err := difficulty.Aim(ctx, specs, bad.n, bad.d, nil); err == nil {
			t.Errorf("%d candidates for %v: no error", bad.n, bad.d)
		}
	}
}

// The daily curve rises through the week; levels parse by name and their
// targets rise.
func TestLevels(t *testing.T) {
	want := map[time.Weekday]difficulty.Level{time.Monday: difficulty.Easy, time.Tuesday: difficulty.Easy, time.Wednesday: difficulty.Medium,
		time.Thursday: difficulty.Medium, time.Friday: difficulty.Hard, time.Saturday: difficulty.Hard, time.Sunday: difficulty.Medium}
	for d, l := range want {
		if got := difficulty.ForWeekday(d); got != l {
			t.Errorf("%v: %v, want %v", d, got, l)
		}
	}
	for i, name := range difficulty.Levels {
		l, err := difficulty.ParseLevel(" " + name + " ")
		if err != nil || int(l) != i || l.String() != name {
			t.Errorf("%q: %v, %v", name, l, err)
		}
		if i > 0 && l.Target() <= difficulty.Level(i-1).Target() {
			t.Errorf("%v's target %v is not above the level before", l, l.Target())
		}
	}
	if _, err := difficulty.ParseLevel("extreme"); err == nil {
		t.Error("extreme: no error")
	}
}

// AimLevel keeps a candidate whose moves go with the level on its board
// whenever one does, and among those the nearest the level's target.
func TestAimLevel(t *testing.T) {
	ctx := context.Background()
	spec := generate.Default()
	spec.Seed, spec.Iterations = 7, 300
	spec6 := spec
	spec6.Rows, spec6.Cols = 6, 6
	specs := []generate.Spec{spec, spec6}
	for _, l := range []difficulty.Level{difficulty.Easy, difficulty.Medium, difficulty.Hard} {
		best, all, err := difficulty.AimLevel(ctx, specs, 8, l, nil)
		if err != nil {
			t.Fatal(err)
		}
		in := func(c difficulty.Candidate) bool {
			r, err := difficulty.Reach(ctx, c.Result.Maze.Board)
			f := c.Result.Features
			return err == nil && f.Unique && f.BlackHoles == 0 && l.Moves(r).Holds(f.GoalDepth)
		}
		anyIn := false
		for _, c := range all {
			anyIn = anyIn || in(c)
		}
		if anyIn && !in(best) {
			t.Errorf("%v: kept %d moves on %d×%d, outside the level, though a candidate lay in it", l, best.Result.Features.GoalDepth, best.Result.Maze.Rows, best.Result.Maze.Cols)
		}
		if !anyIn {
			t.Logf("%v: no candidate in the level's moves", l)
		}
	}
}

// The levels' targets, as a user reads them, are the policy's.
func TestLevelTargets(t *testing.T) {
	if got, want := difficulty.LevelTargets(), "easy (1m30s), medium (3m) or hard (6m)"; got != want {
		t.Errorf("LevelTargets() = %q, want %q", got, want)
	}
}

// An aim without a board tries every one of AimSizes; with one, its own.
func TestAimSpecs(t *testing.T) {
	spec := generate.Default()
	spec.Rows, spec.Cols = 4, 3
	if got := difficulty.AimSpecs(spec, true); len(got) != 1 || got[0].Rows != 4 || got[0].Cols != 3 {
		t.Errorf("a sized aim tries %+v", got)
	}
	got := difficulty.AimSpecs(spec, false)
	if len(got) != len(difficulty.AimSizes) {
		t.Fatalf("an aim without a board tries %d boards", len(got))
	}
	for i, s := range got {
		if n := difficulty.AimSizes[i]; s.Rows != n || s.Cols != n {
			t.Errorf("board %d: %d×%d, want %d×%d", i, s.Rows, s.Cols, n, n)
		}
	}
	hard := difficulty.Hard
	if (difficulty.Goal{Level: &hard}).Time() != hard.Target() || (difficulty.Goal{Target: time.Minute}).Time() != time.Minute {
		t.Error("a goal's time is not its level's target or its own")
	}
}
