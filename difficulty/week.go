package difficulty

import (
	"fmt"
	"time"
)

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

// Day is the difficulty asked of one weekday's maze of the day.
type Day struct {
	// Level is the day's level.
	Level Level
	// Size is the board's side.
	Size int
	// Moves is the band the length of the day's shortest solution lies in.
	Moves Band
	// Reward asks the search for longer mazes than the design energy's:
	// 0 is the board's default recipe (generate.DefaultOn), 1 or more the
	// design energy with that reward per move (generate.DesignWithLength).
	Reward int
}

// Week is the daily curve, by weekday from Sunday: each day's level, board
// and band of the shortest solution. The week rises from Monday to
// Saturday, each day's band above the day before's: easy Monday and
// Tuesday on 5×5, medium Wednesday and Thursday on 6×6, hard Friday and
// Saturday on 7×7; Sunday, the variant's day (package daily picks its
// rules), is medium on 6×6, at least 12 moves long. It is the one table
// of the schedule's difficulty (package daily asks it; docs/daily.md
// states it).
//
// The bands were chosen from where each board's recipe falls (16 seeds,
// rjm generate --count 16 --json): design on 5×5 gives 8–12 moves, on 6×6
// 15–22 and on 7×7 20–28; with a reward of 1 a move, 7×7 gives 25–36.
var Week = [7]Day{
	time.Sunday:    {Level: Medium, Size: 6, Moves: Band{12, 0}},
	time.Monday:    {Level: Easy, Size: 5, Moves: Band{8, 10}},
	time.Tuesday:   {Level: Easy, Size: 5, Moves: Band{11, 13}},
	time.Wednesday: {Level: Medium, Size: 6, Moves: Band{14, 17}},
	time.Thursday:  {Level: Medium, Size: 6, Moves: Band{18, 21}},
	time.Friday:    {Level: Hard, Size: 7, Moves: Band{22, 26}},
	time.Saturday:  {Level: Hard, Size: 7, Moves: Band{27, 33}, Reward: 1},
}

// ForWeekday returns the level of a weekday's maze of the day (Week).
func ForWeekday(d time.Weekday) Level { return Week[d].Level }
