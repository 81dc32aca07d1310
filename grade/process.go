package grade

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// The sandbox. Every run of a student's program:
//
//   - runs in a scratch copy of its folder (nothing it writes lands in the
//     student's folder), removed after the run;
//   - runs with limits set before its program starts (setrlimit, through
//     the shell's ulimit): CPU time (RLIMIT_CPU, Settings.Timeout),
//     address space (RLIMIT_AS, Settings.Memory), the size of a file it
//     writes (RLIMIT_FSIZE) and, for a user other than root, its
//     processes (RLIMIT_NPROC); standard output beyond Settings.MaxOutput
//     stops it, and a wall-clock back-stop (Settings.Wall, six times the
//     CPU limit) stops a program that waits without computing;
//   - runs in a session of its own, without a controlling terminal, and in
//     a PID namespace of its own where the kernel allows it (as root, or
//     through an unprivileged user namespace), so that every process it
//     starts, detached or not, ends when its program ends or is stopped;
//     else with rjm as the child subreaper that collects and kills
//     orphans;
//   - is watched: more than Settings.Processes processes at once (a fork
//     bomb) stops the run; and where rjm may make one, the run is in a
//     pids cgroup of its own whose limit the kernel enforces, so that a
//     fork bomb cannot outgrow the watcher on a loaded machine
//     (newPidsCgroup).
//
// Every stop names the limit in one line; no message quotes Go's errors.

var (
	errTimeLimit    = errors.New("wall-clock limit")
	errCPULimit     = errors.New("CPU time limit")
	errOutputLimit  = errors.New("output limit")
	errProcessLimit = errors.New("process limit")
	errScratch      = errors.New("scratch copy")
	// errSkipped marks a run not made because an earlier one reached the
	// time limit: a program that hangs once mostly hangs every time, and
	// a class should not wait for all its runs.
	errSkipped = errors.New("not run (an earlier run reached the time limit)")
)

// waitDelay bounds the wait for the output pipes after the program ended
// (or was killed): without a PID namespace, a process it left could hold
// them open. It is long, because on a loaded machine the reading of the
// pipes may lag the program's end, and what is unread when it expires is
// lost (a grading of 250 correct programs lost two outputs at 250 ms).
const waitDelay = 5 * time.Second

// maxStderr is the standard error kept of a run, for the messages of a
// crash.
const maxStderr = 64 << 10

// maxScratch is the largest folder copied for a run.
const maxScratch = 64 << 20

// maxFile is the largest file a run may write (RLIMIT_FSIZE).
const maxFile = 64 << 20

// outcome is how one run of a program went.
type outcome struct {
	stdout, stderr []byte
	started        time.Time
	elapsed, cpu   time.Duration
	// stopped is one of the err*Limit errors when rjm stopped the
	// program; exitErr is the program's own failure (a non-zero status,
	// a signal, or a failure to start).
	stopped error
	exitErr error
	// lingering is set when a process it started was still running when
	// the program ended (and was ended with it).
	lingering bool
	limits    runLimits
}

// runLimits are the limits of a run, for the messages.
type runLimits struct {
	cpu, wall time.Duration
	memory    int64
	procs     int
	output    int
	// run is the run's number, from 1 (0 for a build): in a PID namespace
	// it sets the program's process ID (see pidScript).
	run int
	// cgroup is the run's pids cgroup, or "" (see newPidsCgroup).
	cgroup string
	// writable are the folders outside its scratch copy the run may
	// write: the toolchains' caches, for a build (buildWritable).
	writable []string
}

// limits returns the limits of run number run.
func (s Settings) limits(run int) runLimits {
	return runLimits{cpu: s.Timeout, wall: s.Wall, memory: s.Memory, procs: s.Processes, output: s.MaxOutput, run: run, writable: s.writable}
}

