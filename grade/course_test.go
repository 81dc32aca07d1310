package grade_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
		s := grade.Settings{Command: []string{"python3", "repr.py"}, Dir: dir, Runs: 10, Seed: 1, Env: env}
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
// (rustc alone, and cargo), C++ and JavaScript, each found by Detect and
// graded in one class; a language's test is skipped only when its
// toolchain is absent.
func TestEveryLanguageBuildsInTheSandbox(t *testing.T) {
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
	} {
		t.Run(tc.folder, func(t *testing.T) {
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
	needs(t, "python3")
	dir := copyStudent(t, "07-py-eval-ok", func(s string) string { return s + "    sys.exit(1)\n" })
	g, err := grade.Class(context.Background(), "evaluation", grade.Settings{Runs: 10, Seed: 1}, []string{dir}, nil, nil)
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
	needs(t, "python3")
	dir := folder(t, map[string]string{"repr.py": strings.ReplaceAll(strings.ReplaceAll(unflushedRepresentation,
		"sys.stdout.write(", "sys.stderr.write("), `print(" ".join(str(j) for j in row))`, `print(" ".join(str(j) for j in row), file=sys.stderr)`)})
	s := grade.Settings{Command: []string{"python3", "repr.py"}, Dir: dir, Runs: 10, Seed: 1}
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
