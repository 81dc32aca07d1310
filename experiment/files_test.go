package experiment

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// MakeDir's undo removes the directories it created while they are
// empty, and nothing else.
func TestMakeDirUndo(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "a", "b")
	undo, err := MakeDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	undo()
	if _, err := os.Stat(filepath.Join(base, "a")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("created directories left behind: %v", err)
	}
	if _, err := os.Stat(base); err != nil {
		t.Fatalf("the existing parent removed: %v", err)
	}
	undo, _ = MakeDir(dir)
	os.WriteFile(filepath.Join(dir, "keep"), nil, 0o644)
	undo()
	if _, err := os.Stat(filepath.Join(dir, "keep")); err != nil {
		t.Fatal("a directory with a file removed")
	}
	if _, err := MakeDir(""); err == nil {
		t.Fatal("empty name accepted")
	}
}
