package web

import (
	"context"
	"errors"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"rjm/store"
)

// metrics are the server's Prometheus metrics, served at /metrics from a
// registry of the handler's own (no global state):
//
//	rjm_http_requests_total{route,code}          requests answered
//	rjm_http_request_duration_seconds{route}     their latency
//	rjm_work_running{kind}                       heavy work under way (generation, analysis, drawing)
//	rjm_work_refused_total{kind,reason}          heavy work refused: busy (503) or rate (429)
//	rjm_store_errors_total                       store calls that failed
//	rjm_cache_total{result}                      cached answers: hit, miss
//
// and the Go runtime's and the process's own. A route is the pattern it
// matched ("GET /m/{id}"), so the labels are few whatever the paths.
type metrics struct {
	reg         *prometheus.Registry
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	running     *prometheus.GaugeVec
	refused     *prometheus.CounterVec
	storeErrors prometheus.Counter
	cache       *prometheus.CounterVec
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "rjm_http_requests_total",
			Help: "HTTP requests answered, by route and status."}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "rjm_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"route"}),
		running: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "rjm_work_running",
			Help: "Heavy work under way, by kind (generation, analysis, drawing)."}, []string{"kind"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "rjm_work_refused_total",
			Help: "Heavy work refused, by kind and reason (busy: 503, rate: 429)."}, []string{"kind", "reason"}),
		storeErrors: prometheus.NewCounter(prometheus.CounterOpts{Name: "rjm_store_errors_total",
			Help: "Store calls that failed."}),
		cache: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "rjm_cache_total",
			Help: "Answers looked up in the cache, by result (hit, miss)."}, []string{"result"}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.running, m.refused, m.storeErrors, m.cache,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// handler serves the metrics in Prometheus' text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// countedStore is a store whose failed calls are counted (not ErrNotFound
// or ErrDuplicate, which are answers, nor a request's end).
type countedStore struct {
	store.Store
	errs prometheus.Counter
}

func (s countedStore) count(err error) error {
	if err != nil && !errors.Is(err, store.ErrNotFound) && !errors.Is(err, store.ErrDuplicate) &&
		!errors.Is(err, context.Canceled) {
		s.errs.Inc()
	}
	return err
}

func (s countedStore) Daily(ctx context.Context, date string) (store.Daily, error) {
	d, err := s.Store.Daily(ctx, date)
	return d, s.count(err)
}

func (s countedStore) PutDaily(ctx context.Context, d store.Daily) (store.Daily, error) {
	d, err := s.Store.PutDaily(ctx, d)
	return d, s.count(err)
}

func (s countedStore) Dailies(ctx context.Context, date string, limit int) ([]store.Daily, error) {
	d, err := s.Store.Dailies(ctx, date, limit)
	return d, s.count(err)
}

func (s countedStore) AddPlay(ctx context.Context, p store.Play) (store.Play, error) {
	p, err := s.Store.AddPlay(ctx, p)
	return p, s.count(err)
}

func (s countedStore) PlayLog(ctx context.Context, limit int) ([]store.Play, error) {
	ps, err := s.Store.PlayLog(ctx, limit)
	return ps, s.count(err)
}

func (s countedStore) Stats(ctx context.Context, maze string) (store.Stats, error) {
	st, err := s.Store.Stats(ctx, maze)
	return st, s.count(err)
}

func (s countedStore) Ping(ctx context.Context) error { return s.count(s.Store.Ping(ctx)) }
