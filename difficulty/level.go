package difficulty

import "rjm/level"

// The policy's value lives in package level, a leaf that store and every
// front end can import; these names keep difficulty's callers as they
// were (see level.Level).
type (
	// Level is level.Level: easy, medium or hard.
	Level = level.Level
	// Span is level.Span, a range of predicted times.
	Span = level.Span
	// Band is level.Band, a range of moves.
	Band = level.Band
)

// The levels, easiest first.
const (
	Easy   = level.Easy
	Medium = level.Medium
	Hard   = level.Hard
)

// MinMoves and MinReach are level.MinMoves and level.MinReach.
const (
	MinMoves = level.MinMoves
	MinReach = level.MinReach
)

// Levels lists the levels' names, easiest first (level.Names).
var Levels = level.Names

// ParseLevel returns the level with the given name, in any case
// (level.Parse).
func ParseLevel(s string) (Level, error) { return level.Parse(s) }

// LevelOfTime returns the level whose Time holds a predicted median time
// of seconds (level.OfTime).
func LevelOfTime(seconds float64) Level { return level.OfTime(seconds) }
