package grade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Program is how a student's folder is built and run, as Detect finds it.
type Program struct {
	Language string   // "run script", "python", "c", "java"
	Build    string   // the shell command that builds it, "" for none
	Command  []string // the command that runs it
}

// ErrNoProgram is returned (wrapped) by Detect for a folder without a
// program it knows.
var ErrNoProgram = errors.New("no program found")

// Detect finds the program in a student's folder: its own executable
// "run" script first, then a Java program (javac *.java, then java with
// the class that has a main method), a C program (cc -O2 -o prog *.c -lm,
// then ./prog) or a Python program (python3 with the file that checks
// __main__, or main.py, or the only .py file).
func Detect(dir string) (Program, error) {
	if fi, err := os.Stat(filepath.Join(dir, "run")); err == nil && fi.Mode().IsRegular() {
		return Program{Language: "run script", Command: []string{"sh", "./run"}}, nil
	}
	files := func(ext string) []string {
		m, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
		slices.Sort(m)
		return m
	}
	if java := files(".java"); len(java) > 0 {
		for _, f := range java {
			b, err := os.ReadFile(f)
			if err == nil && strings.Contains(string(b), "static void main") {
				return Program{Language: "java", Build: "javac *.java", Command: []string{"java", strings.TrimSuffix(filepath.Base(f), ".java")}}, nil
			}
		}
		return Program{}, fmt.Errorf("grade: %w in %s: no .java file has a main method", ErrNoProgram, dir)
	}
	if c := files(".c"); len(c) > 0 {
		return Program{Language: "c", Build: "cc -O2 -o prog *.c -lm", Command: []string{"./prog"}}, nil
	}
	if py := files(".py"); len(py) > 0 {
		main := ""
		for _, f := range py {
			b, err := os.ReadFile(f)
			if err == nil && strings.Contains(string(b), "__main__") {
				main = f
				break
			}
		}
		switch {
		case main != "":
		case slices.Contains(py, filepath.Join(dir, "main.py")):
			main = filepath.Join(dir, "main.py")
		case len(py) == 1:
			main = py[0]
		default:
			return Program{}, fmt.Errorf("grade: %w in %s: %d Python files and none is the main one (none checks __main__, none is main.py)", ErrNoProgram, dir, len(py))
		}
		return Program{Language: "python", Command: []string{"python3", filepath.Base(main)}}, nil
	}
	return Program{}, fmt.Errorf("grade: %w in %s: want a run script, or .java, .c or .py files", ErrNoProgram, dir)
}

// Limits of a build: compilers are slower than the programs they build.
const (
	buildCPU  = 60 * time.Second
	buildWall = 180 * time.Second
)

// build copies s.Dir to a new folder and runs s.Build there, in the
// sandbox; it returns the folder (to remove after the grading) and the
// build's check. A build that fails leaves no folder.
func build(ctx context.Context, s Settings) (string, Check, error) {
	dir, err := scratchCopy(s.Dir)
	if err != nil {
		return "", newCheck("build", Build, Failed, fmt.Sprintf("%s: %v", s.Build, err)), nil
	}
	bs := s
	bs.Command = []string{"sh", "-c", s.Build}
	bs.Timeout, bs.Wall = buildCPU, buildWall
	bs.writable = buildWritable()
	o, err := executeIn(ctx, bs, 0, dir, "", s.Env)
	os.RemoveAll(filepath.Join(dir, tmpDir))
	if err != nil {
		os.RemoveAll(dir)
		return "", Check{}, err
	}
	if o.stopped != nil || o.exitErr != nil {
		os.RemoveAll(dir)
		why := ""
		if o.stopped != nil {
			why = "stopped by its " + o.stopped.Error()
		} else {
			why = o.describe()
			if i := strings.Index(why, " (stderr:"); i >= 0 {
				why = why[:i]
			}
		}
		msg := fmt.Sprintf("%q failed (%s)", s.Build, why)
		if first := firstError(append(o.stderr, o.stdout...)); first != "" {
			msg += ": " + first
		}
		ck := newCheck("build", Build, Failed, msg)
		ck.Output = tail(string(o.stderr)+string(o.stdout), 4096)
		return "", ck, nil
	}
	return dir, newCheck("build", Build, Passed, fmt.Sprintf("%q built the program", s.Build)), nil
}

// firstError returns a compiler's first error line ("Hill.java:12: error:
// ';' expected", "hill.c:3:5: error: ..."), or its first line.
func firstError(out []byte) string {
	lines := strings.Split(string(out), "\n")
	for _, l := range lines {
		if strings.Contains(l, "error") {
			return short2(strings.TrimSpace(l), 160)
		}
	}
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return short2(strings.TrimSpace(l), 160)
		}
	}
	return ""
}

// short2 returns s cut to n characters.
func short2(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n]) + "..."
	}
	return s
}
