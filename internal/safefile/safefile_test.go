package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// A failed write keeps the old file and leaves no temporary file behind;
// a good one replaces it whole.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := WriteBytes(path, []byte("old\n")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("failed write: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Errorf("a failed write left %q", b)
	}
	if err := WriteBytes(path, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if b, _ := os.ReadFile(path); string(b) != "new\n" || len(entries) != 1 {
		t.Errorf("file %q, %d entries in the folder", b, len(entries))
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}
	if err := WriteBytes(filepath.Join(dir, "no", "such", "dir"), nil); err == nil {
		t.Error("a missing folder: no error")
	}
}
