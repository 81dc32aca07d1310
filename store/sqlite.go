package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"rjm/fault"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, "sqlite"
)

// sqlite is SQLite's schema. Booleans are integers 0 and 1.
var sqlite = dialect{
	name:       "sqlite",
	migrations: [][]string{schemaV1("INTEGER PRIMARY KEY AUTOINCREMENT", "REAL"), schemaV2(), schemaV3(), schemaTrust(), schemaEnding(), schemaSundayLevel(), schemaFacts(), schemaRates("", "REAL"), schemaAccount()},
	classifier: classifySQLite,
}

// classifySQLite wraps SQLite's SQLITE_FULL with ErrDiskFull and
// SQLITE_READONLY (and a read-only file system's error) with ErrReadOnly.
func classifySQLite(err error) error {
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		switch coded.Code() & 0xff {
		case 13: // SQLITE_FULL
			return fmt.Errorf("%w: %w", ErrDiskFull, err)
		case 8: // SQLITE_READONLY
			return fmt.Errorf("%w: %w", ErrReadOnly, err)
		}
	}
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Errorf("%w: %w", ErrDiskFull, err)
	case errors.Is(err, syscall.EROFS):
		return fmt.Errorf("%w: %w", ErrReadOnly, err)
	}
	return err
}

// notADatabase reports whether err is SQLite's SQLITE_NOTADB: the file
// is not an SQLite database (a user's mistake, such as --db notes.txt).
func notADatabase(err error) bool {
	var coded interface{ Code() int }
	return errors.As(err, &coded) && coded.Code()&0xff == 26
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
// database in the file path, whose directory it creates; a file it
// creates is readable by its owner only (0600). The database
// runs in WAL mode with full synchronous commits, so that a play answered
// is on disk and readers never wait for the writer; all writes go through
// one connection, the one writer SQLite allows. While another process
// holds the file locked it waits and retries, up to SQLiteOpenWait.
func OpenSQLite(ctx context.Context, path string) (Store, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("opening the store %s: %w", path, err)
		}
	}
	// A new file is its owner's only (0600): it holds the tokens' keys.
	// SQLite gives its log and index files the same mode.
	if f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
		f.Close()
	}
	ctx, cancel := context.WithTimeout(ctx, SQLiteOpenWait)
	defer cancel()
	for wait := 10 * time.Millisecond; ; wait = min(2*wait, time.Second) {
		s, err := openSQLite(ctx, path, false)
		if err == nil {
			return s, nil
		}
		if !isBusy(err) {
			return nil, err
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

// openSQLite opens the database in the file path; existing, it must be
// a store already (a file moved in under a running server is never made
// one: see sqliteStore).
func openSQLite(ctx context.Context, path string, existing bool) (*sqliteStore, error) {
	if err := accessFault(path); err != nil {
		return nil, err // missing, or not this user's: said so, not as SQLite's "unable to open" (14)
	}
	file := "file:" + (&url.URL{Path: path}).EscapedPath()
	if existing {
		// Read before anything writes (the journal mode below would).
		db, err := sql.Open("sqlite", file+"?_pragma=busy_timeout(10000)&_pragma=query_only(1)")
		if err != nil {
			return nil, fmt.Errorf("opening the store %s: %w", path, err)
		}
		var v int
		err = db.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
		db.Close()
		if err != nil {
			return nil, fault.Invalid(path, "%w (%w): not opened", ErrNotAStore, classifySQLite(err))
		}
	}
	q := url.Values{}
	// busy_timeout first: the pragmas after it may wait for a lock.
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)",
		fmt.Sprintf("journal_size_limit(%d)", SQLiteJournalLimit)} {
		q.Add("_pragma", p)
	}
	dsn := file + "?" + q.Encode()
	w, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("opening the store %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	r, err := sql.Open("sqlite", dsn)
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("opening the store %s: %w", path, err)
	}
	r.SetMaxOpenConns(max(2, runtime.GOMAXPROCS(0)))
	s := &sqlStore{d: sqlite, w: w, r: r}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		if notADatabase(err) {
			return nil, fault.Invalid(path, "%w (%w): not opened", ErrNotAStore, err)
		}
		return nil, classifySQLite(err)
	}
	opened, err := os.Stat(path)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("opening the store %s: %w", path, err)
	}
	s.check = func() error { return sameFile(path, opened) }
	return &sqliteStore{path: path, s: s, opened: opened}, nil
}

// ReopenEvery is how often a store whose file was replaced by one it
// refused (not a store, a log left beside it) tries it again.
const ReopenEvery = time.Second

// sqliteStore is the SQLite store that follows its file. When the file
// at its path is removed or replaced (a backup restored, another inode),
// the next call closes every connection to the old file first — so that
// its write-ahead log is checkpointed into it and removed, never played
// into the new file — and then opens the new one, with a log of its own,
// without a restart; no play is written to a file no longer there. The
// new file is refused (every call fails, saying why, and it is tried
// again ReopenEvery) when it is not a store of this site, or when a
// write-ahead log is still beside it (another process holds the old file
// open): it is never written then. A file removed and not replaced is an
// error (no new empty database is made in its place).
type sqliteStore struct {
	path string
	mu   sync.RWMutex
	// s is the open database, nil once its file was removed or
	// replaced and until a new one is opened.
	s      *sqlStore
	opened os.FileInfo
	// refused is why the file at the path was not opened, when it was
	// refused at refusedAt (refusedFile).
	refused     error
	refusedAt   time.Time
	refusedFile os.FileInfo
	// opened counts the files opened (Reopener).
	reopened atomic.Uint64
}

