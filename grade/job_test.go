package grade_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"rjm/exercise"
	"rjm/fault"
	"rjm/grade"
)

// defaults are rjm grade's settings when no flag is given.
var defaults = grade.Settings{Runs: grade.DefaultRuns, Iterations: grade.DefaultIterations, Significance: grade.DefaultSignificance}

// A job is checked as a whole before it runs, and its messages name the
// settings as the front end does.
func ExampleJob_Check() {
	j := grade.Job{Settings: grade.Settings{Runs: 0}, Exercise: "hill-descent", Name: func(s string) string { return "--" + s }}
	fmt.Println(j.Check())
	j = grade.Job{Settings: defaults, Exercise: "hill-descent", Gradebook: "book"}
	fmt.Println(j.Check())
	j = grade.Job{Settings: defaults, Exercise: "juggling"}
	err := j.Check()
	fmt.Println(errors.Is(err, exercise.ErrUnknown), fault.Is(err))
	// Output:
	// --runs 0: want at least 1
	// gradebook needs each, roster or submission
	// true true
}

// Folders keeps the folders a pattern matches, sorted, with a shell's
// trailing slash; no folder is the user's fault.
func TestFolders(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"bob", "ada"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := grade.Folders(dir + "/*/")
	if want := []string{filepath.Join(dir, "ada"), filepath.Join(dir, "bob")}; err != nil || !slices.Equal(got, want) {
		t.Errorf("%v, %v; want %v", got, err, want)
	}
	if _, err := grade.Folders(filepath.Join(dir, "none*")); !fault.Is(err) {
		t.Errorf("no folder: %v", err)
	}
	if _, err := grade.Submission(filepath.Join(dir, "notes.txt")); !fault.Is(err) {
		t.Errorf("a file as a submission: %v", err)
	}
	if _, err := grade.LoadRubric(filepath.Join(dir, "no.toml"), false); !fault.Is(err) {
		t.Errorf("no rubric file: %v", err)
	}
}

// A report's verdict counts what failed.
func TestVerdicts(t *testing.T) {
	g := &grade.Gradebook{Students: []grade.Student{{Pass: true}, {}}}
	if err := g.Verdict(); err == nil || err.Error() != "1 of 2 students do not pass every check" {
		t.Error(err)
	}
	b := &grade.CourseBook{Students: []grade.CourseStudent{{Points: 3, MaxPoints: 3}}}
	if err := b.Verdict(); err != nil {
		t.Error(err)
	}
}
