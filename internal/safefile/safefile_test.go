package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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
	missing := filepath.Join(dir, "no", "such", "file")
	for _, err := range []error{WriteBytes(missing, nil), Check(missing)} {
		if !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "create "+missing+": ") {
			t.Errorf("a missing folder: %v", err)
		}
	}
	if err := Check(path); err != nil {
		t.Errorf("Check: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("Check left %d entries", len(entries))
	}
}

// A write onto a folder fails, in Check and in Write, with an error that
// names the path given and no temporary file.
func TestWriteOntoAFolder(t *testing.T) {
	dir := t.TempDir()
	for _, err := range []error{Check(dir), WriteBytes(dir, []byte("x"))} {
		if err == nil || !errors.Is(err, ErrFolder) || err.Error() != "write "+dir+": is a folder, not a file" {
			t.Errorf("%v", err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("%d entries left in the folder", len(entries))
	}
}
