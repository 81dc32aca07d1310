// Package web is the Rook Jumping Maze of the Day site: the pages to play
// a maze and the JSON API (docs/api.md), over a store.Store. It only
// parses requests, calls the library (generate, solve, analysis, daily)
// and renders its views; it holds no rules of its own.
package web

import (
	"cmp"
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"rjm/analysis"
	"strings"
	"sync/atomic"
	"time"

	"rjm/daily"
	"rjm/design"
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
	// MaxMoves is the most moves a submitted play may hold, or a hint's
	// moves played so far.
	MaxMoves = 10_000
	// MaxPageSide is the largest number of rows or columns of a maze
	// whose pages (/m/{id}, /print/{id}) are drawn: past it, 400 (its
	// analysis, /api/maze/{id}, is still answered).
	MaxPageSide = 24
)

// Content types of the answers.
const (
	htmlType = "text/html; charset=utf-8"
	jsonType = "application/json"
)

// Options configure the handler. The zero value serves with the defaults.
type Options struct {
	// Now returns the current time; nil means time.Now. The date of the
	// maze of the day is Now's day in UTC.
	Now func() time.Time
	// GenerateTimeout bounds one generation (POST /api/generate, or a
	// seeded ID analysed); 0 means DefaultGenerateTimeout (5 s). A generation cut short is
	// answered 422 (the request asked for more work than the limit allows).
	GenerateTimeout time.Duration
	// GenerateEvery is the time one client must wait, on average, between
	// generations; 0 means DefaultGenerateEvery (10 s). GenerateBurst
	// generations may come at once (0 means DefaultGenerateBurst, 6).
	// Past them the answer is 429 with Retry-After. A client is its
	// address, an IPv6 one its /64 (see TrustedProxies).
	GenerateEvery time.Duration
	GenerateBurst int
	// WorkEvery and WorkBurst are the same for the other heavy work: an
	// analysis, or a page or answer drawn for a maze ID not in the cache
	// (0 means DefaultWorkEvery, 1 s, and DefaultWorkBurst, 30).
	WorkEvery time.Duration
	WorkBurst int
	// HintEvery and HintBurst are the same for a hint not in the cache
	// (0 means DefaultHintEvery, 0.25 s, and DefaultHintBurst, 60).
	HintEvery time.Duration
	HintBurst int
	// PlayEvery and PlayBurst are the same for POST /api/plays (0 means
	// DefaultPlayEvery, 2 s, and DefaultPlayBurst, 20).
	PlayEvery time.Duration
	PlayBurst int
	// MaxWorkers bounds the generations running at once across all
	// clients, and as many bound the analyses and drawings, and the
	// hints; past them the answer is 503 with Retry-After (BusyRetry),
	// after a short wait in a queue for a generation (see bound.go). 0
	// means one fewer than GOMAXPROCS, at least 1.
	MaxWorkers int
	// CacheBytes bounds the answers kept (see answers.go); 0 means
	// DefaultCacheBytes (64 MiB).
	CacheBytes int
	// TrustedProxies are the networks of the reverse proxies in front of
	// the server: a request from one of them is taken to come from the
	// client its X-Forwarded-For or Forwarded header names (see
	// client.go). None (the default) means the headers are never read.
	TrustedProxies []netip.Prefix
	// StoreTimeout bounds each store call; past it the answer is 503 with
	// Retry-After. 0 means DefaultStoreTimeout (2 s).
	StoreTimeout time.Duration
	// Tarpit is how long a refusal (429, or 503 with Retry-After) waits
	// before it is sent (see bound.go); 0 means DefaultTarpit (250 ms), a
	// negative value no wait.
	Tarpit time.Duration
	// ModelWait is how long a request for the difficulty model
	// (/dashboard, /api/difficulty) waits for the background's refit
	// before answering from the last fit: 0 or less answers at once (the refit
	// itself never runs in a request; see difficulty.go).
	ModelWait time.Duration
	// Logger receives the errors answered 500 or 503, each cause at most
	// once per ErrorLogPeriod, and, at level Info, one line per request
	// (no personal data); nil discards them. See NewLogWriter for a
	// writer that never blocks the server.
	Logger *slog.Logger
	// LogDropped, when set, returns the log lines dropped so far (see
	// LogWriter), for the metrics.
	LogDropped func() int64
	// LogClients adds the client's address to the request lines.
	LogClients bool
	// Background, when not nil, runs the handler's background work until
	// it ends: the next day's maze made ahead of midnight (daily.go) and
	// the store's readiness probe (ops.go). Nil runs none: the day's maze
	// is then made when first asked for, and /readyz probes when asked.
	Background context.Context
	// Catalogue lists the design features: the analysis API writes them
	// all, the dashboard those marked analysis.InDashboard. nil means
	// analysis.DefaultCatalogue().
	Catalogue analysis.Catalogue
	// Wasm is the workbench's engine for the page (wasm.go), served at
	// /wasm/ once it is set; nil means none: /design then asks the server
	// for every edit.
	Wasm *Wasm
}

