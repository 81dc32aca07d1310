package store_test

import (
	"context"
	"path/filepath"
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
