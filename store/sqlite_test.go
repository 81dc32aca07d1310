package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"rjm/store"
	"rjm/store/storetest"
)

func TestSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "sub", "rjm.db"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

// TestSQLiteReopen checks that a second open finds the schema migrated and
// the data kept.
func TestSQLiteReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rjm.db")
	s, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	d := store.Daily{Date: "2026-11-23", Maze: "3x3:212101210", Difficulty: "easy"}
	if _, err := s.PutDaily(ctx, d); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err = store.OpenSQLite(ctx, path); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, err := s.Daily(ctx, d.Date); err != nil || got != d {
		t.Errorf("after reopening Daily = %+v, %v; want %+v", got, err, d)
	}
}

// TestSQLiteMigratesV1 opens a file of the first schema with plays and
// days: the summaries are filled from the plays, the plays keep no client
// ID and no player, and a Sunday stored as "variant" is stored as the
// level it is (medium).
func TestSQLiteMigratesV1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	stmts := []string{
		`CREATE TABLE schema_version (version INTEGER NOT NULL)`, `INSERT INTO schema_version VALUES (1)`,
		`CREATE TABLE daily (day TEXT PRIMARY KEY, maze TEXT NOT NULL, recipe TEXT NOT NULL, difficulty TEXT NOT NULL)`,
		`CREATE TABLE plays (id INTEGER PRIMARY KEY AUTOINCREMENT, maze TEXT NOT NULL, moves TEXT NOT NULL, length INTEGER NOT NULL,
			shortest INTEGER NOT NULL, solved BOOLEAN NOT NULL, seconds REAL NOT NULL, hints INTEGER NOT NULL, rating INTEGER NOT NULL,
			created_ms BIGINT NOT NULL)`,
		`INSERT INTO plays (maze, moves, length, shortest, solved, seconds, hints, rating, created_ms) VALUES
			('m', 'DR', 2, 2, 1, 10, 0, 5, 0), ('m', 'DRUD', 4, 2, 1, 40, 2, 0, 0), ('m', 'DRUDDR', 6, 2, 1, 20, 0, 2, 0),
			('m', 'RDRDRD', 8, 2, 1, 30, 0, 0, 0), ('m', 'D', 1, 2, 0, 1000, 0, 1, 0)`,
		`INSERT INTO daily VALUES ('2026-11-22', 'm', 'r', 'variant'), ('2026-11-23', 'n', 'r', 'easy')`,
	}
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	s, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// The counts behind the robust figures are filled from the plays.
	want := store.Stats{Plays: 5, Solved: 4, Assisted: 1, MedianSeconds: 25, MeanExtraMoves: 3, Ratings: 3, MeanRating: 8.0 / 3,
		MedianExtraMoves: 3, TrimmedRating: 8.0 / 3}
	if got, err := s.Stats(ctx, "m"); err != nil || got != want {
		t.Errorf("Stats after the migration = %+v, %v; want %+v", got, err, want)
	}
	if _, err := s.AddPlay(ctx, store.Play{Maze: "m", Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 5, Client: "after-migration", Player: "a-player-id"}); err != nil {
		t.Fatal(err)
	}
	for date, want := range map[string]string{"2026-11-22": "medium", "2026-11-23": "easy"} {
		if d, err := s.Daily(ctx, date); err != nil || d.Difficulty != want {
			t.Errorf("%s after the migration: %+v, %v; want %s", date, d, err, want)
		}
	}
	// The plays of before keep no player; the new one keeps its own.
	log, err := s.PlayLog(ctx, 10)
	if err != nil || len(log) != 6 || log[0].Player != "" || log[0].Seconds != 10 || log[5].Player != "a-player-id" ||
		log[1].Hints != 2 || log[1].Undos != 0 || log[1].Restarts != 0 || log[1].Hard {
		t.Errorf("play log after the migration: %+v, %v", log, err)
	}
}

