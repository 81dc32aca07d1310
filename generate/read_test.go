package generate_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/maze"
)

// ReadFile reads every form from a file, names the file in its errors
// (a missing file's error is the file system's own), and reads no more
// than maze.MaxTextBytes.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct{ text, id string }{
		{"1 G\n", "1x2:10"},
		{`{"id": "1x2:10"}`, "1x2:10"},
		{"1x2:10", "1x2:10"},
	} {
		m, _, err := generate.ReadFile(t.Context(), write("m", tc.text), maze.ParseOptions{})
		if id, _ := m.ID(); err != nil || id != tc.id {
			t.Errorf("%q: %v, %v", tc.text, id, err)
		}
	}
	seeded := generate.Default()
	seeded.Seed, seeded.Iterations = 4, 100
	want, err := generate.Run(t.Context(), seeded, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, f, err := generate.ReadFile(t.Context(), write("s", seeded.String()), maze.ParseOptions{})
	if err != nil || f != maze.FormatSeededID || m.String() != want.Maze.String() {
		t.Errorf("seeded ID: %v, %v", f, err)
	}
	bad := write("bad", "1 7\n")
	if _, _, err := generate.ReadFile(t.Context(), bad, maze.ParseOptions{}); err == nil || !strings.HasPrefix(err.Error(), bad+": ") {
		t.Errorf("bad maze: %v", err)
	}
	huge := write("huge", strings.Repeat("#\n", maze.MaxTextBytes))
	if _, _, err := generate.ReadFile(t.Context(), huge, maze.ParseOptions{}); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("huge file: %v", err)
	}
	if _, _, err := generate.ReadFile(t.Context(), filepath.Join(dir, "none"), maze.ParseOptions{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, _, err := generate.ReadFrom(t.Context(), strings.NewReader("x"), "standard input", maze.ParseOptions{}); err == nil || !strings.HasPrefix(err.Error(), "standard input: ") {
		t.Errorf("ReadFrom: %v", err)
	}
}
