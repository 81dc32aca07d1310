package grade_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/grade"
)

// testdataFile returns a file of grade/testdata.
func testdataFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// classBuild is a class's own build script, as a teacher writes it: each
// C or Rust file built into a program named as the file, without its
// extension (eval.c → ./eval), not rjm's ./prog.
const classBuild = `for f in *.c; do [ -e "$f" ] && cc -O2 -o "${f%.c}" "$f" -lm || true; done
for f in *.rs; do [ -e "$f" ] || continue; rustc -O -o "${f%.rs}" "$f" || exit 1; done
`

// A class graded from a roster with its build script gives the same
// verdicts as each folder graded alone with its run script: the folder's
// run script runs, whatever its source files are named (eval.c,
// uphill.c, hill.rs, each named for its exercise), never a ./prog no
// build made. cid's one run script runs either exercise by the name in
// RJM_GRADE_EXERCISE.
func TestRosterBuildRunsTheRunScript(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	needs(t, "cc", "rustc")
	base := t.TempDir()
	script := filepath.Join(base, "build.sh")
	if err := os.WriteFile(script, []byte(classBuild), 0o644); err != nil {
		t.Fatal(err)
	}
	write := func(name string, files map[string]string) string {
		dir := filepath.Join(base, name)
		os.Mkdir(dir, 0o755)
		for f, text := range files {
			mode := os.FileMode(0o644)
			if f == "run" {
				mode = 0o755
			}
			if err := os.WriteFile(filepath.Join(dir, f), []byte(text), mode); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	cid := write("cid", map[string]string{
		"eval.c":   testdataFile(t, "independent/11-c-eval-depth-plus1/main.c"),
		"uphill.c": testdataFile(t, "independent/26-c-uphill-ok/main.c"),
		"run":      "#!/bin/sh\ncase \"$RJM_GRADE_EXERCISE\" in\nevaluation) exec ./eval ;;\nuphill) exec ./uphill ;;\nesac\necho \"no program for $RJM_GRADE_EXERCISE\" >&2\nexit 3\n",
	})
	hal := write("hal", map[string]string{
		"hill.rs": testdataFile(t, "outsider-class/hal/hill_descent.rs"),
		"run":     "#!/bin/sh\nexec ./hill\n",
	})
	roster := "id,name,folder,exercises\n1,Cid,cid,\n2,Hal,hal,\n"
	enrolled, err := grade.ReadRoster("roster.csv", strings.NewReader(roster), base)
	if err != nil {
		t.Fatal(err)
	}
	s := grade.Settings{Build: "sh " + script, Runs: 10, Iterations: 300, Seed: 5, Workers: 2}
	book, err := grade.Course(context.Background(), s, enrolled, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// What each check must say, where the program's defect decides it.
	want := map[string]map[string]grade.State{
		"evaluation":   {"build": grade.Passed, "layout": grade.Passed, "depths": grade.Failed, "objective": grade.Failed, "exit": grade.Passed},
		"uphill":       {"build": grade.Passed, "prompts": grade.Passed, "layout": grade.Passed, "terminal": grade.Passed, "legal": grade.Passed, "exit": grade.Passed},
		"hill-descent": {"build": grade.Passed, "prompts": grade.Passed, "layout": grade.Passed, "terminal": grade.Passed, "legal": grade.Passed, "exit": grade.Passed},
	}
	dirs := map[string]string{"Cid": cid, "Hal": hal}
	graded := 0
	for _, cs := range book.Students {
		for _, e := range cs.Exercises {
			if e.Grade == nil {
				continue
			}
			graded++
			st := e.Grade
			if got := strings.Join(st.Command, " "); got != "sh ./run" {
				t.Errorf("%s %s: ran %q, want the run script", cs.Name, e.Exercise, got)
			}
			alone, err := grade.Run(context.Background(), e.Exercise, grade.Settings{Command: []string{"sh", "./run"}, Dir: dirs[cs.Name], Build: "sh " + script, Runs: 10, Iterations: 300, Seed: 5, Workers: 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range st.Report.Checks {
				a, ok := alone.Check(c.Name)
				if !ok {
					t.Errorf("%s %s: check %s only in the roster's grading", cs.Name, e.Exercise, c.Name)
					continue
				}
				if w, ok := want[e.Exercise][c.Name]; ok && (c.State != w || a.State != w) {
					t.Errorf("%s %s: %s is %s from the roster (%s), %s alone (%s); want %s", cs.Name, e.Exercise, c.Name, c.State, c.Message, a.State, a.Message, w)
				}
				if (c.State == grade.Failed) != (a.State == grade.Failed) {
					t.Errorf("%s %s: %s is %s from the roster (%s), %s alone (%s)", cs.Name, e.Exercise, c.Name, c.State, c.Message, a.State, a.Message)
				}
			}
		}
	}
	if graded != 3 {
		t.Errorf("%d exercises graded, want 3 (cid's evaluation and uphill, hal's hill-descent)", graded)
	}
}

// A build that leaves nothing to run fails the build check, naming what
// is missing, and the program is not run: the teacher's build made
// ./restarts where rjm's own would have made ./prog, and no run script
// says which to run.
func TestBuildThatLeavesNothingToRunFails(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	needs(t, "cc")
	dir := folder(t, map[string]string{"restarts.c": testdataFile(t, "independent/23-c-restarts-time/main.c")})
	g, err := grade.Class(context.Background(), "restarts", grade.Settings{Build: "cc -O2 -o restarts restarts.c -lm", Runs: 10, Seed: 1, Workers: 1}, []string{dir}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := g.Students[0].Report
	ck, _ := r.Check("build")
	if ck.State != grade.Failed || !strings.Contains(ck.Message, "left nothing to run: no ./prog") {
		t.Errorf("build %s: %s", ck.State, ck.Message)
	}
	if r.Made != 0 || len(r.Failed()) != 1 {
		t.Errorf("%d runs made, %d checks fail; want no run and one failed check", r.Made, len(r.Failed()))
	}
}
