package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rjm/exercise"
	"rjm/grade"
	"rjm/internal/buildinfo"
	"rjm/internal/cli"
)

func newGradeCmd(e *cli.Env) *cobra.Command {
	var j grade.Job
	var asJSON bool
	c := &cobra.Command{
		Use: "grade EXERCISE [flags] -- COMMAND [ARGS...]\n  rjm grade EXERCISE --each GLOB [flags] [-- COMMAND]\n  rjm grade --roster CSV [flags] [-- COMMAND]",
		Args: func(cmd *cobra.Command, args []string) error {
			dash := cmd.ArgsLenAtDash()
			each, _ := cmd.Flags().GetString("each")
			roster, _ := cmd.Flags().GetString("roster")
			submission, _ := cmd.Flags().GetString("submission")
			if roster != "" || submission != "" {
				// The exercises come from the roster or the folder's files.
				if dash < 0 && len(args) > 0 || dash > 0 {
					return errors.New("want no EXERCISE with --roster or --submission (the exercises come from the roster or the folders' files); a COMMAND may follow --")
				}
				return nil
			}
			switch {
			case each != "" && (len(args) == 0 || dash == 0):
				return fmt.Errorf("want an EXERCISE, one of %s, with --each (then, optionally, -- and the COMMAND each folder runs)", strings.Join(exercise.List(), ", "))
			case len(args) == 0 || dash == 0:
				return fmt.Errorf("want an EXERCISE, one of %s, then -- and the student's COMMAND", strings.Join(exercise.List(), ", "))
			case dash < 0 && each != "" && len(args) == 1:
				return nil // each folder's program is detected
			case dash < 0 && each != "":
				return fmt.Errorf("want one EXERCISE with --each, got %d arguments (a COMMAND goes after --)", len(args))
			case dash < 0:
				return fmt.Errorf("want -- and the student's COMMAND after the exercise, as in: rjm grade %s -- python3 hill.py", args[0])
			case dash > 1:
				return fmt.Errorf("want one EXERCISE before --, got %d arguments", dash)
			case len(args) == 1:
				return errors.New("want the student's COMMAND after --")
			}
			return nil
		},
		ValidArgsFunction: exerciseNames,
		RunE: func(cmd *cobra.Command, args []string) error {
			if j.Roster == "" && j.Submission == "" {
				j.Exercise, args = args[0], args[1:]
			}
			if len(args) > 0 {
				j.Command = args
			}
			if asJSON {
				j.Format = grade.FormatJSON
			}
			j.Version, j.Name = buildinfo.Short(), func(setting string) string { return "--" + setting }
			if err := j.Check(); err != nil {
				return err
			}
			return j.Run(e.Ctx, e.Stdout, e.Progress)
		},
	}
	f := c.Flags()
	f.IntVar(&j.Runs, "runs", grade.DefaultRuns, fmt.Sprintf("run the program at most `N` times, 1 to %d, in batches of 10 until the statistical checks decide (representation: one more, with invalid sizes first)", grade.MaxRuns))
	f.DurationVar(&j.Timeout, "timeout", 0, fmt.Sprintf("CPU time limit of each run (the wall-clock limit is six times it); 0 scales it from rjm's own runs in the same grading, at least %v", grade.DefaultTimeout))
	f.StringVar(&j.Build, "build", "", "build each program once with the shell command `CMD`, such as 'javac *.java', before its runs (with --each or --roster and no COMMAND: for the folders of the languages it builds; every folder with a run script)")
	f.Uint64Var(&j.Seed, "seed", 1, "random seed `S` of the answers and of rjm's reference runs")
	f.IntVar(&j.Iterations, "iterations", grade.DefaultIterations, fmt.Sprintf("search budget `N` of the search exercises, 1 to %d", grade.MaxIterations))
	f.Float64Var(&j.Significance, "significance", grade.DefaultSignificance, "the rate `A` at most at which a correct program fails a grading's statistical checks")
	f.StringArrayVar(&j.Vars, "env", nil, "add `NAME=VALUE` to the runs' fixed environment (NAME alone: your own value); repeatable")
	f.BoolVar(&asJSON, "json", false, "print the report (with --each or --roster, the gradebook) as JSON; the same as --format json")
	f.StringVar(&j.Format, "format", "text", "print the report as `F`: text, json, gradescope (Gradescope's results.json; one student) or junit (JUnit XML)")
	f.StringVar(&j.Each, "each", "", "grade a class: run the command in each folder matching `GLOB`, such as 'class/*/'")
	f.StringVar(&j.Roster, "roster", "", "grade a course: each student of the roster `CSV` (id, name, folder, exercises) for each of their exercises, into one gradebook")
	f.StringVar(&j.Submission, "submission", "", "grade one student's folder `DIR` for each exercise it holds, as --roster does (for an autograder such as Gradescope's)")
	f.StringVar(&j.Exercises, "exercises", "", "with --submission, grade it for the exercises `LIST` (names or problems, such as \"p3 p4\"), whatever its files are named, out of their points alone (an autograder's assignment)")
	f.StringVar(&j.Metadata, "metadata", "", "with --submission, the autograder's `FILE` on it (Gradescope's submission_metadata.json): the seed is drawn from the submission's ID, the rubric's late_penalty applies to a late one")
	f.BoolVar(&j.Hide, "hide", false, "keep the answers typed, the seed and rjm's reference figures out of the feedback and the report (results.json): feedback to release to students; the gradebook keeps them")
	f.StringVar(&j.Gradebook, "gradebook", "", "with --each or --roster, also write the gradebook to `NAME`.csv and NAME.json")
	f.StringVar(&j.LMS, "lms", "csv", "the gradebook CSV's columns for `LMS`: csv (also moodle) or canvas")
	f.StringVar(&j.Rubric, "rubric", "", "the points of each check, category or exercise from `FILE` (TOML or JSON), or \"course\": the assignment's 20 points a problem (the default with --roster and --submission; else one a check)")
	f.StringVar(&j.Feedback, "feedback", "", "with --each, --roster or --submission, write one Markdown file a student into folder `DIR`")
	return c
}
