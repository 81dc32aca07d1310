package web

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"slices"
	"strconv"
	"strings"
		"time"

	"rjm/analysis"
	"rjm/daily"
	"rjm/difficulty"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/simulate"
	"rjm/solve"
	"rjm/store"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// pages holds the parsed templates.
type pages struct {
	tmpl *template.Template
}

func newPages() *pages {
	funcs := template.FuncMap{
		"sub":   func(a, b int) int { return a - b },
		"inc":   func(a int) int { return a + 1 },
		"ratio": func(a, b float64) float64 { return a / b },
		"args":  func(v ...any) []any { return v },
	}
	return &pages{tmpl: template.Must(template.New("").Funcs(funcs).ParseFS(templateFS, "templates/*.html"))}
}

func (p *pages) register(mux *http.ServeMux, s *server) {
	static, _ := fs.Sub(staticFS, "static")
	files := http.FileServerFS(static)
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		files.ServeHTTP(w, r)
	})))
	mux.HandleFunc("GET /{$}", s.pageToday)
	mux.HandleFunc("GET /m/{id}", s.pageMaze)
	mux.HandleFunc("GET /d/{date}", s.pageDate)
	mux.HandleFunc("GET /archive", s.pageArchive)
	mux.HandleFunc("GET /print/{id}", s.pagePrint)
	mux.HandleFunc("GET /dashboard", s.pageDashboard)
	mux.HandleFunc("GET /generate", s.pageGenerateForm)
	mux.HandleFunc("POST /generate", s.pageGenerate)
	mux.HandleFunc("GET /analyze", s.pageAnalyzeForm)
	mux.HandleFunc("POST /analyze", s.pageAnalyze)
	// Every other GET is not found; other methods on unknown paths are
	// not allowed (405).
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			writeError(w, http.StatusNotFound, "no such API endpoint: "+r.Method+" "+r.URL.Path)
			return
		}
		s.pageError(w, http.StatusNotFound, "There is no page at "+r.URL.Path+".")
	})
}

// playPage is the data of the play page.
type playPage struct {
	Title      string
	ID         string
	Heading    string
	Date       string
	Keys       string // the keys of the board's directions
	Rules      [][2]string
	Difficulty string
	Variant    string
	Board      template.HTML
	Game       string // the game as JSON
	Rook       bool
	Shortest   int
}

// render executes the named template into a buffer.
func (p *pages) render(name string, data any) ([]byte, error) {
	var b bytes.Buffer
	err := p.tmpl.ExecuteTemplate(&b, name, data)
	return b.Bytes(), err
}

// newPlayPage is the play page of maze m, whose game g is, for the maze
// of the day d (nil for any other maze).
func newPlayPage(m *maze.Maze, g game, d *store.Daily) playPage {
	pp := playPage{Title: "Maze " + g.ID, ID: g.ID, Heading: "Rook Jumping Maze", Variant: m.Variant.String(), Board: playBoard(m), Rook: g.Rook, Shortest: g.Shortest, Keys: keyHelp(m.Board), Rules: variantRules(m.Variant)}
	if d != nil {
		pp.Title = "Rook Jumping Maze of the Day, " + d.Date
		pp.Heading, pp.Date = "Maze of the Day", d.Date
		pp.Difficulty = d.Difficulty
	}
	pp.Game = gameJSON(g)
	return pp
}

func (s *server) pageToday(w http.ResponseWriter, r *http.Request) {
	s.writeDay(w, r, s.sched.Today())
}

// pageDate is a past date's maze of the day.
func (s *server) pageDate(w http.ResponseWriter, r *http.Request) {
	date, err := daily.ParseDate(r.PathValue("date"))
	if err != nil {
		s.pageError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), "daily: "))
		return
	}
	s.writeDay(w, r, date)
}

