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

// modelCache is the last difficulty model fitted, shared by the
// dashboard and /api/difficulty so that both show the same estimates.
// A request never fits it: it answers from the last fit at once (the
// prior of no plays before the first) and, when that fit is old — a play
// stored since by this server, another day, or DashboardMaxAge passed —
// asks the background for a refit (wantFit). One refit runs at a time,
// from the last fit (so that a play more costs a few iterations), from
// the facts known (it computes none but those of the mazes of the day, as
// the site's own work at low priority), and never sooner after the last
// than refitGap times what it took, so that plays streaming in spend at
// most a tenth of a core on it.
type modelCache struct {
	mu    sync.Mutex
	model *difficulty.Model
	// dates names the mazes of the day fitted, by maze ID.
	dates map[string]string
	made  time.Time
	took  time.Duration
	plays int64
	today string
	// partial is set when some played mazes' facts were left for a later
	// refit (backfillBudget).
	partial bool
	// running is set while the background refits; fitted is closed and
	// replaced when a refit ends.
	running bool
	fitted  chan struct{}
}

// refitGap is how many times the last fit's duration must pass before
// another refit starts.
const refitGap = 10

// backfillBudget bounds the time a refit spends computing the facts of
// played mazes not described yet (see refit).
const backfillBudget = 2 * time.Second

// priorModel is the model of no plays, answered before the first fit.
var priorModel = sync.OnceValue(difficulty.PriorModel)

// last returns the last model fitted, the mazes of the day it names, and
// when it was made (zero before the first fit: then the prior).
func (c *modelCache) last() (*difficulty.Model, map[string]string, time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.model == nil {
		return priorModel(), nil, time.Time{}
	}
	return c.model, c.dates, c.made
}

// modelOld reports whether the last fit is old; c.mu is held.
func (s *server) modelOld(today string) bool {
	c := &s.model
	return c.model == nil || c.partial || c.today != today || time.Since(c.made) > DashboardMaxAge || c.plays != s.playsAdded.Load()
}

// difficultyModel returns the last model fitted, the mazes of the day it
// names and when it was made, and asks the background for a refit when it
// is old. It waits up to Options.ModelWait for a refit under way (0: not
// at all); it never fits the model itself.
func (s *server) difficultyModel(ctx context.Context) (*difficulty.Model, map[string]string, time.Time) {
	c := &s.model
	today := s.sched.Today().Format(daily.DateLayout)
	deadline := time.Now().Add(s.opt.ModelWait)
	for {
		c.mu.Lock()
		if !s.modelOld(today) {
			c.mu.Unlock()
			break
		}
		if c.fitted == nil {
			c.fitted = make(chan struct{})
		}
		if !c.running {
			c.running = true
			go s.refits()
		}
		fitted := c.fitted
		c.mu.Unlock()
		wait := time.Until(deadline)
		if wait <= 0 {
			break
		}
		t := time.NewTimer(wait)
		select {
		case <-fitted:
		case <-ctx.Done():
		case <-t.C:
		}
		t.Stop()
		if ctx.Err() != nil {
			break
		}
	}
	return c.last()
}