// cgroupLimits returns the limits of run number run with a pids cgroup of
// its own where rjm may make one (see newPidsCgroup); call remove when the
// run has ended.
func (s Settings) cgroupLimits(run int) (lim runLimits, remove func()) {
	lim = s.limits(run)
	lim.cgroup = newPidsCgroup(lim.procs)
	return lim, func() { removePidsCgroup(lim.cgroup) }
}

// execute runs the settings' command in a scratch copy of s.Dir with the
// fixed environment (environment) and env added, and the given standard
// input, within the limits. It returns an
// error only when ctx ends (the program is then killed).
func execute(parent context.Context, s Settings, run int, input string, env []string) (outcome, error) {
	scratch, err := scratchCopy(s.Dir)
	if err != nil {
		return outcome{limits: s.limits(run), stopped: err}, nil
	}
	defer os.RemoveAll(scratch)
	return executeIn(parent, s, run, scratch, input, env)
}

// executeIn runs the settings' command as run number run (from 1; 0 for
// a build) in folder scratch, which it may change, within the limits. A
// run whose shell could not fork before its program started (on a loaded
// machine) is made again, up to startTries times in all.
func executeIn(parent context.Context, s Settings, run int, scratch, input string, env []string) (outcome, error) {
	var o outcome
	var err error
	retried(func() bool {
		o, err = executeOnce(parent, s, run, scratch, input, env)
		return err != nil || !shellCouldNotFork(o) || parent.Err() != nil
	})
	return o, err
}

// cannotFork is what the shell (dash) writes when a fork fails: "$0:
// LINE: Cannot fork".
var cannotFork = regexp.MustCompile(`\A[^\n]*: [0-9]+: Cannot fork\n?\z`)

// shellCouldNotFork reports whether a run printed nothing and ended with
// status 2 and only the shell's "Cannot fork" on its standard error: the
// limits shell failed before the program could start.
func shellCouldNotFork(o outcome) bool {
	var ee *exec.ExitError
	return len(o.stdout) == 0 && errors.As(o.exitErr, &ee) && ee.ExitCode() == 2 && cannotFork.Match(o.stderr)
}

// executeOnce makes one try of executeIn.
func executeOnce(parent context.Context, s Settings, run int, scratch, input string, env []string) (outcome, error) {
	lim, removeCgroup := s.cgroupLimits(run)
	defer removeCgroup()
	o := outcome{limits: lim}

	ctx, cancel := context.WithCancelCause(parent)
	defer cancel(nil)
	runCtx, stop := context.WithTimeoutCause(ctx, lim.wall, errTimeLimit)
	defer stop()

	stdout := &capped{max: lim.output, full: func() { cancel(errOutputLimit) }}
	stderr := &capped{max: maxStderr}
	script := append([]string{"-c", limitScript(lim), s.Command[0]}, s.Command[1:]...)
	mk := func() *exec.Cmd {
		cmd := exec.CommandContext(runCtx, "/bin/sh", script...)
		cmd.Dir = scratch
		cmd.Env = environment(scratch, env, nil)
		cmd.Stdin = strings.NewReader(input)
		cmd.Stdout, cmd.Stderr = stdout, stderr
		cmd.SysProcAttr = sandboxAttr()
		cmd.Cancel = func() error { return killRun(cmd.Process.Pid) }
		cmd.WaitDelay = waitDelay
		return cmd
	}

	if err := os.MkdirAll(filepath.Join(scratch, tmpDir), 0o755); err != nil {
		o.stopped = fmt.Errorf("%w: %v", errScratch, pathError(err))
		return o, nil
	}
	start := time.Now()
	o.started = start
	cmd, release, err := startTracked(mk, append([]string{scratch}, lim.writable...), lim.cgroup)
	if err != nil {
		o.exitErr = err
		return o, nil
	}
	defer release()
	watchDone := make(chan struct{})
	watchStop := make(chan struct{})
	go func() {
		defer close(watchDone)
		watch(cmd.Process.Pid, lim.procs, watchStop, func() { cancel(errProcessLimit) })
	}()
	err = cmd.Wait()
	close(watchStop)
	<-watchDone
	o.elapsed = time.Since(start)
	o.stdout, o.stderr = stdout.buf, stderr.buf
	if ps := cmd.ProcessState; ps != nil {
		o.cpu = ps.UserTime() + ps.SystemTime()
	}
	// In a PID namespace nothing outlives the program; without one, a
	// process left in its group, or holding the output, lingered.
	o.lingering = pidNamespace() == nil && (errors.Is(err, exec.ErrWaitDelay) || lingered(cmd.Process.Pid))
	// Whatever the program left behind goes too.
	_ = killRun(cmd.Process.Pid)
	untrack(cmd.Process.Pid)
	reapOrphans()
	if err := parent.Err(); err != nil {
		return o, fmt.Errorf("running the program: %w", err)
	}
	cause := context.Cause(ctx)
	switch {
	case stdout.over:
		o.stopped = errOutputLimit
	case errors.Is(cause, errProcessLimit) || pidsMaxReached(lim.cgroup):
		// The watcher saw too many processes, or the kernel refused a
		// fork at the run's pids.max before it could.
		o.stopped = errProcessLimit
	case cpuLimited(cmd.ProcessState, lim.cpu):
		o.stopped = errCPULimit
	case err != nil && errors.Is(context.Cause(runCtx), errTimeLimit):
		o.stopped = errTimeLimit
	case errors.Is(err, exec.ErrWaitDelay):
		// The program ended well; a process it started held its output
		// open and was ended.
	case err != nil:
		o.exitErr = err
	}
	return o, nil
}

