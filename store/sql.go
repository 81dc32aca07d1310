package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// dialect is what differs between the SQL databases: placeholders and the
// schema's few words.
type dialect struct {
	name string
	// dollar rewrites "?" placeholders as $1, $2, ... (PostgreSQL).
	dollar bool
	// lock, when not empty, is run first in the migration's transaction,
	// so that servers starting together migrate one at a time.
	lock string
	// migrations are applied in order; migration i, one or more
	// statements, moves the schema from version i to i+1.
	migrations [][]string
	// returning: an insert reports its new id through RETURNING
	// (PostgreSQL) rather than LastInsertId (SQLite, where a plain insert
	// runs to its end, so that the automatic checkpoint runs after it).
	returning bool
	// readTx is the isolation of a read transaction that must see one
	// snapshot (sql.LevelDefault where every transaction does).
	readTx sql.IsolationLevel
	// classify, when not nil, wraps a database's error with what it
	// means for writes (ErrDiskFull, ErrReadOnly).
	classifier func(error) error
	// sharedRates: several servers may use the store at once, and count
	// their clients' rates in it (Rates).
	sharedRates bool
}

// sqlStore is the Store over database/sql, shared by the SQL databases.
// Writes go through w and reads through r (the same pool where the
// database needs no separation).
type sqlStore struct {
	d    dialect
	w, r *sql.DB
	// check, when not nil, is a further readiness check for Ping (the
	// SQLite file still there and readable).
	check func() error
}

var _ Store = (*sqlStore)(nil)

func (d dialect) classify(err error) error {
	if d.classifier == nil || err == nil {
		return err
	}
	return d.classifier(err)
}

func (s *sqlStore) q(query string) string {
	if !s.d.dollar {
		return query
	}
	var b strings.Builder
	n := 0
	for _, c := range query {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// migrate brings the schema up to date inside one transaction.
func (s *sqlStore) migrate(ctx context.Context) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrating the store's schema: %w", err)
	}
	defer tx.Rollback()
	if s.d.lock != "" {
		if _, err := tx.ExecContext(ctx, s.d.lock); err != nil {
			return fmt.Errorf("migrating the store's schema: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("migrating the store's schema: %w", err)
	}
	v := 0
	err = tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (0)`); err != nil {
			return fmt.Errorf("migrating the store's schema: %w", err)
		}
	case err != nil:
		return fmt.Errorf("migrating the store's schema: %w", err)
	}
	if v > len(s.d.migrations) {
		return fmt.Errorf("the store's schema version %d is newer than this program's %d", v, len(s.d.migrations))
	}
	for i := v; i < len(s.d.migrations); i++ {
		for _, stmt := range s.d.migrations[i] {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("migrating the store's schema to version %d: %w", i+1, err)
			}
		}
	}
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE schema_version SET version = ?`), len(s.d.migrations)); err != nil {
		return fmt.Errorf("migrating the store's schema: %w", err)
	}
	return tx.Commit()
}

func (s *sqlStore) Daily(ctx context.Context, date string) (Daily, error) {
	d := Daily{Date: date}
	err := s.r.QueryRowContext(ctx, s.q(`SELECT maze, recipe, difficulty FROM daily WHERE day = ?`), date).
		Scan(&d.Maze, &d.Recipe, &d.Difficulty)
	if errors.Is(err, sql.ErrNoRows) {
		return Daily{}, ErrNotFound
	}
	if err != nil {
		return Daily{}, fmt.Errorf("reading the maze of %s: %w", date, err)
	}
	return d, nil
}

func (s *sqlStore) PutDaily(ctx context.Context, d Daily) (Daily, error) {
	_, err := s.w.ExecContext(ctx, s.q(`INSERT INTO daily (day, maze, recipe, difficulty) VALUES (?, ?, ?, ?) ON CONFLICT (day) DO NOTHING`),
		d.Date, d.Maze, d.Recipe, d.Difficulty)
	if err != nil {
		return Daily{}, fmt.Errorf("storing the maze of %s: %w", d.Date, err)
	}
	// Read from the writer: the row is there, whoever wrote it.
	out := Daily{Date: d.Date}
	err = s.w.QueryRowContext(ctx, s.q(`SELECT maze, recipe, difficulty FROM daily WHERE day = ?`), d.Date).
		Scan(&out.Maze, &out.Recipe, &out.Difficulty)
	if err != nil {
		return Daily{}, fmt.Errorf("storing the maze of %s: %w", d.Date, err)
	}
	return out, nil
}

