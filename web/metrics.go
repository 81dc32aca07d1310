package web

import (
	"context"
	"errors"
	"net/http"
	"runtime"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"rjm/internal/buildinfo"
	"rjm/store"
)

// metrics are the server's Prometheus metrics, served at /metrics from a
// registry of the handler's own (no global state):
//
//	rjm_http_requests_total{route,code}          requests answered (499: the client went away)
//	rjm_http_request_duration_seconds{route}     their latency
//	rjm_http_requests_in_flight                  requests under way
//	rjm_work_running{kind}                       heavy work under way (generation, analysis, drawing, hint)
//	rjm_work_slots{kind}                         its slots (analysis and drawing share theirs)
//	rjm_work_waiting{kind}                       requests waiting for a slot (generation)
//	rjm_work_queue_wait_seconds{kind}            how long they waited
//	rjm_work_refused_total{kind,reason}          heavy work refused: busy (503), rate (429), starved (503: no CPU to finish)
//	rjm_store_errors_total                       store calls that failed
//	rjm_store_call_duration_seconds{call}        store calls' latency
//	rjm_store_pool_connections{state}            the store's connections: open, in_use, idle
//	rjm_store_pool_waits_total                   store calls that waited for a connection
//	rjm_cache_total{result}                      cached answers: hit, miss
//	rjm_cache_bytes                              bytes of the answers kept, keys included
//	rjm_cache_evictions_total                    answers forgotten for room
//	rjm_daily_made_total{by}                     dates' mazes made, by a request or ahead of the day (daily.go)
//	rjm_maze_facts_computed_total                mazes' facts computed (a maze's design features and simulated novices: facts.go)
//	rjm_model_fits_total{result}                 the difficulty model's refits in the background: ok, error
//	rjm_model_age_seconds                        seconds since the last refit ended (-1 before the first)
//	rjm_log_dropped_total                        log lines dropped while the log's reader stalled
//	rjm_build_info{version,go}                   1, labelled with the build
//
// and the Go runtime's and the process's own. A route is the pattern it
// matched ("GET /m/{id}"), so the labels are few whatever the paths.
type metrics struct {
	reg         *prometheus.Registry
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	inFlight    prometheus.Gauge
	running     *prometheus.GaugeVec
	refused     *prometheus.CounterVec
	queueWait   *prometheus.HistogramVec
	storeErrors prometheus.Counter
	storeCalls  *prometheus.HistogramVec
	cache       *prometheus.CounterVec
	// factsComputed counts the mazes' facts computed, fits the model's
	// refits.
	factsComputed prometheus.Counter
	fits          *prometheus.CounterVec
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "rjm_http_requests_total",
			Help: "HTTP requests answered, by route and status (499: the client went away)."}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "rjm_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"route"}),
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{Name: "rjm_http_requests_in_flight",
			Help: "HTTP requests under way."}),
		running: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "rjm_work_running",
			Help: "Heavy work under way, by kind (generation, analysis, drawing, hint)."}, []string{"kind"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "rjm_work_refused_total",
			Help: "Heavy work refused, by kind and reason (busy: 503, rate: 429, starved: 503 for want of CPU)."}, []string{"kind", "reason"}),
		queueWait: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "rjm_work_queue_wait_seconds",
			Help:    "Time heavy work waited for a slot, by kind.",
			Buckets: []float64{.001, .01, .1, .5, 1, 2, 4, 8}}, []string{"kind"}),
		storeErrors: prometheus.NewCounter(prometheus.CounterOpts{Name: "rjm_store_errors_total",
			Help: "Store calls that failed."}),
		storeCalls: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "rjm_store_call_duration_seconds",
			Help:    "Time of a store call, by call.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}}, []string{"call"}),
		cache: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "rjm_cache_total",
			Help: "Answers looked up in the cache, by result (hit, miss)."}, []string{"result"}),
		factsComputed: prometheus.NewCounter(prometheus.CounterOpts{Name: "rjm_maze_facts_computed_total",
			Help: "Mazes' facts (design features and simulated novices) computed."}),
		fits: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "rjm_model_fits_total",
			Help: "Refits of the difficulty model in the background, by result (ok, error)."}, []string{"result"}),
	}
	info := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "rjm_build_info",
		Help: "1, labelled with the build's version and Go version."}, []string{"version", "go"})
	info.WithLabelValues(buildinfo.Version(), runtime.Version()).Set(1)
	m.reg.MustRegister(m.requests, m.latency, m.inFlight, m.running, m.refused, m.queueWait, m.storeErrors, m.storeCalls, m.cache, m.factsComputed, m.fits, info,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// watch registers the gauges read from the server's state when scraped:
// slots, cache, the store's pool and the log's dropped lines.
func (m *metrics) watch(s *server) {
	for _, k := range []*heavyKind{s.gen, s.analysis, s.hint} {
		name := k.name
		if k == s.analysis {
			name = "analysis_drawing"
		}
		sl := k.slots
		m.reg.MustRegister(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "rjm_work_slots", Help: "Slots of heavy work, by kind.",
				ConstLabels: prometheus.Labels{"kind": name}}, func() float64 { return float64(sl.n) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "rjm_work_slots_used", Help: "Slots of heavy work taken, by kind.",
				ConstLabels: prometheus.Labels{"kind": name}}, func() float64 { u, _ := sl.inUse(); return float64(u) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "rjm_work_waiting", Help: "Heavy work waiting for a slot, by kind.",
				ConstLabels: prometheus.Labels{"kind": name}}, func() float64 { _, w := sl.inUse(); return float64(w) }))
	}
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "rjm_cache_bytes", Help: "Bytes of the answers kept, keys included."},
			func() float64 { b, _ := s.answers.stats(); return float64(b) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "rjm_cache_evictions_total", Help: "Answers forgotten to make room."},
			func() float64 { _, e := s.answers.stats(); return float64(e) }),
	)
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "rjm_model_age_seconds",
		Help: "Seconds since the difficulty model's last refit ended (-1 before the first)."}, func() float64 {
		if _, _, made := s.model.last(); !made.IsZero() {
			return time.Since(made).Seconds()
		}
		return -1
	}))
	if s.opt.LogDropped != nil {
		m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "rjm_log_dropped_total",
			Help: "Log lines dropped while the log's reader stalled."}, func() float64 { return float64(s.opt.LogDropped()) }))
	}
	if p, ok := s.store.(interface{ Pool() store.Pool }); ok {
		for _, state := range []string{"open", "in_use", "idle"} {
			m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "rjm_store_pool_connections",
				Help: "The store's database connections, by state.", ConstLabels: prometheus.Labels{"state": state}},
				func() float64 {
					st := p.Pool()
					return float64(map[string]int{"open": st.Open, "in_use": st.InUse, "idle": st.Idle}[state])
				}))
		}
		m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "rjm_store_pool_waits_total",
			Help: "Store calls that waited for a free connection."}, func() float64 { return float64(p.Pool().Waits) }))
	}
}

