package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"rjm/exercise"
	"rjm/fault"
	"rjm/grade"
	"rjm/internal/buildinfo"
	"rjm/internal/cli"
	"rjm/maze"
)

func newGradeCmd(e *cli.Env) *cobra.Command {
	var s grade.Settings
	var asJSON bool
	var each, gradebook, rubric, feedback, roster, submission, format, lms string
	var envs []string
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
			course := roster != "" || submission != ""
			name := ""
			if !course {
				name, args = args[0], args[1:]
				if _, err := exercise.Find(name); err != nil {
					return err
				}
			}
			s.Command = args
			if len(s.Command) == 0 {
				s.Command = nil
			}
			for _, v := range envs {
				kv, ok := grade.TeacherEnv(v)
				if !ok {
					return fault.Invalid("", "--env %q: no such variable in your environment (give NAME=VALUE)", maze.Short(v))
				}
				if strings.HasPrefix(kv, "=") {
					return fault.Invalid("", "--env %q: want NAME=VALUE", maze.Short(v))
				}
				s.Env = append(s.Env, kv)
			}
			if asJSON {
				format = grade.FormatJSON
			}
			if err := checkGradeFlags(s, format, lms, each, roster, submission, gradebook, feedback); err != nil {
				return err
			}
			r, err := grade.LoadRubric(rubric, course)
			if err != nil {
				return fault.In("--rubric", err)
			}
			out := classOutputs{gradebook, feedback, r, format, lms}
			if course {
				return gradeCourse(e, s, roster, submission, out)
			}
			if each != "" {
				v := s
				if len(v.Command) == 0 {
					v.Command = []string{"sh"}
				}
				if err := v.Validate(name); err != nil {
					return cli.BadInput(err)
				}
				return gradeClass(e, name, s, each, out)
			}
			if err := s.Validate(name); err != nil {
				return cli.BadInput(err)
			}
			progress, finish := e.Progress("grading")
			rep, err := grade.Run(e.Ctx, name, s, progress)
			finish()
			if err != nil {
				return err
			}
			if err := rep.WriteAs(e.Stdout, format, r, s.Seed, buildinfo.Short()); err != nil {
				return err
			}
			return rep.Verdict()
		},
	}
	f := c.Flags()
	f.IntVar(&s.Runs, "runs", grade.DefaultRuns, fmt.Sprintf("run the program at most `N` times, 1 to %d, in batches of 10 until the statistical checks decide (representation: one more, with invalid sizes first)", grade.MaxRuns))
	f.DurationVar(&s.Timeout, "timeout", grade.DefaultTimeout, "CPU time limit of each run (the wall-clock limit is six times it)")
	f.StringVar(&s.Build, "build", "", "build each program once with the shell command `CMD`, such as 'javac *.java', before its runs (with --each or --roster and no COMMAND: for the folders of the languages it builds; every folder with a run script)")
	f.Uint64Var(&s.Seed, "seed", 1, "random seed `S` of the answers and of rjm's reference runs")
	f.IntVar(&s.Iterations, "iterations", grade.DefaultIterations, fmt.Sprintf("search budget `N` of the search exercises, 1 to %d", grade.MaxIterations))
	f.Float64Var(&s.Significance, "significance", grade.DefaultSignificance, "the rate `A` at most at which a correct program fails a grading's statistical checks")
	f.StringArrayVar(&envs, "env", nil, "add `NAME=VALUE` to the runs' fixed environment (NAME alone: your own value); repeatable")
	f.BoolVar(&asJSON, "json", false, "print the report (with --each or --roster, the gradebook) as JSON; the same as --format json")
	f.StringVar(&format, "format", "text", "print the report as `F`: text, json, gradescope (Gradescope's results.json; one student) or junit (JUnit XML)")
	f.StringVar(&each, "each", "", "grade a class: run the command in each folder matching `GLOB`, such as 'class/*/'")
	f.StringVar(&roster, "roster", "", "grade a course: each student of the roster `CSV` (id, name, folder, exercises) for each of their exercises, into one gradebook")
	f.StringVar(&submission, "submission", "", "grade one student's folder `DIR` for each exercise it holds, as --roster does (for an autograder such as Gradescope's)")
	f.StringVar(&gradebook, "gradebook", "", "with --each or --roster, also write the gradebook to `NAME`.csv and NAME.json")
	f.StringVar(&lms, "lms", "csv", "the gradebook CSV's columns for `LMS`: csv (also moodle) or canvas")
	f.StringVar(&rubric, "rubric", "", "the points of each check, category or exercise from `FILE` (TOML or JSON), or \"course\": the assignment's 20 points a problem (the default with --roster and --submission; else one a check)")
	f.StringVar(&feedback, "feedback", "", "with --each, --roster or --submission, write one Markdown file a student into folder `DIR`")
	return c
}

