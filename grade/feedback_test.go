package grade_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/grade"
)

var update = flag.Bool("update", false, "rewrite the golden feedback in testdata/feedback")

// Feedback in the student's terms: every failed or unchecked check of a
// planted bug says what the program did and what the assignment asks
// ("your program printed depth 1 for cell (1,1), which the start reaches
// in 0 jumps at the fewest; the assignment asks for the fewest jumps"),
// and the statistics' names (p, χ², Hodges–Lehmann, Mann–Whitney) come
// only after "For the teacher:", which feedback released with --hide
// leaves out. The checks' messages (the limits' aside: they hold run
// times) are golden, in testdata/feedback (go test -update rewrites
// them).
func TestFeedbackInTheStudentsTerms(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	statistics := []string{"p =", "χ²", "Hodges", "Mann", "p-value", "degrees of freedom", "rjm's"}
	for _, tc := range []struct{ name, bug string }{
		{"evaluation", "depth"},
		{"evaluation", "negunreachable"},
		{"representation", "offboard"},
		{"hill-descent", "nosearch"},
		{"uphill", "refuse"},
	} {
		t.Run(tc.name+"/"+tc.bug, func(t *testing.T) {
			t.Parallel()
			s := small(student(t, "go", tc.name, tc.bug))
			s.Workers = 1
			r, err := grade.Run(context.Background(), tc.name, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, c := range r.Checks {
				if c.Category == grade.Limits || c.State == grade.Passed {
					continue
				}
				fmt.Fprintf(&b, "%s %s: %s\n", c.Name, c.State, c.Message)
				student, _, _ := strings.Cut(c.Message, ". For the teacher:")
				if !strings.Contains(student, "your program") && !strings.HasPrefix(student, "not checked") {
					t.Errorf("%s: %q does not say what the program did", c.Name, student)
				}
				for _, w := range statistics {
					if strings.Contains(student, w) {
						t.Errorf("%s: %q names %q before the teacher's part", c.Name, student, w)
					}
				}
			}
			if b.Len() == 0 {
				t.Fatalf("no check fails:\n%s", r.Text())
			}
			golden(t, filepath.Join("testdata", "feedback", tc.name+"-"+tc.bug+".golden"), b.String())
		})
	}
}

// golden compares got with the file at path, or rewrites it under
// -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