// handler serves the metrics in Prometheus' text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// timedStore is the store as the server calls it: each call within a
// deadline (Options.StoreTimeout), even when the database does not answer
// its driver (the call is left to finish on its own), timed, and its
// faults counted and marked (storeFault: answered 503).
type timedStore struct {
	store.Store
	timeout time.Duration
	m       *metrics
	// wrote, when not nil, is told each play's write: nil when stored
	// (or refused by the store's rules), the fault otherwise (ops.go's
	// readiness); added, when not nil, each play's maze once stored
	// (cost.go's stats).
	wrote func(error)
	added func(maze string)
}

// call runs f with a deadline and returns within it (and a moment's
// grace) whatever f does.
func call[T any](s timedStore, ctx context.Context, name string, f func(context.Context) (T, error)) (T, error) {
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	type result struct {
		v      T
		err    error
		panicV any
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			r.panicV = recover()
			done <- r
		}()
		r.v, r.err = f(ctx)
	}()
	var r result
	select {
	case r = <-done:
	case <-ctx.Done():
		select {
		case r = <-done:
		case <-time.After(100 * time.Millisecond):
			r.err = ctx.Err()
		}
	}
	if r.panicV != nil {
		panic(r.panicV) // in the request's goroutine, where the guard sees it
	}
	s.m.storeCalls.WithLabelValues(name).Observe(time.Since(start).Seconds())
	if r.err != nil && ctx.Err() == context.DeadlineExceeded && !isFault(r.err) {
		r.err = context.DeadlineExceeded // the deadline's, not the client's
	}
	if isFault(r.err) {
		s.m.storeErrors.Inc()
		r.err = storeFault{r.err}
	}
	return r.v, r.err
}

