package grade

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"rjm/fault"
	"rjm/internal/buildinfo"
	"rjm/parallel"
)

// Gradebook is the grade of a class: one report per student, in the order
// of their folders.
type Gradebook struct {
	Exercise string    `json:"exercise"`
	Seed     uint64    `json:"seed"`
	Runs     int       `json:"runs"`
	Version  string    `json:"rjm_version"`
	Rubric   *Rubric   `json:"rubric,omitempty"`
	Students []Student `json:"students"`
	hidden   bool      // see hide
}

// Student is one student's grade: the folder the program ran in, how it
// ran, its points and its report.
type Student struct {
	Name      string   `json:"name"` // the folder's last element
	Dir       string   `json:"dir"`
	Language  string   `json:"language,omitempty"` // as Detect found it
	Command   []string `json:"command"`
	Build     string   `json:"build,omitempty"`
	Pass      bool     `json:"pass"`
	Points    float64  `json:"points"`
	MaxPoints float64  `json:"max_points"`
	// Capped says why the points are capped (Rubric.Cap): the exercise's
	// evaluation or search is wrong; "" when it is not (or the rubric's
	// cap is 1).
	Capped string  `json:"capped,omitempty"`
	Report *Report `json:"report"`
	// earned is the points of the checks that pass, before the cap.
	earned float64
}

// Class grades one program in each of dirs (s.Dir is ignored): each
// student's runs in their own folder, one at a time, with their own
// limits, and up to s.Workers students at once (zero means
// runtime.GOMAXPROCS(0)). With no s.Command, each folder's program is
// found by Detect, and built by its detected build, or by s.Build where
// s.Build builds its language (buildsFor: javac builds Java, cc C, make
// or a script every language, and every build a folder with a run
// script). rjm's reference runs are made once, for
// everyone, before any student's: every student gets the same answers.
// rubric gives the points (nil: one a check). progress, if not nil, is
// called after each student with the students done and the total.
func Class(ctx context.Context, name string, s Settings, dirs []string, rubric *Rubric, progress func(done, total int)) (*Gradebook, error) {
	check := s
	if len(check.Command) == 0 {
		check.Command = []string{"sh"}
	}
	if err := check.Validate(name); err != nil {
		return nil, err
	}
	if len(dirs) == 0 {
		return nil, fault.Invalid("", "no student folders")
	}
	s = s.withDefaults()
	p := newPlan(name, s)
	ref, err := p.reference(ctx, s.Workers)
	if err != nil {
		return nil, err
	}
	s = s.scaleLimits(ref)
	done := 0
	var tick func()
	if progress != nil {
		tick = func() { done++; progress(done, len(dirs)) }
	}
	one := s
	one.Workers = 1
	students, err := parallel.Map(ctx, s.Workers, len(dirs), tick, func(ctx context.Context, i int) (Student, error) {
		// A folder may hold every exercise's program (as a roster's do):
		// the exercise's own files are the program graded here.
		return gradeStudent(ctx, p, one, s, dirs[i], ref, func(dir string) (Program, error) { return DetectExercise(dir, name) })
	})
	if err != nil {
		return nil, err
	}
	g := &Gradebook{Exercise: name, Seed: s.Seed, Runs: s.Runs, Version: buildinfo.Short(), Rubric: rubric}
	for _, st := range students {
		st.score(rubric)
		g.Students = append(g.Students, st)
	}
	return g, nil
}

