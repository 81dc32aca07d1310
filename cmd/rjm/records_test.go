package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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

// rjm records answers Ctrl-C and SIGTERM within half a second on 7×7,
// where one sub-tree takes minutes, keeps its checkpoint (the sub-trees
// under way are searched again), and a run with the same checkpoint goes
// on from it.
func TestRecordsSignals(t *testing.T) {
	bin := buildRJM(t)
	ckpt := filepath.Join(t.TempDir(), "c")
	args := []string{"records", "--size", "7", "--checkpoint", ckpt}
	for _, tc := range []struct {
		sig    os.Signal
		status int
	}{{os.Interrupt, 130}, {syscall.SIGTERM, 143}} {
		_, errs, code, latency := signalled(t, bin, tc.sig, 1500*time.Millisecond, args...)
		t.Logf("%v: exit %d after %v", tc.sig, code, latency)
		if code != tc.status || latency > 500*time.Millisecond || !strings.Contains(errs, "run again with --checkpoint") {
			t.Errorf("%v: status %d after %v, stderr %q", tc.sig, code, latency, errs)
		}
		data, err := os.ReadFile(ckpt)
		if err != nil || !strings.HasPrefix(string(data), `{"board":"7x7"`) {
			t.Errorf("%v: checkpoint %q, %v", tc.sig, data, err)
		}
	}
	// On 6×6, whose sub-trees take milliseconds, the sub-trees finished
	// before the signal are kept, and the resumed run ends with the
	// answer of one whole run.
	six := filepath.Join(t.TempDir(), "six")
	cmd := exec.Command(bin, "records", "--size", "6", "--json", "--checkpoint", six)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if data, _ := os.ReadFile(six); strings.Count(string(data), "\n") >= 3 {
			break
		}
	}
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	data, _ := os.ReadFile(six)
	kept := strings.Count(string(data), "\n") - 1
	out, errs, code2 := rjmRun(t, "", "records", "--size", "6", "--json", "--checkpoint", six)
	var j struct {
		MaxDepth int    `json:"max_depth"`
		Count    string `json:"count"`
	}
	if code != 130 || kept < 1 || code2 != 0 || !strings.Contains(errs, fmt.Sprintf("holds %d finished sub-trees", kept)) || json.Unmarshal([]byte(out), &j) != nil || j.MaxDepth != 32 || j.Count != "38472" {
		t.Errorf("6×6: status %d with %d sub-trees kept, then %d: %q\n%s", code, kept, code2, errs, out)
	}
}

// rjm records --list N keeps memory proportional to the mazes it lists,
// not to N: the 17 record classes of 5×5 take as little memory under
// --list 100000 as under --list 100.
func TestRecordsListMemory(t *testing.T) {
	bin := buildRJM(t)
	rss := func(n string) int64 {
		cmd := exec.Command(bin, "records", "--size", "5", "--list", n)
		out, err := cmd.Output()
		if err != nil || !strings.Contains(string(out), "Record mazes up to turns and mirrors: 17") {
			t.Fatalf("--list %s: %v\n%s", n, err, out)
		}
		return cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
	}
	small, large := rss("100"), rss("100000")
	t.Logf("max RSS: --list 100 %d KB, --list 100000 %d KB", small, large)
	if float64(large) > 1.5*float64(small) {
		t.Errorf("max RSS %d KB at --list 100000, %d KB at --list 100", large, small)
	}
}
