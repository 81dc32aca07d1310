package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"rjm/fault"
)

// Backup copies the SQLite database in the file path to the new file
// dest, whole and consistent, while servers keep using the database
// (SQLite's VACUUM INTO, which reads one snapshot): no sqlite3 program is
// needed. dest must not exist; the copy is written under a temporary name
// beside it, readable by its owner only (0600), and renamed, so dest is
// never a partial copy. The copy holds no secret key (the table
// secret_keys is emptied, its pages overwritten): whoever reads a backup
// cannot sign the site's tokens, and the servers of a store restored
// from it make new keys. A PostgreSQL database is backed up with pg_dump
// instead (docs/deploy.md).
func Backup(ctx context.Context, path, dest string) error {
	if IsPostgres(path) {
		return fault.Invalid("", "a PostgreSQL database is backed up with pg_dump (see docs/deploy.md)")
	}
	if _, err := os.Stat(path); err != nil {
		return fault.In("", err)
	}
	if _, err := os.Lstat(dest); err == nil {
		return fault.Invalid(dest, "exists: give a new file")
	}
	// An empty file of mode 0600, which VACUUM INTO fills.
	tmp, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".*")
	if err != nil {
		return fmt.Errorf("backing up %s to %s: %w", path, dest, err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	s, err := OpenSQLite(ctx, path)
	if err != nil {
		return err
	}
	defer s.Close()
	if _, err := s.(*sqliteStore).s.r.ExecContext(ctx, `VACUUM INTO ?`, tmp.Name()); err != nil {
		return fmt.Errorf("backing up %s to %s: %w", path, dest, err)
	}
	if err := dropKeys(ctx, tmp.Name()); err != nil {
		return fmt.Errorf("backing up %s to %s: %w", path, dest, err)
	}
	if err := os.Rename(tmp.Name(), dest); err != nil {
		return fmt.Errorf("backing up %s to %s: %w", path, dest, err)
	}
	return nil
}

// dropKeys empties the secret keys of the SQLite copy at path, their
// bytes overwritten (secure_delete), in rollback-journal mode so that
// nothing is left beside it.
func dropKeys(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?_pragma=secure_delete(1)&_pragma=journal_mode(DELETE)")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, `DELETE FROM secret_keys`); err != nil {
		return err
	}
	return db.Close()
}
