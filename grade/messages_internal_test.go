package grade

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

func TestRunList(t *testing.T) {
	for _, tc := range []struct {
		runs []int
		want string
	}{
		{[]int{4}, "run 4"},
		{[]int{1, 2}, "runs 1 and 2"},
		{[]int{1, 2, 3}, "runs 1–3"},
		{[]int{1, 2, 3, 5}, "runs 1–3 and 5"},
		{[]int{1, 3, 4, 5, 9, 10}, "runs 1, 3–5, 9 and 10"},
	} {
		if got := runList(tc.runs); got != tc.want {
			t.Errorf("runList(%v) = %q, want %q", tc.runs, got, tc.want)
		}
	}
}

// exitError returns the error of a shell that runs script.
func exitError(t *testing.T, script string) error {
	t.Helper()
	err := exec.Command("/bin/sh", "-c", script).Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("sh -c %q: %v, want an exit error", script, err)
	}
	return err
}

// Runs whose transcripts could not be read are named by how they ended:
// an exit status or a signal is an error (see exit), a limit is a limit
// (an outsider's class found crashed runs called "over their limits").
func TestUnreadableRunsSayHowTheyEnded(t *testing.T) {
	status2 := exitError(t, "exit 2")
	segv := exitError(t, "kill -SEGV $$")
	run := func(n int, o outcome) *graded { return &graded{run: n, out: o} }
	for _, tc := range []struct {
		name string
		runs []*graded
		want string
	}{
		{"crashed", []*graded{run(1, outcome{exitErr: status2}), run(2, outcome{exitErr: status2}), run(3, outcome{exitErr: status2})},
			"runs 1–3 ended with exit status 2 before a whole transcript (see exit)"},
		{"a signal", []*graded{run(4, outcome{exitErr: segv})},
			"run 4 was killed by signal: segmentation fault (see exit)"},
		{"limits and not made", []*graded{run(1, outcome{stopped: errCPULimit}), run(2, outcome{stopped: errSkipped}), run(3, outcome{stopped: errSkipped}), run(4, outcome{stopped: errOutputLimit})},
			"run 1 stopped at the CPU time limit (see time); runs 2 and 3 were not made (an earlier run reached the time limit); run 4 stopped at the output limit (see output)"},
		{"read ones are left out", []*graded{run(1, outcome{}), run(2, outcome{stopped: errTimeLimit}), run(3, outcome{exitErr: status2}), {run: 5, out: outcome{exitErr: status2}, complete: true}},
			"run 2 stopped at the wall-clock limit (see time); run 3 ended with exit status 2 before a whole transcript (see exit)"},
	} {
		if got := unreadable(tc.runs); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
		c := &checker{runs: tc.runs}
		if _, note := c.usable(); note != " (not checked: "+tc.want+")" {
			t.Errorf("%s: usable's note %q", tc.name, note)
		}
		if msg := c.nothingChecked(); strings.Contains(msg, "within its limits") || !strings.HasSuffix(msg, tc.want) {
			t.Errorf("%s: nothingChecked %q", tc.name, msg)
		}
	}
}

// A maze's row on a terminal is a line of three numbers or more; an
// answer's echo is not one.
func TestPrintedRows(t *testing.T) {
	for _, tc := range []struct {
		out  string
		want bool
	}{
		{" 7\r\n", false},
		{" 0.1\r\n", false},
		{" 7\r\n3 1 2 4 2\r\n", true},
		{"7\r\n1,2,3,4,5\r\n", true},
		{"", false},
		{"500\r\nTraceback (most recent call last):\r\n  File \"hill.py\", line 3\r\n", false},
		{"50\r\npanic: runtime error: index out of range [24] with length 24\r\n\r\ngoroutine 1 [running]:\r\nmain.main()\r\n\t/tmp/rjm-1/hill_descent.go:80 +0x3a5\r\nexit status 2\r\n", false},
		{"50\r\n[3, 1, 2, 4, 2]\r\n", true},
	} {
		if got := printedRows(tc.out); got != tc.want {
			t.Errorf("printedRows(%q) = %v, want %v", tc.out, got, tc.want)
		}
	}
}

// An exercise no student handed in is said once for the class ("no
// student handed in restarts"), not on every student's line; one some
// students handed in is said for each who did not.
func TestCourseTextSaysAMissingExerciseOnce(t *testing.T) {
	graded := func(n string) CourseExercise {
		return CourseExercise{Exercise: n, Points: 20, MaxPoints: 20, Grade: &Student{Report: &Report{}}}
	}
	missing := func(n string) CourseExercise {
		return CourseExercise{Exercise: n, MaxPoints: 20, Missing: "no program for it was found"}
	}
	b := &CourseBook{Exercises: []string{"representation", "evaluation", "restarts", "uphill"}, Students: []CourseStudent{
		{ID: "1", Name: "Ana", Exercises: []CourseExercise{graded("representation"), graded("evaluation"), missing("restarts"), missing("uphill")}},
		{ID: "2", Name: "Ben", Exercises: []CourseExercise{graded("representation"), missing("evaluation"), missing("restarts"), missing("uphill")}},
	}}
	text := b.Text()
	if strings.Count(text, "no student handed in restarts, uphill\n") != 1 {
		t.Errorf("the class's line is not said once:\n%s", text)
	}
	var found []string
	for _, l := range strings.Split(text, "\n") {
		if _, what, ok := strings.Cut(l, "no program found for "); ok {
			found = append(found, what)
		}
	}
	if len(found) != 1 || found[0] != "evaluation" || !strings.Contains(text, "Ben (2)  ") || strings.Index(text, "no program found") < strings.Index(text, "Ben (2)") {
		t.Errorf("want Ben alone told \"no program found for evaluation\", got %q:\n%s", found, text)
	}
}
