// Package web is the Rook Jumping Maze of the Day site: the pages to play
// a maze and the JSON API (docs/api.md), over a store.Store. It only
// parses requests, calls the library (generate, solve, analysis, daily)
// and renders its views; it holds no rules of its own.
package web

import (
	"log/slog"
	"net/http"
	"time"

	"rjm/daily"
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
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", srv.healthz)
	mux.HandleFunc("GET /api/daily", srv.apiDaily)
	mux.HandleFunc("GET /api/maze/{id}", srv.apiMaze)
	mux.HandleFunc("POST /api/analyze", srv.apiAnalyze)
	mux.HandleFunc("POST /api/generate", srv.apiGenerate)
	mux.HandleFunc("POST /api/plays", srv.apiPlays)
	mux.HandleFunc("GET /api/stats", srv.apiStats)
	mux.HandleFunc("GET /api/hint", srv.apiHint)
	srv.pages.register(mux, srv)
	return srv.guard(mux)
}
