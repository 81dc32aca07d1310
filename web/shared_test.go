package web_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rjm/store"
	"rjm/web"
)

// postgresSchema returns the DSN of a new schema in the PostgreSQL test
// database ($RJM_POSTGRES_DSN), dropped after the test; it skips the test
// without one, except under CI=true, where .ci/run starts a cluster.
func postgresSchema(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv("RJM_POSTGRES_DSN")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("$RJM_POSTGRES_DSN is not set, and CI=true tests the PostgreSQL store (.ci/run starts a cluster)")
		}
		t.Skip("$RJM_POSTGRES_DSN is not set: the rates shared on PostgreSQL are not tested")
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("rjm_web_%d", time.Now().UnixNano())
	if _, err := db.Exec("CREATE SCHEMA " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db.Exec("DROP SCHEMA " + name + " CASCADE")
		db.Close()
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// ask sends GET path to h from the address from and returns the status.
func ask(t *testing.T, h http.Handler, path, from string) int {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, path, nil)
	r.RemoteAddr = from
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code >= 500 {
		t.Fatalf("GET %s from %s = %d %s, want no 5xx", path, from, w.Code, w.Body)
	}
	return w.Code
}

// rateOptions: a burst of 3 tokens a client (24 a network) and no
// refill within the test.
func rateOptions(now func() time.Time) web.Options {
	return web.Options{Now: now, Tarpit: -1, PlayEvery: time.Hour, PlayBurst: 3}
}

// TestRatesSharedAcrossServers runs two servers (two handlers, each with
// its own connection pool) on one PostgreSQL store: a client's tokens
// taken on either count for both, so that a client over its rate on A is
// refused on B too, while another client, and another network, are not.
func TestRatesSharedAcrossServers(t *testing.T) {
	dsn := postgresSchema(t)
	ctx := context.Background()
	var servers [2]http.Handler
	for i := range servers {
		st, err := store.Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		servers[i] = web.NewHandler(st, rateOptions(func() time.Time { return monday }))
	}
	a, b := servers[0], servers[1]
	const path = "/api/token?maze=" + figure1
	const client = "203.0.113.7:40000"
	// Two tokens on A, one on B: each server alone has seen fewer than
	// the burst of 3, the site all of it.
	for i, h := range []http.Handler{a, a, b} {
		if code := ask(t, h, path, client); code != http.StatusOK {
			t.Fatalf("token %d = %d, want 200", i+1, code)
		}
	}
	for name, h := range map[string]http.Handler{"A": a, "B": b} {
		if code := ask(t, h, path, client); code != http.StatusTooManyRequests {
			t.Errorf("a fourth token on %s = %d, want 429 (the site's rate is spent)", name, code)
		}
	}
	if code := ask(t, b, path, "203.0.113.8:40000"); code != http.StatusOK {
		t.Errorf("another client's token = %d, want 200", code)
	}
	// The network's rate (8 clients' worth, 24) is the site's too: 20
	// more from the network's other clients (4 taken above; a refusal
	// by the client's rate takes none of the network's), spread over
	// both servers, spend it.
	for i := range 20 {
		h := servers[i%2]
		if code := ask(t, h, path, fmt.Sprintf("203.0.113.%d:40000", 10+i/3)); code != http.StatusOK {
			t.Fatalf("the network's token %d = %d, want 200", 5+i, code)
		}
	}
	if code := ask(t, a, path, "203.0.113.99:40000"); code != http.StatusTooManyRequests {
		t.Errorf("a new client of a spent network = %d, want 429", code)
	}
	if code := ask(t, a, path, "198.51.100.1:40000"); code != http.StatusOK {
		t.Errorf("a client of another network = %d, want 200", code)
	}
}

// brokenRates is a store whose shared buckets never answer.
type brokenRates struct{ store.Store }

func (brokenRates) Rates() store.Rates { return failingRates{} }

type failingRates struct{}

func (failingRates) Take(ctx context.Context, key string, every time.Duration, burst, adjust float64, now time.Time) (bool, float64, error) {
	return false, 0, errors.New("connection refused")
}

func (failingRates) ForgetRates(ctx context.Context, now time.Time) (int64, error) {
	return 0, errors.New("connection refused")
}

// TestRatesFallBackToMemory: when the store does not count the rates,
// the server counts them in its memory: never a 5xx, never unlimited.
func TestRatesFallBackToMemory(t *testing.T) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "rjm.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := web.NewHandler(brokenRates{st}, rateOptions(func() time.Time { return monday }))
	const path = "/api/token?maze=" + figure1
	var codes []string
	for range 4 {
		codes = append(codes, fmt.Sprint(ask(t, h, path, "203.0.113.7:40000")))
	}
	if got, want := strings.Join(codes, " "), "200 200 200 429"; got != want {
		t.Errorf("4 tokens with the shared rates down = %s, want %s", got, want)
	}
}
