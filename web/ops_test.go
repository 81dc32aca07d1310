package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"rjm/store"
	"rjm/web"
)

// /healthz answers while the store is down (liveness); /readyz answers
// 503 then, and 200 again once the store is back (readiness).
func TestReadyzFollowsTheStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rjm.db")
	st, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ts := httptest.NewServer(web.NewHandler(st, web.Options{}))
	defer ts.Close()
	if a := do(t, ts, "GET", "/readyz", ""); a.code != 200 || a.json(t)["status"] != "ready" {
		t.Fatalf("readyz with the store up: %d %s", a.code, a.body)
	}
	if err := os.Rename(path, path+".away"); err != nil { // as root, chmod would not stop a read
		t.Fatal(err)
	}
	if a := do(t, ts, "GET", "/readyz", ""); a.code != 503 || !strings.Contains(a.body, "store") {
		t.Errorf("readyz with the store's file gone: %d %s", a.code, a.body)
	}
	if a := do(t, ts, "GET", "/healthz", ""); a.code != 200 {
		t.Errorf("healthz with the store's file gone: %d %s", a.code, a.body)
	}
	if err := os.Rename(path+".away", path); err != nil {
		t.Fatal(err)
	}
	if a := do(t, ts, "GET", "/readyz", ""); a.code != 200 {
		t.Errorf("readyz with the store back: %d %s", a.code, a.body)
	}
}

// /metrics counts requests by route and status, and the store's errors.
func TestMetrics(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	do(t, ts, "GET", "/", "")
	do(t, ts, "GET", "/m/nonsense", "")
	a := do(t, ts, "GET", "/metrics", "")
	for _, want := range []string{
		`rjm_http_requests_total{code="200",route="GET /{$}"} 1`,
		`rjm_http_requests_total{code="400",route="GET /m/{id}"} 1`,
		`rjm_http_request_duration_seconds_bucket{route="GET /{$}",le="+Inf"} 1`,
		`rjm_store_errors_total 0`,
		`go_goroutines`,
	} {
		if !strings.Contains(a.body, want) {
			t.Errorf("/metrics has no %s", want)
		}
	}
}

// syncBuffer is a buffer safe for a logger's concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Every request is logged as one structured line: route, status, size
// and duration; the client's address only with LogClients, the query
// never.
func TestRequestLog(t *testing.T) {
	for _, clients := range []bool{false, true} {
		var buf syncBuffer
		log := slog.New(slog.NewJSONHandler(&buf, nil))
		ts, _ := newServer(t, web.Options{Logger: log, LogClients: clients})
		do(t, ts, "GET", "/api/hint?maze="+figure1+"&moves=D", "")
		var line map[string]any
		for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
			if strings.Contains(l, `"msg":"request"`) {
				if err := json.Unmarshal([]byte(l), &line); err != nil {
					t.Fatal(err)
				}
			}
		}
		if line == nil || line["route"] != "GET /api/hint" || line["status"] != 200.0 || line["path"] != "/api/hint" || line["bytes"] == nil {
			t.Errorf("request line %v in %s", line, buf.String())
		}
		if got := strings.Contains(buf.String(), "127.0.0.1"); got != clients {
			t.Errorf("LogClients %v: an address in the log is %v: %s", clients, got, buf.String())
		}
		if strings.Contains(buf.String(), "moves=") {
			t.Errorf("the query is logged: %s", buf.String())
		}
	}
}

// The operations' metrics: requests in flight, the slots of each kind,
// the store's calls and pool, the cache's bytes and evictions, the build;
// and a hint with a query parameter of its own is 400, keeping nothing.
func TestMetricsOfOperations(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	if a := do(t, ts, "GET", "/api/hint?maze="+figure1+"&moves=D&junk=1", ""); a.code != 400 || !strings.Contains(a.body, "junk") {
		t.Errorf("a hint with junk: %d %s", a.code, a.body)
	}
	if a := do(t, ts, "GET", "/api/hint?maze="+figure1+"&moves=D&moves=D", ""); a.code != 400 {
		t.Errorf("a hint with moves twice: %d %s", a.code, a.body)
	}
	if a := do(t, ts, "GET", "/api/hint?moves=D&maze="+figure1, ""); a.code != 200 || a.header.Get("X-Request-ID") == "" {
		t.Errorf("a hint: %d %s, X-Request-ID %q", a.code, a.body, a.header.Get("X-Request-ID"))
	}
	if a := do(t, ts, "GET", "/api/hint?maze="+figure1+"&moves=d", ""); a.code != 200 {
		t.Errorf("a hint spelt otherwise: %d %s", a.code, a.body)
	}
	do(t, ts, "GET", "/api/stats?maze="+figure1, "")
	a := do(t, ts, "GET", "/metrics", "")
	for _, m := range []string{"rjm_http_requests_in_flight 1", `rjm_work_slots{kind="generation"} 2`, `rjm_work_slots{kind="hint"} 1`,
		`rjm_work_slots_used{kind="analysis_drawing"} 0`, `rjm_work_waiting{kind="generation"} 0`, `rjm_store_call_duration_seconds_count{call="stats"} 1`,
		`rjm_store_pool_connections{state="open"}`, "rjm_store_pool_waits_total", "rjm_cache_bytes", "rjm_cache_evictions_total 0", `rjm_build_info{go="go`} {
		if !strings.Contains(a.body, m) {
			t.Errorf("/metrics has no %s", m)
		}
	}
	if !strings.Contains(a.body, `rjm_cache_total{result="miss"} 1`) || !strings.Contains(a.body, `rjm_cache_total{result="hit"} 1`) {
		t.Errorf("the hints asked twice under two spellings are not one key:\n%s", a.body)
	}
}
