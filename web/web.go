// Package web is the Rook Jumping Maze of the Day site: the pages to play
// a maze and the JSON API (docs/api.md), over a store.Store. It only
// parses requests, calls the library (generate, solve, analysis, daily)
// and renders its views; it holds no rules of its own.
package web

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"rjm/daily"
	"rjm/internal/buildinfo"
	"rjm/store"
)

// Limits of the API, each answered with 400 past it (413 for the body).
const (
	// MaxBody is the largest request body read, in bytes.
	MaxBody = 64 << 10
	// MaxGenerateSide is the largest number of rows or columns
	// POST /api/generate makes.
	MaxGenerateSide = 12
	// MaxGenerateWork is the most search iterations (in all, restarts
	// included) one generation may ask for.
	MaxGenerateWork = 200_000
	// MaxMoves is the most moves a submitted play may hold.
	MaxMoves = 10_000
)

// Options configure the handler. The zero value serves with the defaults.
type Options struct {
	// Now returns the current time; nil means time.Now. The date of the
	// maze of the day is Now's day in UTC.
	Now func() time.Time
	// GenerateTimeout bounds one generation (POST /api/generate, or a
	// seeded ID analysed); 0 means 5 seconds. A generation cut short is
	// answered 422 (the request asked for more work than the limit allows).
	GenerateTimeout time.Duration
	// GenerateEvery is the time one client must wait, on average, between
	// generations; 0 means 2 seconds. GenerateBurst generations may come
	// at once (0 means 10). Past them the answer is 429 with Retry-After.
	// A client is its remote address (the server does not trust proxy
	// headers).
	GenerateEvery time.Duration
	GenerateBurst int
	// Logger receives the errors answered 500; nil discards them.
	Logger *slog.Logger
}

// server is the handler's state: the store, the schedule, the page cache
// and the rate limiter. It has no package-level state.
type server struct {
	store   store.Store
	sched   *daily.Schedule
	opt     Options
	log     *slog.Logger
	limiter *limiter
	pages   *pages
	days    *lru[*day]
	// facts keeps what the dashboard computes of each maze, by maze ID.
	facts *lru[*mazeFacts]
}

// NewHandler returns the site's handler over s: the pages and the API on
// their own http.ServeMux, behind the security headers, the body limit and
// the panic guard.
func NewHandler(s store.Store, o Options) http.Handler {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.GenerateTimeout == 0 {
		o.GenerateTimeout = 5 * time.Second
	}
	if o.GenerateEvery == 0 {
		o.GenerateEvery = 2 * time.Second
	}
	if o.GenerateBurst == 0 {
		o.GenerateBurst = 10
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	srv := &server{
		store:   s,
		sched:   &daily.Schedule{Store: s, Now: o.Now},
		opt:     o,
		log:     log,
		limiter: newLimiter(o.GenerateEvery, o.GenerateBurst, o.Now),
		pages:   newPages(),
		days:    newLRU[*day](maxDays),
		facts:   newLRU[*mazeFacts](maxDays),
	}
	return srv.guard(srv.routes())
}

// routes is every path the site answers, by feature: each handler lives
// in the file of its feature (play.go, daily.go, generate.go, analyze.go,
// print.go, dashboard.go, plays.go, me.go, offline.go).
func (s *server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("GET /static/", s.static())

	mux.HandleFunc("GET /m/{id}", s.pageMaze) // play any maze
	mux.HandleFunc("GET /{$}", s.pageToday)   // the maze of the day
	mux.HandleFunc("GET /d/{date}", s.pageDate)
	mux.HandleFunc("GET /archive", s.pageArchive)
	mux.HandleFunc("GET /api/daily", s.apiDaily)
	mux.HandleFunc("GET /generate", s.pageGenerateForm)
	mux.HandleFunc("POST /generate", s.pageGenerate)
	mux.HandleFunc("POST /api/generate", s.apiGenerate)
	mux.HandleFunc("GET /analyze", s.pageAnalyzeForm)
	mux.HandleFunc("POST /analyze", s.pageAnalyze)
	mux.HandleFunc("POST /api/analyze", s.apiAnalyze)
	mux.HandleFunc("GET /api/maze/{id}", s.apiMaze)
	mux.HandleFunc("GET /print/{id}", s.pagePrint)
	mux.HandleFunc("GET /dashboard", s.pageDashboard)
	mux.HandleFunc("POST /api/plays", s.apiPlays)
	mux.HandleFunc("GET /api/stats", s.apiStats)
	mux.HandleFunc("GET /api/hint", s.apiHint)

	// The player's own: stats kept on the device (me.go), and the service
	// worker and manifest that make the site work offline and install
	// (offline.go).
	off := newOffline()
	mux.HandleFunc("GET /me", s.pageMe)
	mux.HandleFunc("GET /sw.js", off.serveWorker)
	mux.HandleFunc("GET /manifest.webmanifest", off.serveManifest)

	// Every other GET is not found; other methods on unknown paths are
	// not allowed (405).
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			writeError(w, http.StatusNotFound, "no such API endpoint: "+r.Method+" "+r.URL.Path)
			return
		}
		s.pageError(w, http.StatusNotFound, "There is no page at "+r.URL.Path+".")
	})
	return mux
}

func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": buildinfo.Version()})
}
