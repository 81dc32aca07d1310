package main

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

	"rjm/internal/buildinfo"
	"rjm/internal/interrupt"
	"rjm/maze"
)

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1 // the work failed (I/O, cancellation)
	exitUsage   = 2 // bad usage or bad input
	// A command stopped by Ctrl-C or SIGTERM exits with the shell's
	// status for the signal: 130 or 143 (see interrupt.Status).
)

// env is what every command reads and writes, so that tests can run the
// whole command line in memory.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	ctx            context.Context
	terminal       bool // standard input is a terminal
}

// usageError marks errors caused by bad usage or input (exit status 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// badInput wraps err as a usage error.
func badInput(err error) error {
	if err == nil {
		return nil
	}
	return usageError{err}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, received, stop := interrupt.Context(context.Background())
	defer stop()
	// Ctrl-C ends a wait on standard input at once.
	e := &env{stdin: interrupt.Reader(ctx, stdin), stdout: stdout, stderr: stderr, ctx: ctx, terminal: isTerminal(stdin)}
	root := newRootCmd(e, args)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
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
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		return exitUsage
	}
	return exitFailure
}

// isCobraUsage reports whether err is cobra's "unknown command" error,
// which has no type of its own. Cobra's flag and argument errors are
// made usage errors where they arise (see cobraUsage).
func isCobraUsage(err error) bool {
	return strings.HasPrefix(err.Error(), "unknown command ")
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

// cobraUsage turns an error of cobra's own flag or argument checks on
// command c into a usage error that points to c's help, quoting the value
// cut short and saying what a number flag wants where strconv would say
// how it parsed.
func cobraUsage(c *cobra.Command, err error) error {
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
	return usageError{fmt.Errorf("%s (see %s --help)", msg, c.CommandPath())}
}

// newRootCmd returns the command tree. When args name a subcommand, only
// that one is built: a run pays for its own command's set-up alone, which
// keeps start-up short (every other path, help included, builds them all).
func newRootCmd(e *env, args []string) *cobra.Command {
	root := &cobra.Command{
		Use:           "rjm",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       buildinfo.Version(),
	}
	root.SetIn(e.stdin)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return cobraUsage(c, err)
	})
	only := ""
	if len(args) > 0 {
		only = args[0]
	}
	found := false
	for _, c := range commands {
		if c.name == only {
			root.AddCommand(c.new(e))
			found = true
		}
	}
	if !found {
		for _, c := range commands {
			root.AddCommand(c.new(e))
		}
	}
	complete(root, "rjm")
	return root
}

// commands lists the subcommands, by name, with their constructors, one
// per file.
var commands = []struct {
	name string
	new  func(*env) *cobra.Command
}{
	{"solve", newSolveCmd},
	{"generate", newGenerateCmd},
	{"exercise", newExerciseCmd},
	{"analyze", newAnalyzeCmd},
	{"compare-energies", newCompareCmd},
	{"learn", newLearnCmd},
	{"experiment", newExperimentCmd},
	{"render", newRenderCmd},
	{"book", newBookCmd},
	{"records", newRecordsCmd},
	{"serve", newServeCmd},
}

// complete gives c and its subcommands their help texts (c's is help file
// name; a subcommand's is name-SUB below the root, as "learn-bandit"), and
// makes cobra's positional-argument errors usage errors.
func complete(c *cobra.Command, name string) {
	withHelp(c, name)
	if v := c.Args; v != nil {
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := v(cmd, args); err != nil {
				return cobraUsage(cmd, err)
			}
			return nil
		}
	}
	for _, sub := range c.Commands() {
		if c.HasParent() {
			complete(sub, name+"-"+sub.Name())
		} else {
			complete(sub, sub.Name())
		}
	}
}
