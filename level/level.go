// Package level is the difficulty policy's value: a named level (easy,
// medium, hard) with its target time, its range of predicted times and,
// on each board, the moves that go with it. It imports nothing of rjm but
// fault, so that every package that hands a level on can hold it as a
// type: difficulty (which measures what a board reaches and re-exports
// these names), daily, book, web, design and store (which keeps a level as
// its name, read back through Parse, so that an unknown level in a
// database is an error and not a silent string).
package level

import (
	"database/sql/driver"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"rjm/fault"
)

// Level is a named difficulty: easy, medium or hard. A level has a
// target time for a typical player (Target), a range of predicted times
// around it (Time), and on each board the moves that go with it (Moves).
type Level int

// The levels, easiest first.
const (
	Easy Level = iota
	Medium
	Hard
)

// Names lists the levels' names, easiest first.
var Names = []string{"easy", "medium", "hard"}

// All lists the levels, easiest first.
var All = []Level{Easy, Medium, Hard}

// String returns "easy", "medium" or "hard".
func (l Level) String() string {
	if !l.Valid() {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return Names[l]
}

// Valid reports whether l is one of the levels.
func (l Level) Valid() bool { return l >= Easy && l <= Hard }

// Parse returns the level with the given name, in any case.
func Parse(s string) (Level, error) {
	if i := slices.Index(Names, strings.ToLower(strings.TrimSpace(s))); i >= 0 {
		return Level(i), nil
	}
	return 0, fault.Invalid("", "unknown level %q (want %s)", cut(s), strings.Join(Names, ", "))
}

// cut shortens s for an error message.
func cut(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// MarshalText writes the level's name; a value that is no level is an
// error.
func (l Level) MarshalText() ([]byte, error) {
	if !l.Valid() {
		return nil, fault.Invalid("", "no level %d (want %s)", int(l), strings.Join(Names, ", "))
	}
	return []byte(Names[l]), nil
}

// UnmarshalText reads a level's name (Parse).
func (l *Level) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Value stores the level as its name (database/sql/driver.Valuer).
func (l Level) Value() (driver.Value, error) {
	b, err := l.MarshalText()
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

// Scan reads a level stored as its name (database/sql.Scanner): anything
// else, NULL included, is an error naming what was read. It is no user's
// fault (fault.Is is false) but the store's: a front end answers it as
// it answers a store it cannot read.
func (l *Level) Scan(src any) error {
	var s string
	switch v := src.(type) {
	case string:
		s = v
	case []byte:
		s = string(v)
	default:
		return fmt.Errorf("a stored level is %T, not a level's name (want %s)", src, strings.Join(Names, ", "))
	}
	v, err := Parse(s)
	if err != nil {
		return fmt.Errorf("a stored level: unknown level %q (want %s)", cut(s), strings.Join(Names, ", "))
	}
	*l = v
	return nil
}

// Target returns the level's target: the predicted median time of a
// typical player — 90 seconds, 3 minutes, 6 minutes (Fisher's "Six Minute
// Mazes" are the hard ones).
func (l Level) Target() time.Duration {
	return [...]time.Duration{90 * time.Second, 3 * time.Minute, 6 * time.Minute}[max(Easy, min(l, Hard))]
}

// Span is a range of predicted median solving times of a typical player;
// Hi zero has no upper end.
type Span struct{ Lo, Hi time.Duration }

// Holds reports whether a predicted time of seconds lies in the span.
func (s Span) Holds(seconds float64) bool {
	d := time.Duration(seconds * float64(time.Second))
	return d >= s.Lo && (s.Hi == 0 || d < s.Hi)
}

// String returns "2m7s–4m15s" or "4m15s+".
func (s Span) String() string {
	if s.Hi == 0 {
		return s.Lo.String() + "+"
	}
	return s.Lo.String() + "–" + s.Hi.String()
}

// bounds are the times between the levels: the geometric means of
// neighbouring targets, rounded to the second.
var bounds = func() [2]time.Duration {
	var b [2]time.Duration
	for l := Easy; l < Hard; l++ {
		s := math.Sqrt(l.Target().Seconds() * (l + 1).Target().Seconds())
		b[l] = time.Duration(math.Round(s)) * time.Second
	}
	return b
}()

// Time returns the level's range of predicted median solving times of a
// typical player: easy below 2m7s, medium from 2m7s to 4m15s, hard from
// 4m15s.
func (l Level) Time() Span {
	switch l {
	case Easy:
		return Span{0, bounds[0]}
	case Medium:
		return Span{bounds[0], bounds[1]}
	}
	return Span{bounds[1], 0}
}

// OfTime returns the level whose Time holds a predicted median time of
// seconds: the label a maze's prediction earns (the dashboard's).
func OfTime(seconds float64) Level {
	for _, l := range []Level{Easy, Medium} {
		if l.Time().Holds(seconds) {
			return l
		}
	}
	return Hard
}

// Band is a range of lengths of the shortest solution, in moves; Max 0
// has no upper end.
type Band struct{ Min, Max int }

// Holds reports whether a maze of moves moves lies in the band.
func (b Band) Holds(moves int) bool { return moves >= b.Min && (b.Max == 0 || moves <= b.Max) }

// String returns "8–10" or "12+".
func (b Band) String() string {
	if b.Max == 0 {
		return fmt.Sprintf("%d+", b.Min)
	}
	return fmt.Sprintf("%d–%d", b.Min, b.Max)
}

// shares are the levels' lower ends as shares of a board's reach; hard
// goes on to the reach and beyond.
var shares = [...]float64{0.40, 0.55, 0.70}

// MinMoves is the fewest moves of any level's maze on a board that
// reaches MinReach or more: below it a maze is a warm-up, not a puzzle.
// MinReach is a move below the depth energy's reach where MinMoves
// begins, because a board's reach counts only unique solutions, which
// fall a move or so short of it (a 6×6 queen,torus board: 11 against 12).
const (
	MinMoves = 8
	MinReach = 11
)

// Moves returns the moves that go with the level on a board that reaches
// reach moves (difficulty.Reach): each level from its share of the reach
// (shares; easy at least MinMoves when the reach is MinReach or more) to
// the next level's, hard with no upper end. Each level is at least one
// move wide and starts above the one before, so on a board of little
// reach the levels crowd at its top; hard's lower end may then lie above
// the reach, and Fits says whether it does.
func (l Level) Moves(reach int) Band {
	cut := func(f float64) int { return int(math.Round(f * float64(reach))) }
	lo := max(1, cut(shares[0]))
	if reach >= MinReach {
		lo = max(lo, MinMoves)
	}
	for k := Easy; ; k++ {
		if k == Hard {
			return Band{lo, 0}
		}
		hi := max(lo, cut(shares[k+1]))
		if k == l {
			return Band{lo, hi}
		}
		lo = hi + 1
	}
}

// Fits reports whether a board that reaches reach moves has room for the
// level: its Moves start within the reach.
func (l Level) Fits(reach int) bool { return l.Moves(reach).Min <= reach }