// limitScript returns the shell script that sets a run's limits and
// starts its program ("$0" "$@"). Without a PID namespace the shell
// becomes the program (exec). In one, the shell stays as the namespace's
// first process (its init, whose end ends every process left in it), and
// the program is its child, with an ordinary process ID that differs from
// run to run (pidScript): a program run as process 1 would get the same
// getpid() in every run, and its signals' default actions would not apply
// to it. The shell then exits with the program's status, 128+n for a
// program killed by signal n (see programEnd).
func limitScript(lim runLimits) string {
	cpu := int64((lim.cpu + time.Second - 1) / time.Second)
	var lines []string
	if lim.cgroup != "" {
		lines = append(lines, fmt.Sprintf("{ echo $$ > '%s/cgroup.procs'; } 2>/dev/null", lim.cgroup))
	}
	lines = append(lines,
		// SIGXCPU at the limit, SIGKILL a second later for a program
		// that catches it.
		fmt.Sprintf("ulimit -S -t %d", cpu),
		fmt.Sprintf("ulimit -H -t %d", cpu+1),
		fmt.Sprintf("ulimit -v %d", lim.memory>>10),
		fmt.Sprintf("ulimit -f %d", maxFile/512),
	)
	if os.Geteuid() != 0 {
		lines = append(lines, fmt.Sprintf("ulimit -p %d 2>/dev/null", lim.procs+countUserProcs()))
	}
	if pidNamespace() == nil {
		return strings.Join(lines, "; ") + `; exec "$0" "$@"`
	}
	lines = append(lines, pidScript(lim.run))
	return strings.Join(lines, "; ") + `; "$0" "$@"; exit $?`
}

// Process IDs in a run's PID namespace, where a program's ID would
// otherwise be the same in every run: the shell starts
// 1 + (k·pidStride mod pidCycle) short-lived processes before run k's
// program (about 15 ms of work on average), so that the program's ID
// differs between any pidCycle runs in a row, and two runs in a row do
// not have IDs one apart (a program seeded with time(NULL) ^ getpid()
// would then print the same maze in runs a second apart). The kernel's
// ns_last_pid would do it at once, but Landlock refuses the write.
const (
	pidStride = 37
	pidCycle  = 61
)

// pidScript returns the shell commands that give run number run's program
// its process ID; ":" for run 0.
func pidScript(run int) string {
	if run <= 0 {
		return ":"
	}
	skip := 1 + run*pidStride%pidCycle
	return fmt.Sprintf("i=0; while [ $i -lt %d ]; do (:); i=$((i+1)); done", skip)
}

