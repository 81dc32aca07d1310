package grade

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Without a PID namespace, rjm as the child subreaper ends the detached
// children a run leaves, and the process watcher stops a fork bomb.
func TestSubreaperWithoutNamespace(t *testing.T) {
	noNamespace = true
	defer func() { noNamespace = false }()
	s := Settings{Dir: t.TempDir()}.withDefaults()
	env := os.Environ()

	s.Command = []string{"sh", "-c", "setsid sleep 28.5 & echo done", "rjm-subreaper-detached"}
	o, err := execute(context.Background(), s, 1, "", env)
	if err != nil {
		t.Fatal(err)
	}
	if o.exitErr != nil || o.stopped != nil || strings.TrimSpace(string(o.stdout)) != "done" {
		t.Errorf("%+v", o)
	}
	if left := leftover("28.5"); len(left) > 0 {
		t.Errorf("left running: %q", left)
	}

	s.Command = []string{"sh", "-c", "b() { b & b & wait; }; b", "rjm-subreaper-bomb"}
	s.Timeout, s.Wall = time.Second, 20*time.Second
	if o, err = execute(context.Background(), s, 2, "", env); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(o.stopped, errProcessLimit) {
		t.Errorf("fork bomb: %+v", o.stopped)
	}
	time.Sleep(100 * time.Millisecond)
	reapOrphans()
	if left := leftover("rjm-subreaper-bomb"); len(left) > 0 {
		t.Errorf("left running: %d processes, such as %q", len(left), left[0])
	}
}

