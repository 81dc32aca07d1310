package experiment

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A file is replaced only once its new content is complete: a write that
// fails leaves the old file and no temporary file behind.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "table.csv")
	if err := os.WriteFile(p, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("interrupted")
	err := writeFile(p, func(w io.Writer) error { io.WriteString(w, "half"); return boom })
	got, _ := os.ReadFile(p)
	if !errors.Is(err, boom) || string(got) != "old\n" {
		t.Fatalf("error %v, file %q", err, got)
	}
	if err := writeFile(p, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(p)
	entries, _ := os.ReadDir(dir)
	if string(got) != "new\n" || len(entries) != 1 {
		t.Fatalf("file %q, %d entries", got, len(entries))
	}
}

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
