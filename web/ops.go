package web

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"rjm/internal/buildinfo"
	"rjm/store"
)

// ReadyTimeout bounds the store's check of GET /readyz, and its probe.
const ReadyTimeout = 2 * time.Second

// ReadyInterval is how often the store's write probe (store.Store.Ping,
// which writes one row) runs at most: in the background with
// Options.Background, else when /readyz is asked and the last is older.
const ReadyInterval = 5 * time.Second

// healthz is the liveness check: the process answers. It reads no store,
// so that a store down does not get a live server restarted.
func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": buildinfo.Version()})
}

// Readiness says what a play would meet now, without a write per request
// (a load balancer, or a flood, asks often): /readyz is 503 when
//
//   - the store's read-only check fails (store.Checker: the SQLite file
//     gone, its disk full, a database that does not answer a read), or
//   - the last write — the probe, run at most once per ReadyInterval, or a
//     play — failed (a read-only file, a lock held, a database that
//     takes no writes).
//
// Each cause is logged once per ErrorLogPeriod.

// readiness is the outcome of the last write to the store.
type readiness struct {
	mu      sync.Mutex
	err     error     // the last write's error, nil when it worked
	at      time.Time // when it ended; zero before the first
	probed  time.Time // when the last probe started
	probing bool
	first   chan struct{} // closed once a write's outcome is known
}

func newReadiness() *readiness { return &readiness{first: make(chan struct{})} }

// wrote records a write's outcome (the probe's, or a play's).
func (rd *readiness) wrote(err error) {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	rd.err, rd.at = err, time.Now()
	select {
	case <-rd.first:
	default:
		close(rd.first)
	}
}

// probe runs the store's write probe, unless one ran within ReadyInterval
// or runs now.
func (s *server) probe() {
	rd := s.ready
	rd.mu.Lock()
	if rd.probing || (!rd.probed.IsZero() && time.Since(rd.probed) < ReadyInterval) {
		rd.mu.Unlock()
		return
	}
	rd.probing, rd.probed = true, time.Now()
	rd.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), ReadyTimeout)
	defer cancel()
	err := s.store.Ping(ctx)
	rd.mu.Lock()
	rd.probing = false
	rd.mu.Unlock()
	rd.wrote(err)
}

// probeEvery runs the probe every ReadyInterval until ctx ends.
func (s *server) probeEvery(ctx context.Context) {
	t := time.NewTicker(ReadyInterval)
	defer t.Stop()
	for {
		s.probe()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// readyz is the readiness check (see above): 200 when a play would be
// stored, 503 saying why not, so that a load balancer sends the requests
// elsewhere.
func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), ReadyTimeout)
	defer cancel()
	go s.probe() // when due
	err := s.check(ctx)
	if err == nil {
		select {
		case <-s.ready.first:
		case <-ctx.Done():
			err = ctx.Err()
		}
	}
	if err == nil {
		s.ready.mu.Lock()
		err = s.ready.err
		s.ready.mu.Unlock()
	}
	if err != nil {
		if r.Context().Err() != nil {
			clientGone().write(w)
			return
		}
		s.errs.log(s.log, requestID(r.Context()), "not ready", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "error": notReady(err)})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready", "version": buildinfo.Version()})
}

// check runs the store's read-only check when it has one (a read of the
// store otherwise), under the store's deadline.
func (s *server) check(ctx context.Context) error {
	raw := s.store
	if t, ok := raw.(timedStore); ok {
		raw = t.Store
	}
	c, ok := raw.(store.Checker)
	if !ok {
		_, err := s.store.Daily(ctx, "0000-00-00")
		if errors.Is(err, store.ErrNotFound) {
			err = nil
		}
		return err
	}
	_, err := call(s.store.(timedStore), ctx, "check", func(ctx context.Context) (struct{}, error) { return struct{}{}, c.Check(ctx) })
	return err
}

// notReady is what /readyz says of err: its cause, in a few words.
func notReady(err error) string {
	switch {
	case errors.Is(err, store.ErrDiskFull):
		return "the store's disk is full"
	case errors.Is(err, store.ErrReadOnly):
		return "the store is read-only"
	case errors.Is(err, context.DeadlineExceeded):
		return "the store does not answer in time"
	case errors.Is(err, store.ErrMissing):
		return "the store's file is missing"
	case errors.Is(err, store.ErrPermission):
		return "the store's file is not readable and writable by the server's user (its owner and mode are in the log)"
	case errors.Is(err, store.ErrNotAStore):
		return "the file at the store's path is not a store of this site"
	}
	return "the store does not answer"
}
