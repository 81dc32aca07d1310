package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"rjm/level"
	"rjm/store"
	"rjm/store/storetest"
)

// PostgresEnv names the environment variable that holds the DSN (a
// postgres:// URL) of a PostgreSQL database for the store tests. Each test
// runs in a schema of its own, dropped afterwards.
const PostgresEnv = "RJM_POSTGRES_DSN"

var schemas atomic.Int64

// postgresDSN returns the DSN of the test database; it skips the test
// without one, except under CI=true, where .ci/run starts a cluster and
// the PostgreSQL store must be tested.
func postgresDSN(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv(PostgresEnv)
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("$%s is not set, and CI=true tests the PostgreSQL store (.ci/run starts a cluster)", PostgresEnv)
		}
		t.Skipf("$%s is not set: the PostgreSQL store is not tested", PostgresEnv)
	}
	return dsn
}

func TestPostgres(t *testing.T) {
	dsn := postgresDSN(t)
	storetest.Run(t, func(t *testing.T) store.Store {
		return openSchema(t, dsn)
	})
}

// TestPostgresServersShareAStore opens one schema from several servers at
// once: the migrations take turns, and all see one another's writes.
func TestPostgresServersShareAStore(t *testing.T) {
	dsn := postgresDSN(t)
	schemaDSN := newSchema(t, dsn)
	ctx := context.Background()
	stores := make([]store.Store, 4)
	errs := make(chan error, len(stores))
	for i := range stores {
		go func() {
			var err error
			stores[i], err = store.Open(ctx, schemaDSN)
			errs <- err
		}()
	}
	for range stores {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range stores {
		defer s.Close()
	}
	first := store.Daily{Date: "2026-11-23", Maze: "a", Difficulty: level.Easy}
	if _, err := stores[0].PutDaily(ctx, first); err != nil {
		t.Fatal(err)
	}
	if got, err := stores[3].PutDaily(ctx, store.Daily{Date: "2026-11-23", Maze: "b"}); err != nil || got != first {
		t.Errorf("another server's PutDaily = %+v, %v; want the first %+v", got, err, first)
	}
}

// TestPostgresUnknownLevel: a stored level that is no level is an error
// when read, as on SQLite.
func TestPostgresUnknownLevel(t *testing.T) {
	dsn := newSchema(t, postgresDSN(t))
	s, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	checkUnknownLevel(t, s, db, "$1, $2, $3, $4")
}

// newSchema creates an empty schema and returns the DSN that uses it.
func newSchema(t *testing.T, dsn string) string {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("rjm_test_%d_%d", time.Now().UnixNano(), schemas.Add(1))
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

func openSchema(t *testing.T, dsn string) store.Store {
	s, err := store.OpenPostgres(context.Background(), newSchema(t, dsn))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPostgresRates takes a bucket's tokens from two servers on one
// store: they count one bucket, which refills with time, goes into debt
// by an adjustment, and is forgotten once idle.
func TestPostgresRates(t *testing.T) {
	dsn := postgresDSN(t)
	schemaDSN := newSchema(t, dsn)
	ctx := context.Background()
	var rates [2]store.Rates
	for i := range rates {
		s, err := store.Open(ctx, schemaDSN)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		rates[i] = s.(store.SharedRates).Rates()
		if rates[i] == nil {
			t.Fatal("PostgreSQL's Rates() = nil, want its shared buckets")
		}
	}
	t0 := time.Date(2026, 11, 29, 2, 0, 0, 0, time.UTC)
	const burst, every = 3, time.Second
	take := func(i int, adjust float64, at time.Time) (bool, float64) {
		t.Helper()
		ok, tokens, err := rates[i].Take(ctx, "play:c", every, burst, adjust, at)
		if err != nil {
			t.Fatal(err)
		}
		return ok, tokens
	}
	for i := range burst {
		if ok, tokens := take(i%2, 0, t0); !ok || tokens != float64(burst-1-i) {
			t.Fatalf("take %d on server %d = %v, %g; want true, %d", i, i%2, ok, tokens, burst-1-i)
		}
	}
	if ok, tokens := take(0, 0, t0); ok || tokens != 0 {
		t.Errorf("a take past the burst = %v, %g; want false, 0", ok, tokens)
	}
	if ok, tokens := take(1, 0, t0.Add(1500*time.Millisecond)); !ok || tokens != 0.5 {
		t.Errorf("a take 1.5 s later = %v, %g; want true, 0.5", ok, tokens)
	}
	// A clock behind does not take back the time counted.
	if ok, tokens := take(0, 0, t0); ok || tokens != 0.5 {
		t.Errorf("a take from a clock behind = %v, %g; want false, 0.5", ok, tokens)
	}
	if ok, tokens := take(0, 10, t0.Add(1500*time.Millisecond)); ok || tokens != -burst {
		t.Errorf("a take with a debt past the burst = %v, %g; want false, -%d", ok, tokens, burst)
	}
	if ok, tokens := take(1, -1, t0.Add(5500*time.Millisecond)); !ok || tokens != 1 {
		t.Errorf("a take with a refund, 4 s later = %v, %g; want true, 1", ok, tokens)
	}
	ok, tokens, err := rates[0].Take(ctx, "play:d", every, burst, 0, t0)
	if err != nil || !ok || tokens != burst-1 {
		t.Errorf("another key's first take = %v, %g, %v; want true, %d", ok, tokens, err, burst-1)
	}
	// play:c, at 1 token at 5.5 s, is full at 7.5 s; play:d at 1 s.
	if n, err := rates[1].ForgetRates(ctx, t0.Add(999*time.Millisecond)); err != nil || n != 0 {
		t.Errorf("ForgetRates before any bucket is full = %d, %v; want 0", n, err)
	}
	if n, err := rates[1].ForgetRates(ctx, t0.Add(time.Second)); err != nil || n != 1 {
		t.Errorf("ForgetRates once play:d is full = %d, %v; want 1", n, err)
	}
	if ok, tokens, err := rates[0].Take(ctx, "play:d", every, burst, 0, t0); err != nil || !ok || tokens != burst-1 {
		t.Errorf("a forgotten key's take = %v, %g, %v; want a full bucket's, true, %d", ok, tokens, err, burst-1)
	}
	if n, err := rates[1].ForgetRates(ctx, t0.Add(7500*time.Millisecond)); err != nil || n != 2 {
		t.Errorf("ForgetRates once every bucket is full = %d, %v; want 2", n, err)
	}
}

// TestSQLiteRatesNotShared: an SQLite store is one server's, which counts
// its rates in memory.
func TestSQLiteRatesNotShared(t *testing.T) {
	s, err := store.OpenSQLite(context.Background(), t.TempDir()+"/rjm.db")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if sr, ok := s.(store.SharedRates); ok && sr.Rates() != nil {
		t.Errorf("SQLite's Rates() = %v, want none", sr.Rates())
	}
}

// BenchmarkPostgresRatesTake is the cost a charged request pays for the
// shared rates: one Take, over 1,000 clients' buckets.
func BenchmarkPostgresRatesTake(b *testing.B) {
	dsn := os.Getenv(PostgresEnv)
	if dsn == "" {
		b.Skipf("$%s is not set", PostgresEnv)
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	name := fmt.Sprintf("rjm_bench_%d", time.Now().UnixNano())
	if _, err := db.Exec("CREATE SCHEMA " + name); err != nil {
		b.Fatal(err)
	}
	defer db.Exec("DROP SCHEMA " + name + " CASCADE")
	u, _ := url.Parse(dsn)
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	s, err := store.OpenPostgres(context.Background(), u.String())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	r := s.(store.SharedRates).Rates()
	ctx, now := context.Background(), time.Now()
	for i := 0; b.Loop(); i++ {
		if _, _, err := r.Take(ctx, fmt.Sprintf("work:client:10.0.%d.%d", i%1000/256, i%256), time.Second, 30, 0, now); err != nil {
			b.Fatal(err)
		}
	}
}
