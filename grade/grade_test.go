package grade_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rjm/exercise"
	"rjm/grade"
)

// The students: testdata/students holds one program in Go (gostudent,
// compiled once per test binary) and one in Python (student.py), each
// doing every exercise of the assignment, written without rjm's code, with
// planted bugs chosen by a second argument.
var goStudent string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "rjm-grade-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	goStudent = filepath.Join(dir, "gostudent")
	if out, err := exec.Command("go", "build", "-o", goStudent, "./testdata/students/gostudent").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the Go student: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// student returns the command of a student's program in lang ("go" or
// "python") for an exercise, with a planted bug or none ("").
func student(t testing.TB, lang, name, bug string) []string {
	t.Helper()
	var cmd []string
	switch lang {
	case "go":
		cmd = []string{goStudent, name}
	case "python":
		if _, err := exec.LookPath("python3"); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal("python3 is not on the PATH")
			}
			t.Skip("python3 is not on the PATH")
		}
		cmd = []string{"python3", "testdata/students/student.py", name}
	}
	if bug != "" {
		cmd = append(cmd, bug)
	}
	return cmd
}

// small is the settings of the normal tests: a small budget, ten runs.
func small(cmd []string) grade.Settings {
	return grade.Settings{Command: cmd, Iterations: 300, Seed: 1, Timeout: 20 * time.Second}
}

// A correct program passes every check, in both languages, for every
// exercise.
func TestCorrectProgramsPass(t *testing.T) {
	for _, lang := range []string{"go", "python"} {
		for _, name := range exercise.Names {
			t.Run(lang+"/"+name, func(t *testing.T) {
				r, err := grade.Run(context.Background(), name, small(student(t, lang, name, "")), nil)
				if err != nil {
					t.Fatal(err)
				}
				if !r.Pass {
					t.Errorf("a correct program fails:\n%s", r.Text())
				}
				t.Logf("\n%s", r.Text())
			})
		}
	}
}

// Each planted bug fails a check of its category, and only of the
// categories it touches.
func TestPlantedBugsFail(t *testing.T) {
	for _, tc := range []struct {
		lang, name, bug string
		check           string         // the check that must fail
		others          grade.Category // another category allowed to fail
	}{
		{"python", "hill-descent", "println", "prompts", ""},
		{"go", "restarts", "println", "prompts", ""},
		{"go", "evaluation", "depth", "depths", ""},
		{"python", "evaluation", "depth", "depths", ""},
		{"go", "evaluation", "positive", "objective", ""},
		{"python", "evaluation", "positive", "objective", ""},
		{"go", "representation", "offboard", "legal", ""},
		{"python", "representation", "offboard", "legal", ""},
		{"go", "representation", "ones", "uniform", ""},
		{"python", "evaluation", "ones", "uniform", ""},
		{"go", "hill-descent", "nosearch", "search", ""},
		{"python", "annealing", "nosearch", "search", ""},
		{"go", "uphill", "randomwalk", "search", ""},
		{"python", "hill-descent", "hang", "time", grade.Format},
		{"go", "evaluation", "crash", "exit", grade.Format},
		{"python", "restarts", "crash", "exit", grade.Format},
		{"go", "representation", "flood", "output", grade.Format},
	} {
		t.Run(tc.lang+"/"+tc.name+"/"+tc.bug, func(t *testing.T) {
			s := small(student(t, tc.lang, tc.name, tc.bug))
			if tc.check == "time" {
				s.Runs, s.Timeout = 2, time.Second
			}
			start := time.Now()
			r, err := grade.Run(context.Background(), tc.name, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v\n%s", time.Since(start), r.Text())
			c, ok := r.Check(tc.check)
			if !ok || c.Pass || r.Pass {
				t.Fatalf("check %s: %+v", tc.check, c)
			}
			for _, f := range r.Failed() {
				if f.Category != c.Category && f.Category != tc.others && tc.others != grade.Format {
					t.Errorf("%s also fails %s: %s", tc.bug, f.Name, f.Message)
				}
			}
		})
	}
}

// No correct program is ever failed: the Go and the Python student pass
// every check of every exercise at the default settings (10 runs, 3,000
// iterations) under 50 seeds. Long: it runs only with RJM_LONG=1, and
// never under -short (about ten minutes on two cores).
func TestCorrectProgramsPass50Seeds(t *testing.T) {
	if testing.Short() || os.Getenv("RJM_LONG") != "1" {
		t.Skip("long: set RJM_LONG=1 to run")
	}
	for _, lang := range []string{"go", "python"} {
		for _, name := range exercise.Names {
			worst := 1.0
			for seed := uint64(1); seed <= 50; seed++ {
				r, err := grade.Run(context.Background(), name, grade.Settings{Command: student(t, lang, name, ""), Seed: seed}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !r.Pass {
					t.Errorf("%s %s, seed %d: a correct program fails:\n%s", lang, name, seed, r.Text())
				}
				for _, c := range r.Checks {
					if p := pValue(c.Message); c.Name == "search" || c.Name == "uniform" {
						worst = min(worst, p)
					}
				}
			}
			t.Logf("%s %s: 50 seeds pass; the smallest p-value %.3g", lang, name, worst)
		}
	}
}

// pValue reads the p-value a statistical check's message states, or 1.
func pValue(msg string) float64 {
	_, after, ok := strings.Cut(msg, "p = ")
	if !ok {
		return 1
	}
	var p float64
	if _, err := fmt.Sscan(strings.Fields(after)[0], &p); err != nil {
		return 1
	}
	return p
}
