package grade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode"

	"github.com/creack/pty"
)

// The terminal run. Piped answers hide the bugs of input that a terminal
// shows: C's scanf("%d\n") reads past the line break and waits for the
// next non-blank line, which a pipe's end gives at once and a person at a
// terminal never types. One run of every exercise with prompts is made on
// a pseudo-terminal, each answer typed once its prompt shows, as a person
// would; the program must then print its maze and end without waiting
// for more.

// terminalQuiet is how long a program may sit blocked (every thread of
// every one of its processes asleep: see treeAsleep), without printing or
// computing, before it counts as waiting for input. Only the time it is
// seen asleep counts: a program that waits for a processor on a loaded
// machine is runnable (state R) or in the disk's queue (D), never asleep
// (S), and the clock restarts; so the verdict does not depend on the
// machine's load, only on what the program is blocked in.
const terminalQuiet = 3 * time.Second

// terminalResult is how the terminal run went: problem is "" when it
// went well, else what went wrong, in one line; skipped says why it was
// not made. A run that went well has its answers, how it ended (exit,
// "exit status 0" or another: that is the exit check's business) and
// whether it printed rows of numbers after its last prompt (maze).
type terminalResult struct {
	problem string
	skipped string
	output  string
	answers []string
	exit    string
	maze    bool
}

// terminalRun makes the terminal run of planned run pl.
func terminalRun(parent context.Context, s Settings, run int, pl planned, env []string) (terminalResult, error) {
	lim, removeCgroup := s.cgroupLimits(run)
	defer removeCgroup()
	scratch, err := scratchCopy(s.Dir)
	if err != nil {
		return terminalResult{skipped: err.Error()}, nil
	}
	defer os.RemoveAll(scratch)
	master, slave, err := pty.Open()
	if err != nil {
		return terminalResult{skipped: "no pseudo-terminal: " + pathError(err)}, nil
	}
	defer master.Close()
	_ = pty.Setsize(master, &pty.Winsize{Rows: 24, Cols: 80})

	mk := func() *exec.Cmd {
		cmd := exec.Command("/bin/sh", append([]string{"-c", limitScript(lim), s.Command[0]}, s.Command[1:]...)...)
		cmd.Dir = scratch
		cmd.Env = environment(scratch, append(env, "TERM=dumb"), nil)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
		attr := sandboxAttr()
		attr.Setctty, attr.Ctty = true, 0
		cmd.SysProcAttr = attr
		return cmd
	}
	if err := os.MkdirAll(filepath.Join(scratch, tmpDir), 0o755); err != nil {
		return terminalResult{skipped: pathError(err)}, nil
	}
	cmd, release, err := startTracked(mk, []string{scratch}, lim.cgroup)
	slave.Close()
	if err != nil {
		return terminalResult{skipped: "could not start: " + startError(err)}, nil
	}
	defer release()
	pid := cmd.Process.Pid
	defer func() {
		_ = killRun(pid)
		untrack(pid)
		reapOrphans()
	}()

	term := readTerminal(master, lim.output, func() { _ = killRun(pid) })
	changed, text := term.changed, term.text
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.NewTimer(lim.wall)
	defer deadline.Stop()
	result := func(problem string) (terminalResult, error) {
		if err := parent.Err(); err != nil {
			return terminalResult{}, err
		}
		return terminalResult{problem: problem, output: text(), answers: pl.answers}, nil
	}

	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	lastOut, lastCPU, still := -1, int64(-1), time.Duration(0)
	quiet := func() bool {
		n, cpu := len(text()), processCPU(pid)
		if n == lastOut && cpu == lastCPU && treeAsleep(pid) {
			still += 250 * time.Millisecond
		} else {
			lastOut, lastCPU, still = n, cpu, 0
		}
		return still >= terminalQuiet
	}
	pos := 0
	for k, answer := range pl.answers {
		prompt := strings.TrimSpace(pl.prompts[min(k, len(pl.prompts)-1)])
	wait:
		for {
			if i := findPrompt(text()[pos:], prompt); i >= 0 {
				pos += i + len(prompt)
				break
			}
			select {
			case <-tick.C:
				if quiet() {
					// A prompt in other words (the prompts check names
					// it) is answered as a person would answer it.
					if out := text(); strings.TrimSpace(out[pos:]) != "" {
						pos = len(out)
						break wait
					}
					return result(fmt.Sprintf("the prompt %q never showed: the program waits for input without it (%s)", prompt, s.hints().flushHint()))
				}
			case <-changed:
			case err := <-exited:
				time.Sleep(50 * time.Millisecond) // the last output
				if i := findPrompt(text()[pos:], prompt); i >= 0 {
					return result(fmt.Sprintf("the program ended (%s) before %q was answered", exitWords(err), prompt))
				}
				return result(fmt.Sprintf("the program ended (%s) without prompting %q", exitWords(err), prompt))
			case <-deadline.C:
				return result(fmt.Sprintf("no prompt %q within %v", prompt, lim.wall))
			case <-parent.Done():
				return result("")
			}
		}
		if _, err := master.Write([]byte(answer + "\r")); err != nil {
			return result(fmt.Sprintf("could not type the answer to %q", prompt))
		}
	}
	last := strings.TrimSpace(pl.prompts[len(pl.prompts)-1])
	still = 0
	for {
		select {
		case err := <-exited:
			// An exit status other than 0 is the exit check's business;
			// a signal (a crash) only on a terminal is this one's.
			w := exitWords(err)
			if strings.HasPrefix(w, "killed") {
				return result(fmt.Sprintf("after the answers were typed the program ended: %s", w))
			}
			// Its last output is read once every process that held the
			// terminal has closed it.
			select {
			case <-term.done:
			case <-deadline.C:
			case <-parent.Done():
			}
			r, err := result("")
			r.exit, r.maze = w, printedRows(r.output[min(pos, len(r.output)):])
			return r, err
		case <-deadline.C:
			return result(fmt.Sprintf("the program did not end within %v of the answers", lim.wall))
		case <-parent.Done():
			return result("")
		case <-tick.C:
			if quiet() {
				if out := text(); printedRows(out[min(pos, len(out)):]) {
					// On a terminal, standard input does not end by
					// itself: a program that reads on after its maze
					// never ends.
					return result(fmt.Sprintf("after the answer to %q was typed, the program printed its maze but did not end: it waited for more input, which a terminal does not end by itself", last))
				}
				msg := fmt.Sprintf("after the answer to %q was typed, the program waited for more input instead of printing its maze", last)
				if h := s.hints(); h.waits != "" {
					msg += fmt.Sprintf(" (%s: %s)", h.name, h.waits)
				}
				return result(msg)
			}
		}
	}
}