// programEnd returns how a run's program ended, from the wait status of
// the process rjm started: the signal that killed it (0 if none) or its
// exit status. In a PID namespace that process is the shell of
// limitScript, which exits 128+n when its program is killed by signal n.
func programEnd(ws syscall.WaitStatus) (sig syscall.Signal, code int) {
	if ws.Signaled() {
		return ws.Signal(), -1
	}
	code = ws.ExitStatus()
	if pidNamespace() != nil && code > 128 && code <= 128+64 {
		return syscall.Signal(code - 128), -1
	}
	return 0, code
}

// cpuLimited reports whether a run ended by its CPU time limit: killed by
// SIGXCPU, or by SIGKILL with its CPU time at the limit.
func cpuLimited(ps *os.ProcessState, limit time.Duration) bool {
	if ps == nil {
		return false
	}
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if !ok {
		return false
	}
	sig, _ := programEnd(ws)
	used := ps.UserTime() + ps.SystemTime()
	return sig == syscall.SIGXCPU || (sig == syscall.SIGKILL && used >= limit)
}

// scratchCopy copies dir ("" for the current folder) into a new temporary
// folder and returns its path.
func scratchCopy(dir string) (string, error) {
	if dir == "" {
		dir = "."
	}
	scratch, err := os.MkdirTemp("", "rjm-grade-run-")
	if err != nil {
		return "", fmt.Errorf("%w: %v", errScratch, pathError(err))
	}
	total := int64(0)
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		to := filepath.Join(scratch, rel)
		switch {
		case d.IsDir():
			if rel == "." {
				return nil
			}
			return os.MkdirAll(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(target, to)
		case !d.Type().IsRegular():
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		if total += fi.Size(); total > maxScratch {
			return fmt.Errorf("the folder holds more than %s", bytesText(maxScratch))
		}
		return copyFile(path, to, fi.Mode().Perm())
	})
	if err != nil {
		os.RemoveAll(scratch)
		return "", fmt.Errorf("%w of %s: %v", errScratch, dir, pathError(err))
	}
	return scratch, nil
}

func copyFile(from, to string, perm fs.FileMode) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm|0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// pathError returns the words of an error without Go's operation prefix.
func pathError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Path + ": " + pe.Err.Error()
	}
	return err.Error()
}

// capped keeps the first max bytes written to it and calls full once when
// more come; it never fails a write, so the program is stopped by the
// kill, not by a broken pipe.
type capped struct {
	mu   sync.Mutex
	buf  []byte
	max  int
	full func()
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - len(c.buf); room >= len(p) {
		c.buf = append(c.buf, p...)
	} else {
		c.buf = append(c.buf, p[:max(room, 0)]...)
		if !c.over && c.full != nil {
			c.full()
		}
		c.over = true
	}
	return len(p), nil
}

// describe says in a line how a program that failed ended: "exit status
// 1", "killed by signal: segmentation fault", "could not start: ...",
// followed by what it wrote to standard error that says what went wrong
// (the student's file and line first, when the trace has them).
func (o outcome) describe() string {
	var msg string
	var exit *exec.ExitError
	switch {
	case errors.As(o.exitErr, &exit):
		msg = exitWords(o.exitErr)
	case o.exitErr != nil:
		msg = "could not start: " + startError(o.exitErr)
	}
	if where := crashSite(o.stderr); where != "" {
		msg = where + ": " + msg
	}
	if last := lastLine(o.stderr); last != "" {
		msg += fmt.Sprintf(" (stderr: %q)", last)
	}
	if refused(o.stderr) && WritesConfined() {
		msg += "; a run may write only inside its scratch copy of the folder"
	}
	if outOfMemory(o.stderr) {
		msg += fmt.Sprintf("; it ran out of memory: the memory limit is %s of address space", bytesText64(o.limits.memory))
	}
	return msg
}

