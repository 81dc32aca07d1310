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
	first := store.Daily{Date: "2026-11-23", Maze: "a", Difficulty: "easy"}
	if _, err := stores[0].PutDaily(ctx, first); err != nil {
		t.Fatal(err)
	}
	if got, err := stores[3].PutDaily(ctx, store.Daily{Date: "2026-11-23", Maze: "b"}); err != nil || got != first {
		t.Errorf("another server's PutDaily = %+v, %v; want the first %+v", got, err, first)
	}
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