// leftover returns the processes whose command line holds marker.
func leftover(marker string) []string {
	var out []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.Contains(string(b), marker) && !strings.Contains(string(b), "go test") {
			state, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
			if f := strings.Fields(string(state)); len(f) > 2 && f[2] == "Z" {
				continue // a zombie is no longer running
			}
			out = append(out, e.Name()+": "+strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
	return out
}

// Every run's program has a process ID of its own, never 1, whether or
// not it runs in a PID namespace (a program seeded with getpid() must
// print a different maze in every run), and a program killed by a signal
// is reported so, not by its shell's status.
func TestRunsHaveTheirOwnProcessIDs(t *testing.T) {
	for _, ns := range []bool{true, false} {
		noNamespace = !ns
		s := Settings{Dir: t.TempDir()}.withDefaults()
		s.Command = []string{"sh", "-c", "echo $$"}
		seen := map[string]int{}
		for run := 1; run <= 12; run++ {
			o, err := execute(context.Background(), s, run, "", os.Environ())
			if err != nil || o.exitErr != nil || o.stopped != nil {
				t.Fatalf("namespace %v, run %d: %v %+v", ns, run, err, o)
			}
			pid := strings.TrimSpace(string(o.stdout))
			if pid == "1" {
				t.Errorf("namespace %v, run %d: the program is process 1", ns, run)
			}
			if prev, ok := seen[pid]; ok {
				t.Errorf("namespace %v: runs %d and %d both had process ID %s", ns, prev, run, pid)
			}
			seen[pid] = run
			if prev, ok := seen[strconv.Itoa(atoi(pid)-1)]; ns && ok && prev == run-1 {
				t.Errorf("namespace %v: runs %d and %d have process IDs one apart", ns, prev, run)
			}
		}
		s.Command = []string{"sh", "-c", "kill -SEGV $$"}
		o, err := execute(context.Background(), s, 1, "", os.Environ())
		if err != nil {
			t.Fatal(err)
		}
		if got := o.describe(); !strings.Contains(got, "killed by signal: segmentation fault") {
			t.Errorf("namespace %v: a program killed by SIGSEGV is described %q", ns, got)
		}
		s.Command = []string{"sh", "-c", "exit 3"}
		if o, _ = execute(context.Background(), s, 1, "", os.Environ()); o.describe() != "exit status 3" {
			t.Errorf("namespace %v: exit 3 is described %q", ns, o.describe())
		}
	}
	noNamespace = false
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// A start the kernel refuses for the moment (EAGAIN, on a loaded machine)
// is tried again with a new command, its input read whole; one refused
// every time is a run that could not start, said in plain words.
func TestStartTriedAgainWhenRefused(t *testing.T) {
	real := startOne
	defer func() { startOne = real }()
	refusals, tries := 0, 0
	startOne = func(cmd *exec.Cmd, dirs []string, cgroup string) (func(), error) {
		tries++
		if tries <= refusals {
			return nil, &fs.PathError{Op: "fork/exec", Path: cmd.Path, Err: syscall.EAGAIN}
		}
		return real(cmd, dirs, cgroup)
	}
	s := Settings{Dir: t.TempDir()}.withDefaults()
	s.Command = []string{"cat"}

	refusals, tries = 2, 0
	o, err := execute(context.Background(), s, 1, "3000\n", os.Environ())
	if err != nil || o.exitErr != nil || o.stopped != nil || string(o.stdout) != "3000\n" || tries != 3 {
		t.Errorf("refused twice: %d tries, output %q, %v %+v", tries, o.stdout, err, o)
	}

	refusals, tries = startTries, 0
	o, err = execute(context.Background(), s, 1, "3000\n", os.Environ())
	if err != nil || tries != startTries || o.describe() != "could not start: resource temporarily unavailable" {
		t.Errorf("refused every time: %d tries (want %d), described %q, %v", tries, startTries, o.describe(), err)
	}
}

// A run whose shell could not fork before its program started is made
// again; one that cannot fork every time keeps its message.
func TestRunMadeAgainWhenTheShellCannotFork(t *testing.T) {
	s := Settings{Dir: t.TempDir()}.withDefaults()
	scratch := t.TempDir()
	// Fails like dash's fork on its first two tries, then reads its input.
	s.Command = []string{"sh", "-c", `echo x >> tries; [ $(wc -l < tries) -gt 2 ] && exec cat; echo "$0: 1: Cannot fork" >&2; exit 2`}
	o, err := executeIn(context.Background(), s, 1, scratch, "3000\n", os.Environ())
	tries, _ := os.ReadFile(filepath.Join(scratch, "tries"))
	if err != nil || o.exitErr != nil || string(o.stdout) != "3000\n" || strings.Count(string(tries), "x") != 3 {
		t.Errorf("%d tries, output %q, %v %+v", strings.Count(string(tries), "x"), o.stdout, err, o)
	}

	os.Remove(filepath.Join(scratch, "tries"))
	s.Command = []string{"sh", "-c", `echo x >> tries; echo "$0: 1: Cannot fork" >&2; exit 2`}
	o, _ = executeIn(context.Background(), s, 1, scratch, "", os.Environ())
	tries, _ = os.ReadFile(filepath.Join(scratch, "tries"))
	if n := strings.Count(string(tries), "x"); n != startTries || !strings.Contains(o.describe(), "Cannot fork") {
		t.Errorf("cannot fork every time: %d tries (want %d), described %q", n, startTries, o.describe())
	}

	// A program of its own that exits 2 with another message is not made
	// again.
	os.Remove(filepath.Join(scratch, "tries"))
	s.Command = []string{"sh", "-c", `echo x >> tries; echo "usage: main SIZE" >&2; exit 2`}
	executeIn(context.Background(), s, 1, scratch, "", os.Environ())
	if tries, _ = os.ReadFile(filepath.Join(scratch, "tries")); strings.Count(string(tries), "x") != 1 {
		t.Errorf("a program's own status 2 was made %d times", strings.Count(string(tries), "x"))
	}
}

// Where the machine lets rjm make pids cgroups, every run is in one of
// its own, with a pids.max the kernel enforces, and it is gone after the
// run.
func TestRunInItsOwnPidsCgroup(t *testing.T) {
	if pidsRoot() == "" {
		t.Skip("no pids cgroup can be made here")
	}
	for _, ns := range []bool{true, false} {
		noNamespace = !ns
		s := Settings{Dir: t.TempDir(), Processes: 8}.withDefaults()
		s.Command = []string{"sh", "-c", `grep pids /proc/self/cgroup; cg=$RJM_PIDS_ROOT/$(grep pids /proc/self/cgroup | sed 's,.*/,,'); { echo max > $cg/pids.max && echo raised; } 2>/dev/null; for i in $(seq 60); do sleep 2 & done 2>/dev/null; wait`}
		o, err := execute(context.Background(), s, 1, "", append(os.Environ(), "RJM_PIDS_ROOT="+pidsRoot()))
		if err != nil {
			t.Fatal(err)
		}
		line, _, _ := strings.Cut(strings.TrimSpace(string(o.stdout)), "\n")
		if !strings.Contains(line, "/rjm-grade-") {
			t.Errorf("namespace %v: the run's cgroup is %q", ns, line)
		}
		if !errors.Is(o.stopped, errProcessLimit) {
			t.Errorf("namespace %v: 60 processes with a limit of 8 were not stopped at the process limit: %+v", ns, o)
		}
		if strings.Contains(string(o.stdout), "raised") {
			t.Errorf("namespace %v: the program raised its own pids.max: %q", ns, o.stdout)
		}
		_, name, _ := strings.Cut(line, "/rjm-grade-")
		if _, err := os.Stat(filepath.Join(pidsRoot(), "rjm-grade-"+name)); err == nil {
			t.Errorf("namespace %v: cgroup rjm-grade-%s is left after the run", ns, name)
		}
	}
	noNamespace = false
}

// pidsMaxReached tells a cgroup whose pids.max refused a fork from one
// that never reached it, whoever counted first.
func TestPidsMaxReached(t *testing.T) {
	if pidsRoot() == "" {
		t.Skip("no pids cgroup can be made here")
	}
	for _, forks := range []int{3, 40} {
		dir := newPidsCgroup(1) // pids.max 18
		if dir == "" {
			t.Fatal("no cgroup made")
		}
		script := fmt.Sprintf(`echo $$ > '%s/cgroup.procs' && for i in $(seq %d); do sleep 0.3 & done 2>/dev/null; wait`, dir, forks)
		_ = exec.Command("sh", "-c", script).Run()
		if got, want := pidsMaxReached(dir), forks > 18; got != want {
			t.Errorf("%d forks under pids.max 18: pidsMaxReached = %v", forks, got)
		}
		removePidsCgroup(dir)
	}
	if pidsMaxReached("") {
		t.Error(`pidsMaxReached("") is true`)
	}
}

// A pids cgroup left by an rjm that was killed outright goes when another
// rjm starts; a live rjm's stays.
func TestStaleCgroupsRemoved(t *testing.T) {
	if pidsRoot() == "" {
		t.Skip("no pids cgroup can be made here")
	}
	ended := exec.Command("true")
	if err := ended.Run(); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(pidsRoot(), fmt.Sprintf("rjm-grade-%d-1", ended.Process.Pid))
	live := filepath.Join(pidsRoot(), fmt.Sprintf("rjm-grade-%d-999999", os.Getppid()))
	for _, dir := range []string{stale, live} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(dir)
	}
	removeStaleCgroups(pidsRoot())
	if _, err := os.Stat(stale); err == nil {
		t.Error("the cgroup of an ended rjm is left")
	}
	if _, err := os.Stat(live); err != nil {
		t.Error("the cgroup of a live rjm was removed")
	}
}