// server is the handler's state: the store, the schedule, the page cache
// and the rate limiter. It has no package-level state.
type server struct {
	store  store.Store
	sched  *daily.Schedule
	opt    Options
	log    *slog.Logger
	reqLog *slog.Logger
	// the kinds of heavy work (bound.go), and the rates of plays and
	// their tokens
	gen, analysis, drawing, hint *heavyKind
	// describing is a maze's facts computed for a client (facts.go).
	describing          *heavyKind
	playRate, tokenRate rate
	hintRate            rate
	tarpits             chan struct{}
	pages               *pages
	assets              *assets // the static files (assets.go)
	days                *lru[*day]
	// facts keeps the mazes' facts known (facts.go), by maze ID.
	facts *lru[*mazeFacts]
	// answers keeps the answers that are pure functions of their URL.
	answers *lru[*cachedAnswer]
	// dashboard is the last dashboard made; playsAdded counts the plays
	// this server stored, which make it old.
	dashboard  dashboardCache
	playsAdded atomic.Int64
	// model is the last difficulty model fitted (difficulty.go).
	model   modelCache
	metrics *metrics
	// dayFlights are the dates' mazes being made (daily.go).
	dayFlights *dayFlights
	// ready is the outcome of the store's last write (ops.go); stats
	// keeps the mazes' stats (cost.go).
	ready *readiness
	stats *statsCache
	bench *design.Bench // the designer's workbench (design.go)
	// errs logs each cause of error once per period; tokens is the key
	// of the plays' tokens.
	errs   *errLog
	tokens tokenKey
	// reqSeq numbers the requests, for their IDs.
	reqSeq atomic.Uint64
	reqTag string
	// patterns are the routes' patterns, as routes registers them.
	patterns []string
}

// NewHandler returns the site's handler over s: the pages and the API on
// their own http.ServeMux, behind the security headers, the body limit and
// the panic guard.
func NewHandler(s store.Store, o Options) http.Handler {
	srv := newServer(s, o)
	return srv.guard(srv.routes())
}

// newServer returns the server of NewHandler, its options defaulted.
func newServer(s store.Store, o Options) *server {
	if o.Now == nil {
		o.Now = time.Now
	}
	o.GenerateTimeout = cmp.Or(o.GenerateTimeout, DefaultGenerateTimeout)
	o.Tarpit = cmp.Or(o.Tarpit, DefaultTarpit)
	o.GenerateEvery = cmp.Or(o.GenerateEvery, DefaultGenerateEvery)
	o.GenerateBurst = cmp.Or(o.GenerateBurst, DefaultGenerateBurst)
	o.WorkEvery = cmp.Or(o.WorkEvery, DefaultWorkEvery)
	o.WorkBurst = cmp.Or(o.WorkBurst, DefaultWorkBurst)
	o.HintEvery = cmp.Or(o.HintEvery, DefaultHintEvery)
	o.HintBurst = cmp.Or(o.HintBurst, DefaultHintBurst)
	o.PlayEvery = cmp.Or(o.PlayEvery, DefaultPlayEvery)
	o.PlayBurst = cmp.Or(o.PlayBurst, DefaultPlayBurst)
	o.MaxWorkers = cmp.Or(o.MaxWorkers, defaultWorkers())
	o.CacheBytes = cmp.Or(o.CacheBytes, DefaultCacheBytes)
	o.StoreTimeout = cmp.Or(o.StoreTimeout, DefaultStoreTimeout)
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	m := newMetrics()
	assets := newAssets()
	ready, stats := newReadiness(), newStatsCache()
	var shared *sharedRates
	if sr, ok := s.(store.SharedRates); ok && sr.Rates() != nil {
		shared = newSharedRates(sr.Rates(), o.Now, func(err error) {
			m.storeErrors.Inc()
			log.Warn("counting the rates in memory: the store did not count them", "err", err)
		})
	}
	s = timedStore{Store: s, timeout: o.StoreTimeout, m: m, wrote: ready.wrote, added: stats.forget}
	srv := &server{
		store:     s,
		sched:     &daily.Schedule{Store: s, Now: o.Now},
		opt:       o,
		log:       log,
		reqLog:    log.With("log", "request"),
		playRate:  newRate("play", o.PlayEvery, o.PlayBurst, o.Now, shared),
		tokenRate: newRate("token", o.PlayEvery, o.PlayBurst, o.Now, shared),
		assets:    assets,
		pages:     newPages(assets),
		days:      newLRU[*day](maxDays),
		facts:     newLRU[*mazeFacts](maxFacts),
		answers:   newSizedLRU(maxAnswers, o.CacheBytes, answerSize),
		metrics:   m,
		errs:      newErrLog(o.Now),
		reqTag:    requestTag(),
		bench:     design.NewBench(nil),
	}
	// Analyses and drawings share one rate and one set of slots.
	work := newRate("work", o.WorkEvery, o.WorkBurst, o.Now, shared)
	workSlots := newSlots(o.MaxWorkers+1, o.MaxWorkers, 0)
	srv.gen = &heavyKind{name: "generation", rate: newRate("generation", o.GenerateEvery, o.GenerateBurst, o.Now, shared),
		slots: newSlots(o.MaxWorkers+1, o.MaxWorkers, QueueLength), wait: QueueWait, nice: generationNice}
	srv.analysis = &heavyKind{name: "analysis", rate: work, slots: workSlots, nice: workNice, unit: WorstWork}
	srv.drawing = &heavyKind{name: "drawing", rate: work, slots: workSlots, nice: workNice, unit: WorstWork}
	srv.describing = &heavyKind{name: "description", rate: work, slots: workSlots, nice: workNice, unit: WorstWork}
	srv.hintRate = newRate("hint", o.HintEvery, o.HintBurst, o.Now, shared)
	srv.hint = &heavyKind{name: "hint", slots: newSlots(o.MaxWorkers, o.MaxWorkers, 0), nice: workNice}
	srv.tarpits = make(chan struct{}, MaxTarpit)
	srv.dayFlights = newDayFlights(m.reg)
	srv.ready, srv.stats = ready, stats
	m.watch(srv)
	if o.Background != nil {
		go srv.makeAhead(o.Background)
		go srv.probeEvery(o.Background)
	}
	return srv
}

