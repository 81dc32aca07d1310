package grade

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"rjm/exercise"
	"rjm/fault"
	"rjm/internal/buildinfo"
	"rjm/parallel"
)

// A course: every student of a roster, each with the exercises their
// folder holds, graded in one run into one gradebook with a row per
// student and a column per exercise.

// Enrolment is one student of a roster.
type Enrolment struct {
	ID   string // the learning management system's ID of the student
	Name string
	Dir  string // the student's folder
	// Exercises are the exercises the folder holds; nil means those
	// ExerciseFiles finds in it.
	Exercises []string
	// Metadata, if not nil, is an autograder's word on the submission:
	// its grading's seed comes from its ID, and a late one loses the
	// rubric's LatePenalty.
	Metadata *Metadata
}

// rosterColumns are the header names a roster's columns may have, by
// what they hold (case and spaces do not matter).
var rosterColumns = []struct {
	what  string
	names []string
}{
	{"id", []string{"id", "student id", "student_id", "sis user id", "sis_id", "lms id", "lms_id", "login"}},
	{"name", []string{"name", "student", "student name", "full name"}},
	{"folder", []string{"folder", "dir", "directory", "path"}},
	{"exercises", []string{"exercises", "exercise", "problems"}},
}

// ReadRoster reads a roster: CSV with a header naming its columns, "id"
// and "folder" required, "name" and "exercises" optional; a folder is
// relative to base (the roster's folder); exercises are names of
// exercise.List(), or their problems' files' names (p1, problem3, ec1),
// separated by spaces, ";" or "|"; an empty cell means those the folder
// holds. name is the roster file's name, for errors.
func ReadRoster(name string, r io.Reader, base string) ([]Enrolment, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	rows, err := cr.ReadAll()
	if err != nil {
		return nil, fault.Invalid(name, "%v", err)
	}
	if len(rows) < 2 {
		return nil, fault.Invalid(name, "want a header and a row per student")
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		for _, c := range rosterColumns {
			if _, ok := col[c.what]; !ok && slices.Contains(c.names, h) {
				col[c.what] = i
			}
		}
	}
	for _, need := range []string{"id", "folder"} {
		if _, ok := col[need]; !ok {
			return nil, fault.Invalid(name, "no %q column in the header (want id, name, folder and exercises)", need)
		}
	}
	cell := func(row []string, what string) string {
		if i, ok := col[what]; ok && i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	var out []Enrolment
	seen := map[string]int{}
	for k, row := range rows[1:] {
		line := k + 2
		if len(row) == 1 && strings.TrimSpace(row[0]) == "" {
			continue
		}
		e := Enrolment{ID: cell(row, "id"), Name: cell(row, "name"), Dir: cell(row, "folder")}
		switch {
		case e.ID == "":
			return nil, fault.Invalid(fmt.Sprintf("%s:%d", name, line), "no student ID")
		case e.Dir == "":
			return nil, fault.Invalid(fmt.Sprintf("%s:%d", name, line), "no folder for student %q", short(e.ID))
		case seen[e.ID] > 0:
			return nil, fault.Invalid(fmt.Sprintf("%s:%d", name, line), "student %q is on line %d too", short(e.ID), seen[e.ID])
		}
		seen[e.ID] = line
		if e.Name == "" {
			e.Name = e.ID
		}
		if !filepath.IsAbs(e.Dir) {
			e.Dir = filepath.Join(base, e.Dir)
		}
		if e.Exercises, err = ParseExercises(cell(row, "exercises")); err != nil {
			return nil, fault.In(fmt.Sprintf("%s:%d", name, line), err)
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, fault.Invalid(name, "no student")
	}
	return out, nil
}

// ParseExercises reads a list of exercises as a roster's exercises cell
// holds them: names or problems ("hill-descent", "p3", "problem3",
// "ec1"), separated by spaces, ",", ";" or "|"; nil for none.
func ParseExercises(list string) ([]string, error) {
	var out []string
	for _, w := range strings.FieldsFunc(list, func(r rune) bool { return r == ' ' || r == ';' || r == '|' || r == ',' }) {
		ex, ok := exerciseNamed(w)
		if !ok {
			return nil, fault.Invalid("", "no exercise is called %q (want one of %s, or p1 to p5, ec1)", short(w), strings.Join(exercise.List(), ", "))
		}
		if !slices.Contains(out, ex) {
			out = append(out, ex)
		}
	}
	return out, nil
}

// exerciseNamed returns the name of the exercise a roster's word names,
// in any case (exercise.Lookup: its name, or one of its Files, "p3",
// "problem3", "hilldescent").
func exerciseNamed(w string) (string, bool) {
	ex, ok := exercise.Lookup(w)
	if !ok {
		ex, ok = exercise.Lookup(strings.ToLower(w))
	}
	return ex.Name, ok
}

// CourseBook is the grade of a course: one row per student, their
// points over every exercise, and each exercise's report.
type CourseBook struct {
	Seed    uint64 `json:"seed"`
	Runs    int    `json:"runs"`
	Version string `json:"rjm_version"`
	// Exercises are the exercises graded, in the assignment's order: the
	// gradebook's columns.
	Exercises []string        `json:"exercises"`
	Rubric    *Rubric         `json:"rubric,omitempty"`
	Students  []CourseStudent `json:"students"`
	hidden    bool            // see hide
}

// CourseStudent is one student's grade over the course.
type CourseStudent struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Dir       string  `json:"dir"`
	Points    float64 `json:"points"`
	MaxPoints float64 `json:"max_points"`
	// Metadata is the autograder's word on the submission, if any; Late
	// says what its lateness cost ("" when on time or free).
	Metadata *Metadata `json:"submission,omitempty"`
	Late     string    `json:"late,omitempty"`
	// Exercises holds the grade of each exercise graded, in the
	// assignment's order, with its points in the course (Student.Points
	// and MaxPoints there are of its checks).
	Exercises []CourseExercise `json:"exercises"`
}

// CourseExercise is one exercise of a student's: its points in the course
// and its grading.
type CourseExercise struct {
	Exercise  string  `json:"exercise"`
	Points    float64 `json:"points"`
	MaxPoints float64 `json:"max_points"`
	Extra     bool    `json:"extra,omitempty"` // extra credit: not in the student's maximum
	// Missing is set when the roster names the exercise and no program
	// for it was found; Grade is then nil.
	Missing string   `json:"missing,omitempty"`
	Grade   *Student `json:"grade,omitempty"`
	rubric  *Rubric  // the points of the checks
}

// Course grades every student of the roster for each exercise their folder
// holds (Enrolment.Exercises, or those ExerciseFiles finds: a student
// with neither is an error), each exercise's program found by
// DetectExercise
// and built and run as Class does (s.Command, if set, runs in every
// folder for every exercise). rjm's reference runs are made once per
// exercise. rubric gives each check's points and each exercise's points in
// the course (Rubric.Exercises; nil: one a check, and an exercise is worth
// its checks' points). progress, if not nil, is called after each
// student's exercise with those done and the total.
func Course(ctx context.Context, s Settings, roster []Enrolment, rubric *Rubric, progress func(done, total int)) (*CourseBook, error) {
	if len(roster) == 0 {
		return nil, fault.Invalid("", "no students")
	}
	type job struct {
		student  int
		exercise string
	}
	var jobs []job
	todo := make([][]string, len(roster))
	used := map[string]bool{}
	for i, e := range roster {
		names := e.Exercises
		if names == nil {
			files := ExerciseFiles(e.Dir)
			for _, n := range exercise.List() {
				if len(files[n]) > 0 {
					names = append(names, n)
				}
			}
		}
		if len(names) == 0 {
			return nil, fault.Invalid("", "student %q: no exercise named in the roster, and no file in %s is named for one (such as hill_descent.py or Problem3.java)", short(e.ID), e.Dir)
		}
		todo[i] = names
		for _, n := range names {
			jobs = append(jobs, job{i, n})
			used[n] = true
		}
	}
	check := s
	if len(check.Command) == 0 {
		check.Command = []string{"sh"}
	}
	for n := range used {
		if err := check.Validate(n); err != nil {
			return nil, err
		}
	}
	s = s.withDefaults()
	plans := map[string]*plan{}
	refs := map[string]*reference{}
	for _, n := range exercise.List() {
		if !used[n] {
			continue
		}
		p := newPlan(n, s)
		ref, err := p.reference(ctx, s.Workers)
		if err != nil {
			return nil, err
		}
		plans[n], refs[n] = p, ref
	}
	done := 0
	var tick func()
	if progress != nil {
		tick = func() { done++; progress(done, len(jobs)) }
	}
	one := s
	one.Workers = 1
	grades, err := parallel.Map(ctx, s.Workers, len(jobs), tick, func(ctx context.Context, k int) (Student, error) {
		j := jobs[k]
		e := roster[j.student]
		return gradeStudent(ctx, plans[j.exercise], one.scaleLimits(refs[j.exercise]), s, e.Dir, refs[j.exercise], func(dir string) (Program, error) {
			return DetectExercise(dir, j.exercise)
		})
	})
	if err != nil {
		return nil, err
	}
	b := &CourseBook{Seed: s.Seed, Runs: s.Runs, Version: buildinfo.Short(), Rubric: rubric}
	for _, n := range exercise.List() {
		if used[n] {
			b.Exercises = append(b.Exercises, n)
		}
	}
	index := map[job]int{}
	for k, j := range jobs {
		index[j] = k
	}
	for i, e := range roster {
		cs := CourseStudent{ID: e.ID, Name: e.Name, Dir: e.Dir}
		for _, n := range exercise.List() {
			if !slices.Contains(todo[i], n) {
				continue
			}
			st := grades[index[job{i, n}]]
			st.Name = e.Name
			st.score(rubric)
			ce := CourseExercise{Exercise: n, Grade: &st, Extra: rubric.extra(n), rubric: rubric}
			ce.MaxPoints = rubric.exercisePoints(n, st.MaxPoints)
			if st.MaxPoints > 0 {
				ce.Points = ce.MaxPoints * st.Points / st.MaxPoints
			}
			cs.Exercises = append(cs.Exercises, ce)
		}
		// An exercise of the course's rubric that the student did not
		// hand in still counts in their maximum.
		for _, n := range exercise.List() {
			if pts, ok := rubric.courseExercise(n); ok && pts > 0 && !slices.Contains(todo[i], n) && !rubric.extra(n) {
				cs.Exercises = append(cs.Exercises, CourseExercise{Exercise: n, MaxPoints: pts, Missing: "no program for it was found"})
			}
		}
		slices.SortStableFunc(cs.Exercises, func(a, b CourseExercise) int {
			return slices.Index(exercise.List(), a.Exercise) - slices.Index(exercise.List(), b.Exercise)
		})
		for _, ce := range cs.Exercises {
			cs.Points += ce.Points
			if !ce.Extra {
				cs.MaxPoints += ce.MaxPoints
			}
		}
		if m := e.Metadata; m != nil {
			cs.Metadata = m
			if pen := rubric.latePenalty(); m.Late > 0 && pen > 0 {
				cs.Points *= 1 - pen
				cs.Late = fmt.Sprintf("submitted %s: %s of the points off (the rubric's late_penalty)", lateWords(m.Late), strconv.FormatFloat(100*pen, 'f', -1, 64)+"%")
			}
		}
		b.Students = append(b.Students, cs)
	}
	// The columns: every exercise graded, and every one the rubric gives
	// points that count in the maximum.
	for _, n := range exercise.List() {
		if pts, ok := rubric.courseExercise(n); ok && pts > 0 && !rubric.extra(n) && !slices.Contains(b.Exercises, n) {
			b.Exercises = append(b.Exercises, n)
		}
	}
	slices.SortFunc(b.Exercises, func(x, y string) int { return slices.Index(exercise.List(), x) - slices.Index(exercise.List(), y) })
	return b, nil
}

// Exercise returns the student's grade of an exercise, and whether they
// have one.
func (cs *CourseStudent) Exercise(name string) (CourseExercise, bool) {
	for _, e := range cs.Exercises {
		if e.Exercise == name {
			return e, true
		}
	}
	return CourseExercise{}, false
}

// Formats of a course's gradebook CSV (WriteCSV).
const (
	CSVPlain  = "csv"    // id, name, points, max_points, a column per exercise, seed, rjm_version
	CSVCanvas = "canvas" // Canvas's gradebook import: Student, ID, SIS User ID, SIS Login ID, Section, then a column per exercise
)

// WriteCSV writes the gradebook as CSV: format CSVPlain (for Moodle's
// grade import and spreadsheets: one row per student with the roster's ID
// and name, the points, the most points, each exercise's points, "" for
// one not graded, then the seed and rjm's version) or CSVCanvas (Canvas's
// columns, the roster's ID as the SIS User ID, a column per exercise
// titled with its problem, and a "Points Possible" row).
func (b *CourseBook) WriteCSV(w io.Writer, format string) error {
	cw := csv.NewWriter(w)
	points := func(cs *CourseStudent, n string) string {
		if e, ok := cs.Exercise(n); ok {
			return number64(round2(e.Points))
		}
		return ""
	}
	switch format {
	case CSVCanvas:
		head := []string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"}
		possible := []string{"Points Possible", "", "", "", ""}
		for _, n := range b.Exercises {
			ex, _ := exercise.Lookup(n)
			head = append(head, fmt.Sprintf("RJM %s: %s", ex.Problem, n))
			// Extra credit is a column of 0 points possible: Canvas then
			// adds its points without making it a required assignment.
			max := 0.0
			for i := range b.Students {
				if e, ok := b.Students[i].Exercise(n); ok {
					if !e.Extra {
						max = e.MaxPoints
					}
					break
				}
			}
			possible = append(possible, number64(round2(max)))
		}
		cw.Write(head)
		cw.Write(possible)
		for i := range b.Students {
			cs := &b.Students[i]
			row := []string{cs.Name, "", cs.ID, "", ""}
			for _, n := range b.Exercises {
				row = append(row, points(cs, n))
			}
			cw.Write(row)
		}
	case CSVPlain, "":
		// points is within max_points, as Moodle's grade import wants
		// (it refuses a grade above the item's maximum unless the site
		// allows unlimited grades); extra credit beyond it is in
		// extra_points.
		cw.Write(append(append([]string{"id", "name", "points", "max_points"}, b.Exercises...), "extra_points", "seed", "rjm_version"))
		for i := range b.Students {
			cs := &b.Students[i]
			within := min(round2(cs.Points), round2(cs.MaxPoints))
			row := []string{cs.ID, cs.Name, number64(within), number64(round2(cs.MaxPoints))}
			for _, n := range b.Exercises {
				row = append(row, points(cs, n))
			}
			cw.Write(append(row, number64(round2(round2(cs.Points)-within)), strconv.FormatUint(b.Seed, 10), b.Version))
		}
	default:
		return fault.Invalid("", "gradebook format %q, want %s or %s", short(format), CSVPlain, CSVCanvas)
	}
	cw.Flush()
	return cw.Error()
}

// round2 rounds points to hundredths.
func round2(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 2, 64), 64)
	return r
}

