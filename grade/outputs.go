package grade

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"rjm/fault"
	"rjm/internal/safefile"
	"rjm/maze"
)

// The formats a grading's report is written in (see Report.WriteAs).
const (
	FormatText       = "text"
	FormatJSON       = "json"
	FormatGradescope = "gradescope" // Gradescope's results.json: one student
	FormatJUnit      = "junit"      // JUnit XML
)

// Formats lists the formats of a report, FormatText first.
var Formats = []string{FormatText, FormatJSON, FormatGradescope, FormatJUnit}

// WriteAs writes the report to w in format (one of Formats): its text,
// indented JSON, Gradescope's results.json (with the points of rubric,
// nil for one a check, and the seed and rjm's version it records), or
// JUnit XML.
func (r *Report) WriteAs(w io.Writer, format string, rubric *Rubric, seed uint64, version string) error {
	switch format {
	case FormatGradescope:
		res := r.Gradescope(rubric, seed, version)
		if r.hidden {
			delete(res.ExtraData, "seed")
		}
		return res.WriteGradescope(w)
	case FormatJUnit:
		return r.WriteJUnit(w)
	}
	return writeAs(w, format, r, r.Text)
}

// WriteAs writes the gradebook to w in format: FormatText, FormatJSON or
// FormatJUnit (a class is not one student: Gradescope's format is not
// for it).
func (g *Gradebook) WriteAs(w io.Writer, format string) error {
	if format == FormatJUnit {
		return g.WriteJUnit(w)
	}
	return writeAs(w, format, g, g.Text)
}

// WriteAs writes the gradebook to w in format, one of Formats;
// FormatGradescope writes its first student's results.json.
func (b *CourseBook) WriteAs(w io.Writer, format string) error {
	switch format {
	case FormatGradescope:
		res := b.Students[0].Gradescope(b.Seed, b.Version)
		if b.hidden {
			delete(res.ExtraData, "seed")
		}
		return res.WriteGradescope(w)
	case FormatJUnit:
		return b.WriteJUnit(w)
	}
	return writeAs(w, format, b, b.Text)
}

// writeAs writes v as indented JSON for FormatJSON, else its text.
func writeAs(w io.Writer, format string, v any, text func() string) error {
	if format == FormatJSON {
		return writeJSON(w, v)
	}
	_, err := io.WriteString(w, text())
	return err
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// Verdict returns nil when the program passes, and otherwise an error
// that says how many checks it fails, or, when it fails none, how many
// were not checked.
func (r *Report) Verdict() error {
	switch {
	case r.Pass:
		return nil
	case len(r.Failed()) == 0:
		return fmt.Errorf("%d of %d checks not checked", len(r.Unchecked()), len(r.Checks))
	}
	return fmt.Errorf("the program fails %d of %d checks", len(r.Failed()), len(r.Checks))
}

// Verdict returns nil when every student passes every check, and
// otherwise an error that says how many do not.
func (g *Gradebook) Verdict() error {
	failed := 0
	for _, st := range g.Students {
		if !st.Pass {
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d students do not pass every check", failed, len(g.Students))
	}
	return nil
}

// Verdict returns nil when every student has every point, and otherwise
// an error that says how many do not.
func (b *CourseBook) Verdict() error {
	short := 0
	for _, cs := range b.Students {
		if cs.Points < cs.MaxPoints {
			short++
		}
	}
	if short > 0 {
		return fmt.Errorf("%d of %d students have less than every point", short, len(b.Students))
	}
	return nil
}

// WriteGradebook writes the gradebook to the files name.csv (WriteCSV)
// and name.json (indented JSON), each replaced whole or not at all.
func (g *Gradebook) WriteGradebook(name string) error {
	if err := safefile.Write(name+".csv", g.WriteCSV); err != nil {
		return err
	}
	return safefile.Write(name+".json", func(w io.Writer) error { return writeJSON(w, g) })
}

// WriteGradebook writes the gradebook to the files name.csv (WriteCSV in
// the columns of lms, CSVPlain or CSVCanvas) and name.json (indented
// JSON), each replaced whole or not at all.
func (b *CourseBook) WriteGradebook(name, lms string) error {
	if err := safefile.Write(name+".csv", func(w io.Writer) error { return b.WriteCSV(w, lms) }); err != nil {
		return err
	}
	return safefile.Write(name+".json", func(w io.Writer) error { return writeJSON(w, b) })
}

// Folders returns the folders that the file pattern matches (as
// filepath.Glob, with a shell's trailing slash: "class/*/"), sorted; no
// folder is a *fault.Error.
func Folders(pattern string) ([]string, error) {
	// Glob matches nothing with the final slash; folders are kept below.
	trimmed := pattern
	if len(trimmed) > 1 {
		trimmed = strings.TrimRight(trimmed, "/")
	}
	matches, err := filepath.Glob(trimmed)
	if err != nil {
		return nil, fault.Invalid("", "%q: %v", maze.Short(pattern), err)
	}
	var dirs []string
	for _, m := range matches {
		if fi, err := os.Stat(m); err == nil && fi.IsDir() {
			dirs = append(dirs, m)
		}
	}
	if len(dirs) == 0 {
		return nil, fault.Invalid("", "%q matches no folder", maze.Short(pattern))
	}
	slices.Sort(dirs)
	return dirs, nil
}

// OpenRoster reads the roster in the CSV file name (see ReadRoster),
// its folders relative to the file's. Its errors are *fault.Error.
func OpenRoster(name string) ([]Enrolment, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fault.Invalid("", "%w", err)
	}
	defer f.Close()
	students, err := ReadRoster(name, f, filepath.Dir(name))
	if err != nil {
		return nil, fault.In("", err)
	}
	return students, nil
}

// Submission returns the enrolment of one student's folder dir, as an
// autograder hands it over: the folder's name is the student's ID.
func Submission(dir string) (Enrolment, error) {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return Enrolment{}, fault.Invalid("", "%q: not a folder", maze.Short(dir))
	}
	abs, _ := filepath.Abs(dir)
	return Enrolment{ID: filepath.Base(abs), Dir: dir}, nil
}

// LoadRubric returns the rubric name gives: "course" for CourseRubric,
// a TOML or JSON file's (ParseRubric), or, for "", CourseRubric when
// course is set and nil (one point a check) when not.
func LoadRubric(name string, course bool) (*Rubric, error) {
	switch {
	case name == "" && !course:
		return nil, nil
	case name == "" || name == "course":
		return CourseRubric(), nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fault.Invalid("", "%w", err)
	}
	r, err := ParseRubric(name, data)
	if err != nil {
		return nil, fault.In("", err)
	}
	return r, nil
}
