package difficulty_test

import (
	"context"
	"testing"
	"time"

	"rjm/difficulty"
	"rjm/maze"
)

// Each level's time holds its target and the levels' times meet without a
// gap: every predicted time has one level.
func TestLevelTimes(t *testing.T) {
	for _, l := range []difficulty.Level{difficulty.Easy, difficulty.Medium, difficulty.Hard} {
		if !l.Time().Holds(l.Target().Seconds()) {
			t.Errorf("%v's time %v does not hold its target %v", l, l.Time(), l.Target())
		}
		if got := difficulty.LevelOfTime(l.Target().Seconds()); got != l {
			t.Errorf("%v's target is labelled %v", l, got)
		}
		if l > difficulty.Easy && l.Time().Lo != (l-1).Time().Hi {
			t.Errorf("%v starts at %v, %v ends at %v", l, l.Time().Lo, l-1, (l - 1).Time().Hi)
		}
	}
	for s := 1.0; s < 3600; s *= 1.1 {
		if l := difficulty.LevelOfTime(s); !l.Time().Holds(s) {
			t.Errorf("%.0f s is labelled %v, whose time is %v", s, l, l.Time())
		}
	}
}

// On every reach the levels' moves rise without a gap or an overlap, easy
// starts at 40% of the reach (at least MinMoves from MinReach on), and
// LevelOnBoard names the level whose moves hold a length.
func TestLevelMoves(t *testing.T) {
	for reach := 1; reach <= 80; reach++ {
		e, m, h := difficulty.Easy.Moves(reach), difficulty.Medium.Moves(reach), difficulty.Hard.Moves(reach)
		if e.Min > e.Max || m.Min != e.Max+1 || m.Min > m.Max || h.Min != m.Max+1 || h.Max != 0 {
			t.Errorf("reach %d: easy %v, medium %v, hard %v", reach, e, m, h)
		}
		if reach >= difficulty.MinReach && e.Min < difficulty.MinMoves {
			t.Errorf("reach %d: easy starts at %d moves", reach, e.Min)
		}
		want := max(1, int(0.4*float64(reach)+0.5))
		if reach >= difficulty.MinReach {
			want = max(want, difficulty.MinMoves)
		}
		if e.Min != want {
			t.Errorf("reach %d: easy starts at %d, want %d", reach, e.Min, want)
		}
		if !difficulty.Easy.Fits(reach) {
			t.Errorf("reach %d: no room for easy", reach)
		}
		for moves := 1; moves <= reach+5; moves++ {
			l := difficulty.LevelOnBoard(moves, reach)
			if !l.Moves(reach).Holds(moves) && moves >= e.Min {
				t.Errorf("reach %d: %d moves labelled %v (%v)", reach, moves, l, l.Moves(reach))
			}
		}
	}
	// A board that reaches 30 moves: 12–17, 18–21, 22+.
	for l, want := range map[difficulty.Level]difficulty.Band{difficulty.Easy: {Min: 12, Max: 17}, difficulty.Medium: {Min: 18, Max: 21}, difficulty.Hard: {Min: 22}} {
		if got := l.Moves(30); got != want {
			t.Errorf("%v on a reach of 30: %v, want %v", l, got, want)
		}
	}
}

// The table's boards answer from the table; a board it does not hold is
// measured, and the measure is the best good maze of ReachSpec's seeds.
func TestReach(t *testing.T) {
	ctx := context.Background()
	plain, err := difficulty.Reach(ctx, maze.Board{Rows: 5, Cols: 5})
	if err != nil || plain < 15 || plain > 25 {
		t.Fatalf("5×5: reach %d, %v", plain, err)
	}
	b := maze.Board{Rows: 3, Cols: 4, Variant: maze.Variant{Torus: true}}
	got, err := difficulty.Reach(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	want, err := difficulty.MeasureReach(ctx, b)
	if err != nil || got != want || got < 2 {
		t.Errorf("3×4 torus: Reach %d, MeasureReach %d, %v", got, want, err)
	}
	if got, _ := difficulty.Reach(ctx, b); got != want {
		t.Errorf("3×4 torus asked again: %d, want %d", got, want)
	}
}

// Every day of the week asks for moves inside its level on its board, and
// from Monday to Saturday each day's moves lie above the day before's.
func TestWeekInsideItsLevels(t *testing.T) {
	ctx := context.Background()
	prev := difficulty.Band{}
	for d := time.Monday; d <= time.Saturday+1; d++ {
		day := difficulty.Week[d%7]
		r, err := difficulty.Reach(ctx, maze.Board{Rows: day.Size, Cols: day.Size})
		if err != nil {
			t.Fatal(err)
		}
		moves, level := day.Moves(r), day.Level.Moves(r)
		if moves.Min < level.Min || level.Max != 0 && (moves.Max == 0 || moves.Max > level.Max) || moves.Max != 0 && moves.Min > moves.Max {
			t.Errorf("%v: %v moves, outside %v's %v on %d×%d", d%7, moves, day.Level, level, day.Size, day.Size)
		}
		if a := day.Aim(r); !moves.Holds(a) {
			t.Errorf("%v aims at %d moves, outside its %v", d%7, a, moves)
		}
		if d%7 != time.Sunday {
			if prev.Max != 0 && moves.Min <= prev.Max {
				t.Errorf("%v: %v moves, not above the day before's %v", d%7, moves, prev)
			}
			prev = moves
		}
	}
}
