package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, "sqlite"
)

// sqlite is SQLite's schema. Booleans are integers 0 and 1.
var sqlite = dialect{
	name:       "sqlite",
	migrations: [][]string{schemaV1("INTEGER PRIMARY KEY AUTOINCREMENT", "REAL")},
}

// OpenSQLite opens (creating and migrating when needed) the SQLite
// database in the file path, whose directory it creates. The database
// runs in WAL mode with full synchronous commits, so that a play answered
// is on disk and readers never wait for the writer; all writes go through
// one connection, the one writer SQLite allows.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(10000)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	w, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	w.SetMaxOpenConns(1)
	r, err := sql.Open("sqlite", dsn)
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	r.SetMaxOpenConns(max(2, runtime.GOMAXPROCS(0)))
	s := &sqlStore{d: sqlite, w: w, r: r}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}
