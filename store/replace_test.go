package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rjm/store"
)

// integrity runs PRAGMA integrity_check on the SQLite file path, and
// returns its plays' client IDs.
func integrity(t *testing.T, path string) map[string]bool {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var check string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Errorf("integrity_check of %s: %q, %v", path, check, err)
	}
	rows, err := db.Query("SELECT client FROM plays")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	clients := map[string]bool{}
	for rows.Next() {
		var c sql.NullString
		rows.Scan(&c)
		clients[c.String] = true
	}
	return clients
}

func addPlays(t *testing.T, s store.Store, prefix string, n int) {
	t.Helper()
	for i := range n {
		p := store.Play{Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 3,
			Client: fmt.Sprintf("%s-%04d", prefix, i)}
		if _, err := s.AddPlay(context.Background(), p); err != nil {
			t.Fatalf("play %s %d: %v", prefix, i, err)
		}
	}
}

// TestSQLiteReplacedWithItsLog: a backup moved over the file of an open
// store whose log holds plays (SQLite's write-ahead log, beside the file)
// is opened with a log of its own: the old log is never played into it.
// The plays after the move are stored in the new file, which passes
// integrity_check, and the old file keeps its own.
func TestSQLiteReplacedWithItsLog(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "rjm.db")
	s, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	addPlays(t, s, "before", 50)
	backup := filepath.Join(dir, "backup.db")
	if err := store.Backup(ctx, path, backup); err != nil {
		t.Fatal(err)
	}
	addPlays(t, s, "between", 200) // in the log, not checkpointed
	if wal, err := os.Stat(path + "-wal"); err != nil || wal.Size() == 0 {
		t.Fatalf("no log beside the live file: %v", err)
	}
	old := filepath.Join(dir, "old.db")
	if err := os.Link(path, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(backup, path); err != nil {
		t.Fatal(err)
	}
	addPlays(t, s, "after", 50)
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping after the file was replaced: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	got := integrity(t, path)
	for _, c := range []string{"before-0000", "before-0049", "after-0000", "after-0049"} {
		if !got[c] {
			t.Errorf("play %s not in the new file", c)
		}
	}
	if got["between-0000"] || len(got) != 100 {
		t.Errorf("the new file holds %d plays, want the 50 of the backup and the 50 after it", len(got))
	}
	if kept := integrity(t, old); len(kept) != 250 {
		t.Errorf("the old file holds %d plays, want its 250", len(kept))
	}
}

// TestSQLiteRefusesAFileNotAStore: a file moved over the store's that is
// not a store of the site (text, or another SQLite database) is refused,
// saying so, and left as it is; a store moved in then is opened.
func TestSQLiteRefusesAFileNotAStore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "rjm.db")
	s, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	addPlays(t, s, "first", 3)

	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	otherBytes, _ := os.ReadFile(other)
	text := filepath.Join(dir, "text")
	os.WriteFile(text, bytes.Repeat([]byte("not a database\n"), 400), 0o644)
	textBytes, _ := os.ReadFile(text)

	for _, c := range []struct {
		name, file string
		was        []byte
	}{{"another SQLite database", other, otherBytes}, {"a text file", text, textBytes}} {
		if err := os.Rename(c.file, path); err != nil {
			t.Fatal(err)
		}
		_, err := s.Stats(ctx, "3x3:212101210")
		if err == nil || !strings.Contains(err.Error(), "not a store") {
			t.Errorf("%s moved in: %v, want an error saying it is not a store", c.name, err)
		}
		if err := s.(store.Checker).Check(ctx); err == nil {
			t.Errorf("%s moved in: Check saw nothing wrong", c.name)
		}
		if now, _ := os.ReadFile(path); !bytes.Equal(now, c.was) {
			t.Errorf("%s moved in was changed", c.name)
		}
		os.Remove(path + "-wal")
		os.Remove(path + "-shm")
	}

	fresh := filepath.Join(dir, "fresh.db")
	f, err := store.OpenSQLite(ctx, fresh)
	if err != nil {
		t.Fatal(err)
	}
	addPlays(t, f, "fresh", 2)
	f.Close()
	if err := os.Rename(fresh, path); err != nil {
		t.Fatal(err)
	}
	var st store.Stats
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		if st, err = s.Stats(ctx, "3x3:212101210"); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil || st.Plays != 2 {
		t.Errorf("a store moved in after the refusals: %+v, %v; want its 2 plays", st, err)
	}
}

// A new store's file, its log and index, and a backup are readable by
// their owner only, and the backup holds no secret key, not even in its
// free pages.
func TestSQLiteFilesPrivate(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "rjm.db")
	s, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	secret := []byte("0123456789abcdef-a-secret-key-32")
	if _, err := s.Key(ctx, "play-token:2026-11-23", secret); err != nil {
		t.Fatal(err)
	}
	addPlays(t, s, "p", 3)
	backup := filepath.Join(dir, "backup.db")
	if err := store.Backup(ctx, path, backup); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{path, path + "-wal", path + "-shm", backup} {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s is %v, want -rw-------", filepath.Base(f), fi.Mode().Perm())
		}
	}
	raw, _ := os.ReadFile(backup)
	if bytes.Contains(raw, []byte(fmt.Sprintf("%x", secret))) || bytes.Contains(raw, []byte("play-token:")) {
		t.Error("the backup holds the secret key")
	}
	b, err := store.OpenSQLite(ctx, backup)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if st, err := b.Stats(ctx, "3x3:212101210"); err != nil || st.Plays != 3 {
		t.Errorf("the backup: %+v, %v; want its 3 plays", st, err)
	}
	if key, err := b.Key(ctx, "play-token:2026-11-23", []byte("another key, fresh, 32 bytes....")); err != nil || bytes.Equal(key, secret) {
		t.Errorf("the backup's key: %q, %v; want a new one", key, err)
	}
}
