package grade_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rjm/grade"
)

// leftover returns the processes whose command line holds marker.
func leftover(marker string) []string {
	var out []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.Contains(string(b), marker) {
			out = append(out, e.Name()+": "+strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
	return out
}

// The sandbox stops each hostile program with a one-line message that
// names the limit, and leaves no process of it running.
func TestSandboxStopsHostilePrograms(t *testing.T) {
	outside := t.TempDir()
	for _, tc := range []struct {
		name    string
		command []string
		check   string // the check that fails
		message string // in its message
		lang    string
	}{
		{"fork bomb", []string{"sh", "-c", "b() { b & b & wait; }; b", "rjm-hostile-bomb"}, "exit", "the process limit", ""},
		{"4 GB allocation", []string{"python3", "-c", "import sys; x = bytearray(4 << 30); print(len(x))", "rjm-hostile-alloc"}, "exit", "the memory limit is 4 GiB of address space", "python"},
		{"endless loop", []string{"sh", "-c", "while :; do :; done", "rjm-hostile-loop"}, "time", "1s of CPU time, the CPU limit", ""},
		{"write outside", []string{"sh", "-c", "exec 3> " + filepath.Join(outside, "escaped") + "; echo done", "rjm-hostile-write"}, "exit", "a run may write only inside its scratch copy", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.lang == "python" {
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skip("python3 is not on the PATH")
				}
			}
			if tc.name == "write outside" && !grade.WritesConfined() {
				t.Skip("the kernel has no Landlock")
			}
			s := grade.Settings{Command: tc.command, Runs: 1, Seed: 1, Timeout: time.Second, Wall: 20 * time.Second, Dir: t.TempDir()}
			r, err := grade.Run(context.Background(), "evaluation", s, nil)
			if err != nil {
				t.Fatal(err)
			}
			c, _ := r.Check(tc.check)
			if c.State != grade.Failed || !strings.Contains(c.Message, tc.message) || strings.Contains(c.Message, "\n") {
				t.Errorf("%s: %+v\n%s", tc.check, c, r.Text())
			}
			for _, c := range r.Checks {
				if strings.Contains(c.Message, "exec:") || strings.Contains(c.Message, "WaitDelay") {
					t.Errorf("%s quotes Go: %s", c.Name, c.Message)
				}
			}
			marker := tc.command[len(tc.command)-1]
			if left := leftover(marker); len(left) > 0 {
				t.Errorf("left running: %q", left)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(outside, "escaped")); err == nil && grade.WritesConfined() {
		t.Error("a run wrote outside its scratch copy")
	}
}

// A correct program that leaves a detached child holding its output
// passes, the child is ended with the run, and a file the program writes
// in its folder lands in the scratch copy, not in the student's folder.
func TestSandboxDetachedChildAndScratch(t *testing.T) {
	dir := t.TempDir()
	maze := `printf '3 2 1 4 1\n3 2 1 3 3\n3 3 2 1 4\n3 1 2 3 3\n1 4 4 3 0\n\nMoves from start:\n 0  5 11  1 17\n 4 13 12  3 18\n 8  6 10  9  7\n 1 14 15  2 16\n 3  4 11  2 19\n\n-19\n'`
	script := "setsid sleep 29.5 & echo x > mine.txt; " + maze
	s := grade.Settings{Command: []string{"sh", "-c", script, "rjm-hostile-detached"}, Runs: 2, Seed: 1, Timeout: 5 * time.Second, Dir: dir}
	start := time.Now()
	r, err := grade.Run(context.Background(), "evaluation", s, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Not waited for: Run returned before the child, started after
	// start, could end its sleep (a fact, not a bound a loaded machine
	// could miss).
	if d := time.Since(start); d >= 29500*time.Millisecond {
		t.Errorf("took %v: the detached child was waited for", d)
	}
	for _, name := range []string{"time", "exit", "output", "layout", "size", "goal", "legal"} {
		if c, _ := r.Check(name); c.State != grade.Passed {
			t.Errorf("%s: %+v", name, c)
		}
	}
	// Its one maze's every cell is reached: the depths are not checked
	// until a maze with a cell the start cannot reach is seen, and never
	// fail.
	if c, _ := r.Check("depths"); c.State == grade.Failed {
		t.Errorf("depths: %+v", c)
	}
	if left := leftover("29.5"); len(left) > 0 {
		t.Errorf("left running: %q", left)
	}
	if _, err := os.Stat(filepath.Join(dir, "mine.txt")); err == nil {
		t.Error("the program wrote into the student's folder")
	}
}

// On a terminal, a program that reads a second line after its last answer
// (as C's scanf("%d\n") does) waits; through a pipe it does not. The
// terminal check catches it, and passes the same program without the
// second read.
func TestTerminalCatchesAWaitForASecondLine(t *testing.T) {
	maze := `printf '3 2 1 4 1\n3 2 1 3 3\n3 3 2 1 4\n3 1 2 3 3\n1 4 4 3 0\n\nMoves from start:\n 0  5 11  1 17\n 4 13 12  3 18\n 8  6 10  9  7\n 1 14 15  2 16\n 3  4 11  2 19\n\n-19\n'`
	t.Parallel() // it only grades: see TestMain
	for _, tc := range []struct {
		name   string
		script string
		state  grade.State
	}{
		{"a second read", `printf 'Iterations? '; read n; read more; ` + maze, grade.Failed},
		{"one read", `printf 'Iterations? '; read n; ` + maze, grade.Passed},
		// A prompt in other words is answered (the prompts check fails
		// it), and a program that computes in silence for longer than
		// the terminal's quiet time is not waiting for input.
		{"another prompt", `printf 'iterations? '; read n; ` + maze, grade.Passed},
		{"computing in silence", `printf 'Iterations? '; read n; [ -t 0 ] && { end=$(($(date +%s) + 4)); while [ $(date +%s) -lt $end ]; do i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; done; }; ` + maze, grade.Passed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := grade.Settings{Command: []string{"sh", "-c", tc.script}, Dir: t.TempDir(), Runs: 2, Seed: 1, Iterations: 300}
			r, err := grade.Run(context.Background(), "hill-descent", s, nil)
			if err != nil {
				t.Fatal(err)
			}
			c, _ := r.Check("terminal")
			if c.State != tc.state || (tc.state == grade.Failed && !strings.Contains(c.Message, `waited for more input`)) {
				t.Errorf("%+v", c)
			}
			if l, _ := r.Check("layout"); l.State != grade.Passed {
				t.Errorf("through a pipe: %+v", l)
			}
		})
	}
}
