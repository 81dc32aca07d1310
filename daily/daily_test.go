package daily_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"rjm/daily"
	"rjm/generate"
	"rjm/maze"
	"rjm/store"
)

func date(t *testing.T, s string) time.Time {
	t.Helper()
	d, err := daily.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func open(t *testing.T) store.Store {
	s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "rjm.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestWeekGetsHarder(t *testing.T) {
	// 2026-11-23 is a Monday.
	want := []string{"easy", "easy", "medium", "medium", "hard", "hard", "variant"}
	prev := 0
	for i, w := range want {
		l := daily.LevelOf(date(t, "2026-11-23").AddDate(0, 0, i))
		if l.Name != w || (w != "variant" && l.Size < prev) {
			t.Errorf("day %d: level %+v, want %s and size at least %d", i, l, w, prev)
		}
		if (l.Variant != maze.Variant{}) != (w == "variant") {
			t.Errorf("day %d: variant %v on a %s day", i, l.Variant, w)
		}
		prev = l.Size
	}
	if a, b := daily.LevelOf(date(t, "2026-11-29")), daily.LevelOf(date(t, "2026-12-06")); a.Variant == b.Variant {
		t.Errorf("two Sundays in a row play the same variant %v", a.Variant)
	}
}

func TestAMazeIsAPureFunctionOfTheDate(t *testing.T) {
	ctx := context.Background()
	d := date(t, "2026-11-25")
	a, err := daily.Generate(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	b, err := daily.Generate(ctx, d)
	if err != nil || a != b {
		t.Fatalf("two generations of one date: %+v and %+v (%v)", a, b, err)
	}
	c, err := daily.Generate(ctx, d.AddDate(0, 0, 7))
	if err != nil || c.Maze == a.Maze {
		t.Errorf("a week later the same maze %s (%v)", c.Maze, err)
	}
	spec, err := generate.ParseSpec(a.Recipe, generate.Spec{})
	if err != nil || spec.String() != daily.Spec(d).String() {
		t.Errorf("recipe %q parses to %+v (%v), want the date's spec", a.Recipe, spec, err)
	}
	m, err := maze.ParseID(a.Maze)
	if err != nil || m.Rows != 6 {
		t.Errorf("Wednesday's maze %s: %v; want 6×6", a.Maze, err)
	}
}

func TestTwoFreshStoresAgree(t *testing.T) {
	ctx := context.Background()
	now := func() time.Time { return date(t, "2026-11-29").Add(15 * time.Hour) }
	a := &daily.Schedule{Store: open(t), Now: now}
	b := &daily.Schedule{Store: open(t), Now: now}
	x, err := a.Get(ctx, date(t, "2026-11-29"))
	if err != nil {
		t.Fatal(err)
	}
	y, err := b.Get(ctx, date(t, "2026-11-29"))
	if err != nil || x != y {
		t.Errorf("fresh stores disagree: %+v and %+v (%v)", x, y, err)
	}
}

func TestAStoredMazeNeverChanges(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	old := store.Daily{Date: "2026-11-23", Maze: "3x3:212101210", Recipe: "3x3#1", Difficulty: "easy"}
	if _, err := st.PutDaily(ctx, old); err != nil {
		t.Fatal(err)
	}
	s := &daily.Schedule{Store: st, Now: func() time.Time { return date(t, "2026-11-24") }}
	got, err := s.Get(ctx, date(t, "2026-11-23"))
	if err != nil || got != old {
		t.Errorf("Get = %+v, %v; want the stored %+v", got, err, old)
	}
}

func TestFutureDatesAreNeverRevealed(t *testing.T) {
	ctx := context.Background()
	st := open(t)
	s := &daily.Schedule{Store: st, Now: func() time.Time { return date(t, "2026-11-23").Add(23*time.Hour + 59*time.Minute) }}
	if _, err := s.Get(ctx, date(t, "2026-11-23")); err != nil {
		t.Errorf("today: %v", err)
	}
	if _, err := s.Get(ctx, date(t, "2026-11-24")); !errors.Is(err, daily.ErrFuture) {
		t.Errorf("tomorrow: err %v, want ErrFuture", err)
	}
	if _, err := s.Get(ctx, date(t, "2020-01-01")); !errors.Is(err, daily.ErrBeforeFirst) {
		t.Errorf("2020-01-01: err %v, want ErrBeforeFirst", err)
	}
	if _, err := st.Daily(ctx, "2026-11-24"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("tomorrow was stored: %v", err)
	}
}

func TestParseDate(t *testing.T) {
	for _, s := range []string{"", "2026-1-2", "2026-02-30", "26-11-23", "2026-11-23T00:00:00Z", "tomorrow"} {
		if _, err := daily.ParseDate(s); err == nil {
			t.Errorf("ParseDate(%q) accepted", s)
		}
	}
}
