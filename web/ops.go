package web

import (
	"context"
	"net/http"
	"time"

	"rjm/internal/buildinfo"
)

// ReadyTimeout bounds the store's ping of GET /readyz.
const ReadyTimeout = 2 * time.Second

// healthz is the liveness check: the process answers. It reads no store,
// so that a store down does not get a live server restarted.
func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": buildinfo.Version()})
}

// readyz is the readiness check: the store answers a ping within
// ReadyTimeout; 503 when it does not, so that a load balancer sends the
// requests elsewhere.
func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), ReadyTimeout)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.Warn("not ready", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "error": "the store does not answer"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready", "version": buildinfo.Version()})
}
