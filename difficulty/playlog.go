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