// writeDay answers the page of date's maze, made once per date.
func (s *server) writeDay(w http.ResponseWriter, r *http.Request, date time.Time) {
	d, herr := s.day(r.Context(), date)
	if herr != nil {
		s.pageError(w, herr.code, herr.msg)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(d.html)
}

func (s *server) pageMaze(w http.ResponseWriter, r *http.Request) {
	m, ok := s.pathMaze(w, r)
	if !ok {
		return
	}
	s.writePage(w, http.StatusOK, "play.html", newPlayPage(m, newGame(m, ""), nil))
}

// writePage renders a page and answers it.
func (s *server) writePage(w http.ResponseWriter, code int, name string, data any) {
	page, err := s.pages.render(name, data)
	if err != nil {
		s.internal(err)
		code, page = http.StatusInternalServerError, []byte("internal error")
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	w.Write(page)
}

// pathMaze returns the maze whose ID is the request's {id}, or answers
// the error page and returns false.
func (s *server) pathMaze(w http.ResponseWriter, r *http.Request) (*maze.Maze, bool) {
	m, err := maze.ParseID(r.PathValue("id"))
	if err != nil {
		s.pageError(w, http.StatusBadRequest, "That is not a maze ID: "+strings.TrimPrefix(err.Error(), "maze: "))
		return nil, false
	}
	return m, true
}

// pageInternal logs err and answers the error page, which does not show
// it.
func (s *server) pageInternal(w http.ResponseWriter, err error) {
	s.internal(err)
	s.pageError(w, http.StatusInternalServerError, "Something went wrong.")
}

func (s *server) pageError(w http.ResponseWriter, code int, msg string) {
	s.writePage(w, code, "error.html", struct {
		Title, Message string
	}{http.StatusText(code), msg})
}

// day is one date's maze of the day as answered, the JSON of
// GET /api/daily and the page, both made once from one solve of the maze,
// since a stored date never changes.
type day struct {
	json, html []byte
}

func newDay(p *pages, st store.Daily, m *maze.Maze) (*day, error) {
	g := newGame(m, st.Date)
	v := dailyView{Date: st.Date, Head: render.NewHead(m), Shortest: g.Shortest, Difficulty: st.Difficulty}
	var b bytes.Buffer
	writeJSONTo(&b, v)
	html, err := p.render("play.html", newPlayPage(m, g, &st))
	if err != nil {
		return nil, err
	}
	return &day{json: b.Bytes(), html: html}, nil
}

// maxDays bounds the dates whose answers the site keeps.
const maxDays = 1000

// dirKeys names the keys the player's script takes for each direction
// (play.js's KEYS).
var dirKeys = map[maze.Dir]string{
	maze.Up: "↑ north", maze.Down: "↓ south", maze.Left: "← west", maze.Right: "→ east",
	maze.UpLeft: "7 or Home north-west", maze.UpRight: "9 or Page Up north-east",
	maze.DownLeft: "1 or End south-west", maze.DownRight: "3 or Page Down south-east",
}

// keyHelp lists the keys of board b's directions.
func keyHelp(b maze.Board) string {
	var keys []string
	for _, d := range b.Dirs() {
		keys = append(keys, dirKeys[d])
	}
	return strings.Join(keys, ", ")
}

// maxArchive is the number of days the archive lists.
const maxArchive = 366

// archiveDay is one line of the archive.
type archiveDay struct {
	Date, Weekday, Level string
}

// pageArchive lists the past days, newest first, from yesterday back to
// daily.First (at most maxArchive). Their levels come from the schedule;
// each day's maze is made when its page is first opened.
func (s *server) pageArchive(w http.ResponseWriter, r *http.Request) {
	first, _ := daily.ParseDate(daily.First)
	var days []archiveDay
	for d := s.sched.Today().AddDate(0, 0, -1); !d.Before(first) && len(days) < maxArchive; d = d.AddDate(0, 0, -1) {
		days = append(days, archiveDay{d.Format(daily.DateLayout), d.Weekday().String(), daily.LevelOf(d).Name})
	}
	s.writePage(w, http.StatusOK, "archive.html", struct {
		Title string
		Today string
		Days  []archiveDay
	}{"Archive: past mazes of the day", s.sched.Today().Format(daily.DateLayout), days})
}

// variantRules returns the names and descriptions of v's rules, from the
// library's list.
func variantRules(v maze.Variant) [][2]string {
	names := strings.Split(v.String(), ",")
	var rules [][2]string
	for _, nd := range maze.VariantNames {
		if slices.Contains(names, nd[0]) {
			rules = append(rules, nd)
		}
	}
	return rules
}

// pagePrint is a maze for paper: rjm render's picture of the maze on the
// first page, and with its solution on the second.
func (s *server) pagePrint(w http.ResponseWriter, r *http.Request) {
	m, ok := s.pathMaze(w, r)
	if !ok {
		return
	}
	g := graph.MustCompile(m.Board)
	sol := solve.Solve(g, m)
	id, _ := m.ID()
	p := render.Picture{Maze: m, Features: analysis.Analyze(g, m)}
	board, err := picture(p, render.PictureOptions{}, fmt.Sprintf("Maze %s, %d rows by %d columns", id, m.Rows, m.Cols))
	if err != nil {
		s.pageInternal(w, err)
		return
	}
	solved, err := picture(p, render.PictureOptions{Solution: true}, "Its solution, the moves numbered")
	if err != nil {
		s.pageInternal(w, err)
		return
	}
	s.writePage(w, http.StatusOK, "print.html", struct {
		Title, ID, Variant, Solution string
		Shortest                     int
		Unique                       bool
		Rules                        [][2]string
		Board, Solved                template.HTML
	}{"Print " + id, id, m.Variant.String(), sol.Letters(), sol.GoalDepth, sol.Unique(), variantRules(m.Variant), board, solved})
}

// generateForm is the data of /generate: the form's values and an error.
type generateForm struct {
	Title, Error                                 string
	Rows, Cols, Method, Iterations, Energy, Seed string
	Variant                                      string
	Methods                                      []string
	Variants                                     [][2]string
	MaxSide, MaxWork                             int
}

func newGenerateForm() generateForm {
	d := generate.Default()
	return generateForm{
		Title: "Generate a maze", Rows: strconv.Itoa(d.Rows), Cols: strconv.Itoa(d.Cols), Method: d.Method,
		Iterations: strconv.Itoa(d.Iterations), Energy: d.Energy, Methods: generate.Methods,
		Variants: maze.VariantNames, MaxSide: MaxGenerateSide, MaxWork: MaxGenerateWork,
	}
}

func (s *server) pageGenerateForm(w http.ResponseWriter, r *http.Request) {
	s.writePage(w, http.StatusOK, "generate.html", newGenerateForm())
}

// pageGenerate generates the maze the form asks for, under the API's caps
// and limits, and sends the player to it: its URL is the maze ID.
func (s *server) pageGenerate(w http.ResponseWriter, r *http.Request) {
	form := newGenerateForm()
	if err := r.ParseForm(); err != nil {
		form.Error = "The form could not be read: " + err.Error()
		s.writePage(w, http.StatusBadRequest, "generate.html", form)
		return
	}
	form.Rows, form.Cols, form.Method = r.PostForm.Get("rows"), r.PostForm.Get("cols"), r.PostForm.Get("method")
	form.Iterations, form.Energy, form.Seed = r.PostForm.Get("iterations"), r.PostForm.Get("energy"), r.PostForm.Get("seed")
	form.Variant = strings.Join(r.PostForm["variant"], ",")
	var req generateRequest
	var err error
	num := func(name, v string) *int {
		n, e := strconv.Atoi(strings.TrimSpace(v))
		if e != nil && err == nil {
			err = fmt.Errorf("%s %q is not a whole number", name, v)
		}
		return &n
	}
	req.Rows, req.Cols, req.Iterations = num("rows", form.Rows), num("columns", form.Cols), num("iterations", form.Iterations)
	req.Method, req.Energy, req.Variant = &form.Method, &form.Energy, &form.Variant
	if strings.TrimSpace(form.Seed) != "" {
		seed, e := strconv.ParseUint(strings.TrimSpace(form.Seed), 10, 64)
		if e != nil && err == nil {
			err = fmt.Errorf("seed %q is not a whole number ≥ 0", form.Seed)
		}
		req.Seed = &seed
	}
	var spec generate.Spec
	if err == nil {
		spec, err = req.spec()
	}
	if err != nil {
		form.Error = err.Error()
		s.writePage(w, http.StatusBadRequest, "generate.html", form)
		return
	}
	res, herr := s.generate(r, spec)
	if herr != nil {
		herr.header = [2]string{}
		form.Error = herr.msg
		s.writePage(w, herr.code, "generate.html", form)
		return
	}
	id, _ := res.Maze.ID()
	http.Redirect(w, r, "/m/"+id, http.StatusSeeOther)
}

func (s *server) pageAnalyzeForm(w http.ResponseWriter, r *http.Request) {
	s.writePage(w, http.StatusOK, "analyze.html", analyzePage{Title: "Analyse a maze"})
}

// analyzePage is the data of /analyze: the maze given, and its analysis.
type analyzePage struct {
	Title, Input, Error, ID, Report string
	Board                           template.HTML
}

// pageAnalyze analyses a pasted or uploaded maze (any form rjm analyze
// reads): the board with the solution's moves and the holes marked, and
// the text report of rjm analyze.
func (s *server) pageAnalyze(w http.ResponseWriter, r *http.Request) {
	page := analyzePage{Title: "Analyse a maze"}
	input, err := analyzeInput(r)
	page.Input = string(input)
	var m *maze.Maze
	var spec *generate.Spec
	if err == nil {
		m, spec, err = decodeAnalyze(input)
	}
	if err != nil {
		page.Error = err.Error()
		s.writePage(w, http.StatusBadRequest, "analyze.html", page)
		return
	}
	if spec != nil {
		res, herr := s.generate(r, *spec)
		if herr != nil {
			page.Error = herr.msg
			s.writePage(w, herr.code, "analyze.html", page)
			return
		}
		m = res.Maze
	}
	g := graph.MustCompile(m.Board)
	f := analysis.Analyze(g, m)
	page.ID, _ = m.ID()
	board, err := picture(render.Picture{Maze: m, Features: f}, render.PictureOptions{Solution: true, Holes: true},
		"Maze "+page.ID+", its solution and holes marked")
	if err != nil {
		s.pageInternal(w, err)
		return
	}
	page.Board = board
	page.Report = render.AnalysisText(m, f, nil, false)
	s.writePage(w, http.StatusOK, "analyze.html", page)
}

// analyzeInput returns the maze of the analyse form: the uploaded file
// when one is given, else the pasted text.
func analyzeInput(r *http.Request) ([]byte, error) {
	if err := r.ParseMultipartForm(MaxBody); err != nil && !errors.Is(err, http.ErrNotMultipart) {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, fmt.Errorf("the maze is larger than %d bytes", MaxBody)
		}
		return nil, fmt.Errorf("the form could not be read: %w", err)
	}
	if f, _, err := r.FormFile("file"); err == nil {
		defer f.Close()
		data, err := io.ReadAll(io.LimitReader(f, MaxBody+1))
		if err != nil || len(data) > MaxBody {
			return nil, fmt.Errorf("the file could not be read or is larger than %d bytes", MaxBody)
		}
		if len(strings.TrimSpace(string(data))) > 0 {
			return data, nil
		}
	}
	return []byte(r.FormValue("maze")), nil
}

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

// pageDashboard is the designer's first view: for each maze of the day
// shown so far (newest first), the design paper's features next to
// what the players did. Only real plays are counted.
func (s *server) pageDashboard(w http.ResponseWriter, r *http.Request) {
	days, err := s.store.Dailies(r.Context(), s.sched.Today().Format(daily.DateLayout), maxArchive)
	if err != nil {
		s.pageInternal(w, err)
		return
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
			s.pageInternal(w, err)
			return
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
	s.writePage(w, http.StatusOK, "dashboard.html", struct {
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