// afterTranscript says how a program that failed after a whole
// transcript ended: "exited with status 1 after a complete transcript",
// then what it wrote to standard error, as describe does.
func (o outcome) afterTranscript() string {
	words := exitWords(o.exitErr)
	if code, ok := strings.CutPrefix(words, "exit status "); ok {
		words = "exited with status " + code
	} else {
		words = "was " + words
	}
	msg := words + " after a complete transcript (the exit status of a program that ends well is 0)"
	if where := crashSite(o.stderr); where != "" {
		msg = where + ": " + msg
	}
	if last := lastLine(o.stderr); last != "" {
		msg += fmt.Sprintf(" (stderr: %q)", last)
	}
	return msg
}

// startError says why a program could not start, in plain words.
func startError(err error) string {
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such program"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied (is the program executable?)"
	case errors.As(err, &pe):
		return pe.Err.Error()
	}
	return err.Error()
}

// outOfMemory reports whether a program's standard error says it ran out
// of memory, in one of the usual languages' words.
func outOfMemory(stderr []byte) bool {
	for _, w := range []string{"MemoryError", "OutOfMemoryError", "Cannot allocate memory", "bad_alloc", "out of memory", "Could not reserve enough space"} {
		if bytes.Contains(stderr, []byte(w)) {
			return true
		}
	}
	return false
}

// refused reports whether a program's standard error says a write was
// refused.
func refused(stderr []byte) bool {
	for _, w := range []string{"Permission denied", "PermissionError", "AccessDeniedException", "Operation not permitted"} {
		if bytes.Contains(stderr, []byte(w)) {
			return true
		}
	}
	return false
}

// lastLine returns the line of b that says what went wrong, cut short: a
// Go panic ("panic: ..."), a Java exception ("Exception in thread ..."),
// a Rust panic (its message, after "panicked at FILE:LINE:COL:"), else
// the last error line (Python's and JavaScript's "ValueError: ...",
// "TypeError: ..."), else the last line not indented that is no
// toolchain's remark (Rust's "note: run with `RUST_BACKTRACE=1`", Node's
// "Node.js v20").
func lastLine(b []byte) string {
	lines := strings.Split(string(b), "\n")
	var last, lastErr string
	for i, line := range lines {
		line = strings.TrimRight(line, " \t\r")
		switch {
		case strings.HasPrefix(line, "panic: "):
			return short2(line, 120)
		case strings.HasPrefix(line, "Exception in thread "):
			if k := strings.Index(line, `" `); k >= 0 {
				line = line[k+2:] // the exception, without the thread
			}
			return short2(line, 120)
		case rustPanic.MatchString(line):
			// Rust 1.73 and later: the message is on the next line.
			m := rustPanic.FindStringSubmatch(line)
			if rest := strings.TrimSpace(m[2]); rest != "" {
				if k := strings.LastIndex(rest, "', "); k >= 0 {
					rest = rest[:k] // before Rust 1.73: 'message', file:line:col
				}
				return short2("panicked: "+strings.Trim(rest, "'"), 120)
			}
			if i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
				return short2("panicked: "+strings.TrimSpace(lines[i+1]), 120)
			}
			return "panicked"
		case errorLine.MatchString(line):
			lastErr = line
		case line != "" && line[0] != ' ' && line[0] != '\t' && !toolchainRemark(line):
			last = line
		}
	}
	if lastErr != "" {
		return short2(lastErr, 120)
	}
	return short2(last, 120)
}

// rustPanic matches the line of a Rust panic: "thread 'main' panicked at
// src/main.rs:5:9:" (the message follows on the next line), or before Rust
// 1.73 "thread 'main' panicked at 'message', src/main.rs:5:9".
var rustPanic = regexp.MustCompile(`^thread '[^']*'(?: \(\d+\))? panicked at (?:([^\s']+:\d+:\d+):?)?(.*)$`)

