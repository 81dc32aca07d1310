package grade_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"rjm/fault"
	"rjm/grade"
)

// needs skips a test whose toolchain is absent, save under CI=true for
// the ones CI always has (go, gcc, python3).
func needs(t *testing.T, commands ...string) {
	t.Helper()
	for _, c := range commands {
		if _, err := exec.LookPath(c); err != nil {
			if os.Getenv("CI") == "true" && (c == "go" || c == "gcc" || c == "cc" || c == "python3") {
				t.Fatalf("%s is not on the PATH", c)
			}
			t.Skipf("%s is not on the PATH", c)
		}
	}
}

// folder writes files (name → content) into a new folder and returns it.
func folder(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if name == "run" {
			mode = 0o755
		}
		if err := os.WriteFile(path, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A representation program in Python whose prompt is written but never
// flushed: on a pipe it works; on a terminal the prompt shows only when
// the teacher's shell has PYTHONUNBUFFERED=1, unless runs get a fixed
// environment.
const unflushedRepresentation = `import random, sys
sys.stdout.write("Rook Jumping Maze size (5-10)? ")
while True:
    line = sys.stdin.readline()
    if not line:
        sys.exit(1)
    try:
        n = int(line)
    except ValueError:
        n = 0
    if 5 <= n <= 10:
        break
    sys.stdout.write("Rook Jumping Maze size (5-10)? ")
for r in range(n):
    row = []
    for c in range(n):
        if r == n - 1 and c == n - 1:
            row.append(0)
        else:
            row.append(random.randint(1, max(r, n - 1 - r, c, n - 1 - c)))
    print(" ".join(str(j) for j in row))
`

// The same program gets the same verdict whatever the teacher's shell
// sets: with PYTHONUNBUFFERED=1, another LANG and a GOPATH of the
// teacher's, as without, its unflushed prompt fails the terminal run; with
// --env PYTHONUNBUFFERED=1 given on purpose, it passes.
func TestTeachersEnvironmentDoesNotLeak(t *testing.T) {
	needs(t, "python3")
	dir := folder(t, map[string]string{"repr.py": unflushedRepresentation})
	grading := func(env ...string) grade.Check {
		t.Helper()
		s := grade.Settings{Command: []string{"python3", "repr.py"}, Dir: dir, Runs: 3, Seed: 1, Env: env}
		r, err := grade.Run(context.Background(), "representation", s, nil)
		if err != nil {
			t.Fatal(err)
		}
		ck, ok := r.Check("terminal")
		if !ok {
			t.Fatalf("no terminal check:\n%s", r.Text())
		}
		for _, c := range r.Checks {
			if c.Name != "terminal" && c.Name != "uniform" && c.State == grade.Failed {
				t.Errorf("check %s fails: %s", c.Name, c.Message)
			}
		}
		return ck
	}
	t.Setenv("PYTHONUNBUFFERED", "")
	os.Unsetenv("PYTHONUNBUFFERED")
	t.Setenv("LANG", "C")
	without := grading()
	t.Setenv("PYTHONUNBUFFERED", "1")
	t.Setenv("LANG", "de_DE.ISO-8859-1")
	t.Setenv("GOPATH", filepath.Join(t.TempDir(), "gopath"))
	with := grading()
	if without.State != grade.Failed || with.State != grade.Failed {
		t.Errorf("terminal without PYTHONUNBUFFERED: %s (%s); with it: %s (%s); want both to fail", without.State, without.Message, with.State, with.Message)
	}
	if passed := grading("PYTHONUNBUFFERED=1"); passed.State != grade.Passed {
		t.Errorf("with PYTHONUNBUFFERED=1 given by the teacher: terminal %s (%s), want a pass", passed.State, passed.Message)
	}
}

// A run sees the fixed environment: the locale, the toolchains' PATH, its
// home and TMPDIR in the scratch copy, and none of the teacher's
// settings but those passed in Settings.Env.
func TestRunsGetAFixedEnvironment(t *testing.T) {
	t.Setenv("PYTHONPATH", "/teacher/lib")
	t.Setenv("NODE_OPTIONS", "--teacher")
	t.Setenv("JAVA_TOOL_OPTIONS", "-Dteacher=1")
	t.Setenv("CARGO_TARGET_DIR", "/teacher/target")
	t.Setenv("RJM_TEACHER_ONLY", "x")
	t.Setenv("LC_ALL", "de_DE.UTF-8")
	// The program prints its environment in place of a maze: the run is
	// read as a failed transcript, and its output kept.
	dir := folder(t, map[string]string{"run": "#!/bin/sh\nenv\npwd\n"})
	s := grade.Settings{Command: []string{"sh", "./run"}, Dir: dir, Runs: 1, Seed: 1, Env: []string{"RJM_PASSED=yes"}}
	r, err := grade.Run(context.Background(), "evaluation", s, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := r.Details[0].Output
	lines := strings.Split(strings.TrimSpace(out), "\n")
	cwd := lines[len(lines)-1]
	env := map[string]string{}
	for _, l := range lines[:len(lines)-1] {
		if k, v, ok := strings.Cut(l, "="); ok {
			env[k] = v
		}
	}
	for _, k := range []string{"PYTHONPATH", "NODE_OPTIONS", "JAVA_TOOL_OPTIONS", "CARGO_TARGET_DIR", "RJM_TEACHER_ONLY"} {
		if v, ok := env[k]; ok {
			t.Errorf("the run sees the teacher's %s=%s", k, v)
		}
	}
	want := map[string]string{"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": cwd, "TMPDIR": filepath.Join(cwd, ".tmp"), "RJM_PASSED": "yes", grade.RunEnv: "1"}
	for k, v := range want {
		if env[k] != v {
			t.Errorf("%s=%q, want %q", k, env[k], v)
		}
	}
	for _, tc := range grade.Toolchains() {
		if !strings.Contains(":"+env["PATH"]+":", ":"+filepath.Dir(tc.Path)+":") {
			t.Errorf("PATH=%s lacks %s's folder", env["PATH"], tc.Path)
		}
	}
	for _, d := range []string{"/usr/local/bin", "/usr/bin", "/bin"} {
		if !strings.Contains(":"+env["PATH"]+":", ":"+d+":") {
			t.Errorf("PATH=%s lacks %s", env["PATH"], d)
		}
	}
}

// Every language students use builds in the sandbox and passes: a
// correct representation program in Go (with and without a go.mod), Rust
// (rustc alone, and cargo), C++, JavaScript and TypeScript (two files,
// tsc then node), each found by Detect and
// graded in one class; a language's test is skipped only when its
// toolchain is absent.
func TestEveryLanguageBuildsInTheSandbox(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	for _, tc := range []struct {
		folder, lang string
		tools        []string
	}{
		{"go", "go", []string{"go"}},
		{"gomod", "go", []string{"go"}},
		{"rust", "rust", []string{"rustc"}},
		{"cargo", "rust", []string{"cargo"}},
		{"cpp", "c++", []string{"c++"}},
		{"javascript", "javascript", []string{"node"}},
		{"typescript", "typescript", []string{"tsc", "node"}},
	} {
		t.Run(tc.folder, func(t *testing.T) {
			t.Parallel()
			needs(t, tc.tools...)
			dir := filepath.Join(t.TempDir(), tc.folder)
			if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "languages", tc.folder))); err != nil {
				t.Fatal(err)
			}
			p, err := grade.Detect(dir)
			if err != nil || p.Language != tc.lang {
				t.Fatalf("Detect: %+v %v, want %s", p, err, tc.lang)
			}
			g, err := grade.Class(context.Background(), "representation", grade.Settings{Runs: 10, Seed: 1, Workers: 1}, []string{dir}, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			st := g.Students[0]
			if !st.Pass {
				t.Errorf("%s (%s, built by %q) does not pass:\n%s", tc.folder, st.Language, st.Build, st.Report.Text())
			}
			if tc.lang != "javascript" {
				if ck, ok := st.Report.Check("build"); !ok || ck.State != grade.Passed {
					t.Errorf("build check %+v", ck)
				}
			}
			if _, err := os.Stat(filepath.Join(dir, "prog")); err == nil {
				t.Errorf("the build wrote into the student's folder")
			}
		})
	}
}

// A build that fails is shown with the compiler's own first error, with
// the student's file and line.
func TestBuildFailureShowsTheFirstError(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	for _, tc := range []struct {
		name  string
		tool  string
		files map[string]string
		want  string
	}{
		{"go", "go", map[string]string{"main.go": "package main\n\nfunc main() {\n\tx = 1\n}\n"}, "main.go:4:2: undefined: x"},
		{"rust", "rustc", map[string]string{"main.rs": "fn main() {\n    let y = x + 1;\n}\n"}, "error[E0425]: cannot find value `x` in this scope (main.rs:2:13)"},
		{"c", "cc", map[string]string{"maze.c": "int main(void) {\n  return y;\n}\n"}, "maze.c:2:10: error: ‘y’ undeclared"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			needs(t, tc.tool)
			dir := folder(t, tc.files)
			g, err := grade.Class(context.Background(), "representation", grade.Settings{Runs: 10, Seed: 1, Workers: 1}, []string{dir}, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			ck, _ := g.Students[0].Report.Check("build")
			if ck.State != grade.Failed || !strings.Contains(ck.Message, tc.want) {
				t.Errorf("build: %s %q, want a failure naming %q", ck.State, ck.Message, tc.want)
			}
		})
	}
}

// --build applies to a folder with a run script too.
func TestBuildAppliesToARunScript(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	needs(t, "go")
	src, err := os.ReadFile("testdata/languages/go/main.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := folder(t, map[string]string{"run": "#!/bin/sh\nexec ./maze\n", "main.go": string(src)})
	s := grade.Settings{Runs: 10, Seed: 1, Workers: 1, Build: "go build -o maze main.go"}
	g, err := grade.Class(context.Background(), "representation", s, []string{dir}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.Students[0]
	if ck, ok := st.Report.Check("build"); st.Language != "run script" || st.Build != s.Build || !ok || ck.State != grade.Passed || !st.Pass {
		t.Errorf("%s built by %q: %+v\n%s", st.Language, st.Build, ck, st.Report.Text())
	}
}

// copyStudent copies a student of the independent class into a new
// folder, with its main.py changed by edit.
func copyStudent(t *testing.T, name string, edit func(string) string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "independent", name))); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(dir, "main.py")
	b, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(main, []byte(edit(string(b))), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A program whose every transcript is right but which exits with status 1
// loses the exit check alone, and the message says what happened.
func TestExitStatusCostsItsOwnCheck(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	needs(t, "python3")
	dir := copyStudent(t, "07-py-eval-ok", func(s string) string { return s + "    sys.exit(1)\n" })
	// The program draws its own mazes (Python's random, unseeded): ten
	// runs hold no maze whose goal cannot be reached one grading in five
	// (0.85^10), and objective is then rightly not checked. Up to 80 runs
	// (the default cap: the grading stops once the cases are seen) miss
	// one with probability 2.2e-6.
	g, err := grade.Class(context.Background(), "evaluation", grade.Settings{Runs: 80, Seed: 1}, []string{dir}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.Students[0]
	r := st.Report
	failed := r.Failed()
	if len(failed) != 1 || failed[0].Name != "exit" || !strings.Contains(failed[0].Message, "exited with status 1 after a complete transcript") {
		t.Errorf("failed %+v, want exit alone, saying it exited with status 1 after a complete transcript:\n%s", failed, r.Text())
	}
	if len(r.Unchecked()) > 0 {
		t.Errorf("not checked: %+v", r.Unchecked())
	}
	if st.Points != st.MaxPoints-1 {
		t.Errorf("%v of %v points, want all but the exit check's", st.Points, st.MaxPoints)
	}
}

// A program that prints its transcript on standard error is told so.
func TestOutputOnStandardErrorIsNamed(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	needs(t, "python3")
	dir := folder(t, map[string]string{"repr.py": strings.ReplaceAll(strings.ReplaceAll(unflushedRepresentation,
		"sys.stdout.write(", "sys.stderr.write("), `print(" ".join(str(j) for j in row))`, `print(" ".join(str(j) for j in row), file=sys.stderr)`)})
	s := grade.Settings{Command: []string{"python3", "repr.py"}, Dir: dir, Runs: 3, Seed: 1}
	r, err := grade.Run(context.Background(), "representation", s, nil)
	if err != nil {
		t.Fatal(err)
	}
	ck, _ := r.Check("prompts")
	if ck.State != grade.Failed || !strings.Contains(ck.Message, "standard error") {
		t.Errorf("prompts: %s %q, want a failure saying the output went to standard error", ck.State, ck.Message)
	}
	st := grade.Student{Name: "ada", Report: r, MaxPoints: 1}
	if fb := st.Feedback("representation"); !strings.Contains(fb, "It printed nothing on standard output") || strings.Contains(fb, "```\n```") {
		t.Errorf("the feedback shows an empty transcript:\n%s", fb)
	}
}

// The hint of a terminal run that waits for a second line is in the
// student's language: C's scanf for C, nothing about scanf for
// JavaScript.
func TestHintsInTheStudentsLanguage(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	needs(t, "node")
	// Piped, the answer's end of input ends the wait; on a terminal the
	// program waits for a second line.
	const waits = `const rl = require("readline").createInterface({ input: process.stdin });
process.stdout.write("Rook Jumping Maze size (5-10)? ");
const lines = [];
rl.on("line", (l) => lines.push(l));
rl.on("close", () => {
  const n = parseInt(lines[lines.length - 1], 10);
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let c = 0; c < n; c++) {
      const m = Math.max(r, n - 1 - r, c, n - 1 - c);
      row.push(r === n - 1 && c === n - 1 ? 0 : 1 + Math.floor(Math.random() * m));
    }
    console.log(row.join(" "));
  }
});
`
	dir := folder(t, map[string]string{"maze.js": waits})
	g, err := grade.Class(context.Background(), "representation", grade.Settings{Runs: 10, Seed: 1}, []string{dir}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ck, _ := g.Students[0].Report.Check("terminal")
	if ck.State != grade.Failed || !strings.Contains(ck.Message, "waited for more input") || strings.Contains(ck.Message, "scanf") {
		t.Errorf("terminal: %s %q, want a failure without a C hint", ck.State, ck.Message)
	}
}

// A search program whose mazes rjm can never evaluate (no goal in the
// lower-right corner) stops after its first batch, not after 82 runs.
func TestStopsWhenNoMazeCanBeEvaluated(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	needs(t, "python3")
	const noGoal = `import random
input("Iterations? ")
for r in range(5):
    print(" ".join(str(random.randint(1, max(r, 4 - r, c, 4 - c))) for c in range(5)))
print()
print("Moves from start:")
for r in range(5):
    print(" ".join(" 1" for c in range(5)))
print()
print(-1)
`
	dir := folder(t, map[string]string{"hill.py": noGoal})
	r, err := grade.Run(context.Background(), "hill-descent", grade.Settings{Command: []string{"python3", "hill.py"}, Dir: dir, Seed: 1, Iterations: 300}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ck, _ := r.Check("goal"); ck.State != grade.Failed {
		t.Errorf("goal: %+v", ck)
	}
	if r.Made > grade.DefaultStep+2 {
		t.Errorf("%d runs made, want at most the first batch and the two extra runs (%d)", r.Made, grade.DefaultStep+2)
	}
}

// readFile returns a file's text.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A mixed class in one command: a roster names each student's ID, name,
// folder and (or not) exercises; one folder holds two exercises' programs
// found by their files' names, others one program each; the gradebook
// has a row per student and a column per exercise, with the course's
// points (20 a problem, 100 in all).
func TestCourse(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	needs(t, "python3", "go")
	root := t.TempDir()
	write := func(path, text string) {
		t.Helper()
		path = filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ada/representation.py", readFile(t, "testdata/independent/01-py-repr-ok/main.py"))
	write("ada/evaluation.py", readFile(t, "testdata/independent/07-py-eval-ok/main.py"))
	write("ada/notes.txt", "not a program")
	write("bob/main.go", readFile(t, "testdata/languages/go/main.go"))
	// cid's evaluation exits with status 1 after every transcript.
	write("cid/main.py", readFile(t, "testdata/independent/07-py-eval-ok/main.py")+"    sys.exit(1)\n")
	write("roster.csv", "Student ID,Name,Folder,Exercises\n"+
		"1001,Ada Lovelace,ada,\n"+
		"1002,\"Bob, Jr.\",bob,p1\n"+
		"1003,Cid,cid,evaluation\n")
	f, err := os.Open(filepath.Join(root, "roster.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	roster, err := grade.ReadRoster("roster.csv", f, root)
	if err != nil {
		t.Fatal(err)
	}
	// 80 runs at most: an evaluation runs until it saw a maze whose goal
	// cannot be reached (cases.go), which ten runs miss one time in five.
	b, err := grade.Course(context.Background(), grade.Settings{Runs: 80, Seed: 1}, roster, grade.CourseRubric(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", b.Text())
	if got := strings.Join(b.Exercises, " "); got != "representation evaluation hill-descent restarts uphill" {
		t.Errorf("columns %q", got)
	}
	want := map[string]struct {
		points    float64
		exercises string
	}{"1001": {40, "representation evaluation hill-descent restarts uphill"}, "1002": {20, "representation evaluation hill-descent restarts uphill"}, "1003": {19.33, "representation evaluation hill-descent restarts uphill"}}
	for _, cs := range b.Students {
		var names []string
		for _, e := range cs.Exercises {
			names = append(names, e.Exercise)
		}
		w := want[cs.ID]
		if cs.MaxPoints != 100 || strings.Join(names, " ") != w.exercises || round(cs.Points) != w.points {
			t.Errorf("%s %s: %v of %v points, exercises %q; want %v of 100, %q", cs.ID, cs.Name, cs.Points, cs.MaxPoints, names, w.points, w.exercises)
		}
	}
	if e, _ := b.Students[1].Exercise("representation"); e.Grade == nil || e.Grade.Language != "go" {
		t.Errorf("bob's representation: %+v", e)
	}
	if e, _ := b.Students[1].Exercise("evaluation"); e.Grade != nil || e.Missing == "" || e.Points != 0 || e.MaxPoints != 20 {
		t.Errorf("bob's evaluation, not handed in: %+v", e)
	}

	var csvOut strings.Builder
	if err := b.WriteCSV(&csvOut, grade.CSVPlain); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(csvOut.String()), "\n")
	if lines[0] != "id,name,points,max_points,representation,evaluation,hill-descent,restarts,uphill,extra_points,seed,rjm_version" ||
		!strings.HasPrefix(lines[2], `1002,"Bob, Jr.",20,100,20,0,0,0,0,0,1,`) || len(lines) != 4 {
		t.Errorf("gradebook:\n%s", csvOut.String())
	}
	var canvas strings.Builder
	if err := b.WriteCSV(&canvas, grade.CSVCanvas); err != nil {
		t.Fatal(err)
	}
	lines = strings.Split(strings.TrimSpace(canvas.String()), "\n")
	if !strings.HasPrefix(lines[0], "Student,ID,SIS User ID,SIS Login ID,Section,RJM Problem 1: representation,RJM Problem 2: evaluation,") ||
		lines[1] != "Points Possible,,,,,20,20,20,20,20" || !strings.HasPrefix(lines[2], "Ada Lovelace,,1001,,,20,20,") {
		t.Errorf("Canvas gradebook:\n%s", canvas.String())
	}

	// Gradescope's results.json: its tests add up to the score; the
	// exercises not handed in have none.
	res := b.Students[0].Gradescope(b.Seed, b.Version)
	sum, max := 0.0, 0.0
	for _, tc := range res.Tests {
		sum += tc.Score
		max += tc.MaxScore
		if tc.Name == "" || (tc.Status != "passed" && tc.Status != "failed") {
			t.Errorf("test %+v", tc)
		}
	}
	if round(sum) != res.Score || res.Score != 40 || round(max) != 40 || !strings.Contains(res.Output, "not submitted: hill-descent, restarts, uphill") {
		t.Errorf("score %v, tests add up to %v of %v", res.Score, sum, max)
	}

	// Feedback: a file per student, named by ID.
	dir := t.TempDir()
	if err := b.WriteFeedback(dir); err != nil {
		t.Fatal(err)
	}
	if fb := readFile(t, filepath.Join(dir, "1003.md")); !strings.Contains(fb, "**19.33 of 100 points**") || !strings.Contains(fb, "exited with status 1 after a complete transcript") {
		t.Errorf("cid's feedback:\n%s", fb)
	}
}

// round rounds points to hundredths.
func round(v float64) float64 { return float64(int(v*100+0.5)) / 100 }

// A roster's errors name the file and line.
func TestReadRoster(t *testing.T) {
	for _, tc := range []struct{ text, err string }{
		{"id,folder\n1,a\n2,b\n", ""},
		{"name,folder\nada,a\n", `no "id" column`},
		{"id,name\n1,ada\n", `no "folder" column`},
		{"id,folder\n", "want a header and a row per student"},
		{"id,folder\n1,\n", "roster.csv:2: no folder"},
		{"id,folder\n1,a\n1,b\n", `roster.csv:3: student "1" is on line 2 too`},
		{"id,folder,exercises\n1,a,p9\n", `roster.csv:2: no exercise is called "p9"`},
		{"id,folder,exercises\n1,a,\"p1; hill-descent ec1\"\n", ""},
	} {
		r, err := grade.ReadRoster("roster.csv", strings.NewReader(tc.text), "/class")
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.text, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, fault.ErrInvalid)):
			t.Errorf("%q: %v, want %q", tc.text, err, tc.err)
		case tc.err == "" && (r[0].Dir != "/class/a" || r[0].Name != "1"):
			t.Errorf("%q: %+v", tc.text, r)
		}
	}
	r, _ := grade.ReadRoster("r", strings.NewReader("id,folder,exercises\n1,a,\"p1; hill-descent ec1\"\n"), "/")
	if got := strings.Join(r[0].Exercises, " "); got != "representation hill-descent annealing" {
		t.Errorf("exercises %q", got)
	}
}

func FuzzReadRoster(f *testing.F) {
	f.Add("id,name,folder,exercises\n1,Ada,a,p1\n")
	f.Add("Student ID,Folder\n\"x,y\",b\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := grade.ReadRoster("r", strings.NewReader(text), "/class")
		if err == nil && len(r) == 0 {
			t.Errorf("no error and no student")
		}
		for _, e := range r {
			if e.ID == "" || e.Dir == "" || e.Name == "" {
				t.Errorf("%+v", e)
			}
		}
	})
}

// Files named for exercises are found whatever their case and separators.
func TestExerciseFiles(t *testing.T) {
	dir := folder(t, map[string]string{"HillDescent.java": "", "hill_descent_test.txt": "", "Problem1.py": "", "restarts.c": "", "ec1.rs": "", "main.py": "", "maze_representation.go": "", "evaluate_utils.py": "", "p2_notes.c": ""})
	got := grade.ExerciseFiles(dir)
	want := map[string]string{"hill-descent": "HillDescent.java", "representation": "Problem1.py maze_representation.go", "restarts": "restarts.c", "annealing": "ec1.rs"}
	if len(got) != len(want) {
		t.Errorf("%v", got)
	}
	for k, v := range want {
		if strings.Join(got[k], " ") != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
	p, err := grade.DetectExercise(dir, "restarts")
	if err != nil || p.Build != "cc -O2 -o prog restarts.c -lm" {
		t.Errorf("%+v %v", p, err)
	}
}

// A program that fails in the middle of its maze has no complete
// transcript: its runs are not checked, and exit does not say complete.
func TestCrashMidMazeIsNotComplete(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	needs(t, "python3")
	src := strings.Replace(unflushedRepresentation, "    row = []\n", "    if r == 2:\n        sys.exit(1)\n    row = []\n", 1)
	dir := folder(t, map[string]string{"repr.py": src})
	r, err := grade.Run(context.Background(), "representation", grade.Settings{Command: []string{"python3", "repr.py"}, Dir: dir, Runs: 10, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ck, _ := r.Check("exit")
	size, _ := r.Check("size")
	if ck.State != grade.Failed || strings.Contains(ck.Message, "complete") || size.State != grade.NotChecked {
		t.Errorf("exit %s %q; size %s %q", ck.State, ck.Message, size.State, size.Message)
	}
}

// TestClassGradesTheExercisesProgram grades each exercise of a folder
// that holds three (an outsider's student, ana) as a class of one, as
// rjm grade EXERCISE --each does: each is its own program, not the
// folder's first.
func TestClassGradesTheExercisesProgram(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	dir := t.TempDir()
	for _, f := range []string{"representation.py", "evaluation.py", "hill_descent.py"} {
		b, err := os.ReadFile(filepath.Join("testdata", "outsider-class", "ana", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
	}
	for name, file := range map[string]string{"representation": "representation.py", "evaluation": "evaluation.py"} {
		g, err := grade.Class(context.Background(), name, grade.Settings{Runs: 3, Seed: 1, Workers: 1}, []string{dir}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if cmd := strings.Join(g.Students[0].Command, " "); !strings.Contains(cmd, file) {
			t.Errorf("%s graded %q, want %s", name, cmd, file)
		}
	}
}