// routes is every path the site answers, by feature: each handler lives
// in the file of its feature (play.go, daily.go, generate.go, analyze.go,
// print.go, dashboard.go, plays.go, me.go, offline.go, ops.go).
func (s *server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	handle := func(pattern string, h http.Handler) {
		mux.Handle(pattern, h)
		s.patterns = append(s.patterns, pattern)
	}
	handleFunc := func(pattern string, f http.HandlerFunc) { handle(pattern, f) }
	handle("GET /static/", s.serveAsset(s.assets))

	handleFunc("GET /m/{id}", s.pageMaze) // play any maze
	handleFunc("GET /{$}", s.pageToday)   // the maze of the day
	handleFunc("GET /d/{date}", s.pageDate)
	handleFunc("GET /archive", s.pageArchive)
	handleFunc("GET /api/daily", s.apiDaily)
	handleFunc("GET /generate", s.pageGenerateForm)
	handleFunc("POST /generate", s.pageGenerate)
	handleFunc("POST /api/generate", s.apiGenerate)
	handleFunc("GET /analyze", s.pageAnalyzeForm)
	handleFunc("POST /analyze", s.pageAnalyze)
	handleFunc("POST /api/analyze", s.apiAnalyze)
	handleFunc("GET /api/maze/{id}", s.apiMaze)
	handleFunc("GET /print/{id}", s.pagePrint)
	handleFunc("GET /dashboard", s.pageDashboard)
	handleFunc("POST /api/plays", s.apiPlays)
	handleFunc("GET /api/stats", s.apiStats)
	handleFunc("GET /api/difficulty", s.apiDifficulty)
	handleFunc("GET /api/hint", s.apiHint)
	handleFunc("GET /api/token", s.apiToken)
	handleFunc("GET /design", s.pageDesign) // the designer's workbench (design.go)
	handleFunc("POST /api/design", s.apiDesign)
	handleFunc("GET /wasm/{name}", s.opt.Wasm.serve()) // the workbench's engine for the page (wasm.go)

	// The player's own: stats kept on the device (me.go), and the service
	// worker and manifest that make the site work offline and install
	// (offline.go).
	off := newOffline(s.assets)
	handleFunc("GET /me", s.pageMe)
	handleFunc("GET /sw.js", off.serveWorker)
	handleFunc("GET /manifest.webmanifest", off.serveManifest)

	// Operations (ops.go): liveness, readiness, metrics.
	handleFunc("GET /healthz", s.healthz)
	handleFunc("GET /readyz", s.readyz)
	handle("GET /metrics", s.metrics.handler())

	// Every other GET is not found; other methods on unknown paths are
	// not allowed (405).
	handleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			writeError(w, http.StatusNotFound, "no such API endpoint: "+r.Method+" "+r.URL.Path)
			return
		}
		s.pageError(w, http.StatusNotFound, "There is no page at "+r.URL.Path+".")
	})
	return mux
}