func (s *sqlStore) Dailies(ctx context.Context, date string, limit int) ([]Daily, error) {
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT day, maze, recipe, difficulty FROM daily WHERE day <= ? ORDER BY day DESC LIMIT ?`), date, limit)
	if err != nil {
		return nil, fmt.Errorf("reading the dailies: %w", err)
	}
	defer rows.Close()
	var out []Daily
	for rows.Next() {
		var d Daily
		if err := rows.Scan(&d.Date, &d.Maze, &d.Recipe, &d.Difficulty); err != nil {
			return nil, fmt.Errorf("reading the dailies: %w", err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading the dailies: %w", err)
	}
	return out, nil
}

// Key returns the key stored under name, storing fresh first when there
// is none (hex in the table).
func (s *sqlStore) Key(ctx context.Context, name string, fresh []byte) ([]byte, error) {
	if _, err := s.w.ExecContext(ctx, s.q(`INSERT INTO secret_keys (name, secret) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`),
		name, hex.EncodeToString(fresh)); err != nil {
		return nil, fmt.Errorf("reading the key %s: %w", name, err)
	}
	var secret string
	if err := s.w.QueryRowContext(ctx, s.q(`SELECT secret FROM secret_keys WHERE name = ?`), name).Scan(&secret); err != nil {
		return nil, fmt.Errorf("reading the key %s: %w", name, err)
	}
	b, err := hex.DecodeString(secret)
	if err != nil {
		return nil, fmt.Errorf("reading the key %s: %w", name, err)
	}
	return b, nil
}

// PutFacts stores a maze's facts unless some are stored for its version.
func (s *sqlStore) PutFacts(ctx context.Context, maze, version string, facts []byte) error {
	if _, err := s.w.ExecContext(ctx, s.q(`INSERT INTO maze_facts (maze, version, facts) VALUES (?, ?, ?) ON CONFLICT (maze, version) DO NOTHING`),
		maze, version, string(facts)); err != nil {
		return fmt.Errorf("storing the facts of %s: %w", maze, s.d.classify(err))
	}
	return nil
}

// Facts reads a maze's facts of a version.
func (s *sqlStore) Facts(ctx context.Context, maze, version string) ([]byte, error) {
	var facts string
	err := s.r.QueryRowContext(ctx, s.q(`SELECT facts FROM maze_facts WHERE maze = ? AND version = ?`), maze, version).Scan(&facts)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, fmt.Errorf("the facts of %s: %w", maze, ErrNotFound)
	case err != nil:
		return nil, fmt.Errorf("reading the facts of %s: %w", maze, err)
	}
	return []byte(facts), nil
}

// ForgetKeys removes the keys named prefix followed by text before before.
func (s *sqlStore) ForgetKeys(ctx context.Context, prefix, before string) (int64, error) {
	// The prefix is matched exactly, not by a range: a database's
	// collation may sort punctuation apart from the bytes.
	res, err := s.w.ExecContext(ctx, s.q(`DELETE FROM secret_keys WHERE substr(name, 1, ?) = ? AND substr(name, ?) < ?`),
		len(prefix), prefix, len(prefix)+1, before)
	if err != nil {
		return 0, fmt.Errorf("forgetting the keys %s…: %w", prefix, err)
	}
	return res.RowsAffected()
}

// Pool returns the state of the store's connections (the writer's and
// the readers', when apart, added).
func (s *sqlStore) Pool() Pool {
	st := s.w.Stats()
	p := Pool{Open: st.OpenConnections, InUse: st.InUse, Idle: st.Idle, Waits: st.WaitCount}
	if s.r != s.w {
		r := s.r.Stats()
		p.Open, p.InUse, p.Idle = p.Open+r.OpenConnections, p.InUse+r.InUse, p.Idle+r.Idle
		p.Waits += r.WaitCount
	}
	return p
}

// Check checks, reading only, that the store answers: the dialect's own
// check and a read of the schema version.
func (s *sqlStore) Check(ctx context.Context) error {
	if s.check != nil {
		if err := s.check(); err != nil {
			return fmt.Errorf("checking the store: %w", err)
		}
	}
	var v int
	if err := s.r.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); err != nil {
		return fmt.Errorf("checking the store: %w", s.d.classify(err))
	}
	return nil
}

// Ping checks that the store answers: Check, and a write of one row
// (ready_probe).
func (s *sqlStore) Ping(ctx context.Context) error {
	if err := s.Check(ctx); err != nil {
		return err
	}
	// A write, so that a full disk or a lock held shows.
	if _, err := s.w.ExecContext(ctx, s.q(`INSERT INTO ready_probe (id, at_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms`),
		time.Now().UnixMilli()); err != nil {
		return fmt.Errorf("writing to the store: %w", s.d.classify(err))
	}
	return nil
}

func (s *sqlStore) Close() error {
	err := s.w.Close()
	if s.r != s.w {
		err = errors.Join(err, s.r.Close())
	}
	return err
}
