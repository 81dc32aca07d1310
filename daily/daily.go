// Package daily is the schedule of the Rook Jumping Maze of the Day: which
// maze each date shows, and the rule that a date's maze never changes once
// shown.
//
// Until a date's maze is stored it is a pure function of the date: its
// generation recipe (size, variant and a band of the shortest solution's
// length by weekday: LevelOf, from difficulty.Week) and its seeds, which are derived from the
// date, so that two fresh stores agree. Once shown it is stored, and the stored maze
// wins from then on, even when the generator improves. Future dates are
// never revealed. docs/daily.md describes the schedule.
package daily

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"rjm/difficulty"
	"rjm/fault"
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
	// ErrFuture is returned for a date after Newest (today nowhere yet):
	// it is not revealed.
	ErrFuture error = &fault.Error{Kind: fault.ErrNotFound, Err: errors.New("that date's maze is not revealed yet: it is not today in any time zone")}
	// ErrBeforeFirst is returned for a date before First.
	ErrBeforeFirst error = &fault.Error{Kind: fault.ErrNotFound, Err: errors.New("there is no maze of the day before " + First)}
)

// Level is a day's difficulty and rules: difficulty.Week's day, with the
// variant of the day's rules and the moves the policy asks of its board.
type Level struct {
	// Level is the day's level of the difficulty policy (Sunday's too:
	// medium, on the variant's board): the one level of the day's maze,
	// stored with it and shown everywhere.
	Level difficulty.Level
	// Size is the board's side.
	Size int
	// Variant is the rules (zero for the plain Rook Jumping Maze).
	Variant maze.Variant
	// Moves is the band the length of the day's shortest solution lies
	// in: difficulty.Day.Moves of the board's reach.
	Moves Band
	// Aim is the length the day's search aims at (difficulty.Day.Aim).
	Aim int
	// Reach is what the day's board reaches (difficulty.Reach).
	Reach int
}

// Band is a range of lengths of the shortest solution, in moves
// (difficulty.Band).
type Band = difficulty.Band

// Variants are the variant days' rules, in turn by week. Each plays on a
// square grid, so the player draws them like the plain maze.
var Variants = []maze.Variant{{Queen: true}, {Torus: true}, {NoUTurn: true}}

// LevelOf returns the level of date: difficulty.Week's day, whose level
// asks for its moves on the day's board (difficulty.Level.Moves of
// difficulty.Reach, a table for every board the week plays on). The week
// starts easy and ends hard, and Sunday plays a variant at medium.
//
//	Monday     easy     5×5     8–11 moves
//	Tuesday    easy     6×6     12–17
//	Wednesday  medium   6×6     18–22
//	Thursday   medium   7×7     25–30
//	Friday     hard     7×7     31–37
//	Saturday   hard     7×7     38+
//	Sunday     medium   6×6     medium on queen (15–18), torus (11–13), no-U-turn (26–32) in turn by week
func LevelOf(date time.Time) Level {
	day := difficulty.Week[date.Weekday()]
	l := Level{Level: day.Level, Size: day.Size}
	if date.Weekday() == time.Sunday {
		week := date.Unix() / (7 * 24 * 3600)
		l.Variant = Variants[int(week)%len(Variants)]
	}
	// Every board of the week is in the reach table: no search here.
	l.Reach, _ = difficulty.Reach(context.Background(), l.Board())
	l.Moves, l.Aim = day.Moves(l.Reach), day.Aim(l.Reach)
	return l
}

// Board returns the level's board.
func (l Level) Board() maze.Board { return maze.Board{Rows: l.Size, Cols: l.Size, Variant: l.Variant} }

// Seed returns the date's seed: the 64-bit FNV-1a hash of "rjm daily "
// and the date in DateLayout.
func Seed(date time.Time) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "rjm daily %s", date.Format(DateLayout))
	return h.Sum64()
}

// Spec returns the generation recipe of date, its first try: the board's
// default recipe (generate.DefaultOn) at the level's size and variant,
// aimed at the level's length (difficulty.AimedSpec), seeded by Seed.
func Spec(date time.Time) generate.Spec {
	l := LevelOf(date)
	b := l.Board()
	s := difficulty.AimedSpec(generate.DefaultOn(b), l.Size*l.Size, l.Aim)
	s.Seed = Seed(date)
	return s
}

// MaxTries bounds the seeds Generate tries for a date: Seed(date),
// Seed(date)+1, ...
const MaxTries = 64