// gradeStudent grades the program in dir with settings one (one run at a
// time): s.Command if set, else the program detect finds, built by its
// build or by s.Build where that builds its language.
func gradeStudent(ctx context.Context, p *plan, one, s Settings, dir string, ref *reference, detect func(string) (Program, error)) (Student, error) {
	st := one
	st.Dir = dir
	student := Student{Name: filepath.Base(filepath.Clean(dir)), Dir: dir}
	if len(s.Command) == 0 {
		prog, err := detect(dir)
		if err != nil {
			student.Report = p.unbuilt(st, newCheck(buildCheck, Build, Failed, err.Error()))
			return student, nil
		}
		st.Command, st.Language, student.Language = prog.Command, prog.Language, prog.Language
		st.Build = prog.Build
		if s.Build != "" && buildsFor(s.Build, prog.Language) {
			st.Build = s.Build
		}
	}
	student.Command, student.Build = st.Command, st.Build
	r, err := p.grade(ctx, st, ref, nil)
	if err != nil {
		return student, err
	}
	student.Report = r
	return student, nil
}

// score sets the student's points from their report's checks: those of
// the checks that pass, at most the rubric's cap of the most points when
// a check of the exercise's evaluation or search fails.
func (st *Student) score(rubric *Rubric) {
	st.Pass = st.Report.Pass
	st.Points, st.MaxPoints, st.Capped = 0, 0, ""
	var wrong []string
	for _, c := range st.Report.Checks {
		pts := rubric.Points(c)
		st.MaxPoints += pts
		if c.State == Passed {
			st.Points += pts
		}
		if c.State == Failed && capping(c.Name) {
			wrong = append(wrong, c.Name)
		}
	}
	st.earned = st.Points
	if len(wrong) > 0 && rubric.cap() < 1 {
		st.Points = min(st.Points, rubric.cap()*st.MaxPoints)
		st.Capped = fmt.Sprintf("%s %s: the program's %s is wrong, so it earns at most %s of the exercise's points", strings.Join(wrong, ", "), plural(len(wrong), "fails", "fail"), whatIsWrong(wrong), share(rubric.cap()))
	}
}

// whatIsWrong names what failing capping checks say is wrong: its
// evaluation, its search, or both.
func whatIsWrong(checks []string) string {
	eval, search := false, false
	for _, n := range checks {
		if n == "search" || n == "jumps" {
			search = true
		} else {
			eval = true
		}
	}
	switch {
	case eval && search:
		return "evaluation and search"
	case search:
		return "search"
	}
	return "evaluation"
}

// share writes a share of points: "half", or a percentage.
func share(v float64) string {
	if v == 0.5 {
		return "half"
	}
	return strconv.FormatFloat(100*v, 'f', -1, 64) + "%"
}

// scale returns the share of a passed check's points the student earns:
// 1, or less when the points are capped.
func (st *Student) scale() float64 {
	if st.earned <= 0 || st.Points >= st.earned {
		return 1
	}
	return st.Points / st.earned
}

// buildsFor reports whether a build command is for a language: javac
// builds Java; cc, gcc and clang C; c++, g++ and clang++ C++; go Go;
// cargo and rustc Rust; tsc TypeScript; any other command (make, sh, a
// script) every language; and a folder with a run script gets every
// build.
func buildsFor(build, language string) bool {
	f := strings.Fields(build)
	if len(f) == 0 {
		return false
	}
	if language == "run script" {
		return true
	}
	for _, b := range builders {
		if slices.Contains(b.commands, filepath.Base(f[0])) {
			return b.language == language
		}
	}
	return true
}

// builders are the compilers buildsFor knows, by language.
var builders = []struct {
	language string
	commands []string
}{
	{"java", []string{"javac"}},
	{"c", []string{"cc", "gcc", "clang"}},
	{"c++", []string{"c++", "g++", "clang++"}},
	{"go", []string{"go"}},
	{"rust", []string{"cargo", "rustc"}},
	{"typescript", []string{"tsc"}},
}

// columns returns the names of the checks, in report order, every
// student's (a "build" check only some students have comes first).
func (g *Gradebook) columns() []string {
	var names []string
	seen := map[string]bool{}
	for _, st := range g.Students {
		if _, ok := st.Report.Check(buildCheck); ok {
			names, seen[buildCheck] = []string{buildCheck}, true
			break
		}
	}
	for _, st := range g.Students {
		for _, c := range st.Report.Checks {
			if !seen[c.Name] {
				seen[c.Name] = true
				names = append(names, c.Name)
			}
		}
	}
	return names
}

