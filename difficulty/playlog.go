// The store (SQLite, PostgreSQL) does not build for js/wasm; the
// workbench's WebAssembly engine (cmd/rjmwasm) needs only the prediction,
// so what reads the store's plays is left out of that build.

//go:build !(js && wasm)

package difficulty

import (
	"context"
	"sort"

	"rjm/store"
)

// StoreLog reads what FitLog fits from the store st: its latest plays, up
// to limit of them, and its mazes of the day (maze ID → date).
func StoreLog(ctx context.Context, st store.Store, limit int) ([]store.Play, map[string]string, error) {
	plays, err := st.PlayLog(ctx, limit)
	if err != nil {
		return nil, nil, err
	}
	days, err := st.Dailies(ctx, "9999-12-31", 100_000)
	if err != nil {
		return nil, nil, err
	}
	dates := map[string]string{}
	for _, d := range days {
		dates[d.Maze] = d.Date
	}
	return plays, dates, nil
}

// FitLog fits the model to a play log (PlaysOf) with the default
// Settings, over the mazes of the day (dates: maze ID → date, may be
// nil), the latest first, then every maze played (MazesOf): as "rjm
// difficulty" does.
func FitLog(ctx context.Context, log []store.Play, dates map[string]string) (*Model, error) {
	ids := make([]string, 0, len(dates))
	for id := range dates {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(a, b int) bool { return dates[ids[a]] > dates[ids[b]] })
	plays := PlaysOf(log)
	return Fit(ctx, MazesOf(ctx, ids, plays, nil), plays, Settings{})
}

// PlaysOf returns the stored plays as the model reads them: solved
// without hints, solved with hints (assisted), or not solved — given up,
// the solution shown, the page left, or moves that do not reach the goal
// — each with its maze's shortest solution for the floor of Humanly. The
// site and the command line both read the plays through it.
func PlaysOf(log []store.Play) []Play {
	out := make([]Play, len(log))
	for i, p := range log {
		out[i] = Play{Maze: p.Maze, Player: p.Player, Seconds: p.Seconds, Shortest: p.Shortest,
			Outcome: OutcomeOf(p.Solved && p.Ending == "", p.Hints), Left: p.Ending == "left"}
	}
	return out
}
