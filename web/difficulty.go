package web

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"sync"
	"time"

	"rjm/daily"
	"rjm/difficulty"
	"rjm/maze"
	"rjm/store"
)

// ModelPlays bounds the plays the difficulty model is fitted from: the
// latest ModelPlays of them.
const ModelPlays = 100_000

// modelCache is the last difficulty model fitted: refitted at most once
// per new play or per DashboardMaxAge (the dashboard's own bound), by one
// request at a time, from the last fit (so that a play more costs a few
// iterations), and never sooner after the last fit than refitGap times
// what it took (so that plays streaming in spend at most a tenth of a
// core on it); shared by the dashboard and /api/difficulty so that both
// show the same estimates.
type modelCache struct {
	mu    sync.Mutex
	model *difficulty.Model
	// dates names the mazes of the day fitted, by maze ID.
	dates map[string]string
	made  time.Time
	took  time.Duration
	plays int64
	today string
}

// refitGap is how many times the last fit's duration must pass before a
// new play refits the model.
const refitGap = 10

// difficultyModel returns the model of the plays so far over the mazes of
// the day shown up to today (their design features and simulated novices)
// and every maze played.
func (s *server) difficultyModel(ctx context.Context) (*difficulty.Model, map[string]string, error) {
	c := &s.model
	c.mu.Lock()
	defer c.mu.Unlock()
	today := s.sched.Today().Format(daily.DateLayout)
	if c.model != nil && c.today == today && time.Since(c.made) <= DashboardMaxAge &&
		(c.plays == s.playsAdded.Load() || time.Since(c.made) < refitGap*c.took) {
		return c.model, c.dates, nil
	}
	start := time.Now()
	plays := s.playsAdded.Load()
	days, err := s.store.Dailies(ctx, today, maxArchive)
	if err != nil {
		return nil, nil, err
	}
	var first []string
	dates := map[string]string{}
	for _, d := range days {
		if _, err := maze.ParseID(d.Maze); err != nil {
			s.internal(requestID(ctx), fmt.Errorf("stored maze of %s: %w", d.Date, err))
			continue
		}
		first = append(first, d.Maze)
		dates[d.Maze] = d.Date
	}
	log, err := s.store.PlayLog(ctx, ModelPlays)
	if err != nil {
		return nil, nil, err
	}
	// Every maze played is rated from its features, as the command line
	// rates it (difficulty.MazesOf), its facts kept by maze ID.
	ps := modelPlays(log)
	mazes := difficulty.MazesOf(ctx, first, ps, func(id string) (difficulty.Facts, bool) {
		m, err := maze.ParseID(id)
		if err != nil {
			return difficulty.Facts{}, false
		}
		return s.factsOf(id, m).Facts, true
	})
	model, err := difficulty.Fit(ctx, mazes, ps, difficulty.Settings{Start: c.model})
	if err != nil {
		return nil, nil, err
	}
	c.model, c.dates, c.made, c.took, c.plays, c.today = model, dates, time.Now(), time.Since(start), plays, today
	return model, dates, nil
}

// modelPlays are the stored plays as the model reads them
// (difficulty.PlaysOf): solved without hints, solved with hints
// (assisted), or not solved (gave up, shown the solution, left).
func modelPlays(log []store.Play) []difficulty.Play { return difficulty.PlaysOf(log) }

// difficultyView is the answer of GET /api/difficulty.
type difficultyView struct {
	Maze string `json:"maze"`
	// Difficulty is the median solve time of a typical player, in
	// seconds, and Interval its 95% interval.
	Difficulty float64    `json:"difficulty"`
	Interval   [2]float64 `json:"interval"`
	Plays      int        `json:"plays"`
	// Source is "plays", "features" or "simulated" (simulated novices,
	// before enough mazes are played to fit the features).
	Source string `json:"source"`
	// CVError is the prediction's cross-validated error (ln seconds) over
	// the played mazes; 0 before two are played.
	CVError float64 `json:"cv_error"`
	// Extrapolated is set when the maze is unlike every maze the
	// prediction was fitted over; NeedsMorePlays when the interval is too
	// wide to tell the maze apart from its neighbours.
	Extrapolated   bool `json:"extrapolated"`
	NeedsMorePlays bool `json:"needs_more_plays"`
}

func viewOf(e difficulty.Estimate, m *difficulty.Model) difficultyView {
	r := func(x float64) float64 { return math.Round(x*10) / 10 }
	return difficultyView{Maze: e.Maze, Difficulty: r(e.Seconds), Interval: [2]float64{r(e.Low), r(e.High)}, Plays: e.Plays,
		Source: e.Source, CVError: math.Round(m.Prior.CVError*1000) / 1000, Extrapolated: e.Extrapolated, NeedsMorePlays: e.NeedsMorePlays}
}

// apiDifficulty answers how hard a maze is for people: from its plays,
// or predicted from its features when nobody has played it (the features
// of a maze never shown are computed as an analysis is, within the same
// bound).
func (s *server) apiDifficulty(w http.ResponseWriter, r *http.Request) {
	m, id, ok := queryMaze(w, r.URL.Query().Get("maze"))
	if !ok {
		return
	}
	model, _, err := s.difficultyModel(r.Context())
	if err != nil {
		s.internal(requestID(r.Context()), err).write(w)
		return
	}
	e, ok := model.Estimate(id)
	if !ok {
		var f *mazeFacts
		if _, herr := s.heavy(r, s.analysis, func() { f = s.factsOf(id, m) }); herr != nil {
			herr.write(w)
			return
		}
		e = model.Predict(id, f.Facts)
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, viewOf(e, model))
}
