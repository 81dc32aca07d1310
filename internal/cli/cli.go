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
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

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
// "rjm: ", a file's in rjm's words (FileWords); usage errors and a
// library's *fault.Error exit 2.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer, root func(*Env, []string) *cobra.Command) int {
	code, _ := RunErr(args, stdin, stdout, stderr, root)
	return code
}

// RunErr is Run, returning also the error it printed (nil with ExitOK),
// so that tests can read its parts (a *fault.Error's Where) rather than
// its one line.
func RunErr(args []string, stdin io.Reader, stdout, stderr io.Writer, root func(*Env, []string) *cobra.Command) (int, error) {
	ctx, received, stop := interrupt.Context(context.Background())
	defer stop()
	// Ctrl-C ends a wait on standard input at once.
	e := &Env{Stdin: interrupt.Reader(ctx, stdin), Stdout: stdout, Stderr: stderr, Ctx: ctx, Terminal: IsTerminal(stdin)}
	c := root(e, args)
	c.SetArgs(args)
	err := c.ExecuteContext(ctx)
	if err == nil {
		return ExitOK, nil
	}
	if sig := received(); sig != nil { // Ctrl-C or SIGTERM
		if errors.Is(err, context.Canceled) {
			err = errors.New("interrupted")
		}
		if sig != os.Interrupt {
			err = fmt.Errorf("%w (SIGTERM)", err)
		}
		fmt.Fprintf(stderr, "rjm: %v\n", err)
		return interrupt.Status(sig), err
	}
	fmt.Fprintf(stderr, "rjm: %s\n", FileWords(err.Error(), err))
	// A library's bad input is a *fault.Error, shown as it is. Cobra's
	// "unknown command" error has no type of its own; its flag
	// and argument errors are made usage errors where they arise (see
	// FlagError).
	if errors.As(err, new(UsageError)) || fault.Is(err) || strings.HasPrefix(err.Error(), "unknown command ") {
		return ExitUsage, err
	}
	return ExitFailure, err
}

// wants says what a flag of each of pflag's value types wants, in rjm's
// words: a flag's parse error says it instead of the parser's (strconv's
// "parsing ...: invalid syntax", time's "unknown unit"). A type not here
// is one of rjm's own (a cell, a list, variant rules), whose Set already
// speaks rjm's words.
var wants = map[string]string{
	"int": "a whole number", "int8": "a whole number", "int16": "a whole number",
	"int32": "a whole number", "int64": "a whole number", "count": "a whole number",
	"uint": "a whole number ≥ 0", "uint8": "a whole number ≥ 0", "uint16": "a whole number ≥ 0",
	"uint32": "a whole number ≥ 0", "uint64": "a whole number ≥ 0",
	"float32": "a number", "float64": "a number",
	"bool":     "true or false",
	"duration": "a length of time, such as 90s, 3m or 1h30m",
}

// FlagError turns an error of cobra's own flag or argument checks on
// command c into a usage error that points to c's help. A flag's bad
// value becomes a *fault.Error at the flag ("--size: \"x\" is not a
// whole number"), the value quoted and cut short, saying what the flag
// wants (wants) where the parser would say how it parsed; a flag given
// no value says so at the flag.
func FlagError(c *cobra.Command, err error) error {
	help := fmt.Sprintf("(see %s --help)", c.CommandPath())
	if v, ok := errors.AsType[*pflag.InvalidValueError](err); ok {
		f, value := v.GetFlag(), maze.Short(v.GetValue())
		where := "--" + f.Name
		if want, ok := wants[f.Value.Type()]; ok {
			if errors.Is(err, strconv.ErrRange) {
				return UsageError{fault.Invalid(where, "%q is out of range %s", value, help)}
			}
			return UsageError{fault.Invalid(where, "%q is not %s %s", value, want, help)}
		}
		if fe, ok := errors.AsType[*fault.Error](err); ok && fe.Where == "" {
			return UsageError{fault.Invalid(where, "%v %s", fe.Err, help)}
		}
		return UsageError{fault.Invalid(where, "%v %s", v.Unwrap(), help)}
	}
	if v, ok := errors.AsType[*pflag.ValueRequiredError](err); ok {
		if f := v.GetFlag(); f != nil {
			return UsageError{fault.Invalid("--"+f.Name, "needs a value %s", help)}
		}
	}
	return UsageError{fmt.Errorf("%v %s", err, help)}
}

// UsageAt returns the bad input err, a *fault.Error at a flag, as a usage
// error of command c: its Where kept, its reason followed by where c's
// help is, as FlagError's.
func UsageAt(c *cobra.Command, err *fault.Error) error {
	help := fmt.Sprintf("(see %s --help)", c.CommandPath())
	return UsageError{&fault.Error{Kind: err.Kind, Where: err.Where, Err: fmt.Errorf("%w %s", err.Err, help)}}
}

// FirstChanged returns "--NAME" of the first of the flags named that c
// was given, or of the first named when none was.
func FirstChanged(c *cobra.Command, names ...string) string {
	for _, n := range names {
		if c.Flags().Changed(n) {
			return "--" + n
		}
	}
	return "--" + names[0]
}
