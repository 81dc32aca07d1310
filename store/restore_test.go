package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"rjm/store"
)

// Backups into a directory never collide, sort by time, and rotate:
// four backups, two in the same second, with --keep 3 leave the newest
// three; a restore of one brings back its plays, and a file that is not
// a store is refused, the store left as it was.
func TestBackupIntoAndRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "rjm.db")
	s, err := store.OpenSQLite(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	backups := filepath.Join(dir, "backups")
	os.Mkdir(backups, 0o700)
	at := time.Date(2026, 11, 25, 3, 15, 0, 0, time.UTC)
	var made []string
	for k, d := range []time.Duration{0, 0, 12 * time.Hour, 24 * time.Hour} {
		if _, err := s.AddPlay(ctx, store.Play{Maze: "3x3:212101210", Moves: "D", Length: 1, Shortest: 1, Seconds: float64(k + 1)}); err != nil {
			t.Fatal(err)
		}
		p, err := store.BackupInto(ctx, db, backups, 3, at.Add(d))
		if err != nil {
			t.Fatal(err)
		}
		made = append(made, filepath.Base(p))
	}
	want := []string{"rjm-20261125T031500Z.db", "rjm-20261125T031500Z-2.db", "rjm-20261125T151500Z.db", "rjm-20261126T031500Z.db"}
	if !slices.Equal(made, want) {
		t.Errorf("backups made %v, want %v", made, want)
	}
	left, _ := filepath.Glob(filepath.Join(backups, "*"))
	for k := range left {
		left[k] = filepath.Base(left[k])
	}
	slices.Sort(left)
	if !slices.Equal(left, want[1:]) {
		t.Errorf("kept %v, want %v", left, want[1:])
	}
	if err := store.Restore(ctx, filepath.Join(backups, want[1]), db); err != nil {
		t.Fatal(err)
	}
	if st, err := s.Stats(ctx, "3x3:212101210"); err != nil || st.Plays != 2 {
		t.Errorf("after restoring the second backup: %+v %v, want its 2 plays", st, err)
	}
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("not a database, but long enough to look like one at first sight........"), 0o600)
	if err := store.Restore(ctx, notes, db); !errors.Is(err, store.ErrNotAStore) || err.Error() != notes+": not a store of this site: not restored" {
		t.Errorf("restoring a text file: %v", err)
	}
	if st, err := s.Stats(ctx, "3x3:212101210"); err != nil || st.Plays != 2 {
		t.Errorf("after a refused restore: %+v %v", st, err)
	}
	if _, err := store.BackupInto(ctx, db, backups, -1, at); err == nil {
		t.Error("--keep -1 accepted")
	}
}
