package difficulty

import (
	"time"
)

// Part is the part of a level's moves a day asks for.
type Part int

// The parts: the whole of the level's moves, or its lower or upper half.
const (
	Whole Part = iota
	Lower
	Upper
)

// Day is the difficulty asked of one weekday's maze of the day: a level
// of the policy (Level.Moves) on the day's board, or a half of it.
type Day struct {
	// Level is the day's level.
	Level Level
	// Size is the board's side.
	Size int
	// Part is the part of the level's moves on the board the day asks
	// for.
	Part Part
}

// Moves returns the moves of the day on a board that reaches reach
// (Reach): its level's (Level.Moves), or the lower or the upper half of
// them, the halves split at the middle of the level's moves up to the
// reach (the upper half of hard has no upper end).
func (d Day) Moves(reach int) Band {
	b := d.Level.Moves(reach)
	top := b.Max
	if top == 0 {
		top = max(b.Min, reach)
	}
	mid := (b.Min + top) / 2
	switch d.Part {
	case Lower:
		return Band{Min: b.Min, Max: mid}
	case Upper:
		return Band{Min: min(mid+1, top), Max: b.Max}
	}
	return b
}

// Aim returns the moves a search for the day's maze aims at on a board
// that reaches reach (AimedSpec): the middle of its Moves, up to the
// reach, or for the upper half of hard two moves above its start, which
// the search reaches about half the time (the reach is the best of
// several searches).
func (d Day) Aim(reach int) int {
	b := d.Moves(reach)
	if d.Part == Upper && b.Max == 0 {
		return b.Min + 2
	}
	top := b.Max
	if top == 0 {
		top = max(b.Min, reach)
	}
	return (b.Min + top + 1) / 2
}

// Week is the daily curve, by weekday from Sunday: each day's level,
// board and part of the level. The week rises from Monday to Saturday,
// each day's moves above the day before's: easy Monday on 5×5 and
// Tuesday on 6×6, medium Wednesday on 6×6 and Thursday on 7×7, hard
// Friday and Saturday on 7×7 (the lower half of hard, then the upper);
// Sunday, the variant's day (package daily picks its rules), is medium on
// 6×6 — medium on the variant's own board, whose reach differs. It is the
// one table of the schedule's difficulty (package daily asks it;
// docs/daily.md states it).
var Week = [7]Day{
	time.Sunday:    {Level: Medium, Size: 6},
	time.Monday:    {Level: Easy, Size: 5},
	time.Tuesday:   {Level: Easy, Size: 6},
	time.Wednesday: {Level: Medium, Size: 6},
	time.Thursday:  {Level: Medium, Size: 7},
	time.Friday:    {Level: Hard, Size: 7, Part: Lower},
	time.Saturday:  {Level: Hard, Size: 7, Part: Upper},
}

// ForWeekday returns the level of a weekday's maze of the day (Week).
func ForWeekday(d time.Weekday) Level { return Week[d].Level }
