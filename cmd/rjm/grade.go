package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"rjm/exercise"
	"rjm/grade"
	"rjm/internal/cli"
	"rjm/internal/safefile"
	"rjm/maze"
)

func newGradeCmd(e *cli.Env) *cobra.Command {
	var s grade.Settings
	var asJSON bool
	var each, gradebook string
	c := &cobra.Command{
		Use: "grade EXERCISE [flags] -- COMMAND [ARGS...]",
		Args: func(cmd *cobra.Command, args []string) error {
			dash := cmd.ArgsLenAtDash()
			switch {
			case len(args) == 0 || dash == 0:
				return fmt.Errorf("want an EXERCISE, one of %s, then -- and the student's COMMAND", strings.Join(exercise.Names, ", "))
			case dash < 0:
				return fmt.Errorf("want -- and the student's COMMAND after the exercise, as in: rjm grade %s -- python3 hill.py", args[0])
			case dash > 1:
				return fmt.Errorf("want one EXERCISE before --, got %d arguments", dash)
			case len(args) == 1:
				return errors.New("want the student's COMMAND after --")
			}
			return nil
		},
		ValidArgs: exercise.Names,
		RunE: func(cmd *cobra.Command, args []string) error {
			name := args[0]
			s.Command = args[1:]
			if !slices.Contains(exercise.Names, name) {
				return cli.BadInput(fmt.Errorf("grade: %w %q (want one of %s)", exercise.ErrUnknown, maze.Short(name), strings.Join(exercise.Names, ", ")))
			}
			switch {
			case s.Runs < 1:
				return cli.BadInput(fmt.Errorf("grade: --runs %d: want at least 1", s.Runs))
			case s.Timeout <= 0:
				return cli.BadInput(fmt.Errorf("grade: --timeout %v: want a positive duration, such as 10s", s.Timeout))
			case s.Iterations < 1:
				return cli.BadInput(fmt.Errorf("grade: --iterations %d: want at least 1", s.Iterations))
			case gradebook != "" && each == "":
				return cli.BadInput(errors.New("grade: --gradebook needs --each"))
			}
			if err := s.Validate(name); err != nil {
				return cli.BadInput(err)
			}
			if each != "" {
				return gradeClass(e, name, s, each, gradebook, asJSON)
			}
			progress, finish := e.Progress("grading")
			r, err := grade.Run(e.Ctx, name, s, progress)
			finish()
			if err != nil {
				return err
			}
			if err := e.Show(asJSON, r, cli.Text(r.Text())); err != nil {
				return err
			}
			if !r.Pass {
				return fmt.Errorf("grade: the program fails %d of %d checks", len(r.Failed()), len(r.Checks))
			}
			return nil
		},
	}
	f := c.Flags()
	f.IntVar(&s.Runs, "runs", grade.DefaultRuns, "run the program `N` times (representation: one more, with invalid sizes first)")
	f.DurationVar(&s.Timeout, "timeout", grade.DefaultTimeout, "time limit of each run")
	f.Uint64Var(&s.Seed, "seed", 1, "random seed `S` of the answers and of rjm's reference runs")
	f.IntVar(&s.Iterations, "iterations", grade.DefaultIterations, "search budget `N` of the search exercises")
	f.BoolVar(&asJSON, "json", false, "print the report (with --each, the gradebook) as JSON")
	f.StringVar(&each, "each", "", "grade a class: run the command in each folder matching `GLOB`, such as 'class/*/'")
	f.StringVar(&gradebook, "gradebook", "", "with --each, also write the gradebook to `NAME`.csv and NAME.json")
	return c
}

// gradeClass grades the command in every folder each matches.
func gradeClass(e *cli.Env, name string, s grade.Settings, each, gradebook string, asJSON bool) error {
	// A shell's 'class/*/' matches folders only; Glob matches nothing
	// with the final slash, and the folders are kept below.
	pattern := each
	if len(pattern) > 1 {
		pattern = strings.TrimRight(pattern, "/")
	}
	matches, err := filepath.Glob(pattern)
	if err != nil {
		return cli.BadInput(fmt.Errorf("grade: --each %q: %v", maze.Short(each), err))
	}
	var dirs []string
	for _, m := range matches {
		if fi, err := os.Stat(m); err == nil && fi.IsDir() {
			dirs = append(dirs, m)
		}
	}
	if len(dirs) == 0 {
		return cli.BadInput(fmt.Errorf("grade: --each %q matches no folder", maze.Short(each)))
	}
	slices.Sort(dirs)
	progress, finish := e.Progress("grading students")
	g, err := grade.Class(e.Ctx, name, s, dirs, progress)
	finish()
	if err != nil {
		return err
	}
	if gradebook != "" {
		if err := safefile.Write(gradebook+".csv", g.WriteCSV); err != nil {
			return err
		}
		if err := safefile.Write(gradebook+".json", func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(g)
		}); err != nil {
			return err
		}
	}
	if err := e.Show(asJSON, g, cli.Text(g.Text())); err != nil {
		return err
	}
	failed := 0
	for _, st := range g.Students {
		if !st.Pass {
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("grade: %d of %d students fail a check", failed, len(g.Students))
	}
	return nil
}
