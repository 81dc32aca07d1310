package grade

import (
	"io"
	"os/exec"
	"testing"
	"time"
)

// The terminal run's "waiting for input" rule counts only the time a
// program is blocked: a program reading a pipe that nobody writes is
// asleep, a busy one (like one starved of a processor on a loaded
// machine: both are runnable, state R) never is.
func TestTreeAsleep(t *testing.T) {
	reader := exec.Command("cat")
	in, err := reader.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	reader.Stdout = io.Discard
	busy := exec.Command("/bin/sh", "-c", "while :; do :; done")
	for _, c := range []*exec.Cmd{reader, busy} {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { _ = c.Process.Kill(); _ = c.Wait() }()
	}
	defer in.Close()
	// cat falls asleep in read once it has started: wait for it (the
	// test's own deadline is the only bound).
	for !treeAsleep(reader.Process.Pid) {
		time.Sleep(10 * time.Millisecond)
	}
	for range 50 {
		if treeAsleep(busy.Process.Pid) {
			t.Fatal("a busy loop counts as asleep")
		}
		time.Sleep(2 * time.Millisecond)
	}
	if treeAsleep(1 << 30) {
		t.Error("a process that does not exist counts as asleep")
	}
}