// WriteCSV writes the gradebook as CSV for a learning management system:
// a header, then one row per student with the folder's name, the points,
// the most points, the seed, rjm's version, and "pass", "fail" or "not
// checked" for every check ("" for a check the student's grading did not
// have).
func (g *Gradebook) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cols := g.columns()
	cw.Write(append([]string{"student", "points", "max_points", "seed", "rjm_version"}, cols...))
	for _, st := range g.Students {
		row := []string{st.Name, number64(st.Points), number64(st.MaxPoints), strconv.FormatUint(g.Seed, 10), g.Version}
		for _, name := range cols {
			c, ok := st.Report.Check(name)
			if ok {
				row = append(row, string(c.State))
			} else {
				row = append(row, "")
			}
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

func number64(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Text returns the gradebook for people: one line per student with ✓ or
// ✗, the points and the checks that fail or were not checked, then how
// many passed.
func (g *Gradebook) Text() string {
	var b strings.Builder
	width := 0
	for _, st := range g.Students {
		width = max(width, len(st.Name))
	}
	passed := 0
	for _, st := range g.Students {
		pts := fmt.Sprintf("%s/%s", number64(st.Points), number64(st.MaxPoints))
		if st.Pass {
			passed++
			fmt.Fprintf(&b, "✓ %-*s  %7s  every check passes\n", width, st.Name, pts)
			continue
		}
		var failed, unchecked []string
		for _, c := range st.Report.Failed() {
			failed = append(failed, c.Name)
		}
		for _, c := range st.Report.Unchecked() {
			unchecked = append(unchecked, c.Name)
		}
		line := ""
		if len(failed) > 0 {
			line = "fails " + strings.Join(failed, ", ")
		}
		if len(unchecked) > 0 {
			if line != "" {
				line += "; "
			}
			line += "not checked: " + strings.Join(unchecked, ", ")
		}
		mark := "✗"
		if len(failed) == 0 {
			mark = "?"
		}
		fmt.Fprintf(&b, "%s %-*s  %7s  %s\n", mark, width, st.Name, pts, line)
		for _, c := range st.Report.Failed() {
			fmt.Fprintf(&b, "  %-*s             %s %s: %s\n", width, "", c.Category, c.Name, c.Message)
		}
	}
	fmt.Fprintf(&b, "%s: %d of %d students pass every check (at most %d runs each, seed %d)\n", g.Exercise, passed, len(g.Students), g.Runs, g.Seed)
	return b.String()
}

// runLine finds "run N, line L" in a check's message.
var runLine = regexp.MustCompile(`run (\d+), line (\d+)`)

// WriteFeedback writes one Markdown file per student into dir (made if
// missing): NAME.md with the verdict and points, every check with its
// state and message, the notes, and the transcripts of the runs a check
// names (with the line it names marked) or that failed, and of the first
// run.
func (g *Gradebook) WriteFeedback(dir string) error {
	var files []feedbackFile
	for _, st := range g.Students {
		files = append(files, feedbackFile{st.Name + ".md", st.Feedback(g.Exercise)})
	}
	return writeFeedbackFiles(dir, files)
}

// feedbackFile is a feedback file's name and text.
type feedbackFile struct{ name, text string }

// writeFeedbackFiles writes the files into dir, made if missing.
func writeFeedbackFiles(dir string, files []feedbackFile) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("making the feedback folder: %v", pathError(err))
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(f.text), 0o644); err != nil {
			return fmt.Errorf("writing the feedback: %v", pathError(err))
		}
	}
	return nil
}

