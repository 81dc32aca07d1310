package grade

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"rjm/exercise"
)

// Grades for learning management systems and CI: Gradescope's
// results.json and JUnit XML. (The CSV gradebooks are Gradebook.WriteCSV
// and CourseBook.WriteCSV.)

// GradescopeResults is Gradescope's autograder results.json, as its
// documentation gives it ("Autograder Specifications": score,
// execution_time, output, visibility, stdout_visibility, tests).
type GradescopeResults struct {
	Score            float64          `json:"score"`
	ExecutionTime    float64          `json:"execution_time,omitempty"`
	Output           string           `json:"output,omitempty"`
	OutputFormat     string           `json:"output_format,omitempty"`
	TestOutputFormat string           `json:"test_output_format,omitempty"`
	Visibility       string           `json:"visibility,omitempty"`
	StdoutVisibility string           `json:"stdout_visibility,omitempty"`
	ExtraData        map[string]any   `json:"extra_data,omitempty"`
	Tests            []GradescopeTest `json:"tests"`
}

// GradescopeTest is one test of results.json: here, one check of one
// exercise.
type GradescopeTest struct {
	Score      float64  `json:"score"`
	MaxScore   float64  `json:"max_score"`
	Status     string   `json:"status"` // "passed" or "failed"
	Name       string   `json:"name"`
	Number     string   `json:"number,omitempty"`
	Output     string   `json:"output"`
	Tags       []string `json:"tags,omitempty"`
	Visibility string   `json:"visibility,omitempty"`
}

// Gradescope returns a student's grades as Gradescope's results.json: one
// test per check of each exercise, worth its share of the exercise's
// points (so that the tests add up to the score), with the check's
// message as its output; an exercise not handed in is one failed test
// worth its points. The output is the student's feedback in Markdown.
func (cs *CourseStudent) Gradescope(seed uint64, version string) GradescopeResults {
	res := GradescopeResults{Score: round2(cs.Points), OutputFormat: "md", TestOutputFormat: "text", Visibility: "visible", StdoutVisibility: "hidden",
		ExtraData: map[string]any{"seed": seed, "rjm_version": version, "max_points": round2(cs.MaxPoints)}, Tests: []GradescopeTest{}}
	var out strings.Builder
	fmt.Fprintf(&out, "**%s of %s points**", number64(round2(cs.Points)), number64(round2(cs.MaxPoints)))
	if m := cs.Metadata; m != nil {
		res.ExtraData["submission_id"], res.ExtraData["attempt"], res.ExtraData["late_seconds"] = m.ID, m.Attempt, m.Late.Seconds()
	}
	var unsubmitted []string
	for k, e := range cs.Exercises {
		title := e.Exercise
		if ex, ok := exercise.Lookup(e.Exercise); ok && ex.Problem != "" {
			title = ex.Problem + " (" + e.Exercise + ")"
		}
		if e.Extra {
			title += ", extra credit"
		}
		if e.Grade == nil {
			// Not submitted: no test, which Gradescope would show as
			// failed; the output says so once.
			unsubmitted = append(unsubmitted, e.Exercise)
			continue
		}
		fmt.Fprintf(&out, "; %s %s of %s", e.Exercise, number64(round2(e.Points)), number64(round2(e.MaxPoints)))
		if e.Grade.Capped != "" {
			fmt.Fprintf(&out, " (%s)", e.Grade.Capped)
		}
		scale := 0.0
		if e.Grade.MaxPoints > 0 {
			scale = e.MaxPoints / e.Grade.MaxPoints
		}
		for i, c := range e.Grade.Report.Checks {
			max := e.rubric.Points(c) * scale
			t := GradescopeTest{MaxScore: round4(max), Status: "failed", Name: title + ": " + c.Name, Number: fmt.Sprintf("%d.%d", k+1, i+1),
				Output: stateWords(c), Tags: []string{e.Exercise, string(c.Category)}, Visibility: "visible"}
			if c.State == Passed {
				// A capped exercise's passed checks earn their share of
				// the cap.
				t.Score, t.Status = round4(max*e.Grade.scale()), "passed"
			}
			if c.Output != "" {
				t.Output += "\n\n" + c.Output
			}
			res.Tests = append(res.Tests, t)
		}
	}
	if len(unsubmitted) > 0 {
		fmt.Fprintf(&out, "; not submitted: %s (0 points)", strings.Join(unsubmitted, ", "))
	}
	if cs.Late != "" {
		fmt.Fprintf(&out, "; %s", cs.Late)
	}
	if m := cs.Metadata; m != nil {
		fmt.Fprintf(&out, "; attempt %d", m.Attempt)
	}
	res.Output = out.String() + "."
	return res
}

// stateWords is a check's state and message, the state said once: "pass:
// ...", "fail: ...", "not checked: ..." (whose message starts so).
func stateWords(c Check) string {
	prefix := string(c.State) + ": "
	if strings.HasPrefix(c.Message, prefix) {
		return c.Message
	}
	return prefix + c.Message
}

