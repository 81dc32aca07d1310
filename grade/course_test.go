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
