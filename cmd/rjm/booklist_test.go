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
		{[]string{"--mazes", list, "--bands", "hard"}, "--bands does not apply"},
		{[]string{"--mazes", filepath.Join(dir, "none.txt")}, "--mazes"},
	} {
		_, errs, code := rjmRun(t, "", append([]string{"book", "-o", filepath.Join(dir, "x.pdf")}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("rjm book %v: status %d, stderr %q; want 2 and one line with %q", tc.args, code, errs, tc.want)
		}
	}
}

// TestBookBoards makes a volume of two boards (--board, repeated): its
// imprint's command makes it again, byte for byte; --board with a flag
// of one board, or a bad board, is refused with exit status 2 and one
// line.
func TestBookBoards(t *testing.T) {
	dir := t.TempDir()
	pdf := filepath.Join(dir, "volume.pdf")
	args := []string{"book", "--board", "5", "--board", "6x6-hex", "--count", "2", "--iterations", "3000", "--seed", "4", "--json", "-o", pdf}
	out, errs, code := rjmRun(t, "", args...)
	if code != 0 {
		t.Fatalf("rjm book --board: status %d, %s", code, errs)
	}
	if !strings.Contains(out, `"maze": "5x5:`) || !strings.Contains(out, `"maze": "6x6-hex:`) || !strings.Contains(out, `"part": 2`) {
		t.Errorf("the manifest lacks a board:\n%s", out)
	}
	first, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if _, errs, code := rjmRun(t, "", args...); code != 0 {
		t.Fatalf("again: status %d, %s", code, errs)
	}
	if again, _ := os.ReadFile(pdf); string(again) != string(first) {
		t.Error("the same command made another volume")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--board", "5", "--size", "6"}, "--size does not apply"},
		{[]string{"--board", "5", "--variant", "hex"}, "--variant does not apply"},
		{[]string{"--board", "5x"}, `--board: "5x" is not a board`},
		{[]string{"--board", "5", "--board", "5"}, "board 2 is board 1 again"},
		{[]string{"--board", "@" + filepath.Join(dir, "none.txt")}, "--board"},
	} {
		_, errs, code := rjmRun(t, "", append([]string{"book", "-o", filepath.Join(dir, "x.pdf"), "--count", "2"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("rjm book %v: status %d, stderr %q; want 2 and one line with %q", tc.args, code, errs, tc.want)
		}
	}
}
