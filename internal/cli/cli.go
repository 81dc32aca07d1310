// Package cli is the terminal plumbing of rjm's command line: the streams a
// command reads and writes, usage errors and exit statuses, Ctrl-C and
// SIGTERM, the wording of flag errors, typed flag values, progress bars and
// results as text or JSON. It knows no command: cmd/rjm defines those, as
// flags → library → view.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rjm/fault"
	"rjm/internal/interrupt"
	"rjm/maze"
)

// Exit statuses.
const (
	ExitOK      = 0
	ExitFailure = 1 // the work failed (I/O, cancellation)
	ExitUsage   = 2 // bad usage or bad input
	// A command stopped by Ctrl-C or SIGTERM exits with the shell's
	// status for the signal: 130 or 143 (see interrupt.Status).
)

// Env is what every command reads and writes, so that tests can run the
// whole command line in memory.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Ctx            context.Context
	Terminal       bool // standard input is a terminal
}

// UsageError marks errors caused by bad usage or input (exit status 2).
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// BadInput wraps err as a usage error; nil stays nil.
func BadInput(err error) error {
	if err == nil {
		return nil
	}
	return UsageError{err}
}

// Run runs the command line args on the given streams with the command
// tree root builds, and returns the exit status: 0, 1 when the work
// failed, 2 for bad usage or input, the shell's status for Ctrl-C or
// SIGTERM (which cancel the Env's context). Errors go to stderr after
// "rjm: "; usage errors and a library's *fault.Error exit 2.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer, root func(*Env, []string) *cobra.Command) int {
	ctx, received, stop := interrupt.Context(context.Background())
	defer stop()
	// Ctrl-C ends a wait on standard input at once.
	e := &Env{Stdin: interrupt.Reader(ctx, stdin), Stdout: stdout, Stderr: stderr, Ctx: ctx, Terminal: IsTerminal(stdin)}
	c := root(e, args)
	c.SetArgs(args)
	err := c.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	if sig := received(); sig != nil { // Ctrl-C or SIGTERM
		if errors.Is(err, context.Canceled) {
			err = errors.New("interrupted")
		}
		if sig != os.Interrupt {
			err = fmt.Errorf("%w (SIGTERM)", err)
		}
		fmt.Fprintf(stderr, "rjm: %v\n", err)
		return interrupt.Status(sig)
	}
	fmt.Fprintf(stderr, "rjm: %v\n", err)
	// A library's bad input is a *fault.Error, shown as it is. Cobra's
	// "unknown command" error has no type of its own; its flag
	// and argument errors are made usage errors where they arise (see
	// FlagError).
	if errors.As(err, new(UsageError)) || fault.Is(err) || strings.HasPrefix(err.Error(), "unknown command ") {
		return ExitUsage
	}
	return ExitFailure
}

// strconvSyntax matches what strconv adds to a flag's parse error.
var strconvSyntax = regexp.MustCompile(`strconv\.(\w+): parsing "[^"]*": (invalid syntax|value out of range)`)

// strconvWants says what each strconv parser wants.
var strconvWants = map[string]string{
	"ParseUint": "not a whole number ≥ 0", "ParseInt": "not a whole number",
	"ParseFloat": "not a number", "ParseBool": "not true or false",
}

// flagArgument matches the value pflag quotes in a flag's parse error.
var flagArgument = regexp.MustCompile(`^invalid argument ("(?:[^"\\]|\\.)*")`)

// FlagError turns an error of cobra's own flag or argument checks on
// command c into a usage error that points to c's help, quoting the value
// cut short and saying what a number flag wants where strconv would say
// how it parsed.
func FlagError(c *cobra.Command, err error) error {
	msg := flagArgument.ReplaceAllStringFunc(err.Error(), func(m string) string {
		arg, _ := strconv.Unquote(strings.TrimPrefix(m, "invalid argument "))
		return fmt.Sprintf("invalid argument %q", maze.Short(arg))
	})
	msg = strconvSyntax.ReplaceAllStringFunc(msg, func(m string) string {
		sub := strconvSyntax.FindStringSubmatch(m)
		if want, ok := strconvWants[sub[1]]; ok && sub[2] == "invalid syntax" {
			return want
		}
		return "out of range"
	})
	return UsageError{fmt.Errorf("%s (see %s --help)", msg, c.CommandPath())}
}
