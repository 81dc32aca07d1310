package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rjm records prints the proven maximum; --json gives max_depth, count and
// an example ID; a checkpoint resumes, and refuses other settings.
func TestRecordsCommand(t *testing.T) {
	out, errs, code := rjmRun(t, "", "records", "--rows", "3", "--cols", "4", "--json")
	var j struct {
		MaxDepth *int   `json:"max_depth"`
		Count    string `json:"count"`
		Example  string `json:"example"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.MaxDepth == nil || *j.MaxDepth != 8 || j.Count != "1" || j.Example != "3x4:311112221110" {
		t.Fatalf("status %d, stderr %q\n%s", code, errs, out)
	}
	solved, _, _ := rjmRun(t, "", "solve", "--id", j.Example)
	if !strings.Contains(solved, "Shortest solution: 8 moves") {
		t.Errorf("the example is not 8 moves deep:\n%s", solved)
	}
	ckpt := filepath.Join(t.TempDir(), "c")
	first, _, _ := rjmRun(t, "", "records", "--size", "4", "--checkpoint", ckpt)
	again, errs, code := rjmRun(t, "", "records", "--size", "4", "--checkpoint", ckpt)
	if code != 0 || again != first || !strings.Contains(errs, "finished sub-trees") {
		t.Errorf("resumed: status %d, stderr %q\n%s\nwant\n%s", code, errs, again, first)
	}
	data, _ := os.ReadFile(ckpt)
	if err := os.WriteFile(ckpt, data[:len(data)-7], 0o644); err != nil { // a line cut short
		t.Fatal(err)
	}
	if again, _, code := rjmRun(t, "", "records", "--size", "4", "--checkpoint", ckpt); code != 0 || again != first {
		t.Errorf("after a cut line: status %d\n%s", code, again)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "4", "--unique", "--checkpoint", ckpt); code != 2 || !strings.Contains(errs, "other settings") {
		t.Errorf("other settings: status %d, %q", code, errs)
	}
	listed, _, code := rjmRun(t, "", "records", "--size", "4", "--list", "10", "--json")
	var l struct {
		Mazes  []string `json:"mazes"`
		Listed bool     `json:"listed"`
	}
	if code != 0 || json.Unmarshal([]byte(listed), &l) != nil || !l.Listed || len(l.Mazes) == 0 {
		t.Errorf("--list: status %d\n%s", code, listed)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "9"); code != 2 || !strings.Contains(errs, "81 cells") {
		t.Errorf("too large: status %d, %q", code, errs)
	}
}
