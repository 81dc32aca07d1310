// Package daily is the schedule of the Rook Jumping Maze of the Day: which
// maze each date shows, and the rule that a date's maze never changes once
// shown.
//
// Until a date's maze is stored it is a pure function of the date: its
// generation recipe (size and variant by weekday, the design paper's good
// maze search otherwise) and its seed, which is derived from the date, so
// that two fresh stores agree. Once shown it is stored, and the stored maze
// wins from then on, even when the generator improves. Future dates are
// never revealed. docs/daily.md describes the schedule.
package daily

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"rjm/generate"
	"rjm/maze"
	"rjm/store"
)

// DateLayout is the form of a date: YYYY-MM-DD.
const DateLayout = "2006-01-02"

// First is the first date with a maze of the day.
const First = "2026-11-01"

// Errors of Schedule.Get.
var (
	// ErrFuture is returned for a date after today: it is not revealed.
	ErrFuture = errors.New("daily: that date's maze is not revealed yet")
	// ErrBeforeFirst is returned for a date before First.
	ErrBeforeFirst = errors.New("daily: there is no maze of the day before " + First)
)

// Level is a day's difficulty.
type Level struct {
	// Name is "easy", "medium", "hard" or "variant".
	Name string
	// Size is the board's side.
	Size int
	// Variant is the rules (zero for the plain Rook Jumping Maze).
	Variant maze.Variant
}

// variants are the variant days' rules, in turn by week. Each plays on a
// square grid, so the player draws them like the plain maze.
var variants = []maze.Variant{{Queen: true}, {Torus: true}, {NoUTurn: true}}

// LevelOf returns the level of date: the week starts easy and ends hard,
// and Sunday plays a variant.
//
//	Monday, Tuesday     easy     5×5
//	Wednesday, Thursday medium   6×6
//	Friday, Saturday    hard     7×7
//	Sunday              variant  6×6: queen, torus, no-U-turn in turn by week
func LevelOf(date time.Time) Level {
	switch date.Weekday() {
	case time.Monday, time.Tuesday:
		return Level{Name: "easy", Size: 5}
	case time.Wednesday, time.Thursday:
		return Level{Name: "medium", Size: 6}
	case time.Friday, time.Saturday:
		return Level{Name: "hard", Size: 7}
	}
	week := date.Unix() / (7 * 24 * 3600)
	return Level{Name: "variant", Size: 6, Variant: variants[int(week)%len(variants)]}
}

// Seed returns the date's seed: the 64-bit FNV-1a hash of "rjm daily "
// and the date in DateLayout.
func Seed(date time.Time) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "rjm daily %s", date.Format(DateLayout))
	return h.Sum64()
}

// Spec returns the generation recipe of date: the design paper's good maze
// (generate.Default) at the level's size and variant, seeded by Seed.
func Spec(date time.Time) generate.Spec {
	l := LevelOf(date)
	s := generate.Default()
	s.Rows, s.Cols, s.Variant = l.Size, l.Size, l.Variant
	s.Seed = Seed(date)
	return s
}

// Generate returns date's maze as the schedule makes it, before any store
// is asked.
func Generate(ctx context.Context, date time.Time) (store.Daily, error) {
	r, err := generate.Run(ctx, Spec(date), nil)
	if err != nil {
		return store.Daily{}, fmt.Errorf("daily: %s: %w", date.Format(DateLayout), err)
	}
	id, err := r.Maze.ID()
	if err != nil {
		return store.Daily{}, fmt.Errorf("daily: %s: %w", date.Format(DateLayout), err)
	}
	return store.Daily{Date: date.Format(DateLayout), Maze: id, Recipe: r.SeededID(), Difficulty: LevelOf(date).Name}, nil
}

// ParseDate parses a date in DateLayout.
func ParseDate(s string) (time.Time, error) {
	t, err := time.Parse(DateLayout, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("daily: date %q is not of the form YYYY-MM-DD", s)
	}
	return t, nil
}

// Schedule serves the dates' mazes from a store, storing each date's maze
// the first time it is asked for.
type Schedule struct {
	Store store.Store
	// Now returns the current time; nil means time.Now. Dates are days
	// in UTC.
	Now func() time.Time
}

// Today returns today's date in UTC.
func (s *Schedule) Today() time.Time {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	t := now().UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// Get returns the maze of date (a day in UTC): the stored one, or else the
// schedule's, which it stores first. It returns ErrFuture for a date after
// today and ErrBeforeFirst for one before First.
func (s *Schedule) Get(ctx context.Context, date time.Time) (store.Daily, error) {
	if date.After(s.Today()) {
		return store.Daily{}, ErrFuture
	}
	if date.Format(DateLayout) < First {
		return store.Daily{}, ErrBeforeFirst
	}
	d, err := s.Store.Daily(ctx, date.Format(DateLayout))
	if !errors.Is(err, store.ErrNotFound) {
		return d, err
	}
	if d, err = Generate(ctx, date); err != nil {
		return d, err
	}
	return s.Store.PutDaily(ctx, d)
}
