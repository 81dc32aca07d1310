package store_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/fault"
	"rjm/store"
)

// What a user gives the store wrong (a file that is not a database, a
// backup of PostgreSQL, over a file or of no file) is a *fault.Error naming no package; the
// store's sentinels name none either.
func TestBadInputIsFault(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, bytes.Repeat([]byte("not a database\n"), 400), 0o600); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "rjm.db")
	s, err := store.OpenSQLite(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, errNotStore := store.OpenSQLite(ctx, notes)
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"a file that is not a database", errNotStore, "notes.txt: not a store of this site"},
		{"a backup of PostgreSQL", store.Backup(ctx, "postgres://localhost/rjm", filepath.Join(dir, "b.db")), "pg_dump"},
		{"a backup over a file", store.Backup(ctx, db, notes), "exists: give a new file"},
		{"a backup of no file", store.Backup(ctx, filepath.Join(dir, "none.db"), filepath.Join(dir, "c.db")), "none.db"},
	} {
		if !fault.Is(c.err) || !strings.Contains(c.err.Error(), c.want) || strings.HasPrefix(c.err.Error(), "store: ") {
			t.Errorf("%s: %v, want a *fault.Error saying %q with no package prefix", c.name, c.err, c.want)
		}
	}
	for _, e := range []error{store.ErrNotFound, store.ErrDuplicate, store.ErrTokenUsed, store.ErrDiskFull, store.ErrReadOnly} {
		if strings.HasPrefix(e.Error(), "store: ") || fault.Is(e) || errors.Is(e, fault.ErrInvalid) {
			t.Errorf("sentinel %q: no package prefix, and not a user's fault", e)
		}
	}
}
