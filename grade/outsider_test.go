package grade_test

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rjm/grade"
)

// outsiderVerdict is what testdata/outsider-class/EXPECTED.md says of one
// student's exercise, as corrected by RESULTS.md: the checks that must
// fail (none: the exercise passes), the checks that may fail besides
// them, and words the message of a failing check must hold.
type outsiderVerdict struct {
	id, exercise string
	fail         []string
	may          []string
	says         map[string]string // check → words its message must hold
}

// outsiderClass is the table of EXPECTED.md: 12 students in seven
// languages, 25 exercises, 12 that must pass and 13 that must fail.
var outsiderClass = []outsiderVerdict{
	{id: "2001", exercise: "representation"},
	{id: "2001", exercise: "evaluation"},
	{id: "2001", exercise: "hill-descent"},
	// An unflushed prompt fails the terminal run although the teacher's
	// shell may set PYTHONUNBUFFERED=1.
	{id: "2002", exercise: "representation", fail: []string{"terminal"}},
	// Everything printed on standard error, and the student told so: a
	// format slip, its transcripts read there (issue 51).
	{id: "2002", exercise: "evaluation", fail: []string{"layout"},
		says: map[string]string{"layout": "standard error"}},
	// A clock seed that ticks once a second is not a constant seed.
	{id: "2003", exercise: "representation"},
	// A random walk that never undoes a worse step.
	{id: "2003", exercise: "hill-descent", fail: []string{"search"}, may: []string{"jumps"}},
	// Jumps up to one more than the farthest edge.
	{id: "2004", exercise: "representation", fail: []string{"legal"}, may: []string{"uniform"},
		says: map[string]string{"legal": "which has no move"}},
	// BFS that starts at depth 1.
	{id: "2004", exercise: "evaluation", fail: []string{"depths", "objective"}},
	{id: "2005", exercise: "representation"},
	// new Random(42): every run prints the same maze, named in Java's words.
	{id: "2005", exercise: "evaluation", fail: []string{"uniform"},
		says: map[string]string{"uniform": "new Random(42)"}},
	{id: "2006", exercise: "evaluation"},
	// A complete transcript, then System.exit(1): only exit fails.
	{id: "2006", exercise: "hill-descent", fail: []string{"exit"},
		says: map[string]string{"exit": "after a complete transcript"}},
	{id: "2007", exercise: "representation"},
	// A panic mid-run, quoted with the student's file and line.
	{id: "2007", exercise: "hill-descent", fail: []string{"exit"},
		says: map[string]string{"exit": "hill_descent.go:80"}},
	{id: "2008", exercise: "representation"},
	{id: "2008", exercise: "hill-descent"},
	{id: "2009", exercise: "evaluation"},
	{id: "2009", exercise: "hill-descent"},
	// fs.readFileSync(0) before the first prompt: waits on a terminal.
	{id: "2010", exercise: "representation", fail: []string{"terminal"}},
	// Depths not right-justified in two characters.
	{id: "2010", exercise: "evaluation", fail: []string{"layout"}, may: []string{"depths"}},
	// 4 and 11 accepted, not asked again.
	{id: "2011", exercise: "representation", fail: []string{"reprompt"}, may: []string{"size"}},
	// The goal's depth printed as the objective, not its negation.
	{id: "2011", exercise: "evaluation", fail: []string{"objective"},
		says: map[string]string{"objective": "the assignment asks for -"}},
	// print! without a flush.
	{id: "2012", exercise: "representation", fail: []string{"terminal"}},
	{id: "2012", exercise: "evaluation"},
}

// outsiderLanguages are each student's language, as Detect names it.
var outsiderLanguages = map[string]string{
	"2001": "python", "2002": "python", "2003": "c", "2004": "c", "2005": "java", "2006": "java",
	"2007": "go", "2008": "rust", "2009": "javascript", "2010": "javascript", "2011": "c++", "2012": "rust",
}

// outsiderTools are the commands each language needs.
var outsiderTools = map[string][]string{
	"python": {"python3"}, "c": {"cc"}, "c++": {"c++"}, "java": {"javac", "java"}, "go": {"go"},
	"rust": {"rustc"}, "javascript": {"node"},
}

