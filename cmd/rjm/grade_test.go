package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A student's hill descent that prints the assignment's 19-move maze
// whatever it is asked, exactly in the assignment's format, and one whose
// prompt ends in a line break.
const (
	goodHill = `printf 'Iterations? '
read iterations
printf '3 2 1 4 1\n3 2 1 3 3\n3 3 2 1 4\n3 1 2 3 3\n1 4 4 3 0\n\n'
printf 'Moves from start:\n 0  5 11  1 17\n 4 13 12  3 18\n 8  6 10  9  7\n 1 14 15  2 16\n 3  4 11  2 19\n\n-19\n'
`
	printlnHill = `printf 'Iterations? \n'
read iterations
printf '3 2 1 4 1\n3 2 1 3 3\n3 3 2 1 4\n3 1 2 3 3\n1 4 4 3 0\n\n'
printf 'Moves from start:\n 0  5 11  1 17\n 4 13 12  3 18\n 8  6 10  9  7\n 1 14 15  2 16\n 3  4 11  2 19\n\n-19\n'
`
)

func TestGrade(t *testing.T) {
	dir := t.TempDir()
	for name, script := range map[string]string{"ada": goodHill, "bob": printlnHill} {
		if err := os.MkdirAll(filepath.Join(dir, "class", name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "class", name, "hill.sh"), []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	flags := []string{"--runs", "8", "--iterations", "300"}

	// One program: a report, exit status 0 when every check passes, 1
	// when one fails.
	args := append([]string{"grade", "hill-descent"}, flags...)
	out, errs, code := rjmRun(t, "", append(args, "--", "sh", filepath.Join(dir, "class", "ada", "hill.sh"))...)
	if code != 0 || !strings.HasPrefix(out, "hill-descent: PASS") || !strings.Contains(out, "✓ search") {
		t.Errorf("status %d, stderr %q\n%s", code, errs, out)
	}
	out, errs, code = rjmRun(t, "", append(append(args, "--json"), "--", "sh", filepath.Join(dir, "class", "bob", "hill.sh"))...)
	var r struct {
		Exercise string
		Pass     bool
		Runs     int
		Checks   []struct {
			Name, Category, Message string
			Pass                    bool
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 1 || r.Pass || r.Runs != 8 || r.Exercise != "hill-descent" {
		t.Fatalf("status %d, %v, stderr %q\n%s", code, err, errs, out)
	}
	for _, c := range r.Checks {
		if c.Pass == (c.Name == "prompts") {
			t.Errorf("%+v", c)
		}
	}
	if !strings.Contains(errs, "rjm: grade: the program fails 1 of 11 checks") {
		t.Errorf("stderr %q", errs)
	}

	// A class: one line a student, a CSV and a JSON gradebook.
	book := filepath.Join(dir, "book")
	args = append(args, "--each", filepath.Join(dir, "class", "*")+"/", "--gradebook", book, "--", "sh", "hill.sh")
	out, errs, code = rjmRun(t, "", args...)
	if code != 1 || !strings.Contains(out, "✓ ada") || !strings.Contains(out, "✗ bob  fails prompts") || !strings.Contains(errs, "1 of 2 students fail") {
		t.Errorf("status %d, stderr %q\n%s", code, errs, out)
	}
	f, err := os.Open(book + ".csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 3 || rows[0][0] != "student" || rows[0][2] != "prompts" || rows[1][0] != "ada" || rows[1][1] != "pass" || rows[2][2] != "fail" {
		t.Errorf("%v %q", err, rows)
	}
	data, err := os.ReadFile(book + ".json")
	var g struct{ Students []struct{ Name string } }
	if err != nil || json.Unmarshal(data, &g) != nil || len(g.Students) != 2 {
		t.Errorf("%v %s", err, data)
	}
}

// Bad usage exits with status 2 and one line.
func TestGradeUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"grade", "hill-descent", "sh", "x.sh"}, "want -- and the student's COMMAND"},
		{[]string{"grade", "hill-descent", "--"}, "want the student's COMMAND after --"},
		{[]string{"grade", "juggling", "--", "sh"}, `unknown exercise "juggling"`},
		{[]string{"grade", "hill-descent", "--runs", "0", "--", "sh"}, "--runs 0: want at least 1"},
		{[]string{"grade", "hill-descent", "--timeout", "-1s", "--", "sh"}, "want a positive duration"},
		{[]string{"grade", "hill-descent", "--", "no-such-program-here"}, "not found in PATH"},
		{[]string{"grade", "hill-descent", "--each", "/no/such/*/", "--", "sh"}, "matches no folder"},
		{[]string{"grade", "hill-descent", "--gradebook", "x", "--", "sh"}, "--gradebook needs --each"},
	} {
		_, errs, code := rjmRun(t, "", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q", tc.args, code, errs)
		}
	}
}
