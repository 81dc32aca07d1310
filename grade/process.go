package grade

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// A run's program is stopped, with its whole process group, when it
// outlives its time limit or writes more than its output limit: a student's
// program may start others (a shell script, "java" starting a JVM, a
// forgotten background job), and killing only the first would leave the
// rest running and holding the output pipe open.

var (
	errTimeLimit   = errors.New("time limit")
	errOutputLimit = errors.New("output limit")
	// errSkipped marks a run not made because an earlier one reached the
	// time limit: a program that hangs once mostly hangs every time, and
	// a class should not wait for all its runs.
	errSkipped = errors.New("not run (an earlier run reached the time limit)")
)

// waitDelay bounds the wait for the output pipes after the program ended
// (or was killed): a process outside the group could hold them open.
const waitDelay = 250 * time.Millisecond

// maxStderr is the standard error kept of a run, for the messages of a
// crash.
const maxStderr = 64 << 10

// outcome is how one run of a program went.
type outcome struct {
	stdout, stderr []byte
	elapsed        time.Duration
	// stopped is errTimeLimit or errOutputLimit when rjm stopped the
	// program; exitErr is the program's own failure (a non-zero status,
	// a signal, or a failure to start).
	stopped error
	exitErr error
}

// execute runs command in dir with the given environment and standard
// input, within the limits. It returns an error only when ctx ends (the
// program is then killed).
func execute(parent context.Context, command []string, dir string, env []string, input string, timeout time.Duration, maxOutput int) (outcome, error) {
	ctx, cancel := context.WithCancelCause(parent)
	defer cancel(nil)
	runCtx, stop := context.WithTimeoutCause(ctx, timeout, errTimeLimit)
	defer stop()

	cmd := exec.CommandContext(runCtx, command[0], command[1:]...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdin = strings.NewReader(input)
	stdout := &capped{max: maxOutput, full: func() { cancel(errOutputLimit) }}
	stderr := &capped{max: maxStderr}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = waitDelay

	start := time.Now()
	err := cmd.Run()
	o := outcome{elapsed: time.Since(start), stdout: stdout.buf, stderr: stderr.buf}
	if cmd.Process != nil {
		// Whatever the program left behind in its group goes too.
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	if err := parent.Err(); err != nil {
		return o, fmt.Errorf("grade: %w", err)
	}
	switch {
	case stdout.over:
		o.stopped = errOutputLimit
	case err != nil && errors.Is(context.Cause(runCtx), errTimeLimit):
		o.stopped = errTimeLimit
	case err != nil:
		o.exitErr = err
	}
	return o, nil
}

// capped keeps the first max bytes written to it and calls full once when
// more come; it never fails a write, so the program is stopped by the
// kill, not by a broken pipe.
type capped struct {
	buf  []byte
	max  int
	full func()
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
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

// describe says in a few words how a program that failed ended: "exit
// status 1", "killed by signal: segmentation fault", "could not start:
// ...", followed by the last line it wrote to standard error.
func (o outcome) describe() string {
	var msg string
	var exit *exec.ExitError
	switch {
	case errors.As(o.exitErr, &exit):
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			msg = "killed by signal: " + ws.Signal().String()
		} else {
			msg = fmt.Sprintf("exit status %d", exit.ExitCode())
		}
	case o.exitErr != nil:
		msg = "could not start: " + o.exitErr.Error()
	}
	if last := lastLine(o.stderr); last != "" {
		msg += fmt.Sprintf(" (stderr: %q)", last)
	}
	return msg
}

// lastLine returns the line of b that says what went wrong, cut short:
// the first that starts a Go panic or a Java exception, else the last
// line not indented (a Python traceback ends with its error).
func lastLine(b []byte) string {
	var last string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimRight(line, " \t\r")
		switch {
		case strings.HasPrefix(line, "panic: "), strings.HasPrefix(line, "Exception in thread "):
			return short(line)
		case line != "" && line[0] != ' ' && line[0] != '\t':
			last = line
		}
	}
	return short(last)
}

// short returns s cut to 60 characters.
func short(s string) string {
	r := []rune(s)
	if len(r) > 60 {
		return string(r[:60]) + "..."
	}
	return s
}