// terminalOutput is what a program printed on its terminal, read as it
// comes.
type terminalOutput struct {
	mu      sync.Mutex
	out     []byte
	changed chan struct{} // a value after each read
	done    chan struct{} // closed when a read fails: nothing more to read
}

// readTerminal reads master until it fails, keeping at most limit bytes;
// over calls the output limit's kill (the piped runs say so).
func readTerminal(master *os.File, limit int, over func()) *terminalOutput {
	t := &terminalOutput{changed: make(chan struct{}, 1), done: make(chan struct{})}
	go func() {
		defer close(t.done)
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			t.mu.Lock()
			if len(t.out) < limit {
				t.out = append(t.out, buf[:n]...)
			} else {
				over()
			}
			t.mu.Unlock()
			select {
			case t.changed <- struct{}{}:
			default:
			}
			if err != nil {
				return
			}
		}
	}()
	return t
}

// text returns what was read so far.
func (t *terminalOutput) text() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.out)
}

// printedRows reports whether out (what a program printed on its
// terminal after its last prompt, the answer's echo and its standard
// error included) holds a row of a maze: a line of at least three
// numbers and no letters, laid out as the layout check may not accept
// ("1,2,3,4,5", "[1 2 3 4 5]"). An answer's echo has one number ("500",
// "0.1" two), a crash's trace has words ("hill.go:80 +0x3a5"): neither
// is a row.
func printedRows(out string) bool {
	for line := range strings.Lines(out) {
		if numberRow.MatchString(line) && !strings.ContainsFunc(line, unicode.IsLetter) {
			return true
		}
	}
	return false
}

// numberRow matches a line holding at least three numbers.
var numberRow = regexp.MustCompile(`\d+\D+\d+\D+\d+`)

// findPrompt returns the index of prompt in out, ignoring case (a
// prompt's wording is the prompts check's business), or -1.
func findPrompt(out, prompt string) int {
	if i := strings.Index(out, prompt); i >= 0 {
		return i
	}
	lower := strings.ToLower(out)
	if len(lower) != len(out) {
		return -1 // not ASCII: no offsets to share
	}
	return strings.Index(lower, strings.ToLower(prompt))
}

// exitWords says how a program ended, in a few words.
func exitWords(err error) string {
	if err == nil {
		return "exit status 0"
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok {
			sig, code := programEnd(ws)
			if sig != 0 {
				return "killed by signal: " + sig.String()
			}
			return fmt.Sprintf("exit status %d", code)
		}
		return fmt.Sprintf("exit status %d", exit.ExitCode())
	}
	return "it could not be waited for"
}

// treeAsleep reports whether every thread of the run's processes (pid and
// its descendants) is asleep, blocked in the kernel (state S, or T, t, Z,
// X: stopped or ended): none runnable (R), none waiting for the disk (D).
// A program blocked reading its terminal is asleep; one starved of a
// processor by other work on the machine is runnable. It reports false
// when no thread can be read.
func treeAsleep(pid int) bool {
	read := 0
	for _, p := range processTree(pid, 1024) {
		dir := "/proc/" + strconv.Itoa(p) + "/task"
		tasks, err := os.ReadDir(dir)
		if err != nil {
			continue // ended meanwhile
		}
		for _, t := range tasks {
			state, ok := taskState(dir + "/" + t.Name() + "/stat")
			if !ok {
				continue
			}
			read++
			if state == 'R' || state == 'D' || state == 'W' {
				return false
			}
		}
	}
	return read > 0
}

// taskState returns the state letter of a /proc stat file ("S" for
// sleeping, "R" for runnable...).
func taskState(path string) (byte, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 || i+2 >= len(b) {
		return 0, false
	}
	return b[i+2], true
}

// processCPU returns the CPU time of a run's processes: the process pid
// (the program, or in a PID namespace the shell whose child it is), its
// descendants and their waited-for children, in clock ticks; -1 when pid
// cannot be read.
func processCPU(pid int) int64 {
	total := int64(-1)
	for _, p := range processTree(pid, 1024) {
		if t := ownCPU(p); t >= 0 {
			total = max(total, 0) + t
		}
	}
	return total
}

// ownCPU returns the CPU time of one process and its waited-for children,
// in clock ticks; -1 when it cannot be read.
func ownCPU(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return -1
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+1:]
	}
	f := strings.Fields(s)
	// After the name: state(0) ppid ... utime(11) stime(12) cutime(13) cstime(14).
	if len(f) < 15 {
		return -1
	}
	total := int64(0)
	for _, k := range []int{11, 12, 13, 14} {
		v, _ := strconv.ParseInt(f[k], 10, 64)
		total += v
	}
	return total
}