// outsiderFiles lists the files and folders under dir, relative to it.
func outsiderFiles(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		names = append(names, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// An outsider's class (testdata/outsider-class: 12 students in Python, C,
// C++, Java, Go, Rust and JavaScript, two or three exercises each, a roster),
// written from the assignment alone with its verdicts written first
// (EXPECTED.md), graded as one course in one call: every student's
// exercise gets the verdict the teacher expected, failing exactly the
// checks named, with the feedback the teaching guide promises; the Go
// and Rust students are built in the sandbox, and nothing is left in a
// student's folder. Minutes: RJM_LONG=1. A student whose toolchain is
// missing is left out (under CI=true, the test fails instead).
func TestOutsiderClass(t *testing.T) {
	if os.Getenv("RJM_LONG") == "" {
		t.Skip("set RJM_LONG=1 to grade the outsider's class (minutes)")
	}
	root := filepath.Join(t.TempDir(), "outsider-class")
	if err := os.CopyFS(root, os.DirFS(filepath.Join("testdata", "outsider-class"))); err != nil {
		t.Fatal(err)
	}
	before := outsiderFiles(t, root)

	f, err := os.Open(filepath.Join(root, "roster.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all, err := grade.ReadRoster("roster.csv", f, root)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(outsiderLanguages) {
		t.Fatalf("the roster has %d students, want %d", len(all), len(outsiderLanguages))
	}
	var roster []grade.Enrolment
	graded := map[string]bool{}
	for _, e := range all {
		lang, ok := outsiderLanguages[e.ID]
		if !ok {
			t.Fatalf("student %s is not in the table", e.ID)
		}
		missing := ""
		for _, c := range outsiderTools[lang] {
			if _, err := exec.LookPath(c); err != nil {
				missing = c
			}
		}
		if missing != "" {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not on the PATH (student %s, %s)", missing, e.ID, lang)
			}
			t.Logf("student %s (%s) left out: %s is not on the PATH", e.ID, lang, missing)
			continue
		}
		roster = append(roster, e)
		graded[e.ID] = true
	}
	if len(roster) == 0 {
		t.Skip("no student's toolchain is on the PATH")
	}

	// The budget of RESULTS.md: a few minutes on a loaded machine.
	s := grade.Settings{Runs: 30, Iterations: 500, Seed: 1}
	b, err := grade.Course(context.Background(), s, roster, grade.CourseRubric(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", b.Text())

	students := map[string]*grade.CourseStudent{}
	for i := range b.Students {
		students[b.Students[i].ID] = &b.Students[i]
	}
	handedIn := map[string][]string{}
	for _, v := range outsiderClass {
		handedIn[v.id] = append(handedIn[v.id], v.exercise)
		if !graded[v.id] {
			continue
		}
		cs := students[v.id]
		if cs == nil {
			t.Errorf("student %s is not in the gradebook", v.id)
			continue
		}
		name := v.id + " " + cs.Name + " " + v.exercise
		e, ok := cs.Exercise(v.exercise)
		if !ok || e.Grade == nil || e.Grade.Report == nil {
			t.Errorf("%s: not graded (%+v)", name, e)
			continue
		}
		if want := outsiderLanguages[v.id]; e.Grade.Language != want {
			t.Errorf("%s: language %q, want %q", name, e.Grade.Language, want)
		}
		var failed []string
		for _, ck := range e.Grade.Report.Checks {
			if ck.State == grade.Failed {
				failed = append(failed, ck.Name)
			}
		}
		for _, c := range v.fail {
			if !slices.Contains(failed, c) {
				ck, _ := e.Grade.Report.Check(c)
				t.Errorf("%s: check %s %s, want fail: %s", name, c, ck.State, ck.Message)
			}
		}
		for _, c := range failed {
			if !slices.Contains(v.fail, c) && !slices.Contains(v.may, c) {
				ck, _ := e.Grade.Report.Check(c)
				t.Errorf("%s: check %s fails, want it not to: %s", name, c, ck.Message)
			}
		}
		for c, words := range v.says {
			if ck, _ := e.Grade.Report.Check(c); !strings.Contains(ck.Message, words) {
				t.Errorf("%s: check %s says %q, want it to say %q", name, c, ck.Message, words)
			}
		}
		if len(v.fail) == 0 && e.Points == 0 {
			t.Errorf("%s passes, with 0 points", name)
		}
		// One failing check costs its own points, not the others', save
		// for a program none of whose runs ended well (gus's hill descent
		// panics in nearly every run): only a pass earns points.
		tc, _ := e.Grade.Report.Check("time")
		ranWell := !strings.Contains(tc.Message, "no run ended well")
		if len(v.fail) > 0 && (e.Points <= 0 && ranWell || e.Points >= e.MaxPoints) {
			t.Errorf("%s: %v of %v points, want partial credit", name, e.Points, e.MaxPoints)
		}
	}
	// The exercises found are the ones handed in, no more.
	for id, want := range handedIn {
		cs := students[id]
		if cs == nil {
			continue
		}
		var got []string
		for _, e := range cs.Exercises {
			if e.Grade != nil {
				got = append(got, e.Exercise)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("student %s: exercises graded %q, want %q", id, got, want)
		}
	}
	if after := outsiderFiles(t, root); !slices.Equal(before, after) {
		t.Errorf("grading changed the class's files:\nbefore %q\nafter  %q", before, after)
	}
}
