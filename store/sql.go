package store

import (
	"context"
	"database/sql"
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
}

// sqlStore is the Store over database/sql, shared by the SQL databases.
// Writes go through w and reads through r (the same pool where the
// database needs no separation).
type sqlStore struct {
	d    dialect
	w, r *sql.DB
}

var _ Store = (*sqlStore)(nil)

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
		return fmt.Errorf("store: migrate: %w", err)
	}
	defer tx.Rollback()
	if s.d.lock != "" {
		if _, err := tx.ExecContext(ctx, s.d.lock); err != nil {
			return fmt.Errorf("store: migrate: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	v := 0
	err = tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (0)`); err != nil {
			return fmt.Errorf("store: migrate: %w", err)
		}
	case err != nil:
		return fmt.Errorf("store: migrate: %w", err)
	}
	if v > len(s.d.migrations) {
		return fmt.Errorf("store: schema version %d is newer than this program's %d", v, len(s.d.migrations))
	}
	for i := v; i < len(s.d.migrations); i++ {
		for _, stmt := range s.d.migrations[i] {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("store: migration %d: %w", i+1, err)
			}
		}
	}
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE schema_version SET version = ?`), len(s.d.migrations)); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
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
		return Daily{}, fmt.Errorf("store: daily %s: %w", date, err)
	}
	return d, nil
}

func (s *sqlStore) PutDaily(ctx context.Context, d Daily) (Daily, error) {
	_, err := s.w.ExecContext(ctx, s.q(`INSERT INTO daily (day, maze, recipe, difficulty) VALUES (?, ?, ?, ?) ON CONFLICT (day) DO NOTHING`),
		d.Date, d.Maze, d.Recipe, d.Difficulty)
	if err != nil {
		return Daily{}, fmt.Errorf("store: put daily %s: %w", d.Date, err)
	}
	// Read from the writer: the row is there, whoever wrote it.
	out := Daily{Date: d.Date}
	err = s.w.QueryRowContext(ctx, s.q(`SELECT maze, recipe, difficulty FROM daily WHERE day = ?`), d.Date).
		Scan(&out.Maze, &out.Recipe, &out.Difficulty)
	if err != nil {
		return Daily{}, fmt.Errorf("store: put daily %s: %w", d.Date, err)
	}
	return out, nil
}

func (s *sqlStore) Dailies(ctx context.Context, date string, limit int) ([]Daily, error) {
	rows, err := s.r.QueryContext(ctx, s.q(`SELECT day, maze, recipe, difficulty FROM daily WHERE day <= ? ORDER BY day DESC LIMIT ?`), date, limit)
	if err != nil {
		return nil, fmt.Errorf("store: dailies: %w", err)
	}
	defer rows.Close()
	var out []Daily
	for rows.Next() {
		var d Daily
		if err := rows.Scan(&d.Date, &d.Maze, &d.Recipe, &d.Difficulty); err != nil {
			return nil, fmt.Errorf("store: dailies: %w", err)
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: dailies: %w", err)
	}
	return out, nil
}

func (s *sqlStore) AddPlay(ctx context.Context, p Play) (Play, error) {
	p.Created = time.Now().UTC().Truncate(time.Millisecond)
	err := s.w.QueryRowContext(ctx, s.q(`INSERT INTO plays (maze, moves, length, shortest, solved, seconds, hints, rating, created_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		p.Maze, p.Moves, p.Length, p.Shortest, p.Solved, p.Seconds, p.Hints, p.Rating, p.Created.UnixMilli()).Scan(&p.ID)
	if err != nil {
		return Play{}, fmt.Errorf("store: add play: %w", err)
	}
	return p, nil
}

func (s *sqlStore) Stats(ctx context.Context, maze string) (Stats, error) {
	var st Stats
	var extra, rating sql.NullFloat64
	err := s.r.QueryRowContext(ctx, s.q(`SELECT COUNT(*),
		COALESCE(SUM(CASE WHEN solved THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN hints > 0 THEN 1 ELSE 0 END), 0),
		AVG(CASE WHEN solved THEN CAST(length - shortest AS DOUBLE PRECISION) END),
		COALESCE(SUM(CASE WHEN rating > 0 THEN 1 ELSE 0 END), 0),
		AVG(CASE WHEN rating > 0 THEN CAST(rating AS DOUBLE PRECISION) END)
		FROM plays WHERE maze = ?`), maze).Scan(&st.Plays, &st.Solved, &st.Assisted, &extra, &st.Ratings, &rating)
	if err != nil {
		return Stats{}, fmt.Errorf("store: stats: %w", err)
	}
	st.MeanExtraMoves, st.MeanRating = extra.Float64, rating.Float64
	if st.Solved > 0 {
		// The median by two ordered look-ups, which every SQL database has.
		var lo, hi float64
		query := s.q(`SELECT seconds FROM plays WHERE maze = ? AND solved ORDER BY seconds LIMIT 1 OFFSET ?`)
		if err := s.r.QueryRowContext(ctx, query, maze, (st.Solved-1)/2).Scan(&lo); err != nil {
			return Stats{}, fmt.Errorf("store: stats: %w", err)
		}
		if err := s.r.QueryRowContext(ctx, query, maze, st.Solved/2).Scan(&hi); err != nil {
			return Stats{}, fmt.Errorf("store: stats: %w", err)
		}
		st.MedianSeconds = (lo + hi) / 2
	}
	return st, nil
}

func (s *sqlStore) Close() error {
	err := s.w.Close()
	if s.r != s.w {
		err = errors.Join(err, s.r.Close())
	}
	return err
}

// schemaV1 returns the first schema in a dialect's words for an
// auto-numbered id and a floating-point number.
func schemaV1(id, real string) []string {
	return []string{
		`CREATE TABLE daily (
			day TEXT PRIMARY KEY,
			maze TEXT NOT NULL,
			recipe TEXT NOT NULL,
			difficulty TEXT NOT NULL
		)`,
		`CREATE TABLE plays (
			id ` + id + `,
			maze TEXT NOT NULL,
			moves TEXT NOT NULL,
			length INTEGER NOT NULL,
			shortest INTEGER NOT NULL,
			solved BOOLEAN NOT NULL,
			seconds ` + real + ` NOT NULL,
			hints INTEGER NOT NULL,
			rating INTEGER NOT NULL,
			created_ms BIGINT NOT NULL
		)`,
		`CREATE INDEX plays_maze ON plays (maze, solved, seconds)`,
	}
}
