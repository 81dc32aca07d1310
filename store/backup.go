package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Backup copies the SQLite database in the file path to the new file
// dest, whole and consistent, while servers keep using the database
// (SQLite's VACUUM INTO, which reads one snapshot): no sqlite3 program is
// needed. dest must not exist; the copy is written under a temporary name
// beside it and renamed, so dest is never a partial copy. A PostgreSQL
// database is backed up with pg_dump instead (docs/deploy.md).
func Backup(ctx context.Context, path, dest string) error {
	if IsPostgres(path) {
		return errors.New("store: backup: a PostgreSQL database is backed up with pg_dump (see docs/deploy.md)")
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := os.Lstat(dest); err == nil {
		return fmt.Errorf("store: backup: %s exists: give a new file", dest)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".*")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	tmp.Close()
	os.Remove(tmp.Name()) // VACUUM INTO wants a new file
	defer os.Remove(tmp.Name())
	s, err := OpenSQLite(ctx, path)
	if err != nil {
		return err
	}
	defer s.Close()
	if _, err := s.(*sqliteStore).s.r.ExecContext(ctx, `VACUUM INTO ?`, tmp.Name()); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := os.Rename(tmp.Name(), dest); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	return nil
}
