package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildRJM builds the rjm binary into a temporary directory.
func buildRJM(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "rjm")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// signalled runs the binary with args and an open, silent standard
// input, sends sig after wait, and returns its output, exit status and
// how long it took to exit after the signal.
func signalled(t *testing.T, bin string, sig os.Signal, wait time.Duration, args ...string) (stdout, stderr string, code int, latency time.Duration) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	in, err := cmd.StdinPipe() // stays open: a program waiting on input
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(wait)
	sent := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%v: still running 10 s after %v", args, sig)
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode(), time.Since(sent)
}

// Ctrl-C and SIGTERM end every command within half a second: a wait on
// standard input (solve, analyze, an exercise prompt) and a long search
// on a large board alike. SIGTERM is treated like Ctrl-C: an interrupted
// generate prints the best maze it had found. The statuses are the
// shell's, 128 + the signal's number.
func TestSignals(t *testing.T) {
	bin := buildRJM(t)
	long := []string{"generate", "--size", "32", "--variant", "queen,no-u-turn", "--iterations", "100000000", "--seed", "1"}
	for _, tc := range []struct {
		sig    os.Signal
		args   []string
		status int
		stdout string // what the output must hold
	}{
		{os.Interrupt, []string{"solve"}, 130, ""},
		{os.Interrupt, []string{"analyze"}, 130, ""},
		{os.Interrupt, []string{"exercise", "restarts", "--seed", "1"}, 130, "Iterations? "},
		{syscall.SIGTERM, []string{"solve"}, 143, ""},
		{os.Interrupt, long, 130, "Seeded ID: "},
		{syscall.SIGTERM, long, 143, "Seeded ID: "},
		{os.Interrupt, append(long[:len(long):len(long)], "--energy", "depth"), 130, "Seeded ID: "},
		{os.Interrupt, []string{"generate", "--method", "restarts", "--restarts", "100000", "--iterations", "1000", "--seed", "1"}, 130, "Seeded ID: "},
		{os.Interrupt, []string{"learn", "sarsa", "--size", "32"}, 130, ""},
		{os.Interrupt, []string{"learn", "bandit"}, 130, ""},
		{os.Interrupt, []string{"generate", "--count", "100", "--size", "32", "--variant", "queen,no-u-turn", "--seed", "1"}, 130, ""},
		{os.Interrupt, []string{"compare-energies", "--size", "32", "--variant", "queen,no-u-turn", "--count", "4"}, 130, ""},
		{os.Interrupt, []string{"experiment", "annealing", "--no-files"}, 130, ""},
	} {
		out, errs, code, latency := signalled(t, bin, tc.sig, 700*time.Millisecond, tc.args...)
		t.Logf("%v %v: status %d after %v", tc.sig, tc.args, code, latency)
		if code != tc.status || latency > 500*time.Millisecond || !strings.Contains(errs, "interrupted") || !strings.Contains(out, tc.stdout) {
			t.Errorf("%v %v: status %d (want %d) %v after the signal\nstdout %q\nstderr %q", tc.sig, tc.args, code, tc.status, latency, out, errs)
		}
	}
}

// An interrupted experiment leaves no empty --out directory behind.
func TestInterruptedExperimentLeavesNoDirectory(t *testing.T) {
	bin := buildRJM(t)
	dir := filepath.Join(t.TempDir(), "new", "results")
	_, errs, code, _ := signalled(t, bin, os.Interrupt, 500*time.Millisecond, "experiment", "annealing", "--out", dir)
	if _, err := os.Stat(filepath.Dir(dir)); code != 130 || err == nil {
		t.Errorf("status %d, stderr %q; %s: %v", code, errs, filepath.Dir(dir), err)
	}
}
