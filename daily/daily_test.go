package daily_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"rjm/daily"
	"rjm/difficulty"
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
	// Sunday's level is a level (medium), on its variant's board.
	want := []difficulty.Level{difficulty.Easy, difficulty.Easy, difficulty.Medium, difficulty.Medium, difficulty.Hard, difficulty.Hard, difficulty.Medium}
	prev := 0
	for i, w := range want {
		l := daily.LevelOf(date(t, "2026-11-23").AddDate(0, 0, i))
		sunday := i == 6
		if l.Level != w || (!sunday && l.Size < prev) {
			t.Errorf("day %d: level %+v, want %s and size at least %d", i, l, w, prev)
		}
		if (l.Variant != maze.Variant{}) != sunday {
			t.Errorf("day %d: variant %v on day %d", i, l.Variant, i)
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
	want := daily.Spec(d)
	tries := spec.Seed - want.Seed
	spec.Seed = want.Seed
	if err != nil || spec.String() != want.String() || tries >= daily.MaxTries {
		t.Errorf("recipe %q parses to %+v (%v), want the date's spec with one of its seeds", a.Recipe, spec, err)
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
	// 09:59 UTC: 23:59 in UTC+14, the earliest time zone.
	s := &daily.Schedule{Store: st, Now: func() time.Time { return date(t, "2026-11-23").Add(9*time.Hour + 59*time.Minute) }}
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

// A date is served while it is today somewhere: from 00:00 in UTC+14
// (10:00 UTC the day before) on, and refused a minute before; UTC's
// yesterday stays served (it is today in UTC−12 until 12:00 UTC).
func TestDatesTodaySomewhere(t *testing.T) {
	for _, c := range []struct {
		now           string
		today, newest string
	}{
		{"2026-11-23T09:59:00Z", "2026-11-23", "2026-11-23"},
		{"2026-11-23T10:00:00Z", "2026-11-23", "2026-11-24"},
		{"2026-11-23T23:59:00Z", "2026-11-23", "2026-11-24"},
		{"2026-11-24T00:00:00Z", "2026-11-24", "2026-11-24"},
	} {
		at, err := time.Parse(time.RFC3339, c.now)
		if err != nil {
			t.Fatal(err)
		}
		s := &daily.Schedule{Now: func() time.Time { return at }}
		if got := s.Today().Format(daily.DateLayout); got != c.today {
			t.Errorf("at %s Today is %s, want %s", c.now, got, c.today)
		}
		if got := s.Newest().Format(daily.DateLayout); got != c.newest {
			t.Errorf("at %s Newest is %s, want %s", c.now, got, c.newest)
		}
		// Newest is today in the earliest zone, and no zone is ahead of it.
		kiritimati := at.In(time.FixedZone("UTC+14", 14*3600)).Format(daily.DateLayout)
		if got := s.Newest().Format(daily.DateLayout); got != kiritimati {
			t.Errorf("at %s Newest is %s, but it is %s in UTC+14", c.now, got, kiritimati)
		}
	}
}

func TestParseDate(t *testing.T) {
	for _, s := range []string{"", "2026-1-2", "2026-02-30", "26-11-23", "2026-11-23T00:00:00Z", "tomorrow"} {
		if _, err := daily.ParseDate(s); err == nil {
			t.Errorf("ParseDate(%q) accepted", s)
		}
	}
}

// Over two years of dates the curve rises from Monday to Saturday, each
// day's band above the day before's and inside its level's moves on its
// board, no band starts under 8 moves, and Sunday's variant (a different
// one each week) asks for medium's moves on its board, as docs/daily.md
// says.
func TestCurveOverTwoYears(t *testing.T) {
	first := date(t, daily.First)
	for day := first; day.Before(first.AddDate(2, 0, 0)); day = day.AddDate(0, 0, 1) {
		l := daily.LevelOf(day)
		if l.Moves.Min < 8 || (l.Moves.Max != 0 && l.Moves.Max < l.Moves.Min) {
			t.Fatalf("%s: band %v", day.Format(daily.DateLayout), l.Moves)
		}
		if lm := l.Level.Moves(l.Reach); l.Moves.Min < lm.Min || lm.Max != 0 && (l.Moves.Max == 0 || l.Moves.Max > lm.Max) {
			t.Errorf("%s: band %v outside %v's %v on its board", day.Format(daily.DateLayout), l.Moves, l.Level, lm)
		}
		switch day.Weekday() {
		case time.Sunday:
			if l.Level != difficulty.Medium || l.Variant == (maze.Variant{}) || l.Variant == daily.LevelOf(day.AddDate(0, 0, 7)).Variant {
				t.Errorf("%s: Sunday plays %v in %v", day.Format(daily.DateLayout), l.Variant, l.Moves)
			}
		case time.Monday:
		default:
			if prev := daily.LevelOf(day.AddDate(0, 0, -1)); l.Moves.Min <= prev.Moves.Max || l.Size < prev.Size {
				t.Errorf("%s: band %v on %d×%d does not rise above the day before's %v on %d×%d", day.Format(daily.DateLayout), l.Moves, l.Size, l.Size, prev.Moves, prev.Size, prev.Size)
			}
		}
	}
}

// checkDays generates the mazes of days dates from first: each lies in
// its band, is unique and at least 8 moves long, and its recipe makes it
// again; it returns the lengths by weekday.
func checkDays(t *testing.T, first time.Time, days int) map[time.Weekday][]int {
	ctx := context.Background()
	moves := map[time.Weekday][]int{}
	for i := range days {
		day := first.AddDate(0, 0, i)
		d, err := daily.Generate(ctx, day)
		if err != nil {
			t.Fatal(err)
		}
		spec, err := generate.ParseSpec(d.Recipe, generate.Spec{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := generate.Run(ctx, spec, nil)
		if err != nil {
			t.Fatal(err)
		}
		id, _ := r.Maze.ID()
		f, l := r.Features, daily.LevelOf(day)
		if id != d.Maze || !l.Moves.Holds(f.GoalDepth) || f.GoalDepth < 8 || !f.Unique || f.BlackHoles > 0 {
			t.Errorf("%s (%s): %s makes %s, %d moves (band %v), unique %v, black holes %d", d.Date, day.Weekday(), d.Recipe, id, f.GoalDepth, l.Moves, f.Unique, f.BlackHoles)
		}
		// The maze lies in its day's named level on its own board (the
		// policy's moves; Sunday's variant at medium, as the docs say).
		if got := difficulty.LevelOnBoard(f.GoalDepth, l.Reach); got != l.Level || d.Difficulty != l.Level.String() {
			t.Errorf("%s (%s): %d moves on %v (reach %d) is %v, the day's level is %v (%s)", d.Date, day.Weekday(), f.GoalDepth, l.Variant, l.Reach, got, l.Level, d.Difficulty)
		}
		moves[day.Weekday()] = append(moves[day.Weekday()], f.GoalDepth)
	}
	return moves
}

// A week of mazes lies in the curve's bands, each in its named level.
func TestAWeekFollowsTheCurve(t *testing.T) {
	checkDays(t, date(t, "2026-11-23"), 7)
}

// Eight weeks of mazes, each in its day's band and named level on its
// board, Sunday's three variants twice and more (skipped with -short).
func TestEightWeeksInTheirLevels(t *testing.T) {
	if testing.Short() {
		t.Skip("eight weeks of mazes: seconds")
	}
	checkDays(t, date(t, "2026-11-30"), 56)
}

// Two years of mazes lie in the curve's bands, and the median length
// rises from Monday to Saturday (RJM_LONG=1: minutes).
func TestTwoYearsFollowTheCurve(t *testing.T) {
	if os.Getenv("RJM_LONG") == "" {
		t.Skip("set RJM_LONG=1 to generate two years of mazes")
	}
	first := date(t, daily.First)
	moves := checkDays(t, first, int(first.AddDate(2, 0, 0).Sub(first).Hours()/24))
	median := func(d time.Weekday) int { m := slices.Sorted(slices.Values(moves[d])); return m[len(m)/2] }
	for d := time.Tuesday; d <= time.Saturday; d++ {
		if median(d) <= median(d-1) {
			t.Errorf("%s's median %d is not above %s's %d", d, median(d), d-1, median(d-1))
		}
	}
	for d := time.Sunday; d <= time.Saturday; d++ {
		t.Logf("%s: median %d, %d–%d", d, median(d), slices.Min(moves[d]), slices.Max(moves[d]))
	}
}

// TestParseOffset reads the UTC offsets time zones have and refuses the
// rest in rjm's words.
func TestParseOffset(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"+14:00", 14 * time.Hour, true},
		{"+14", 14 * time.Hour, true},
		{"-11:00", -11 * time.Hour, true},
		{"-12", -12 * time.Hour, true},
		{"+05:45", 5*time.Hour + 45*time.Minute, true},
		{"-03:30", -(3*time.Hour + 30*time.Minute), true},
		{"+0", 0, true},
		{"-00:00", 0, true},
		{"+14:01", 0, false},
		{"-12:30", 0, false},
		{"+15", 0, false},
		{"14:00", 0, false},
		{"+5:3", 0, false},
		{"+05:60", 0, false},
		{"+", 0, false},
		{"", 0, false},
		{"+1a", 0, false},
		{"+123", 0, false},
		{"+01:00:00", 0, false},
		{"++1", 0, false},
	} {
		got, err := daily.ParseOffset(c.in)
		if c.ok && (err != nil || got != c.want) || !c.ok && err == nil {
			t.Errorf("ParseOffset(%q) = %v, %v; want %v (ok %v)", c.in, got, err, c.want, c.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "not a UTC offset") {
			t.Errorf("ParseOffset(%q): %v", c.in, err)
		}
	}
}

// FuzzParseOffset checks that any text is read as an offset within the
// zones' range, or refused, never a panic.
func FuzzParseOffset(f *testing.F) {
	for _, s := range []string{"+14:00", "-11", "+05:45", "", "+99:99", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := daily.ParseOffset(s)
		if err == nil && (d > daily.Ahead || d < -daily.Behind) {
			t.Errorf("ParseOffset(%q) = %v, beyond the zones", s, d)
		}
	})
}

// TestTodayAt gives the date east and west of UTC: at 12:00 UTC on
// 2026-11-28 it is 2026-11-29 in Kiritimati (+14) and 2026-11-28 in Pago
// Pago (−11); at 05:00 UTC, 2026-11-28 and 2026-11-27.
func TestTodayAt(t *testing.T) {
	for _, c := range []struct {
		utc    time.Time
		offset time.Duration
		want   string
	}{
		{time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC), 14 * time.Hour, "2026-11-29"},
		{time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC), -11 * time.Hour, "2026-11-28"},
		{time.Date(2026, 11, 28, 5, 0, 0, 0, time.UTC), 14 * time.Hour, "2026-11-28"},
		{time.Date(2026, 11, 28, 5, 0, 0, 0, time.UTC), -11 * time.Hour, "2026-11-27"},
	} {
		s := daily.Schedule{Now: func() time.Time { return c.utc }}
		if got := s.TodayAt(c.offset).Format(daily.DateLayout); got != c.want {
			t.Errorf("at %v, offset %v: %s, want %s", c.utc, c.offset, got, c.want)
		}
	}
}
