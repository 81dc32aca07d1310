package grade

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"rjm/exercise"
	"rjm/fault"
	"rjm/maze"
)

// Job is one grading as a front end asks for it: one program (Command)
// for an exercise, a class's folders (Each), a course's roster or one
// student's submission; the files it writes beside its report; and the
// report's format. Check checks it, and Run runs it.
type Job struct {
	Settings
	// Exercise is the exercise graded; "" with Roster or Submission, whose
	// exercises come from the roster or the folder's files.
	Exercise string
	// Each is a file pattern of a class's folders (see Folders); Roster a
	// roster's CSV file (see OpenRoster); Submission one student's folder
	// (see Submission). At most one is given.
	Each, Roster, Submission string
	// Exercises, with Submission, are the exercises of the assignment
	// (names, or problems: "p3", "hill-descent"), as a roster's
	// exercises cell gives them: the submission is graded for these
	// alone, whatever its files are named, and its maximum is theirs (an
	// autograder's configuration names them: docs/gradescope). Empty:
	// those its files are named for.
	Exercises string
	// Metadata, with Submission, is an autograder's file on the
	// submission (Gradescope's submission_metadata.json, ReadMetadata):
	// the grading's seed is drawn from the submission's ID and Seed, and
	// the rubric's late_penalty applies to a late one.
	Metadata string
	// Vars are variables added to the runs' environment (Settings.Env):
	// NAME=VALUE, or NAME for the teacher's own value (see TeacherEnv).
	Vars []string
	// Gradebook, if not "", is the name of the gradebook's files
	// (WriteGradebook), and Feedback a folder for one Markdown file a
	// student: both for a class or a course only.
	Gradebook, Feedback string
	// Hide keeps the answers, the seed and rjm's reference figures out of
	// the feedback and the report (Gradescope's results.json, which the
	// student sees): feedback a teacher can release. The gradebook keeps
	// them.
	Hide bool
	// Rubric is "course", a rubric's file or "" (see LoadRubric).
	Rubric string
	// Format is the report's (Formats; "" is FormatText), LMS the
	// gradebook CSV's columns: CSVPlain ("" too, or "moodle") or
	// CSVCanvas.
	Format, LMS string
	// Version is rjm's version, which Gradescope's results record.
	Version string
	// Name, if not nil, names a setting in messages as the front end
	// does ("runs" → "--runs"); nil leaves the settings' own names.
	Name func(setting string) string
}

// course reports whether the job grades a course: a roster or a
// submission.
func (j *Job) course() bool { return j.Roster != "" || j.Submission != "" }

func (j *Job) name(setting string) string {
	if j.Name == nil {
		return setting
	}
	return j.Name(setting)
}

// Check checks the job as a whole before it runs, and takes its Vars into
// Settings.Env: the exercise, the variables, the ranges of the settings,
// which settings go together, and the format. Its errors are *fault.Error.
// Run checks the settings against each program (Settings.Validate).
func (j *Job) Check() error {
	n := j.name
	if !j.course() {
		if _, err := exercise.Find(j.Exercise); err != nil {
			return err
		}
	}
	for _, v := range j.Vars {
		kv, ok := TeacherEnv(v)
		if !ok {
			return fault.Invalid("", "%s %q: no such variable in your environment (give NAME=VALUE)", n("env"), maze.Short(v))
		}
		if strings.HasPrefix(kv, "=") {
			return fault.Invalid("", "%s %q: want NAME=VALUE", n("env"), maze.Short(v))
		}
		j.Env = append(j.Env, kv)
	}
	if _, err := ParseExercises(j.Exercises); err != nil {
		return fault.In(n("exercises"), err)
	}
	j.Format = cmp.Or(j.Format, FormatText)
	group := j.Each != "" || j.course()
	one := fmt.Sprintf("%s, %s or %s", n("each"), n("roster"), n("submission"))
	switch {
	case j.Runs < 1:
		return fault.Invalid("", "%s %d: want at least 1", n("runs"), j.Runs)
	case j.Timeout < 0:
		return fault.Invalid("", "%s %v: want a positive duration, such as 20s, or 0 for a limit scaled from rjm's own runs", n("timeout"), j.Timeout)
	case j.Iterations < 1:
		return fault.Invalid("", "%s %d: want at least 1", n("iterations"), j.Iterations)
	case !(j.Significance > 0 && j.Significance < 1):
		return fault.Invalid("", "%s %v: want a rate above 0 and below 1, such as 0.00001", n("significance"), j.Significance)
	case j.Roster != "" && (j.Each != "" || j.Submission != ""), j.Each != "" && j.Submission != "":
		return fault.Invalid("", "give one of %s, %s and %s", n("each"), n("roster"), n("submission"))
	case j.Gradebook != "" && !group:
		return fault.Invalid("", "%s needs %s", n("gradebook"), one)
	case j.Feedback != "" && !group:
		return fault.Invalid("", "%s needs %s", n("feedback"), one)
	case !slices.Contains(Formats, j.Format):
		return fault.Invalid("", "%s %q: want text, json, gradescope or junit", n("format"), maze.Short(j.Format))
	case j.Format == FormatGradescope && j.Each != "":
		return fault.Invalid("", "%s gradescope grades one student: use it with %s or one COMMAND, not %s", n("format"), n("submission"), n("each"))
	case j.Format == FormatGradescope && j.Roster != "":
		return fault.Invalid("", "%s gradescope grades one student: use it with %s or one COMMAND, not %s", n("format"), n("submission"), n("roster"))
	case j.Metadata != "" && j.Submission == "":
		return fault.Invalid("", "%s needs %s", n("metadata"), n("submission"))
	case j.Exercises != "" && j.Submission == "":
		return fault.Invalid("", "%s needs %s (a roster names each student's exercises)", n("exercises"), n("submission"))
	case !slices.Contains([]string{"", CSVPlain, "moodle", CSVCanvas}, j.LMS):
		return fault.Invalid("", "%s %q: want csv, moodle or canvas", n("lms"), maze.Short(j.LMS))
	}
	return nil
}

