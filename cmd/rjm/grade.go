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
	var each, gradebook, rubric, feedback string
	var envs []string
	c := &cobra.Command{
		Use: "grade EXERCISE [flags] -- COMMAND [ARGS...]",
		Args: func(cmd *cobra.Command, args []string) error {
			dash := cmd.ArgsLenAtDash()
			each, _ := cmd.Flags().GetString("each")
			switch {
			case len(args) == 0 || dash == 0:
				return fmt.Errorf("want an EXERCISE, one of %s, then -- and the student's COMMAND", strings.Join(exercise.Names, ", "))
			case dash < 0 && each != "" && len(args) == 1:
				return nil // each folder's program is detected
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
			if len(s.Command) == 0 {
				s.Command = nil
			}
			if !slices.Contains(exercise.Names, name) {
				return cli.BadInput(fmt.Errorf("grade: %w %q (want one of %s)", exercise.ErrUnknown, maze.Short(name), strings.Join(exercise.Names, ", ")))
			}
			for _, v := range envs {
				kv, ok := grade.TeacherEnv(v)
				if !ok {
					return cli.BadInput(fmt.Errorf("grade: --env %q: no such variable in your environment (give NAME=VALUE)", maze.Short(v)))
				}
				if strings.HasPrefix(kv, "=") {
					return cli.BadInput(fmt.Errorf("grade: --env %q: want NAME=VALUE", maze.Short(v)))
				}
				s.Env = append(s.Env, kv)
			}
			switch {
			case s.Runs < 1:
				return cli.BadInput(fmt.Errorf("grade: --runs %d: want at least 1", s.Runs))
			case s.Timeout <= 0:
				return cli.BadInput(fmt.Errorf("grade: --timeout %v: want a positive duration, such as 10s", s.Timeout))
			case s.Iterations < 1:
				return cli.BadInput(fmt.Errorf("grade: --iterations %d: want at least 1", s.Iterations))
			case !(s.Significance > 0 && s.Significance < 1):
				return cli.BadInput(fmt.Errorf("grade: --significance %v: want a rate above 0 and below 1, such as 0.00001", s.Significance))
			case gradebook != "" && each == "":
				return cli.BadInput(errors.New("grade: --gradebook needs --each"))
			case (rubric != "" || feedback != "") && each == "":
				return cli.BadInput(errors.New("grade: --rubric and --feedback need --each"))
			}
			if each != "" {
				var r *grade.Rubric
				if rubric != "" {
					data, err := os.ReadFile(rubric)
					if err != nil {
						return cli.BadInput(fmt.Errorf("grade: --rubric: %v", err))
					}
					if r, err = grade.ParseRubric(rubric, data); err != nil {
						return cli.BadInput(err)
					}
				}
				v := s
				if len(v.Command) == 0 {
					v.Command = []string{"sh"}
				}
				if err := v.Validate(name); err != nil {
					return cli.BadInput(err)
				}
				return gradeClass(e, name, s, each, classOutputs{gradebook, feedback, r}, asJSON)
			}
			if err := s.Validate(name); err != nil {
				return cli.BadInput(err)
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
				if len(r.Failed()) == 0 {
					return fmt.Errorf("grade: %d of %d checks not checked", len(r.Unchecked()), len(r.Checks))
				}
				return fmt.Errorf("grade: the program fails %d of %d checks", len(r.Failed()), len(r.Checks))
			}
			return nil
		},
	}
	f := c.Flags()
	f.IntVar(&s.Runs, "runs", grade.DefaultRuns, "run the program at most `N` times, in batches of 10 until the statistical checks decide (representation: one more, with invalid sizes first)")
	f.DurationVar(&s.Timeout, "timeout", grade.DefaultTimeout, "CPU time limit of each run (the wall-clock limit is six times it)")
	f.StringVar(&s.Build, "build", "", "build each program once with the shell command `CMD`, such as 'javac *.java', before its runs (with --each and no COMMAND: for the folders that need a build)")
	f.Uint64Var(&s.Seed, "seed", 1, "random seed `S` of the answers and of rjm's reference runs")
	f.IntVar(&s.Iterations, "iterations", grade.DefaultIterations, "search budget `N` of the search exercises")
	f.Float64Var(&s.Significance, "significance", grade.DefaultSignificance, "the rate `A` at most at which a correct program fails a grading's statistical checks")
	f.StringArrayVar(&envs, "env", nil, "add `NAME=VALUE` to the runs' fixed environment (NAME alone: your own value); repeatable")
	f.BoolVar(&asJSON, "json", false, "print the report (with --each, the gradebook) as JSON")
	f.StringVar(&each, "each", "", "grade a class: run the command in each folder matching `GLOB`, such as 'class/*/'")
	f.StringVar(&gradebook, "gradebook", "", "with --each, also write the gradebook to `NAME`.csv and NAME.json")
	f.StringVar(&rubric, "rubric", "", "with --each, the points of each check or category from `FILE` (TOML or JSON; default one a check)")
	f.StringVar(&feedback, "feedback", "", "with --each, write one Markdown file a student into folder `DIR`")
	return c
}

// classOutputs are the files a class's grading writes, and its rubric.
type classOutputs struct {
	gradebook, feedback string
	rubric              *grade.Rubric
}

// gradeClass grades the command in every folder each matches.
func gradeClass(e *cli.Env, name string, s grade.Settings, each string, out classOutputs, asJSON bool) error {
	gradebook := out.gradebook
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
	g, err := grade.Class(e.Ctx, name, s, dirs, out.rubric, progress)
	finish()
	if err != nil {
		return err
	}
	if out.feedback != "" {
		if err := g.WriteFeedback(out.feedback); err != nil {
			return err
		}
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
		return fmt.Errorf("grade: %d of %d students do not pass every check", failed, len(g.Students))
	}
	return nil
}