// checkGradeFlags checks the flags of rjm grade that the settings'
// Validate does not: the ranges the command line asks for, and which
// flags go together.
func checkGradeFlags(s grade.Settings, format, lms, each, roster, submission, gradebook, feedback string) error {
	group := each != "" || roster != "" || submission != ""
	switch {
	case s.Runs < 1:
		return fault.Invalid("", "--runs %d: want at least 1", s.Runs)
	case s.Timeout <= 0:
		return fault.Invalid("", "--timeout %v: want a positive duration, such as 10s", s.Timeout)
	case s.Iterations < 1:
		return fault.Invalid("", "--iterations %d: want at least 1", s.Iterations)
	case !(s.Significance > 0 && s.Significance < 1):
		return fault.Invalid("", "--significance %v: want a rate above 0 and below 1, such as 0.00001", s.Significance)
	case roster != "" && (each != "" || submission != ""), each != "" && submission != "":
		return fault.Invalid("", "give one of --each, --roster and --submission")
	case gradebook != "" && !group:
		return fault.Invalid("", "--gradebook needs --each, --roster or --submission")
	case feedback != "" && !group:
		return fault.Invalid("", "--feedback needs --each, --roster or --submission")
	case !slices.Contains(grade.Formats, format):
		return fault.Invalid("", "--format %q: want text, json, gradescope or junit", maze.Short(format))
	case format == grade.FormatGradescope && each != "":
		return fault.Invalid("", "--format gradescope grades one student: use it with --submission or one COMMAND, not --each")
	case format == grade.FormatGradescope && roster != "":
		return fault.Invalid("", "--format gradescope grades one student: use it with --submission or one COMMAND, not --roster")
	case !slices.Contains([]string{grade.CSVPlain, "moodle", grade.CSVCanvas}, lms):
		return fault.Invalid("", "--lms %q: want csv, moodle or canvas", maze.Short(lms))
	}
	return nil
}

// classOutputs are the files a class's grading writes, its rubric and
// the formats of its report and gradebook.
type classOutputs struct {
	gradebook, feedback string
	rubric              *grade.Rubric
	format, lms         string
}

// gradeClass grades the command in every folder each matches.
func gradeClass(e *cli.Env, name string, s grade.Settings, each string, out classOutputs) error {
	dirs, err := grade.Folders(each)
	if err != nil {
		return fault.In("--each", err)
	}
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
	if out.gradebook != "" {
		if err := g.WriteGradebook(out.gradebook); err != nil {
			return err
		}
	}
	if err := g.WriteAs(e.Stdout, out.format); err != nil {
		return err
	}
	return g.Verdict()
}

// gradeCourse grades every student of a roster, or one student's folder,
// for each of their exercises.
func gradeCourse(e *cli.Env, s grade.Settings, roster, submission string, out classOutputs) error {
	var students []grade.Enrolment
	if roster != "" {
		var err error
		if students, err = grade.OpenRoster(roster); err != nil {
			return fault.In("--roster", err)
		}
	} else {
		st, err := grade.Submission(submission)
		if err != nil {
			return fault.In("--submission", err)
		}
		students = []grade.Enrolment{st}
	}
	progress, finish := e.Progress("grading")
	b, err := grade.Course(e.Ctx, s, students, out.rubric, progress)
	finish()
	if err != nil {
		if errors.Is(err, grade.ErrUsage) || errors.Is(err, exercise.ErrUnknown) {
			return cli.BadInput(err)
		}
		return err
	}
	if out.feedback != "" {
		if err := b.WriteFeedback(out.feedback); err != nil {
			return err
		}
	}
	if out.gradebook != "" {
		lms := grade.CSVPlain
		if out.lms == grade.CSVCanvas {
			lms = grade.CSVCanvas
		}
		if err := b.WriteGradebook(out.gradebook, lms); err != nil {
			return err
		}
	}
	if err := b.WriteAs(e.Stdout, out.format); err != nil {
		return err
	}
	return b.Verdict()
}