// TestSQLiteWALBounded stores 20,000 plays one by one: the write-ahead
// log is checkpointed as they come and stays under SQLiteJournalLimit.
// It takes some seconds, and is skipped under -short.
func TestSQLiteWALBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("stores 20,000 plays")
	}
	ctx := context.Background()
	s, path := openSQLite(t)
	const n = 20_000
	var maxWAL int64
	for i := range n {
		p := store.Play{Maze: "5x5:3413133302312234233341432", Moves: "DRLUDLRULLRDU", Length: 13, Shortest: 13, Solved: true, Seconds: float64(i % 600)}
		if _, err := s.AddPlay(ctx, p); err != nil {
			t.Fatal(err)
		}
		if i%500 == 0 {
			if _, err := s.Stats(ctx, p.Maze); err != nil { // readers come and go meanwhile
				t.Fatal(err)
			}
			if fi, err := os.Stat(path + "-wal"); err == nil {
				maxWAL = max(maxWAL, fi.Size())
			}
		}
	}
	fi, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	db, _ := os.Stat(path)
	t.Logf("after %d plays: database %d bytes, log %d bytes (largest seen %d)", n, db.Size(), fi.Size(), maxWAL)
	if fi.Size() > store.SQLiteJournalLimit || maxWAL > store.SQLiteJournalLimit {
		t.Errorf("log %d bytes (largest %d) after %d plays: want at most %d", fi.Size(), maxWAL, n, store.SQLiteJournalLimit)
	}
}

// TestSQLiteOpenTogether opens one new file from several stores at once,
// as servers starting together do: all open, none "database is locked".
func TestSQLiteOpenTogether(t *testing.T) {
	for round := range 5 {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("new%d", round), "rjm.db")
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			wg.Go(func() {
				s, err := store.OpenSQLite(context.Background(), path)
				if err == nil {
					_, err = s.AddPlay(context.Background(), store.Play{Maze: "m", Moves: "D", Length: 1, Shortest: 1, Solved: true})
					err = errors.Join(err, s.Close())
				}
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
	}
}

// TestSQLitePingSeesTheFileGone: Ping fails while the file is moved away,
// and answers again once it is back; a mode that forbids opening it
// stops no play, nor Ping.
func TestSQLitePingSeesTheFileGone(t *testing.T) {
	ctx := context.Background()
	s, path := openSQLite(t)
	if err := s.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path, path+".away"); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(ctx); err == nil {
		t.Error("Ping with the file moved away: no error")
	}
	if err := os.Rename(path+".away", path); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping with the file back: %v", err)
	}
	// A file whose mode no longer lets it be opened is still written
	// through the connections open on it: Ping says what a play meets.
	os.Chmod(path, 0)
	if _, err := s.AddPlay(ctx, store.Play{Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 3}); err != nil {
		t.Errorf("a play with the file's mode 0: %v", err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping with the file's mode 0, plays stored: %v", err)
	}
	os.Chmod(path, 0o600)
}

// TestSQLiteFollowsAReplacedFile: when the file is replaced under an open
// store (a backup restored), the next call opens the new file: a play is
// stored in it, not in the file no longer there, without a restart.
func TestSQLiteFollowsAReplacedFile(t *testing.T) {
	ctx := context.Background()
	s, path := openSQLite(t)
	other := filepath.Join(t.TempDir(), "other.db")
	o, err := store.OpenSQLite(ctx, other)
	if err != nil {
		t.Fatal(err)
	}
	o.Close()
	for _, suffix := range []string{"-wal", "-shm"} {
		os.Remove(path + suffix)
	}
	if err := os.Rename(other, path); err != nil {
		t.Fatal(err)
	}
	p := store.Play{Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 3}
	if _, err := s.AddPlay(ctx, p); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping after the file was replaced: %v", err)
	}
	again, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if st, err := again.Stats(ctx, p.Maze); err != nil || st.Plays != 1 {
		t.Errorf("the file at the path: %+v, %v; want the play stored in it", st, err)
	}
}

// openSQLite opens a store on a new SQLite file, closed when the test
// ends, and returns it with the file's path.
func openSQLite(t *testing.T) (store.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rjm.db")
	s, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}
