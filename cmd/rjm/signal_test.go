package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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
// the processor time (user and system, every thread) it used after the
// signal: a measure of the work it did before stopping that does not
// grow with the machine's load, as its wall-clock latency would. A
// process that the signal killed outright had not set its handler yet
// (on a busy machine, the wait can end before the program is under way):
// it is run again with twice the wait, up to five times.
func signalled(t *testing.T, bin string, sig os.Signal, wait time.Duration, args ...string) (stdout, stderr string, code int, cpu time.Duration) {
	t.Helper()
	for try := 1; ; try, wait = try+1, 2*wait {
		stdout, stderr, code, cpu, early := signalledOnce(t, bin, sig, wait, args...)
		if !early || try == 5 {
			return stdout, stderr, code, cpu
		}
		t.Logf("%v: killed by %v after %v, before it set its handler: again with a longer wait", args, sig, wait)
	}
}

// signalledOnce is one run of signalled; early reports that the signal
// killed the process.
func signalledOnce(t *testing.T, bin string, sig os.Signal, wait time.Duration, args ...string) (stdout, stderr string, code int, cpu time.Duration, early bool) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=2") // stopCPU's two threads, whatever the cores
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
	before := processCPU(t, cmd.Process.Pid)
	sent := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute): // a hang, however busy the machine
		cmd.Process.Kill()
		<-done
		t.Fatalf("%v: still running 2 minutes after %v", args, sig)
	}
	ps := cmd.ProcessState
	cpu = ps.UserTime() + ps.SystemTime() - before
	t.Logf("%v: exit %d %v after %v, %v of processor time", args, ps.ExitCode(), ps, time.Since(sent), cpu)
	ws, _ := ps.Sys().(syscall.WaitStatus)
	return out.String(), errb.String(), ps.ExitCode(), cpu, ws.Signaled()
}

// processCPU is the processor time (user and system) process pid has used
// so far, from /proc/PID/stat, in clock ticks of 10 ms.
func processCPU(t *testing.T, pid int) time.Duration {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	// The fields after the command's name in parentheses: state is the
	// first, utime the 12th and stime the 13th.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("/proc/%d/stat: %q", pid, b)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// stopCPU is how much processor time a command, run with GOMAXPROCS=2,
// may use after a signal: half a second on each of its two threads.
const stopCPU = time.Second

// Ctrl-C and SIGTERM end every command within half a second of its two
// threads' processor time (stopCPU; not of wall-clock time, which a busy
// machine stretches): a wait on
// standard input (solve, analyze, an exercise prompt) and a long search
// on a large board alike. SIGTERM is treated like Ctrl-C: an interrupted
// generate prints the best maze it had found. The statuses are the
// shell's, 128 + the signal's number.
func TestSignals(t *testing.T) {
	waitsOnChildren(t)
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
		out, errs, code, cpu := signalled(t, bin, tc.sig, 700*time.Millisecond, tc.args...)
		if code != tc.status || cpu > stopCPU || !strings.Contains(errs, "interrupted") || !strings.Contains(out, tc.stdout) {
			t.Errorf("%v %v: status %d (want %d), %v of processor time after the signal\nstdout %q\nstderr %q", tc.sig, tc.args, code, tc.status, cpu, out, errs)
		}
	}
}

// An interrupted experiment leaves no empty --out directory behind.
func TestInterruptedExperimentLeavesNoDirectory(t *testing.T) {
	waitsOnChildren(t)
	bin := buildRJM(t)
	dir := filepath.Join(t.TempDir(), "new", "results")
	_, errs, code, _ := signalled(t, bin, os.Interrupt, 500*time.Millisecond, "experiment", "annealing", "--out", dir)
	if _, err := os.Stat(filepath.Dir(dir)); code != 130 || err == nil {
		t.Errorf("status %d, stderr %q; %s: %v", code, errs, filepath.Dir(dir), err)
	}
}