// refits refits the model, in the background, while the last fit is old,
// each refit refitGap times its duration after the last; it stops at the
// first error (logged: the next request asks again) or when
// Options.Background ends.
func (s *server) refits() {
	ctx := s.opt.Background
	if ctx == nil {
		ctx = context.Background()
	}
	c := &s.model
	for {
		c.mu.Lock()
		today := s.sched.Today().Format(daily.DateLayout)
		gap := refitGap*c.took - time.Since(c.made)
		if !s.modelOld(today) || ctx.Err() != nil {
			c.running = false
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		if gap > 0 {
			t := time.NewTimer(gap)
			select {
			case <-t.C:
			case <-ctx.Done():
			}
			t.Stop()
			if ctx.Err() != nil {
				continue // stops above
			}
		}
		err := s.refit(ctx, today)
		c.mu.Lock()
		close(c.fitted)
		c.fitted = make(chan struct{})
		if err != nil {
			c.running = false
			c.mu.Unlock()
			s.metrics.fits.WithLabelValues("error").Inc()
			s.internal("refit", err)
			return
		}
		c.mu.Unlock()
		s.metrics.fits.WithLabelValues("ok").Inc()
	}
}

// refit fits the model of the plays so far over the mazes of the day
// shown up to today (their facts computed first, if need be, as the
// site's own work) and every maze played (rated from its facts when they
// are known, from its plays alone when not).
func (s *server) refit(ctx context.Context, today string) error {
	c := &s.model
	start := time.Now()
	plays := s.playsAdded.Load()
	days, err := s.store.Dailies(ctx, today, maxArchive)
	if err != nil {
		return err
	}
	var first []string
	dates := map[string]string{}
	for _, d := range days {
		m, err := maze.ParseID(d.Maze)
		if err != nil {
			s.internal("refit", fmt.Errorf("stored maze of %s: %w", d.Date, err))
			continue
		}
		if _, err := s.siteFacts(ctx, d.Maze, m); err != nil {
			return err
		}
		first = append(first, d.Maze)
		dates[d.Maze] = d.Date
	}
	log, err := s.store.PlayLog(ctx, ModelPlays)
	if err != nil {
		return err
	}
	// Every maze played is rated from its features, as the command line
	// rates it (difficulty.MazesOf). A maze played through this site had
	// them computed with its first play; those of a maze whose plays came
	// otherwise (stored before the facts were kept) are computed here, as
	// the site's own work, within backfillBudget a refit: the rest are
	// rated from their plays alone until a later refit.
	ps := modelPlays(log)
	var lookErr error
	partial := false
	mazes := difficulty.MazesOf(ctx, first, ps, func(id string) (difficulty.Facts, bool) {
		f, ok, err := s.knownFacts(ctx, id)
		if err != nil {
			lookErr = err
			return difficulty.Facts{}, false
		}
		if !ok {
			m, err := maze.ParseID(id)
			if err != nil {
				return difficulty.Facts{}, false
			}
			if time.Since(start) > backfillBudget {
				partial = true
				return difficulty.Facts{}, false
			}
			f, _ = s.siteFacts(ctx, id, m)
		}
		return f.Facts, true
	})
	if lookErr != nil {
		return lookErr
	}
	c.mu.Lock()
	from := c.model
	c.mu.Unlock()
	var model *difficulty.Model
	lowPriority(workNice, func() { model, err = difficulty.Fit(ctx, mazes, ps, difficulty.Settings{Start: from}) })
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.model, c.dates, c.made, c.took, c.plays, c.today, c.partial = model, dates, time.Now(), time.Since(start), plays, today, partial
	c.mu.Unlock()
	return nil
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
	// ModelFitted is when the model answering was fitted (RFC 3339, UTC)
	// and ModelAge how many seconds ago; both null before the first fit
	// (the answer is then the simulated novices' prior).
	ModelFitted *string  `json:"model_fitted"`
	ModelAge    *float64 `json:"model_age_seconds"`
}

func viewOf(e difficulty.Estimate, m *difficulty.Model, made time.Time) difficultyView {
	r := func(x float64) float64 { return math.Round(x*10) / 10 }
	v := difficultyView{Maze: e.Maze, Difficulty: r(e.Seconds), Interval: [2]float64{r(e.Low), r(e.High)}, Plays: e.Plays,
		Source: e.Source, CVError: math.Round(m.Prior.CVError*1000) / 1000, Extrapolated: e.Extrapolated, NeedsMorePlays: e.NeedsMorePlays}
	if !made.IsZero() {
		at, age := made.UTC().Format(time.RFC3339), r(time.Since(made).Seconds())
		v.ModelFitted, v.ModelAge = &at, &age
	}
	return v
}

// apiDifficulty answers how hard a maze is for people, from the last fit
// of the model: from its plays, or predicted from its features when the
// fit has no play of it (the features of a maze never described are
// computed once, as the client's heavy work: see describe).
func (s *server) apiDifficulty(w http.ResponseWriter, r *http.Request) {
	m, id, ok := queryMaze(w, r.URL.Query().Get("maze"))
	if !ok {
		return
	}
	model, _, made := s.difficultyModel(r.Context())
	e, ok := model.Estimate(id)
	if !ok {
		f, herr := s.describe(r, id, m)
		if herr != nil {
			herr.write(w)
			return
		}
		e = model.Predict(id, f.Facts)
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, viewOf(e, model, made))
}