// Feedback returns a student's feedback in Markdown.
func (st *Student) Feedback(exercise string) string {
	var b strings.Builder
	r := st.Report
	verdict := "passes every check"
	if f, u := len(r.Failed()), len(r.Unchecked()); f > 0 || u > 0 {
		parts := []string{}
		if f > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", f, plural(f, "fails", "fail")))
		}
		if u > 0 {
			parts = append(parts, fmt.Sprintf("%d %s not checked", u, plural(u, "is", "are")))
		}
		verdict = fmt.Sprintf("does not pass every check (of %d checks, %s)", len(r.Checks), strings.Join(parts, " and "))
	}
	fmt.Fprintf(&b, "# %s: %s\n\n", st.Name, exercise)
	if r.hidden {
		fmt.Fprintf(&b, "Your program %s: **%s of %s points** (%d runs made).\n\n", verdict, number64(st.Points), number64(st.MaxPoints), r.Made)
	} else {
		fmt.Fprintf(&b, "Your program %s: **%s of %s points** (%d runs made, seed %d).\n\n", verdict, number64(st.Points), number64(st.MaxPoints), r.Made, r.Seed)
	}
	if len(st.Command) > 0 {
		fmt.Fprintf(&b, "Run as `%s`", strings.Join(st.Command, " "))
		if st.Build != "" {
			fmt.Fprintf(&b, " after `%s`", st.Build)
		}
		b.WriteString(".\n\n")
	}
	if st.Capped != "" {
		fmt.Fprintf(&b, "> Points capped: %s.\n\n", st.Capped)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "> Note: %s\n\n", n)
	}
	b.WriteString("| | check | category | what rjm found |\n| --- | --- | --- | --- |\n")
	marks := map[int]map[int]string{} // run → line → check
	for _, c := range r.Checks {
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", mark(c.State), c.Name, c.Category, strings.ReplaceAll(c.Message, "|", `\|`))
		if c.State != Failed {
			continue
		}
		for _, m := range runLine.FindAllStringSubmatch(c.Message, -1) {
			run, _ := strconv.Atoi(m[1])
			line, _ := strconv.Atoi(m[2])
			if marks[run] == nil {
				marks[run] = map[int]string{}
			}
			if _, ok := marks[run][line]; !ok {
				marks[run][line] = c.Name
			}
		}
	}
	if r.namesCells() {
		fmt.Fprintf(&b, "\nA %s.\n", cellLegend)
	}
	for _, c := range r.Checks {
		if c.Output != "" {
			fmt.Fprintf(&b, "\n## What the %s printed\n\n```\n%s\n```\n", c.Name, strings.TrimRight(c.Output, "\n"))
		}
	}
	shown := 0
	for i, d := range r.Details {
		if i > 0 && marks[d.Run] == nil && d.Status == "ok" || d.Status == errSkipped.Error() {
			continue
		}
		if shown == 8 {
			b.WriteString("\n(more runs in the JSON gradebook)\n")
			break
		}
		shown++
		if len(d.Answers) > 0 {
			fmt.Fprintf(&b, "\n## Run %d\n\nAnswers: %s. Status: %s.\n\n", d.Run, strings.Join(d.Answers, ", "), d.Status)
		} else {
			fmt.Fprintf(&b, "\n## Run %d\n\nStatus: %s.\n\n", d.Run, d.Status)
		}
		if d.Output == "" {
			b.WriteString("It printed nothing on standard output.\n")
		} else {
			b.WriteString("```\n")
		}
		for k, line := range strings.Split(strings.TrimSuffix(d.Output, "\n"), "\n") {
			if d.Output == "" {
				break
			}
			if check, ok := marks[d.Run][k+1]; ok {
				fmt.Fprintf(&b, "%s    ◀ line %d: %s\n", line, k+1, check)
			} else {
				fmt.Fprintf(&b, "%s\n", line)
			}
		}
		if d.Output != "" {
			b.WriteString("```\n")
		}
		if d.Stderr != "" {
			fmt.Fprintf(&b, "\nStandard error (its end):\n\n```\n%s\n```\n", strings.TrimRight(d.Stderr, "\n"))
		}
	}
	return b.String()
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