// Run runs the checked job (Check): it grades, writes the gradebook and
// feedback files, writes the report to w in the job's format, and
// returns the report's Verdict. progress, if not nil, returns a callback
// for the grading's progress, labelled what, and a function to call when
// it is over.
func (j *Job) Run(ctx context.Context, w io.Writer, progress func(what string) (func(done, total int), func())) error {
	if progress == nil {
		progress = func(string) (func(int, int), func()) { return nil, func() {} }
	}
	rubric, err := LoadRubric(j.Rubric, j.course())
	if err != nil {
		return fault.In(j.name("rubric"), err)
	}
	switch {
	case j.course():
		return j.runCourse(ctx, w, rubric, progress)
	case j.Each != "":
		return j.runClass(ctx, w, rubric, progress)
	}
	if err := j.Validate(j.Exercise); err != nil {
		return fault.In("", err)
	}
	p, finish := progress("grading")
	rep, err := Run(ctx, j.Exercise, j.Settings, p)
	finish()
	if err != nil {
		return err
	}
	if j.Hide {
		rep = rep.hide()
	}
	if err := rep.WriteAs(w, j.Format, rubric, j.Seed, j.Version); err != nil {
		return err
	}
	return rep.Verdict()
}

// runClass grades the command in every folder Each matches.
func (j *Job) runClass(ctx context.Context, w io.Writer, rubric *Rubric, progress func(string) (func(int, int), func())) error {
	v := j.Settings
	if len(v.Command) == 0 {
		v.Command = []string{"sh"}
	}
	if err := v.Validate(j.Exercise); err != nil {
		return fault.In("", err)
	}
	dirs, err := Folders(j.Each)
	if err != nil {
		return fault.In(j.name("each"), err)
	}
	p, finish := progress("grading students")
	g, err := Class(ctx, j.Exercise, j.Settings, dirs, rubric, p)
	finish()
	if err != nil {
		return err
	}
	if j.Gradebook != "" {
		if err := g.WriteGradebook(j.Gradebook); err != nil {
			return err
		}
	}
	if j.Hide {
		g.hide()
	}
	if j.Feedback != "" {
		if err := g.WriteFeedback(j.Feedback); err != nil {
			return err
		}
	}
	if err := g.WriteAs(w, j.Format); err != nil {
		return err
	}
	return g.Verdict()
}

// runCourse grades every student of the roster, or the one submission,
// for each of their exercises.
func (j *Job) runCourse(ctx context.Context, w io.Writer, rubric *Rubric, progress func(string) (func(int, int), func())) error {
	var students []Enrolment
	if j.Roster != "" {
		var err error
		if students, err = OpenRoster(j.Roster); err != nil {
			return fault.In(j.name("roster"), err)
		}
	} else {
		st, err := Submission(j.Submission)
		if err != nil {
			return fault.In(j.name("submission"), err)
		}
		if j.Exercises != "" {
			if st.Exercises, err = ParseExercises(j.Exercises); err != nil {
				return fault.In(j.name("exercises"), err)
			}
			rubric = rubric.only(st.Exercises)
		}
		if j.Metadata != "" {
			m, err := ReadMetadata(j.Metadata)
			if err != nil {
				return fault.In(j.name("metadata"), err)
			}
			st.Metadata = &m
			// The submission's own seed: a regrade repeats its answers,
			// another submission gets others.
			j.Seed = SubmissionSeed(j.Seed, m.ID)
		}
		students = []Enrolment{st}
	}
	p, finish := progress("grading")
	b, err := Course(ctx, j.Settings, students, rubric, p)
	finish()
	if errors.Is(err, exercise.ErrUnknown) {
		return fault.In("", err)
	}
	if err != nil {
		return err
	}
	if j.Gradebook != "" {
		lms := CSVPlain
		if j.LMS == CSVCanvas {
			lms = CSVCanvas
		}
		if err := b.WriteGradebook(j.Gradebook, lms); err != nil {
			return err
		}
	}
	if j.Hide {
		b.hide()
	}
	if j.Feedback != "" {
		if err := b.WriteFeedback(j.Feedback); err != nil {
			return err
		}
	}
	if err := b.WriteAs(w, j.Format); err != nil {
		return err
	}
	return b.Verdict()
}
