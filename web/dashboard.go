package web

import (
	"fmt"
	"hash/fnv"
	"html/template"
	"math"
	"net/http"
	"rjm/analysis"
	"rjm/daily"
	"rjm/difficulty"
	"rjm/maze"
	"rjm/render"
	"rjm/simulate"
	"rjm/store"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// dashboardRow sets one stored maze's design features against its plays.
type dashboardRow struct {
	Date, Level, ID string
	// Described is set when the maze's facts (Features, Simulated) are
	// known; the background computes them (facts.go).
	Described bool
	Features  *analysis.Features
	Stats     store.Stats
	// SolveRate, Assisted and GaveUp are percentages of the plays
	// (GaveUp: not solved — given up, the solution shown, or left);
	// Undone, Restarted and Hard the plays with an undo, begun again, and
	// in hard mode (the store's play record: counted since schemaAccount).
	SolveRate, Assisted, GaveUp float64
	Undone, Restarted, Hard     float64
	// Target is the level's target time (seconds), 0 for none.
	Target float64
	// Simulated is what simulated novices did (never stored, never mixed
	// with the plays), SimRate its solve rate in percent.
	Simulated simulate.Summary
	SimRate   float64
	// Estimate is the difficulty model's estimate of the maze; Earns the
	// level its time falls in (difficulty.LevelOfTime, the policy's),
	// empty when there is no estimate.
	Estimate difficulty.Estimate
	Earns    string
	// Design holds the cells of the design features' columns (see
	// featureColumns).
	Design []string
}

// featureColumn is one column of the dashboard's design features: the
// features of the catalogue marked analysis.InDashboard that share its
// header.
type featureColumn struct {
	Header   string
	Features []analysis.Feature
}

// featureColumns groups the dashboard's features of c into columns.
func featureColumns(c analysis.Catalogue) []featureColumn {
	var cols []featureColumn
	for _, ft := range c.OrDefault().In(analysis.InDashboard) {
		h := ft.Column
		if h == "" {
			h = ft.Label
		}
		if n := len(cols); n > 0 && cols[n-1].Header == h {
			cols[n-1].Features = append(cols[n-1].Features, ft)
			continue
		}
		cols = append(cols, featureColumn{h, []analysis.Feature{ft}})
	}
	return cols
}

// cell is a column's cell for a maze of features f: its features'
// values joined by " / ", "–" for one the maze lacks; a solution length
// not unique says so.
func (c featureColumn) cell(f *analysis.Features) string {
	parts := make([]string, len(c.Features))
	for k, ft := range c.Features {
		if !ft.Has(f) {
			parts[k] = "–"
			continue
		}
		parts[k] = strconv.FormatFloat(ft.Value(f), 'f', ft.Decimals, 64)
		if ft.Key == "goal_depth" && !f.Unique {
			parts[k] += " (not unique)"
		}
	}
	return strings.Join(parts, " / ")
}

// DashboardMaxAge is how long the dashboard, once made, is answered as it
// is when no play has been stored since (by this server: another's plays
// show within DashboardMaxAge).
const DashboardMaxAge = time.Minute

// dashboardCache is the last dashboard made: made at most once per new
// play or per DashboardMaxAge, by one request at a time.
type dashboardCache struct {
	mu    sync.Mutex
	page  []byte
	tag   string // its ETag
	made  time.Time
	plays int64 // playsAdded when it was made
	today string
	fit   time.Time // when the model it shows was fitted
}

// pageDashboard is the designer's first view: for each maze of the day
// shown so far (newest first), the design paper's features next to
// what the players did. Only real plays are counted.
func (s *server) pageDashboard(w http.ResponseWriter, r *http.Request) {
	c := &s.dashboard
	c.mu.Lock()
	defer c.mu.Unlock()
	today := s.sched.Today().Format(daily.DateLayout)
	model, dates, fit := s.difficultyModel(r.Context())
	if c.page == nil || time.Since(c.made) > DashboardMaxAge || c.plays != s.playsAdded.Load() || c.today != today || !c.fit.Equal(fit) {
		plays := s.playsAdded.Load()
		page, err := s.makeDashboard(r, today, model, dates, fit)
		if err != nil {
			s.pageInternal(w, err)
			return
		}
		c.page, c.tag, c.made, c.plays, c.today, c.fit = page, etagOf(page), time.Now(), plays, today, fit
	}
	writeTagged(w, r, htmlType, "no-cache", c.tag, c.page)
}

// makeDashboard renders the dashboard of the mazes shown up to today
// with the model fitted at fit (zero: the prior, before the first fit).
// It computes no maze's facts: a maze of the day whose facts the
// background has not computed yet says so.
func (s *server) makeDashboard(r *http.Request, today string, model *difficulty.Model, dates map[string]string, fit time.Time) ([]byte, error) {
	days, err := s.store.Dailies(r.Context(), today, maxArchive)
	if err != nil {
		return nil, err
	}
	cols := featureColumns(s.opt.Catalogue)
	rows := make([]dashboardRow, 0, len(days))
	for _, d := range days {
		if _, err := maze.ParseID(d.Maze); err != nil {
			s.internal(requestID(r.Context()), fmt.Errorf("stored maze of %s: %w", d.Date, err))
			continue
		}
		st, err := s.store.Stats(r.Context(), d.Maze)
		if err != nil {
			return nil, err
		}
		f, known, err := s.knownFacts(r.Context(), d.Maze)
		if err != nil {
			return nil, err
		}
		if !known {
			f = &mazeFacts{}
		}
		row := dashboardRow{Date: d.Date, Level: d.Difficulty, ID: d.Maze, Described: known, Features: f.Features, Stats: st, Simulated: f.Novices}
		row.Estimate, _ = model.Estimate(d.Maze)
		if row.Estimate.Seconds > 0 {
			row.Earns = difficulty.LevelOfTime(row.Estimate.Seconds).String()
		}
		for _, c := range cols {
			cell := "not computed yet"
			if known {
				cell = c.cell(f.Features)
			}
			row.Design = append(row.Design, cell)
		}
		row.SimRate = 100 * row.Simulated.SolveRate()
		if st.Plays > 0 {
			row.SolveRate = 100 * float64(st.Solved) / float64(st.Plays)
			row.Assisted = 100 * float64(st.Assisted) / float64(st.Plays)
			row.GaveUp = 100 - row.SolveRate
			row.Undone = 100 * float64(st.Undone) / float64(st.Plays)
			row.Restarted = 100 * float64(st.Restarted) / float64(st.Plays)
			row.Hard = 100 * float64(st.Hard) / float64(st.Plays)
		}
		if l, err := difficulty.ParseLevel(d.Difficulty); err == nil {
			row.Target = l.Target().Seconds()
		}
		rows = append(rows, row)
	}
	played := false
	for _, r := range rows {
		played = played || r.Stats.Plays > 0
	}
	return s.pages.render("dashboard.html", struct {
		Title           string
		Columns         []featureColumn
		Rows            []dashboardRow
		Played          bool // some maze has a play
		Weekdays        []weekdayRow
		Model           modelView
		MinFeatureMazes int
		Fitted          string
	}{"Designer dashboard", cols, rows, played, weekdaysOf(rows), modelOf(model, dates), difficulty.MinFeatureMazes, fittedAt(fit)})
}

// weekdayRow sets one weekday's mazes of the day against their target:
// the median of their estimates, and how many of them need more plays.
type weekdayRow struct {
	Day, Level       string
	Target, Estimate float64 // seconds; Estimate 0 when none is rated
	Mazes, Unsure    int
}

// weekdaysOf groups the rows by weekday, Monday first.
func weekdaysOf(rows []dashboardRow) []weekdayRow {
	by := map[time.Weekday][]dashboardRow{}
	for _, r := range rows {
		d, err := time.Parse(daily.DateLayout, r.Date)
		if err != nil {
			continue
		}
		by[d.Weekday()] = append(by[d.Weekday()], r)
	}
	var out []weekdayRow
	for k := range 7 {
		wd := time.Weekday((k + 1) % 7)
		rs := by[wd]
		if len(rs) == 0 {
			continue
		}
		w := weekdayRow{Day: wd.String(), Level: rs[0].Level, Target: rs[0].Target, Mazes: len(rs)}
		var logs []float64
		for _, r := range rs {
			if r.Estimate.Seconds > 0 {
				logs = append(logs, math.Log(r.Estimate.Seconds))
			}
			if r.Estimate.NeedsMorePlays {
				w.Unsure++
			}
		}
		if len(logs) > 0 {
			slices.Sort(logs)
			w.Estimate = math.Exp((logs[(len(logs)-1)/2] + logs[len(logs)/2]) / 2)
		}
		out = append(out, w)
	}
	return out
}

// mazeName names a maze that is not a maze of the day, for people: its
// board and a short mark of its ID ("7×7 maze 3f2a9c"), the same for the
// same maze everywhere on the page.
func mazeName(id string) string {
	h := fnv.New32a()
	h.Write([]byte(id))
	board := "maze"
	if m, err := maze.ParseID(id); err == nil {
		board = fmt.Sprintf("%d×%d maze", m.Board.Rows, m.Board.Cols)
	}
	return fmt.Sprintf("%s %06x", board, h.Sum32()&0xffffff)
}

// misjudgedShown is how many of the mazes the model misjudges most the
// dashboard lists, and misjudgedPlays the fewest plays a maze needs to be
// among them.
const (
	misjudgedShown = 5
	misjudgedPlays = 3
)

// modelView is the difficulty model as the dashboard shows it.
type modelView struct {
	Model *difficulty.Model
	Err   string // why there is no model
	// Chart sets each played maze's estimate against the prediction made
	// without its plays; the misjudged are ringed.
	Chart     template.HTML
	Misjudged []misjudged
	// Players counts the players with an ID; Fast, Slow are the times,
	// as fractions of a typical player's, of the players at the 10th
	// and 90th percentiles of skill (0 with fewer than 10 players).
	Players    int
	Fast, Slow float64
	CVFactor   float64 // e^CVError: a prediction is typically within this factor
}

// misjudged is a maze whose plays depart most from its prediction.
type misjudged struct {
	Date, Name string
	difficulty.Estimate
}

// modelOf is the dashboard's view of model, its mazes of the day named
// by dates.
func modelOf(model *difficulty.Model, dates map[string]string) modelView {
	v := modelView{Model: model, Players: len(model.Players), CVFactor: math.Exp(model.Prior.CVError)}
	label := func(id string) string {
		if d, ok := dates[id]; ok {
			return d
		}
		return mazeName(id)
	}
	for _, e := range model.Misjudged(misjudgedShown, misjudgedPlays) {
		v.Misjudged = append(v.Misjudged, misjudged{Date: dates[e.Maze], Name: label(e.Maze), Estimate: e})
	}
	far := map[string]bool{}
	for _, e := range v.Misjudged {
		far[e.Maze] = true
	}
	chart := render.Chart{Title: "Estimate from plays against prediction", XLabel: "predicted without its plays (s)",
		YLabel: "estimated median time (s)", LogX: true, LogY: true, Diagonal: true}
	for _, e := range model.Mazes {
		if e.Source == difficulty.FromPlays && e.Predicted > 0 {
			chart.Points = append(chart.Points, render.ChartPoint{X: e.Predicted, Y: e.Seconds, Label: label(e.Maze), Marked: far[e.Maze]})
		}
	}
	if len(chart.Points) > 0 {
		v.Chart = template.HTML(chart.SVG()) // drawn by render.Chart, every text escaped
	}
	if n := len(model.Players); n >= 10 {
		skills := make([]float64, n)
		for i, p := range model.Players {
			skills[i] = p.Skill
		}
		slices.Sort(skills)
		v.Fast, v.Slow = math.Exp(-skills[n-1-n/10]), math.Exp(-skills[n/10])
	}
	return v
}

// fittedAt says when the model shown was fitted: a time in UTC, or that
// no fit has ended yet.
func fittedAt(fit time.Time) string {
	if fit.IsZero() {
		return "not fitted yet: the simulated novices' prior until the first refit ends"
	}
	return "fitted at " + fit.UTC().Format("2006-01-02 15:04:05") + " UTC"
}