// errorLine matches the line of an exception in Python and JavaScript:
// "ValueError: ...", "TypeError: ...", "json.decoder.JSONDecodeError: ...".
var errorLine = regexp.MustCompile(`^[A-Za-z_][\w.]*(Error|Exception|Interrupt|Exit)(: |$)`)

// toolchainRemark reports whether a line of standard error is a
// toolchain's remark, not what went wrong.
func toolchainRemark(line string) bool {
	for _, p := range []string{"Picked up JAVA_TOOL_OPTIONS", "note: run with `RUST_BACKTRACE", "Node.js v", "exit status "} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// crashSite returns the student's file and line a crash's trace names
// last (Python: `File "hill.py", line 12`) or first (Java: `at
// Hill.main(Hill.java:12)`; Go: `/home/s/hill.go:12`; Rust: `panicked at
// src/main.rs:12:5`; JavaScript: `at f (/home/s/maze.js:12:5)`), as
// "hill.py:12"; "" when the trace names none.
func crashSite(stderr []byte) string {
	site := ""
	for _, line := range strings.Split(string(stderr), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, `File "`):
			// Python: the innermost frame is the last.
			rest := line[len(`File "`):]
			file, after, ok := strings.Cut(rest, `", line `)
			if !ok || strings.HasPrefix(file, "<") || strings.Contains(file, "/lib/python") {
				continue
			}
			n, _, _ := strings.Cut(after, ",")
			site = filepath.Base(file) + ":" + n
		case rustPanic.MatchString(line) && site == "":
			if m := rustPanic.FindStringSubmatch(line); m[1] != "" {
				site = rustSite(m[1])
			} else if k := strings.LastIndex(m[2], "', "); k >= 0 {
				site = rustSite(m[2][k+3:])
			}
		case strings.HasPrefix(line, "at ") && site == "":
			// Java: the first frame in a .java file of the student's;
			// JavaScript: the first in a .js, .mjs or .ts file not
			// node's own.
			loc := strings.TrimSuffix(line[strings.LastIndexAny(line, "( ")+1:], ")")
			loc = strings.TrimPrefix(loc, "file://")
			file, n, ok := strings.Cut(filepath.Base(loc), ":")
			n, _, _ = strings.Cut(n, ":")
			switch {
			case !ok || strings.HasPrefix(loc, "node:"):
			case strings.HasSuffix(file, ".java") && !strings.HasPrefix(line, "at java.") && !strings.HasPrefix(line, "at jdk."):
				site = file + ":" + n
			case strings.HasSuffix(file, ".js") || strings.HasSuffix(file, ".mjs") || strings.HasSuffix(file, ".ts"):
				if !strings.Contains(loc, "/node_modules/") {
					site = file + ":" + n
				}
			}
		case strings.HasSuffix(strings.Fields(line + " x")[0], ".go") || strings.Contains(line, ".go:"):
			// Go: "/path/file.go:12 +0x1d", the first outside the runtime.
			f := strings.Fields(line)
			if len(f) == 0 || site != "" || strings.Contains(f[0], "/runtime/") {
				continue
			}
			if file, n, ok := strings.Cut(f[0], ".go:"); ok {
				if _, err := strconv.Atoi(n); err == nil {
					site = filepath.Base(file) + ".go:" + n
				}
			}
		}
	}
	return site
}

// rustSite returns "main.rs:12" for "src/main.rs:12:5".
func rustSite(loc string) string {
	f := strings.Split(loc, ":")
	if len(f) < 2 {
		return ""
	}
	return filepath.Base(f[0]) + ":" + f[1]
}

// short returns s cut to 60 characters.
func short(s string) string {
	r := []rune(s)
	if len(r) > 60 {
		return string(r[:60]) + "..."
	}
	return s
}

// bytesText64 writes a size in bytes, KiB, MiB or GiB.
func bytesText64(n int64) string {
	if n >= 1<<30 && n%(1<<30) == 0 {
		return fmt.Sprintf("%d GiB", n>>30)
	}
	return bytesText(int(n))
}
