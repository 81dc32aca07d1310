package main

import (
	"io"

	"github.com/spf13/cobra"

	"rjm/internal/buildinfo"
	"rjm/internal/cli"
)

// run runs the command line args on the given streams and returns the
// exit status (see cli.Run).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Run(args, stdin, stdout, stderr, newRootCmd)
}

// newRootCmd returns the command tree. When args name a subcommand, only
// that one is built: a run pays for its own command's set-up alone, which
// keeps start-up short (every other path, help included, builds them all).
func newRootCmd(e *cli.Env, args []string) *cobra.Command {
	root := &cobra.Command{
		Use:           "rjm",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       buildinfo.Version(),
	}
	root.SetIn(e.Stdin)
	root.SetOut(e.Stdout)
	root.SetErr(e.Stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return cli.FlagError(c, err)
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
	new  func(*cli.Env) *cobra.Command
}{
	{"solve", newSolveCmd},
	{"generate", newGenerateCmd},
	{"exercise", newExerciseCmd},
	{"grade", newGradeCmd},
	{"analyze", newAnalyzeCmd},
	{"compare-energies", newCompareCmd},
	{"learn", newLearnCmd},
	{"experiment", newExperimentCmd},
	{"render", newRenderCmd},
	{"book", newBookCmd},
	{"records", newRecordsCmd},
	{"difficulty", newDifficultyCmd},
	{"serve", newServeCmd},
	{"backup", newBackupCmd},
	{"restore", newRestoreCmd},
}

// complete gives c and its subcommands their help texts (c's is help file
// name; a subcommand's is name-SUB below the root, as "learn-bandit"), and
// makes cobra's positional-argument errors usage errors.
func complete(c *cobra.Command, name string) {
	withHelp(c, name)
	if v := c.Args; v != nil {
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := v(cmd, args); err != nil {
				return cli.FlagError(cmd, err)
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
