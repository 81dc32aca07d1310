package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// goStudent builds grade's test student (testdata/students/gostudent: a
// Go program for every exercise, with planted bugs by name) into dir.
func goStudent(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "gostudent")
	if out, err := exec.Command("go", "build", "-o", bin, "../../grade/testdata/students/gostudent").CombinedOutput(); err != nil {
		t.Fatalf("building the Go student: %v\n%s", err, out)
	}
	return bin
}

func TestGrade(t *testing.T) {
	dir := t.TempDir()
	bin := goStudent(t, dir)
	// ada is correct, bob prints a line break after the prompt, cid's C
	// program does not compile.
	for name, files := range map[string]map[string]string{
		"ada": {"run": "exec " + bin + " hill-descent\n"},
		"bob": {"run": "exec " + bin + " hill-descent println\n"},
		"cid": {"hill.c": "int main(void) { return 0 }\n"},
	} {
		if err := os.MkdirAll(filepath.Join(dir, "class", name), 0o755); err != nil {
			t.Fatal(err)
		}
		for file, text := range files {
			if err := os.WriteFile(filepath.Join(dir, "class", name, file), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	flags := []string{"--iterations", "300"}

	// One program: a report, exit status 0 when every check passes, 1
	// when one fails.
	args := append([]string{"grade", "hill-descent"}, flags...)
	out, errs, code := rjmRun(t, "", append(args, "--", bin, "hill-descent")...)
	if code != 0 || !strings.HasPrefix(out, "hill-descent: PASS") || !strings.Contains(out, "✓ search") {
		t.Errorf("status %d, stderr %q\n%s", code, errs, out)
	}
	out, errs, code = rjmRun(t, "", append(append(args, "--json", "--runs", "10"), "--", bin, "hill-descent", "println")...)
	var r struct {
		Exercise string
		Pass     bool
		Runs     int
		Checks   []struct {
			Name, Category, Message, State string
			Stats                          *struct{ P float64 }
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 1 || r.Pass || r.Runs != 10 || r.Exercise != "hill-descent" {
		t.Fatalf("status %d, %v, stderr %q\n%s", code, err, errs, out)
	}
	for _, c := range r.Checks {
		if (c.State == "fail") != (c.Name == "prompts") {
			t.Errorf("%+v", c)
		}
		if c.Name == "search" && c.Stats == nil {
			t.Errorf("search without its figures: %+v", c)
		}
	}
	if !strings.Contains(errs, "rjm: the program fails 1 of 14 checks") {
		t.Errorf("stderr %q", errs)
	}

	// A class: each folder's program detected (a run script, a C
	// program), one line a student, a CSV and a JSON gradebook, points
	// from a rubric, a feedback file a student.
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	book := filepath.Join(dir, "book")
	rubric := filepath.Join(dir, "r.toml")
	// search 4, the other checks their weights (27 in all).
	if err := os.WriteFile(rubric, []byte("[checks]\nsearch = 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	feedback := filepath.Join(dir, "feedback")
	args = append(args, "--each", filepath.Join(dir, "class", "*")+"/", "--gradebook", book, "--rubric", rubric, "--feedback", feedback)
	out, errs, code = rjmRun(t, "", args...)
	if code != 1 || !strings.Contains(out, "✓ ada    27/27") || !strings.Contains(out, "✗ bob") || !strings.Contains(out, "fails prompts") ||
		!strings.Contains(out, "✗ cid     0/27  fails build") || !strings.Contains(out, "hill.c:1") || !strings.Contains(errs, "2 of 3 students do not pass") {
		t.Errorf("status %d, stderr %q\n%s", code, errs, out)
	}
	f, err := os.Open(book + ".csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 4 || strings.Join(rows[0][:6], ",") != "student,points,max_points,seed,rjm_version,build" ||
		rows[1][0] != "ada" || rows[1][1] != "27" || rows[1][5] != "" || rows[3][5] != "fail" || rows[3][6] != "not checked" {
		t.Errorf("%v %q", err, rows)
	}
	data, err := os.ReadFile(book + ".json")
	var g struct{ Students []struct{ Name string } }
	if err != nil || json.Unmarshal(data, &g) != nil || len(g.Students) != 3 {
		t.Errorf("%v %s", err, data)
	}
	md, err := os.ReadFile(filepath.Join(feedback, "bob.md"))
	if err != nil || !strings.Contains(string(md), "◀ line 1: prompts") || !strings.Contains(string(md), "| ✗ | prompts | format |") {
		t.Errorf("%v\n%s", err, md)
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
		{[]string{"grade", "hill-descent", "--significance", "0", "--", "sh"}, "--significance 0: want a rate above 0 and below 1"},
		{[]string{"grade", "hill-descent", "--significance", "1.5", "--", "sh"}, "--significance 1.5: want a rate above 0 and below 1"},
		{[]string{"grade", "hill-descent", "--significance", "NaN", "--", "sh"}, "--significance NaN: want a rate above 0 and below 1"},
		{[]string{"grade", "hill-descent", "--", "no-such-program-here"}, "not found in PATH"},
		{[]string{"grade", "hill-descent", "--each", "/no/such/*/", "--", "sh"}, "matches no folder"},
		{[]string{"grade", "hill-descent", "--gradebook", "x", "--", "sh"}, "--gradebook needs --each"},
		{[]string{"grade", "hill-descent", "--feedback", "x", "--", "sh"}, "--feedback needs --each, --roster or --submission"},
		{[]string{"grade", "--each", "class/*/"}, "want an EXERCISE, one of representation, evaluation, hill-descent, restarts, uphill, annealing, with --each (then, optionally,"},
		{[]string{"grade", "hill-descent", "--roster", "r.csv"}, "want no EXERCISE with --roster or --submission"},
		{[]string{"grade", "--roster", "/no/such.csv"}, "--roster: cannot open /no/such.csv"},
		{[]string{"grade", "--submission", "/no/such/folder"}, `--submission: "/no/such/folder": not a folder`},
		{[]string{"grade", "hill-descent", "--format", "xml", "--", "sh"}, `--format "xml": want text, json, gradescope or junit`},
		{[]string{"grade", "hill-descent", "--each", "/tmp/", "--format", "gradescope"}, "--format gradescope grades one student"},
		{[]string{"grade", "--roster", "r.csv", "--lms", "blackboard"}, `--lms "blackboard": want csv, moodle or canvas`},
		{[]string{"grade", "hill-descent", "--env", "RJM_NO_SUCH_VARIABLE_HERE", "--", "sh"}, `--env "RJM_NO_SUCH_VARIABLE_HERE": no such variable`},
		{[]string{"grade", "hill-descent", "--each", "/tmp/", "--rubric", "/no/such.toml"}, "--rubric: cannot open /no/such.toml"},
	} {
		_, errs, code := rjmRun(t, "", tc.args...)
		if code != 2 || !strings.Contains(errs, tc.msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q", tc.args, code, errs)
		}
	}
}
