package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver, "pgx"
)

// postgres is PostgreSQL's schema.
var postgres = dialect{
	name:   "postgres",
	dollar: true,
	// One migration at a time across servers: a lock held to the end of
	// the migration's transaction (the number is "rjm" in ASCII).
	lock:       `SELECT pg_advisory_xact_lock(7498349)`,
	migrations: [][]string{schemaV1("BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY", "DOUBLE PRECISION"), schemaV2(), schemaV3(), schemaTrust(), schemaEnding(), schemaSundayLevel(), schemaFacts(), schemaRates("UNLOGGED", "DOUBLE PRECISION"), schemaAccount()},
	returning:  true,
	// Read committed would give each statement of Stats its own snapshot.
	readTx: sql.LevelRepeatableRead,
	// The servers on one PostgreSQL database share their rates.
	sharedRates: true,
}

// OpenPostgres opens the PostgreSQL database at dsn (a postgres:// URL or
// a key=value connection string), creating and migrating the schema when
// needed. Several servers may share it: the database orders their
// writes, and the first maze stored for a date wins for all.
func OpenPostgres(ctx context.Context, dsn string) (Store, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("opening the PostgreSQL store: %w", err)
	}
	db.SetMaxOpenConns(16)
	s := &sqlStore{d: postgres, w: db, r: db}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// IsPostgres reports whether where names a PostgreSQL database (a
// postgres:// or postgresql:// URL) rather than an SQLite file.
func IsPostgres(where string) bool {
	return strings.HasPrefix(where, "postgres://") || strings.HasPrefix(where, "postgresql://")
}

// Open opens the store where names: a PostgreSQL URL (see IsPostgres) or
// an SQLite file path.
func Open(ctx context.Context, where string) (Store, error) {
	if IsPostgres(where) {
		return OpenPostgres(ctx, where)
	}
	return OpenSQLite(ctx, where)
}