// Opened counts the files the store has opened: 1, and one more for each
// file that replaced it (a replacement is followed first).
func (x *sqliteStore) Opened() uint64 {
	if _, err := x.current(context.Background()); err == nil {
		x.mu.RUnlock()
	}
	return x.reopened.Load() + 1
}

// current returns the store to call, open on the file at the path, with
// its read lock held (the caller unlocks it).
func (x *sqliteStore) current(ctx context.Context) (*sqlStore, error) {
	for {
		x.mu.RLock()
		fi, err := os.Stat(x.path)
		if err == nil && x.s != nil && os.SameFile(fi, x.opened) {
			return x.s, nil
		}
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			x.mu.RUnlock()
			return nil, fmt.Errorf("reading the store %s: %w", x.path, err)
		}
		x.mu.RUnlock()
		if err := x.follow(); err != nil {
			return nil, err
		}
	}
}

// follow closes the database whose file was removed or replaced, and
// opens the file now at the path, when it may.
func (x *sqliteStore) follow() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	fi, err := os.Stat(x.path)
	if err == nil && x.s != nil && os.SameFile(fi, x.opened) {
		return nil // followed meanwhile
	}
	if x.s != nil {
		// Every connection to the old file closed before anything opens
		// the new one, its log first checkpointed into it and emptied:
		// SQLite leaves the log of a file moved when its connections
		// close, and would play it into the next file at the path.
		ctx, cancel := context.WithTimeout(context.Background(), SQLiteOpenWait)
		x.s.w.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
		cancel()
		x.s.Close()
		x.s = nil
	}
	if err != nil {
		return fmt.Errorf("the store %s is gone (%w): %w", x.path, ErrMissing, err)
	}
	if x.refused != nil && os.SameFile(fi, x.refusedFile) && time.Since(x.refusedAt) < ReopenEvery {
		return x.refused
	}
	x.refused = nil
	if wal, werr := os.Stat(x.path + "-wal"); werr == nil && wal.Size() > 0 {
		err = fmt.Errorf("the store %s was replaced, and a write-ahead log is left beside it (%s-wal: another process holds the old file open, or the log came with the new file): not opened, so that no other database's log is played into it; stop the other process (or, if the log is the new file's, restore it with the log closed: see docs/deploy.md)", x.path, x.path)
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), SQLiteOpenWait)
		defer cancel()
		var n *sqliteStore
		if n, err = openSQLite(ctx, x.path, true); err == nil {
			x.s, x.opened = n.s, n.opened
			x.reopened.Add(1)
			return nil
		}
		err = fmt.Errorf("reopening the store %s: %w", x.path, err)
	}
	x.refused, x.refusedAt, x.refusedFile = err, time.Now(), fi
	return err
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

func (x *sqliteStore) PutFacts(ctx context.Context, maze, version string, facts []byte) error {
	s, err := x.current(ctx)
	if err != nil {
		return err
	}
	defer x.mu.RUnlock()
	return s.PutFacts(ctx, maze, version, facts)
}

func (x *sqliteStore) Facts(ctx context.Context, maze, version string) ([]byte, error) {
	s, err := x.current(ctx)
	if err != nil {
		return nil, err
	}
	defer x.mu.RUnlock()
	return s.Facts(ctx, maze, version)
}

func (x *sqliteStore) ForgetKeys(ctx context.Context, prefix, before string) (int64, error) {
	s, err := x.current(ctx)
	if err != nil {
		return 0, err
	}
	defer x.mu.RUnlock()
	return s.ForgetKeys(ctx, prefix, before)
}

func (x *sqliteStore) Ping(ctx context.Context) error {
	if err := x.free(); err != nil {
		return fmt.Errorf("pinging the store: %w", err)
	}
	s, err := x.current(ctx)
	if err != nil {
		return fmt.Errorf("pinging the store: %w", err)
	}
	defer x.mu.RUnlock()
	return s.Ping(ctx)
}

// Check checks, reading only, what a write would meet: the file at the
// path (followed when replaced; an error when gone), the free space of
// its disk (MinFree), and a read.
func (x *sqliteStore) Check(ctx context.Context) error {
	if err := x.free(); err != nil {
		return fmt.Errorf("checking the store: %w", err)
	}
	s, err := x.current(ctx)
	if err != nil {
		return fmt.Errorf("checking the store: %w", err)
	}
	defer x.mu.RUnlock()
	return s.Check(ctx)
}

// free returns an error wrapping ErrDiskFull when the file's disk has
// less than MinFree bytes free for this process (nil where it cannot
// tell).
func (x *sqliteStore) free() error {
	if n, ok := freeBytes(filepath.Dir(x.path)); ok && n < MinFree {
		return fmt.Errorf("%w: %d bytes free beside %s", ErrDiskFull, n, x.path)
	}
	return nil
}

// Pool returns the state of the database's connections.
func (x *sqliteStore) Pool() Pool {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.s == nil {
		return Pool{}
	}
	return x.s.Pool()
}

func (x *sqliteStore) Close() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.s == nil {
		return nil
	}
	err := x.s.Close()
	x.s = nil
	return err
}

// sameFile checks that path still names the file opened: the open
// connections would go on reading and writing a file removed or replaced.
// (Its mode is not looked at: the connections hold it open, and go on
// writing it whatever its mode.)
func sameFile(path string, opened os.FileInfo) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !os.SameFile(fi, opened) {
		return fmt.Errorf("%s is no longer the file opened", path)
	}
	return nil
}
