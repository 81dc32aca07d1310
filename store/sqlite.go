package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, "sqlite"
)

// sqlite is SQLite's schema. Booleans are integers 0 and 1.
var sqlite = dialect{
	name:       "sqlite",
	migrations: [][]string{schemaV1("INTEGER PRIMARY KEY AUTOINCREMENT", "REAL"), schemaV2(), schemaV3(), schemaTrust(), schemaEnding()},
}

// SQLite's settings.
const (
	// SQLiteJournalLimit is the size, in bytes, to which SQLite truncates
	// its write-ahead log after a checkpoint (PRAGMA journal_size_limit).
	// The log is checkpointed every 1,000 pages (about 4 MB, SQLite's
	// default) as plays are stored.
	SQLiteJournalLimit = 64 << 20
	// SQLiteOpenWait bounds how long OpenSQLite retries while another
	// process holds the file locked (servers starting together on a new
	// file, one creating it).
	SQLiteOpenWait = 30 * time.Second
)

// OpenSQLite opens (creating and migrating when needed) the SQLite
// database in the file path, whose directory it creates. The database
// runs in WAL mode with full synchronous commits, so that a play answered
// is on disk and readers never wait for the writer; all writes go through
// one connection, the one writer SQLite allows. While another process
// holds the file locked it waits and retries, up to SQLiteOpenWait.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, SQLiteOpenWait)
	defer cancel()
	for wait := 10 * time.Millisecond; ; wait = min(2*wait, time.Second) {
		s, err := openSQLite(ctx, path)
		if err == nil || !isBusy(err) {
			return s, err
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%w (waited %v for the lock)", err, SQLiteOpenWait)
		case <-time.After(wait):
		}
	}
}

// isBusy reports whether err is SQLite's "database is locked" (SQLITE_BUSY
// or SQLITE_LOCKED, with any extended code).
func isBusy(err error) bool {
	var coded interface{ Code() int }
	if !errors.As(err, &coded) {
		return false
	}
	c := coded.Code() & 0xff
	return c == 5 || c == 6
}

func openSQLite(ctx context.Context, path string) (Store, error) {
	q := url.Values{}
	// busy_timeout first: the pragmas after it may wait for a lock.
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)",
		fmt.Sprintf("journal_size_limit(%d)", SQLiteJournalLimit)} {
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
	opened, err := os.Stat(path)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	s.check = func() error { return sameFile(path, opened) }
	return &sqliteStore{path: path, s: s, opened: opened}, nil
}

// sqliteStore is the SQLite store that follows its file: when the file
// at its path is replaced (a backup restored, another inode), it closes
// the old database and opens the new one before the next call, so that
// no play is written to a file no longer there and a server recovers
// without a restart. A file removed and not replaced is an error (no new
// empty database is made in its place).
type sqliteStore struct {
	path   string
	mu     sync.RWMutex
	s      *sqlStore
	opened os.FileInfo
}

// current returns the store to call, open on the file at the path, with
// its read lock held (the caller unlocks it).
func (x *sqliteStore) current(ctx context.Context) (*sqlStore, error) {
	x.mu.RLock()
	fi, err := os.Stat(x.path)
	if err != nil {
		x.mu.RUnlock()
		return nil, fmt.Errorf("store: %w", err)
	}
	if os.SameFile(fi, x.opened) {
		return x.s, nil
	}
	x.mu.RUnlock()
	x.mu.Lock()
	if fi, err = os.Stat(x.path); err == nil && !os.SameFile(fi, x.opened) {
		var s Store
		if s, err = openSQLite(ctx, x.path); err == nil {
			old := x.s
			n := s.(*sqliteStore)
			x.s, x.opened = n.s, n.opened
			old.Close()
		}
	}
	x.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("store: reopening %s: %w", x.path, err)
	}
	x.mu.RLock()
	return x.s, nil
}

func (x *sqliteStore) Daily(ctx context.Context, date string) (Daily, error) {
	s, err := x.current(ctx)
	if err != nil {
		return Daily{}, err
	}
	defer x.mu.RUnlock()
	return s.Daily(ctx, date)
}

func (x *sqliteStore) PutDaily(ctx context.Context, d Daily) (Daily, error) {
	s, err := x.current(ctx)
	if err != nil {
		return Daily{}, err
	}
	defer x.mu.RUnlock()
	return s.PutDaily(ctx, d)
}

func (x *sqliteStore) Dailies(ctx context.Context, date string, limit int) ([]Daily, error) {
	s, err := x.current(ctx)
	if err != nil {
		return nil, err
	}
	defer x.mu.RUnlock()
	return s.Dailies(ctx, date, limit)
}

func (x *sqliteStore) AddPlay(ctx context.Context, p Play) (Play, error) {
	s, err := x.current(ctx)
	if err != nil {
		return Play{}, err
	}
	defer x.mu.RUnlock()
	return s.AddPlay(ctx, p)
}

func (x *sqliteStore) Stats(ctx context.Context, maze string) (Stats, error) {
	s, err := x.current(ctx)
	if err != nil {
		return Stats{}, err
	}
	defer x.mu.RUnlock()
	return s.Stats(ctx, maze)
}

func (x *sqliteStore) PlayLog(ctx context.Context, limit int) ([]Play, error) {
	s, err := x.current(ctx)
	if err != nil {
		return nil, err
	}
	defer x.mu.RUnlock()
	return s.PlayLog(ctx, limit)
}

func (x *sqliteStore) Key(ctx context.Context, name string, fresh []byte) ([]byte, error) {
	s, err := x.current(ctx)
	if err != nil {
		return nil, err
	}
	defer x.mu.RUnlock()
	return s.Key(ctx, name, fresh)
}

func (x *sqliteStore) Ping(ctx context.Context) error {
	s, err := x.current(ctx)
	if err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	defer x.mu.RUnlock()
	return s.Ping(ctx)
}

// Pool returns the state of the database's connections.
func (x *sqliteStore) Pool() Pool {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.s.Pool()
}

func (x *sqliteStore) Close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.s.Close()
}

// sameFile checks that path still names the file opened and that it can
// be opened for reading and writing: the open connections would go on
// reading a file removed, replaced or made unreadable.
func sameFile(path string, opened os.FileInfo) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(fi, opened) {
		return fmt.Errorf("%s is no longer the file opened", path)
	}
	return nil
}
