package grade

import (
	"encoding/csv"
	"encoding/xml"
	"strconv"
	"strings"
	"testing"
)

// lmsBook is a course of two students under a rubric of representation
// (80 points) and evaluation (20), with annealing 20 points of extra
// credit: ada has every point and the extra credit (120 of 100 in all),
// bob a failed and an unchecked check of representation and no
// evaluation.
func lmsBook() *CourseBook {
	rubric := &Rubric{Exercises: map[string]float64{"representation": 80, "evaluation": 20}, Extra: map[string]float64{"annealing": 20}}
	report := func(ex string, states ...State) *Report {
		r := &Report{Exercise: ex, Details: []RunDetail{{Run: 1, Seconds: 0.25}}}
		for i, st := range states {
			c := newCheck([]string{"layout", "size", "legal"}[i], Maze, st, string(st)+" message")
			if st == Failed {
				c.Output = "what it printed"
			}
			r.Checks = append(r.Checks, c)
		}
		r.Pass = len(r.Failed()) == 0 && len(r.Unchecked()) == 0
		return r
	}
	grade := func(ex string, r *Report) CourseExercise {
		st := &Student{Name: "x", Report: r}
		st.score(rubric)
		e := CourseExercise{Exercise: ex, Grade: st, Extra: rubric.extra(ex), rubric: rubric, MaxPoints: rubric.exercisePoints(ex, st.MaxPoints)}
		e.Points = e.MaxPoints * st.Points / st.MaxPoints
		return e
	}
	total := func(cs *CourseStudent) {
		for _, e := range cs.Exercises {
			cs.Points += e.Points
			if !e.Extra {
				cs.MaxPoints += e.MaxPoints
			}
		}
	}
	ada := CourseStudent{ID: "1", Name: "Ada", Exercises: []CourseExercise{
		grade("representation", report("representation", Passed, Passed, Passed)),
		grade("evaluation", report("evaluation", Passed, Passed, Passed)),
		grade("annealing", report("annealing", Passed, Passed, Passed)),
	}}
	bob := CourseStudent{ID: "2", Name: "Bob", Exercises: []CourseExercise{
		grade("representation", report("representation", Passed, Failed, NotChecked)),
		{Exercise: "evaluation", MaxPoints: 20, Missing: "no program for it was found"},
	}}
	total(&ada)
	total(&bob)
	return &CourseBook{Seed: 1, Version: "abc123", Exercises: []string{"representation", "evaluation", "annealing"}, Rubric: rubric, Students: []CourseStudent{ada, bob}}
}

// Canvas's import: an extra-credit column has 0 points possible, so that
// Canvas adds its points without making it a required assignment.
func TestCanvasExtraCreditIsAZeroPointColumn(t *testing.T) {
	var b strings.Builder
	if err := lmsBook().WriteCSV(&b, CSVCanvas); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if rows[1][0] != "Points Possible" {
		t.Fatalf("%q", rows[1])
	}
	for i, h := range rows[0][5:] {
		want := "20"
		switch {
		case strings.Contains(h, "Extra Credit"):
			want = "0"
		case strings.Contains(h, "representation"):
			want = "80"
		}
		if rows[1][5+i] != want {
			t.Errorf("%s: %s points possible, want %s", h, rows[1][5+i], want)
		}
	}
}

// Moodle's import: points within max_points (Moodle refuses a grade above
// the item's maximum unless the site allows unlimited grades), extra
// credit beyond it in extra_points.
func TestMoodlePointsWithinTheMaximum(t *testing.T) {
	var b strings.Builder
	if err := lmsBook().WriteCSV(&b, CSVPlain); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, row := range rows[1:] {
		p, _ := strconv.ParseFloat(row[col["points"]], 64)
		m, _ := strconv.ParseFloat(row[col["max_points"]], 64)
		x, _ := strconv.ParseFloat(row[col["extra_points"]], 64)
		if p > m {
			t.Errorf("%s: %v points of %v", row[0], p, m)
		}
		if row[0] == "1" && (p != 100 || x != 20) {
			t.Errorf("ada: %v points, %v extra; want 100 and 20", p, x)
		}
	}
}

// JUnit XML by Ant's schema: every testcase has a time, every failure a
// type, no testcase holds system-out (the suite does), and the suite's
// counts are its cases'.
func TestJUnitFollowsAntsSchema(t *testing.T) {
	var b strings.Builder
	if err := lmsBook().WriteJUnit(&b); err != nil {
		t.Fatal(err)
	}
	type failure struct {
		Message string  `xml:"message,attr"`
		Type    *string `xml:"type,attr"`
	}
	type testcase struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		Time      *string  `xml:"time,attr"`
		Failure   *failure `xml:"failure"`
		SystemOut *string  `xml:"system-out"`
		SystemErr *string  `xml:"system-err"`
	}
	type testsuite struct {
		Name      string     `xml:"name,attr"`
		Tests     int        `xml:"tests,attr"`
		Failures  int        `xml:"failures,attr"`
		Errors    *int       `xml:"errors,attr"`
		Time      *string    `xml:"time,attr"`
		Cases     []testcase `xml:"testcase"`
		SystemOut *string    `xml:"system-out"`
	}
	var doc struct {
		XMLName xml.Name    `xml:"testsuites"`
		Suites  []testsuite `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(b.String()), &doc); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	failures := 0
	for _, s := range doc.Suites {
		if s.Time == nil || s.Errors == nil || s.SystemOut == nil || s.Tests != len(s.Cases) {
			t.Errorf("suite %s: time %v, errors %v, system-out %v, %d tests of %d cases", s.Name, s.Time, s.Errors, s.SystemOut, s.Tests, len(s.Cases))
		}
		n := 0
		for _, c := range s.Cases {
			if c.Time == nil {
				t.Errorf("%s %s: no time", s.Name, c.Name)
			} else if _, err := strconv.ParseFloat(*c.Time, 64); err != nil {
				t.Errorf("%s %s: time %q", s.Name, c.Name, *c.Time)
			}
			if c.SystemOut != nil || c.SystemErr != nil {
				t.Errorf("%s %s: system-out inside a testcase", s.Name, c.Name)
			}
			if c.Failure != nil {
				n++
				if c.Failure.Type == nil || *c.Failure.Type == "" {
					t.Errorf("%s %s: a failure without a type", s.Name, c.Name)
				}
			}
		}
		if n != s.Failures {
			t.Errorf("suite %s: failures %d, %d cases fail", s.Name, s.Failures, n)
		}
		failures += n
	}
	if failures != 2 { // bob's size, and his evaluation missing
		t.Errorf("%d failures, want 2\n%s", failures, b.String())
	}
}