// Text returns the gradebook for people: a line per student with their
// points and each exercise's, then the checks that fail.
func (b *CourseBook) Text() string {
	var sb strings.Builder
	// An exercise no student handed in is said once, after the students;
	// one some did is said for each student who did not.
	handed := map[string]bool{}
	for _, cs := range b.Students {
		for _, e := range cs.Exercises {
			if e.Missing == "" {
				handed[e.Exercise] = true
			}
		}
	}
	var nobody []string
	for _, n := range b.Exercises {
		if !handed[n] {
			nobody = append(nobody, n)
		}
	}
	width := 0
	for _, cs := range b.Students {
		width = max(width, len(cs.ID)+len(cs.Name)+3)
	}
	for _, cs := range b.Students {
		var parts []string
		for _, e := range cs.Exercises {
			p := fmt.Sprintf("%s %s/%s", e.Exercise, number64(round2(e.Points)), number64(round2(e.MaxPoints)))
			if e.Extra {
				p += " (extra)"
			}
			parts = append(parts, p)
		}
		fmt.Fprintf(&sb, "%-*s  %6s/%s  %s\n", width, cs.Name+" ("+cs.ID+")", number64(round2(cs.Points)), number64(round2(cs.MaxPoints)), strings.Join(parts, ", "))
		var missing []string
		for _, e := range cs.Exercises {
			if e.Missing != "" {
				if handed[e.Exercise] {
					missing = append(missing, e.Exercise)
				}
				continue
			}
			for _, c := range e.Grade.Report.Failed() {
				fmt.Fprintf(&sb, "  %-*s  %s %s: %s\n", width, "", e.Exercise, c.Name, c.Message)
			}
		}
		if len(missing) > 0 {
			fmt.Fprintf(&sb, "  %-*s  no program found for %s\n", width, "", strings.Join(missing, ", "))
		}
	}
	if len(nobody) > 0 {
		fmt.Fprintf(&sb, "no student handed in %s\n", strings.Join(nobody, ", "))
	}
	fmt.Fprintf(&sb, "%d students, %s (at most %d runs each, seed %d)\n", len(b.Students), strings.Join(b.Exercises, ", "), b.Runs, b.Seed)
	return sb.String()
}

