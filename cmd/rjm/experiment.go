package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rjm/experiment"
)

func newExperimentCmd(e *env) *cobra.Command {
	var (
		s      experiment.Settings
		out    string
		noFile bool
		asJSON bool
	)
	var list strings.Builder
	for _, x := range experiment.All() {
		fmt.Fprintf(&list, "  %-11s %s\n", x.Name, strings.TrimPrefix(x.Question, "004 "))
	}
	c := &cobra.Command{
		Use:   "experiment NAME",
		Short: "Run an experiment behind one of the assignment's empirical questions",
		Long: `Experiment runs one of the experiments that answer the empirical questions of
the course assignment "Program 1: Search" (Problems 3–5, Extra Credit 1 and 2)
on 5×5 mazes: many independent seeded searches per setting, summarized as
means with 95% confidence intervals. It prints the tables to standard output
and writes them as CSV, with plots as PNG and SVG, into --out.

Experiments:
` + list.String() + `
Runs go on all cores; run i is seeded from --seed and i alone, so the same
seed and flags give byte-identical output on any machine. --quick runs a
small version in seconds (its numbers only test the machinery); --runs
changes the number of runs per setting. --json prints the tables as JSON
instead (each row an object keyed by the CSV header). A progress bar goes to
stderr when it is a terminal.`,
		Example: `  rjm experiment restarts --out docs/img
  rjm experiment iterations --quick --seed 7
  rjm experiment satisfice --json --no-files`,
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
				return badInput(err)
			}
			if cmd.Flags().Changed("runs") && s.Runs < 1 { // the library reads zero as its default
				return badInput(fmt.Errorf("--runs %d out of range 1..%d", s.Runs, experiment.MaxRuns))
			}
			if err := s.Validate(); err != nil {
				return badInput(fmt.Errorf("--%s", strings.TrimPrefix(err.Error(), "experiment: ")))
			}
			undo := func() {}
			if !noFile {
				// Fail before the run, not after it, when DIR cannot be made;
				// a run that fails leaves no empty DIR behind.
				if undo, err = experiment.MakeDir(out); err != nil {
					return badInput(fmt.Errorf("--out %q: %s", out, strings.TrimPrefix(err.Error(), "experiment: ")))
				}
			}
			var finish func()
			s.Progress, finish = workProgress(e, x.Name)
			r, err := x.Run(e.ctx, s)
			finish()
			if err != nil {
				undo()
				return err
			}
			if s.Quick {
				r.Findings = append([]string{"A --quick run has too few runs and settings to answer the question: what follows shows the machinery working, not the answer."}, r.Findings...)
			}
			write := r.WriteText
			if asJSON {
				write = r.WriteJSON
			}
			if err := write(e.stdout); err != nil {
				return err
			}
			if noFile {
				return nil
			}
			paths, err := r.WriteFiles(out)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "rjm: wrote %s\n", strings.Join(paths, " "))
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
