package web

import (
	"fmt"
	"html/template"
	"net/http"
	"rjm/analysis"
	"rjm/daily"
	"rjm/difficulty"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/simulate"
	"rjm/store"
	"strings"
	"sync"
	"time"
)

// dashboardRow sets one stored maze's design features against its plays.
type dashboardRow struct {
	Date, Level, ID string
	Features        *analysis.Features
	Stats           store.Stats
	// SolveRate and Assisted are percentages of the plays.
	SolveRate, Assisted float64
	// Simulated is what simulated novices did (never stored, never mixed
	// with the plays), SimRate its solve rate in percent.
	Simulated simulate.Summary
	SimRate   float64
}

// simulatedRuns is the number of simulated novices per maze on the
// dashboard, all seeded from simulatedSeed.
const (
	simulatedRuns = 200
	simulatedSeed = 1
)

// DashboardMaxAge is how long the dashboard, once made, is answered as it
// is when no play has been stored since (by this server: another's plays
// show within DashboardMaxAge).
const DashboardMaxAge = time.Minute

// dashboardCache is the last dashboard made: made at most once per new
// play or per DashboardMaxAge, by one request at a time.
type dashboardCache struct {
	mu    sync.Mutex
	page  []byte
	made  time.Time
	plays int64 // playsAdded when it was made
	today string
}

// pageDashboard is the designer's first view: for each maze of the day
// shown so far (newest first), the design paper's features next to
// what the players did. Only real plays are counted.
func (s *server) pageDashboard(w http.ResponseWriter, r *http.Request) {
	c := &s.dashboard
	c.mu.Lock()
	defer c.mu.Unlock()
	today := s.sched.Today().Format(daily.DateLayout)
	if c.page == nil || time.Since(c.made) > DashboardMaxAge || c.plays != s.playsAdded.Load() || c.today != today {
		plays := s.playsAdded.Load()
		page, err := s.makeDashboard(r, today)
		if err != nil {
			s.pageInternal(w, err)
			return
		}
		c.page, c.made, c.plays, c.today = page, time.Now(), plays, today
	}
	w.Header().Set("Content-Type", htmlType)
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(c.page)
}

// makeDashboard renders the dashboard of the mazes shown up to today.
func (s *server) makeDashboard(r *http.Request, today string) ([]byte, error) {
	days, err := s.store.Dailies(r.Context(), today, maxArchive)
	if err != nil {
		return nil, err
	}
	rows := make([]dashboardRow, 0, len(days))
	for _, d := range days {
		m, err := maze.ParseID(d.Maze)
		if err != nil {
			s.internal(fmt.Errorf("stored maze of %s: %w", d.Date, err))
			continue
		}
		st, err := s.store.Stats(r.Context(), d.Maze)
		if err != nil {
			return nil, err
		}
		f := s.factsOf(d.Maze, m)
		row := dashboardRow{Date: d.Date, Level: d.Difficulty, ID: d.Maze, Features: f.features, Stats: st, Simulated: f.simulated}
		row.SimRate = 100 * row.Simulated.SolveRate()
		if st.Plays > 0 {
			row.SolveRate = 100 * float64(st.Solved) / float64(st.Plays)
			row.Assisted = 100 * float64(st.Assisted) / float64(st.Plays)
		}
		rows = append(rows, row)
	}
	return s.pages.render("dashboard.html", struct {
		Title           string
		Rows            []dashboardRow
		Real, Simulated fitView
		MinMazes        int
	}{"Designer dashboard", rows, fitPlays(rows, false), fitPlays(rows, true), difficulty.MinMazes})
}

// mazeFacts is what the dashboard shows of a maze that no play changes:
// its design features and what the simulated novices did. It is computed
// once per maze and kept by maze ID.
type mazeFacts struct {
	features  *analysis.Features
	simulated simulate.Summary
}

// factsOf returns the facts of maze m, whose ID is id.
func (s *server) factsOf(id string, m *maze.Maze) *mazeFacts {
	if f, ok := s.facts.get(id); ok {
		return f
	}
	g := graph.MustCompile(m.Board)
	f := &mazeFacts{features: analysis.Analyze(g, m), simulated: simulate.Novice{}.Run(g, m, simulatedRuns, simulatedSeed)}
	s.facts.put(id, f)
	return f
}

// minSolved is the fewest solved plays (or simulated solves) a maze needs
// for its median to enter the difficulty model.
const minSolved = 3

// fitView is a fitted difficulty model as the dashboard shows it.
type fitView struct {
	Model      *difficulty.Model
	Err        string // why there is no model
	Terms      []string
	Chart      template.HTML // observed against predicted
	Length     template.HTML // observed against the shortest solution
	Departures []difficulty.Residual
}

// fitPlays fits the model to the real plays (their median solve time)
// or, with simulated, to the simulated novices (their median moves):
// never the two mixed.
func fitPlays(rows []dashboardRow, simulated bool) fitView {
	var obs []difficulty.Observation
	for _, r := range rows {
		solved, effort := r.Stats.Solved, r.Stats.MedianSeconds
		if simulated {
			solved, effort = r.Simulated.Solved, r.Simulated.MedianMoves
		}
		if solved >= minSolved {
			obs = append(obs, difficulty.Observation{Label: r.Date, Features: r.Features, Effort: effort})
		}
	}
	if simulated {
		return fitOf(obs, "median moves", "Simulated novices")
	}
	return fitOf(obs, "median solve time (s)", "Real plays")
}

func fitOf(obs []difficulty.Observation, effort, who string) fitView {
	v := fitView{Terms: difficulty.Terms}
	length := render.Chart{Title: who + ": by shortest solution", XLabel: "shortest solution (moves)", YLabel: effort, LogY: true}
	for _, o := range obs {
		length.Points = append(length.Points, render.ChartPoint{X: float64(o.Features.GoalDepth), Y: o.Effort, Label: o.Label})
	}
	if len(obs) > 0 {
		v.Length = template.HTML(length.SVG()) // drawn by render.Chart, every text escaped
	}
	m, err := difficulty.Fit(obs)
	if err != nil {
		v.Err = strings.TrimPrefix(err.Error(), "difficulty: ")
		return v
	}
	v.Model, v.Departures = m, m.Departures(5)
	far := map[string]bool{}
	for _, d := range v.Departures {
		far[d.Label] = true
	}
	chart := render.Chart{Title: who + ": observed against the model", XLabel: "predicted " + effort, YLabel: "observed " + effort,
		LogX: true, LogY: true, Diagonal: true}
	for _, r := range m.Residuals {
		chart.Points = append(chart.Points, render.ChartPoint{X: r.Predicted, Y: r.Observed, Label: r.Label, Marked: far[r.Label]})
	}
	v.Chart = template.HTML(chart.SVG())
	return v
}