// WriteFeedback writes one Markdown file per student into dir: ID.md, with
// their points and each exercise's feedback.
func (b *CourseBook) WriteFeedback(dir string) error {
	var files []feedbackFile
	for _, cs := range b.Students {
		var sb strings.Builder
		fmt.Fprintf(&sb, "# %s (%s)\n\n**%s of %s points** in all.\n\n| exercise | points |\n| --- | --- |\n", cs.Name, cs.ID, number64(round2(cs.Points)), number64(round2(cs.MaxPoints)))
		for _, e := range cs.Exercises {
			extra := ""
			if e.Extra {
				extra = " (extra credit)"
			}
			fmt.Fprintf(&sb, "| %s%s | %s of %s |\n", e.Exercise, extra, number64(round2(e.Points)), number64(round2(e.MaxPoints)))
		}
		for _, e := range cs.Exercises {
			if e.Missing != "" {
				fmt.Fprintf(&sb, "\n# %s\n\n%s: no points.\n", e.Exercise, strings.ToUpper(e.Missing[:1])+e.Missing[1:])
				continue
			}
			sb.WriteString("\n" + strings.Replace(e.Grade.Feedback(e.Exercise), "# "+e.Grade.Name+": ", "# ", 1))
		}
		files = append(files, feedbackFile{safeName(cs.ID) + ".md", sb.String()})
	}
	return writeFeedbackFiles(dir, files)
}

// safeName returns a file name for an ID: its letters, digits, "-", "_"
// and ".", others as "_".
func safeName(id string) string {
	r := []rune(id)
	for i, c := range r {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			r[i] = '_'
		}
	}
	s := strings.TrimLeft(string(r), ".")
	if s == "" {
		s = "_"
	}
	return s
}
