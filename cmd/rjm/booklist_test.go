package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBookFromList makes a book of a designer's list (--mazes) and
// compares its manifest with the golden file; a bad list is refused with
// exit status 2 and one line naming the file and the line.
func TestBookFromList(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "book-list.txt")
	os.WriteFile(list, []byte("# Rook Jumping Mazes book list: print with rjm book --mazes book-list.txt -o book.pdf\n"+
		"5x5:4243213234412233332224304\n5x5:4144313214412034233214324\n\n5x5:1314433324201332233314221\n"), 0o644)
	pdf := filepath.Join(dir, "book.pdf")
	out, errs, code := rjmRun(t, "", "book", "--mazes", list, "-o", pdf, "--json")
	if code != 0 {
		t.Fatalf("rjm book --mazes: status %d, %s", code, errs)
	}
	golden(t, "book-list.json", out)
	if b, err := os.ReadFile(pdf); err != nil || !strings.HasPrefix(string(b), "%PDF") {
		t.Errorf("no PDF written: %v", err)
	}

	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("5x5:4243213234412233332224304\n# fine\n5x5:43\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--mazes", bad}, "line 3"},
		{[]string{"--mazes", list, "--bands", "hard"}, "--bands: does not apply"},
		{[]string{"--mazes", filepath.Join(dir, "none.txt")}, "--mazes"},
	} {
		_, errs, code := rjmRun(t, "", append([]string{"book", "-o", filepath.Join(dir, "x.pdf")}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("rjm book %v: status %d, stderr %q; want 2 and one line with %q", tc.args, code, errs, tc.want)
		}
	}
}
