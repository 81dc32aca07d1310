package grade

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
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
	o, err := execute(context.Background(), s, "", env)
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
	if o, err = execute(context.Background(), s, "", env); err != nil {
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