// round4 rounds points to four decimals, so that the tests' scores add up
// to the score within Gradescope's display.
func round4(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 4, 64), 64)
	return r
}

// WriteGradescope writes results.json.
func (r GradescopeResults) WriteGradescope(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// JUnit XML, as CI systems read it: a test suite per student's exercise,
// a test case per check; a check that fails is a failure, one not checked
// is skipped.
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Name    string       `xml:"name,attr"`
	Tests   int          `xml:"tests,attr"`
	Fails   int          `xml:"failures,attr"`
	Skipped int          `xml:"skipped,attr"`
	Suites  []junitSuite `xml:"testsuite"`
}

// junitSuite is a test suite as Ant's JUnit schema gives it: its
// attributes, then its test cases, then its standard output (here, the
// messages of the checks that pass: a test case holds no system-out).
type junitSuite struct {
	Name      string      `xml:"name,attr"`
	Tests     int         `xml:"tests,attr"`
	Fails     int         `xml:"failures,attr"`
	Errors    int         `xml:"errors,attr"`
	Skipped   int         `xml:"skipped,attr"`
	Time      string      `xml:"time,attr"`
	Cases     []junitCase `xml:"testcase"`
	SystemOut string      `xml:"system-out"`
	SystemErr string      `xml:"system-err"`
}

// junitCase is a test case: its time is the suite's (a check reads runs
// every check shares, so a check's own time is none), "0".
type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

// junitSuiteOf returns the test suite of one report.
func junitSuiteOf(name string, r *Report) junitSuite {
	s := junitSuite{Name: name}
	seconds := 0.0
	for _, d := range r.Details {
		seconds += d.Seconds
	}
	s.Time = strconv.FormatFloat(seconds, 'f', 3, 64)
	var out strings.Builder
	for _, c := range r.Checks {
		jc := junitCase{Name: c.Name, Classname: name + "." + string(c.Category), Time: "0"}
		switch c.State {
		case Failed:
			jc.Failure = &junitMessage{Message: c.Message, Type: string(c.Category), Text: c.Output}
			s.Fails++
		case NotChecked:
			jc.Skipped = &junitMessage{Message: c.Message}
			s.Skipped++
		default:
			fmt.Fprintf(&out, "%s: %s\n", c.Name, c.Message)
		}
		s.Cases = append(s.Cases, jc)
		s.Tests++
	}
	s.SystemOut = out.String()
	return s
}

// writeJUnit writes the suites.
func writeJUnit(w io.Writer, name string, suites []junitSuite) error {
	all := junitSuites{Name: name, Suites: suites}
	for _, s := range suites {
		all.Tests += s.Tests
		all.Fails += s.Fails
		all.Skipped += s.Skipped
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// WriteJUnit writes a report as JUnit XML: one test suite, a test case per
// check.
func (r *Report) WriteJUnit(w io.Writer) error {
	return writeJUnit(w, "rjm grade "+r.Exercise, []junitSuite{junitSuiteOf(r.Exercise, r)})
}

// WriteJUnit writes a class's gradebook as JUnit XML: a test suite per
// student.
func (g *Gradebook) WriteJUnit(w io.Writer) error {
	var suites []junitSuite
	for _, st := range g.Students {
		suites = append(suites, junitSuiteOf(st.Name+"."+g.Exercise, st.Report))
	}
	return writeJUnit(w, "rjm grade "+g.Exercise, suites)
}

// WriteJUnit writes a course's gradebook as JUnit XML: a test suite per
// student's exercise.
func (b *CourseBook) WriteJUnit(w io.Writer) error {
	var suites []junitSuite
	for _, cs := range b.Students {
		for _, e := range cs.Exercises {
			if e.Grade == nil {
				suites = append(suites, junitSuite{Name: cs.ID + "." + e.Exercise, Tests: 1, Fails: 1, Time: "0", Cases: []junitCase{{Name: "program", Classname: cs.ID + "." + e.Exercise, Time: "0",
					Failure: &junitMessage{Message: e.Missing, Type: "missing"}}}})
				continue
			}
			suites = append(suites, junitSuiteOf(cs.ID+"."+e.Exercise, e.Grade.Report))
		}
	}
	return writeJUnit(w, "rjm grade", suites)
}

// Gradescope returns one program's report as Gradescope's results.json,
// its points from rubric (nil: one a check).
func (r *Report) Gradescope(rubric *Rubric, seed uint64, version string) GradescopeResults {
	st := Student{Report: r}
	st.score(rubric)
	e := CourseExercise{Exercise: r.Exercise, Points: st.Points, MaxPoints: st.MaxPoints, Grade: &st, rubric: rubric}
	cs := CourseStudent{Points: st.Points, MaxPoints: st.MaxPoints, Exercises: []CourseExercise{e}}
	return cs.Gradescope(seed, version)
}