func (s timedStore) Daily(ctx context.Context, date string) (store.Daily, error) {
	return call(s, ctx, "daily", func(ctx context.Context) (store.Daily, error) { return s.Store.Daily(ctx, date) })
}

func (s timedStore) PutDaily(ctx context.Context, d store.Daily) (store.Daily, error) {
	return call(s, ctx, "put_daily", func(ctx context.Context) (store.Daily, error) { return s.Store.PutDaily(ctx, d) })
}

func (s timedStore) Dailies(ctx context.Context, date string, limit int) ([]store.Daily, error) {
	return call(s, ctx, "dailies", func(ctx context.Context) ([]store.Daily, error) { return s.Store.Dailies(ctx, date, limit) })
}

func (s timedStore) AddPlay(ctx context.Context, p store.Play) (store.Play, error) {
	p, err := call(s, ctx, "add_play", func(ctx context.Context) (store.Play, error) { return s.Store.AddPlay(ctx, p) })
	if s.wrote != nil && (err == nil || isStoreFault(err)) && !errors.Is(err, context.Canceled) {
		s.wrote(err)
	}
	if s.added != nil && err == nil {
		s.added(p.Maze)
	}
	return p, err
}

func (s timedStore) Stats(ctx context.Context, maze string) (store.Stats, error) {
	return call(s, ctx, "stats", func(ctx context.Context) (store.Stats, error) { return s.Store.Stats(ctx, maze) })
}

func (s timedStore) Key(ctx context.Context, name string, fresh []byte) ([]byte, error) {
	return call(s, ctx, "key", func(ctx context.Context) ([]byte, error) { return s.Store.Key(ctx, name, fresh) })
}

func (s timedStore) PutFacts(ctx context.Context, maze, version string, facts []byte) error {
	_, err := call(s, ctx, "put_facts", func(ctx context.Context) (struct{}, error) {
		return struct{}{}, s.Store.PutFacts(ctx, maze, version, facts)
	})
	return err
}

func (s timedStore) Facts(ctx context.Context, maze, version string) ([]byte, error) {
	return call(s, ctx, "facts", func(ctx context.Context) ([]byte, error) { return s.Store.Facts(ctx, maze, version) })
}

func (s timedStore) ForgetKeys(ctx context.Context, prefix, before string) (int64, error) {
	return call(s, ctx, "forget keys", func(ctx context.Context) (int64, error) { return s.Store.ForgetKeys(ctx, prefix, before) })
}

func (s timedStore) Ping(ctx context.Context) error {
	_, err := call(s, ctx, "ping", func(ctx context.Context) (struct{}, error) { return struct{}{}, s.Store.Ping(ctx) })
	return err
}

// Pool is the store's pool, when it tells it.
func (s timedStore) Pool() store.Pool {
	if p, ok := s.Store.(interface{ Pool() store.Pool }); ok {
		return p.Pool()
	}
	return store.Pool{}
}

func (s timedStore) PlayLog(ctx context.Context, limit int) ([]store.Play, error) {
	return call(s, ctx, "play_log", func(ctx context.Context) ([]store.Play, error) { return s.Store.PlayLog(ctx, limit) })
}
