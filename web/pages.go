package web

import (
	"bytes"
	"embed"
	"html/template"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"rjm/daily"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
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
	return &pages{tmpl: template.Must(template.ParseFS(templateFS, "templates/*.html"))}
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
	Board      board
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

func newPlayPage(m *maze.Maze, d *store.Daily) playPage {
	id, _ := m.ID()
	g := newGame(m, "")
	pp := playPage{Title: "Maze " + id, ID: id, Heading: "Rook Jumping Maze", Variant: m.Variant.String(), Board: playBoard(m), Rook: g.Rook, Shortest: g.Shortest, Keys: keyHelp(m.Board), Rules: variantRules(m.Variant)}
	if d != nil {
		g.Date = d.Date
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
	page, err := d.page(s.pages)
	if err != nil {
		s.internal(err)
		s.pageError(w, http.StatusInternalServerError, "Something went wrong.")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(page)
}

func (s *server) pageMaze(w http.ResponseWriter, r *http.Request) {
	m, err := maze.ParseID(r.PathValue("id"))
	if err != nil {
		s.pageError(w, http.StatusBadRequest, "That is not a maze ID: "+strings.TrimPrefix(err.Error(), "maze: "))
		return
	}
	s.writePage(w, http.StatusOK, "play.html", newPlayPage(m, nil))
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

func (s *server) pageError(w http.ResponseWriter, code int, msg string) {
	s.writePage(w, code, "error.html", struct {
		Title, Message string
	}{http.StatusText(code), msg})
}

// day is one date's maze of the day, as answered: the JSON of
// GET /api/daily and the page, each made once, since a stored date never
// changes.
type day struct {
	stored store.Daily
	maze   *maze.Maze
	json   []byte

	once    sync.Once
	html    []byte
	htmlErr error
}

func newDay(st store.Daily, m *maze.Maze) *day {
	g := newGame(m, st.Date)
	v := dailyView{Date: st.Date, Head: render.NewHead(m), Shortest: g.Shortest, Difficulty: st.Difficulty}
	var b bytes.Buffer
	writeJSONTo(&b, v)
	return &day{stored: st, maze: m, json: b.Bytes()}
}

func (d *day) page(p *pages) ([]byte, error) {
	d.once.Do(func() { d.html, d.htmlErr = p.render("play.html", newPlayPage(d.maze, &d.stored)) })
	return d.html, d.htmlErr
}

// dayCache keeps the dates answered. It forgets them all past maxDays,
// which bounds its memory.
type dayCache struct {
	mu   sync.Mutex
	days map[string]*day
}

const maxDays = 1000

func newDayCache() *dayCache { return &dayCache{days: map[string]*day{}} }

func (c *dayCache) get(date string) *day {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.days[date]
}

func (c *dayCache) put(date string, d *day) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.days) >= maxDays {
		clear(c.days)
	}
	c.days[date] = d
}

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

// pagePrint is a maze for paper: the board on the first page, the
// solution on the second.
func (s *server) pagePrint(w http.ResponseWriter, r *http.Request) {
	m, err := maze.ParseID(r.PathValue("id"))
	if err != nil {
		s.pageError(w, http.StatusBadRequest, "That is not a maze ID: "+strings.TrimPrefix(err.Error(), "maze: "))
		return
	}
	sol := solve.Solve(graph.MustCompile(m.Board), m)
	id, _ := m.ID()
	b := newBoard(m)
	s.writePage(w, http.StatusOK, "print.html", struct {
		Title, ID, Variant, Solution string
		Shortest                     int
		Unique                       bool
		Rules                        [][2]string
		Board, Solved                board
	}{"Print " + id, id, m.Variant.String(), sol.Letters(), sol.GoalDepth, sol.Unique(), variantRules(m.Variant), b, withSteps(b, m, sol.Solution)})
}

// playBoard is the player's drawing of m.
func playBoard(m *maze.Maze) board {
	b := newBoard(m)
	b.Play = true
	return b
}