// Generate returns date's maze as the schedule makes it, before any store
// is asked: the first of Spec(date)'s seeds, from Seed(date) on, whose
// maze has a unique shortest solution, no black holes and a length in the
// level's band; if none of MaxTries does, the good maze nearest the band.
// Its recipe is the seeded ID of the seed kept.
func Generate(ctx context.Context, date time.Time) (store.Daily, error) {
	l, spec := LevelOf(date), Spec(date)
	var best *generate.Result
	off := func(r *generate.Result) int {
		f := r.Features
		switch {
		case !f.Unique || f.BlackHoles > 0:
			return 1 << 20
		case f.GoalDepth < l.Moves.Min:
			return l.Moves.Min - f.GoalDepth
		case !l.Moves.Holds(f.GoalDepth):
			return f.GoalDepth - l.Moves.Max
		}
		return 0
	}
	for k := range MaxTries {
		s := spec
		s.Seed += uint64(k)
		r, err := generate.Run(ctx, s, nil)
		if err != nil {
			return store.Daily{}, fmt.Errorf("the maze of %s: %w", date.Format(DateLayout), err)
		}
		if best == nil || off(r) < off(best) {
			best = r
		}
		if off(r) == 0 {
			break
		}
	}
	id, err := best.Maze.ID()
	if err != nil {
		return store.Daily{}, fmt.Errorf("the ID of the maze of %s: %w", date.Format(DateLayout), err)
	}
	return store.Daily{Date: date.Format(DateLayout), Maze: id, Recipe: best.SeededID(), Difficulty: l.Level.String()}, nil
}

// ParseDate parses a date in DateLayout.
func ParseDate(s string) (time.Time, error) {
	t, err := time.Parse(DateLayout, s)
	if err != nil {
		return time.Time{}, fault.Invalid("", "date %q is not of the form YYYY-MM-DD", s)
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

// Ahead is how far the earliest time zone is ahead of UTC (UTC+14, the
// Line Islands): a player's day is the date where the player is, so a date
// is served from the moment it is today there, 14 hours before it is
// today in UTC. (The latest zone, UTC−12, keeps a date 12 hours after
// UTC's; past dates are all served.)
const Ahead = 14 * time.Hour

// Behind is how far the latest time zone is behind UTC (UTC−12).
const Behind = 12 * time.Hour

// ParseOffset reads a UTC offset as a player's clock has it: a sign, the
// hours and, optionally, a colon and the minutes ("+14:00", "-11",
// "+05:45"), from −12:00 (Behind) to +14:00 (Ahead), the offsets time
// zones have.
func ParseOffset(s string) (time.Duration, error) {
	bad := fault.Invalid("", "offset %.20q is not a UTC offset from -12:00 to +14:00 (such as +05:30)", s)
	if len(s) < 2 || s[0] != '+' && s[0] != '-' {
		return 0, bad
	}
	hh, mm, colon := s[1:], "00", false
	if i := strings.IndexByte(hh, ':'); i >= 0 {
		hh, mm, colon = hh[:i], hh[i+1:], true
	}
	digits := func(x string) (int, bool) {
		if len(x) < 1 || len(x) > 2 {
			return 0, false
		}
		n := 0
		for _, c := range x {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = 10*n + int(c-'0')
		}
		return n, true
	}
	h, okH := digits(hh)
	m, okM := digits(mm)
	if !okH || !okM || m >= 60 || colon && len(mm) != 2 {
		return 0, bad
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute
	if s[0] == '-' {
		d = -d
	}
	if d > Ahead || d < -Behind {
		return 0, bad
	}
	return d, nil
}

func (s *Schedule) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func dateOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// Today returns today's date in UTC.
func (s *Schedule) Today() time.Time { return dateOf(s.now()) }

// TodayAt returns today's date at the UTC offset (see ParseOffset): the
// date of a player whose clock is that far from UTC.
func (s *Schedule) TodayAt(offset time.Duration) time.Time { return dateOf(s.now().Add(offset)) }

// Newest returns the newest date that is today somewhere: today in
// UTC+14 (Ahead). No later date is served.
func (s *Schedule) Newest() time.Time { return dateOf(s.now().Add(Ahead)) }

// Get returns the maze of date (a day in UTC): the stored one, or else the
// schedule's, which it stores first. It returns ErrFuture for a date after
// Newest and ErrBeforeFirst for one before First.
func (s *Schedule) Get(ctx context.Context, date time.Time) (store.Daily, error) {
	if date.After(s.Newest()) {
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
