package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rjm/experiment"
	"rjm/fault"
	"rjm/internal/cli"
)

func newExperimentCmd(e *cli.Env) *cobra.Command {
	var (
		s      experiment.Settings
		out    string
		noFile bool
		asJSON bool
	)
	c := &cobra.Command{
		Use: "experiment NAME",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("want one experiment NAME, one of %s", strings.Join(experiment.Names(), ", "))
			}
			return nil
		},
		ValidArgs: experiment.Names(),
		RunE: func(cmd *cobra.Command, args []string) error {
			x, err := experiment.ByName(args[0])
			if err != nil {
				return err // a *fault.Error: exit 2
			}
			if cmd.Flags().Changed("runs") && s.Runs < 1 { // the library reads zero as its default
				return fault.Invalid("--runs", "%d out of range 1..%d", s.Runs, experiment.MaxRuns)
			}
			if err := s.Validate(); err != nil {
				return fault.Invalid("", "--%w", err)
			}
			undo := func() {}
			if !noFile {
				// Fail before the run, not after it, when DIR cannot be made;
				// a run that fails leaves no empty DIR behind.
				if undo, err = experiment.MakeDir(out); err != nil {
					return fault.Invalid("--out", "%q: %w", out, err)
				}
			}
			var finish func()
			s.Progress, finish = e.Progress(x.Name)
			r, err := x.Run(e.Ctx, s)
			finish()
			if err != nil {
				undo()
				return err
			}
			write := r.WriteText
			if asJSON {
				write = r.WriteJSON
			}
			if err := write(e.Stdout); err != nil {
				return err
			}
			if noFile {
				return nil
			}
			paths, err := r.WriteFiles(out)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.Stderr, "rjm: wrote %s\n", strings.Join(paths, " "))
			return nil
		},
	}
	fl := c.Flags()
	fl.Uint64Var(&s.Seed, "seed", 1, "random seed `S`")
	fl.BoolVar(&s.Quick, "quick", false, "run a small version that finishes in seconds")
	fl.IntVar(&s.Runs, "runs", 0, "independent runs `N` per setting (default: the experiment's)")
	fl.IntVar(&s.Workers, "workers", 0, "goroutines `W` (default: one per core)")
	fl.StringVar(&out, "out", "experiments", "directory `DIR` for the CSV tables and the PNG and SVG plots")
	fl.BoolVar(&noFile, "no-files", false, "print the tables only; write nothing")
	fl.BoolVar(&asJSON, "json", false, "print the report as JSON")
	return c
}
