package grade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"rjm/exercise"
	"rjm/fault"
)

// Program is how a student's folder is built and run, as Detect finds it.
type Program struct {
	// Language is "run script", "python", "c", "c++", "java", "go",
	// "rust", "javascript" or "typescript".
	Language string
	Build    string   // the shell command that builds it, "" for none
	Command  []string // the command that runs it
}

// ErrNoProgram is returned (wrapped) by Detect for a folder without a
// program it knows.
var ErrNoProgram = errors.New("no program found")

// Detect finds the program in a student's folder: its own executable
// "run" script first, then, by the files' names:
//
//   - Java: javac *.java, then java with the class that has a main method
//     (an exercise's, for DetectExercise: javac -sourcepath . of its own
//     files, which compiles the classes they use);
//   - Go: go build (of the module, with a go.mod), then ./prog;
//   - Rust: cargo build --release (with a Cargo.toml), else rustc -O of
//     main.rs or the file with fn main, then the program built;
//   - C++ (.cpp, .cc, .cxx): c++ -O2, then ./prog;
//   - C: cc -O2 -o prog *.c -lm, then ./prog;
//   - TypeScript: tsc into .js files, then node;
//   - JavaScript (.js, .mjs): node with main.js, index.js, the only one,
//     or the only one that reads standard input;
//   - Python: python3 with the file that checks __main__, or main.py, or
//     the only .py file.
func Detect(dir string) (Program, error) { return detect(dir, nil) }

// DetectExercise finds the program of the named exercise in a student's
// folder that may hold several. The folder's own "run" script decides
// first, whatever its files are named: it is the program of every
// exercise the folder holds (its runs and build see the exercise's name
// in ExerciseEnv). Without one, the files whose names are the exercise's
// (exercise.Exercise.Files: hill_descent.py, HillDescent.java,
// problem3.c) are built and run as Detect would, alone (cc -O2 -o prog
// hill_descent.c -lm). A folder with neither is searched as Detect does,
// for its one program.
func DetectExercise(dir, name string) (Program, error) {
	only := ExerciseFiles(dir)[name]
	if len(only) == 0 || hasRunScript(dir) {
		return detect(dir, nil)
	}
	return detect(dir, only)
}

// hasRunScript reports whether a student's folder has its own "run"
// script.
func hasRunScript(dir string) bool { return fileExists(filepath.Join(dir, "run")) }

// ExerciseFiles returns the files of a folder named for an exercise, by
// exercise: a file's name (lower case, without its extension, "-" and
// "_") is one of the exercise's Files, or starts or ends with one of six
// letters or more (the longest such name decides between exercises).
func ExerciseFiles(dir string) map[string][]string {
	entries, _ := os.ReadDir(dir)
	out := map[string][]string{}
	for _, e := range entries {
		if !e.Type().IsRegular() || !slices.Contains(sourceExts, filepath.Ext(e.Name())) {
			continue
		}
		stem := strings.ToLower(strings.TrimSuffix(e.Name(), filepath.Ext(e.Name())))
		stem = strings.NewReplacer("-", "", "_", "", " ", "").Replace(stem)
		best, bestLen := "", 0
		for _, ex := range exercise.Table {
			for _, f := range ex.Files {
				long := len(f) >= 6 // "p1", "hill", "eval" name a file alone: not "evaluate_utils"
				if (stem == f || long && (strings.HasPrefix(stem, f) || strings.HasSuffix(stem, f))) && len(f) > bestLen {
					best, bestLen = ex.Name, len(f)
				}
			}
		}
		if best != "" {
			out[best] = append(out[best], e.Name())
		}
	}
	return out
}

// sourceExts are the extensions of the source files Detect knows.
var sourceExts = []string{".java", ".go", ".rs", ".cpp", ".cc", ".cxx", ".c", ".ts", ".js", ".mjs", ".py"}

// detect finds the program in dir, of the files named in only (nil: of
// every file).
func detect(dir string, only []string) (Program, error) {
	if hasRunScript(dir) {
		return Program{Language: "run script", Command: []string{"sh", "./run"}}, nil
	}
	files := func(exts ...string) []string {
		var m []string
		for _, ext := range exts {
			g, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
			for _, f := range g {
				if only == nil || slices.Contains(only, filepath.Base(f)) {
					m = append(m, f)
				}
			}
		}
		slices.Sort(m)
		return m
	}
	// list returns the shell's words for files: a glob of every file of
	// ext, or the files named.
	list := func(fs []string, ext string) string {
		if only == nil {
			return "*" + ext
		}
		var names []string
		for _, f := range fs {
			names = append(names, shellQuote(filepath.Base(f)))
		}
		return strings.Join(names, " ")
	}
	has := func(f, text string) bool {
		b, err := os.ReadFile(f)
		return err == nil && strings.Contains(string(b), text)
	}
	// main picks the main file: the one holding marker, else one named
	// as in names, else the only one.
	main := func(fs []string, marker string, names ...string) string {
		var with []string
		for _, f := range fs {
			if marker != "" && has(f, marker) {
				with = append(with, f)
			}
		}
		if len(with) == 1 {
			return filepath.Base(with[0])
		}
		for _, n := range names {
			if slices.Contains(fs, filepath.Join(dir, n)) {
				return n
			}
		}
		if len(fs) == 1 {
			return filepath.Base(fs[0])
		}
		return ""
	}
	if java := files(".java"); len(java) > 0 {
		for _, f := range java {
			if has(f, "static void main") {
				// An exercise's program is built alone: javac compiles its
				// own files and, from the folder, the classes they use, not
				// another exercise's (whose compile error is not its own).
				build := "javac *.java"
				if only != nil {
					build = "javac -sourcepath . " + list(java, ".java")
				}
				return Program{Language: "java", Build: build, Command: []string{"java", strings.TrimSuffix(filepath.Base(f), ".java")}}, nil
			}
		}
		return Program{}, fault.Invalid("", "%w in %s: no .java file has a main method", ErrNoProgram, dir)
	}
	if gos := files(".go"); len(gos) > 0 {
		if only != nil {
			return Program{Language: "go", Build: "go build -o prog " + list(gos, ".go"), Command: []string{"./prog"}}, nil
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return Program{Language: "go", Build: "go build -o prog .", Command: []string{"./prog"}}, nil
		}
		return Program{Language: "go", Build: "go build -o prog $(ls *.go | grep -v '_test\\.go$')", Command: []string{"./prog"}}, nil
	}
	if cargo := filepath.Join(dir, "Cargo.toml"); only == nil && fileExists(cargo) {
		name := cargoName(cargo)
		if name == "" {
			return Program{}, fault.Invalid("", "%w in %s: Cargo.toml names no package", ErrNoProgram, dir)
		}
		return Program{Language: "rust", Build: "cargo build --release --offline --quiet", Command: []string{"./target/release/" + name}}, nil
	}
	if rs := files(".rs"); len(rs) > 0 {
		m := main(rs, "fn main", "main.rs")
		if m == "" {
			return Program{}, fault.Invalid("", "%w in %s: %d Rust files and none is the main one (none has fn main, none is main.rs)", ErrNoProgram, dir, len(rs))
		}
		return Program{Language: "rust", Build: "rustc -O -o prog " + m, Command: []string{"./prog"}}, nil
	}
	for _, ext := range []string{".cpp", ".cc", ".cxx"} {
		if fs := files(ext); len(fs) > 0 {
			return Program{Language: "c++", Build: "c++ -O2 -o prog " + list(fs, ext) + " -lm", Command: []string{"./prog"}}, nil
		}
	}
	if c := files(".c"); len(c) > 0 {
		return Program{Language: "c", Build: "cc -O2 -o prog " + list(c, ".c") + " -lm", Command: []string{"./prog"}}, nil
	}
	if ts := files(".ts"); len(ts) > 0 {
		m := main(ts, "process.stdin", "main.ts", "index.ts")
		if m == "" {
			return Program{}, fault.Invalid("", "%w in %s: %d TypeScript files and none is the main one (main.ts, index.ts, or the only one that reads process.stdin)", ErrNoProgram, dir, len(ts))
		}
		return Program{Language: "typescript", Build: "tsc --outDir . --module commonjs --target es2020 " + list(ts, ".ts"), Command: []string{"node", strings.TrimSuffix(m, ".ts") + ".js"}}, nil
	}
	if js := files(".js", ".mjs"); len(js) > 0 {
		m := main(js, "process.stdin", "main.js", "index.js", "main.mjs")
		if m == "" {
			return Program{}, fault.Invalid("", "%w in %s: %d JavaScript files and none is the main one (main.js, index.js, or the only one that reads process.stdin)", ErrNoProgram, dir, len(js))
		}
		return Program{Language: "javascript", Command: []string{"node", m}}, nil
	}
	if py := files(".py"); len(py) > 0 {
		m := main(py, "__main__", "main.py")
		if m == "" {
			return Program{}, fault.Invalid("", "%w in %s: %d Python files and none is the main one (none checks __main__, none is main.py)", ErrNoProgram, dir, len(py))
		}
		return Program{Language: "python", Command: []string{"python3", m}}, nil
	}
	return Program{}, fault.Invalid("", "%w in %s: want a run script, or .java, .go, .rs, .cpp, .c, .ts, .js or .py files", ErrNoProgram, dir)
}

// shellQuote quotes a file's name for the shell where it needs it.
func shellQuote(name string) string {
	if strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == "" {
		return name
	}
	return "'" + strings.ReplaceAll(name, "'", `'\''`) + "'"
}

// fileExists reports whether path is a regular file.
func fileExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// cargoName returns the name of the program a Cargo.toml builds: its
// first [[bin]]'s name, else its [package]'s; "" if it names none.
func cargoName(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	table, pkg, bin := "", "", ""
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			table = strings.Trim(line, "[] ")
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(k) != "name" {
			continue
		}
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		switch {
		case table == "package" && pkg == "":
			pkg = v
		case table == "bin" && bin == "":
			bin = v
		}
	}
	if bin != "" {
		return bin
	}
	return pkg
}

// Limits of a build: compilers are slower than the programs they build.
const (
	buildCPU  = 60 * time.Second
	buildWall = 180 * time.Second
)

// build copies s.Dir to a new folder and runs s.Build there, in the
// sandbox, for the named exercise (ExerciseEnv); it returns the folder (to remove after the grading) and the
// build's check. A build that fails leaves no folder.
func build(ctx context.Context, s Settings, name string) (string, Check, error) {
	dir, err := scratchCopy(s.Dir)
	if err != nil {
		return "", newCheck(buildCheck, Build, Failed, fmt.Sprintf("%s: %v", s.Build, err)), nil
	}
	bs := s
	bs.Command = []string{"sh", "-c", s.Build}
	bs.Timeout, bs.Wall = buildCPU, buildWall
	bs.writable = buildWritable()
	o, err := executeIn(ctx, bs, 0, dir, "", append([]string{ExerciseEnv + "=" + name}, s.Env...))
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
		ck := newCheck(buildCheck, Build, Failed, msg)
		ck.Output = tail(string(o.stderr)+string(o.stdout), 4096)
		return "", ck, nil
	}
	if missing := unrunnable(dir, s.Command); missing != "" {
		os.RemoveAll(dir)
		return "", newCheck(buildCheck, Build, Failed, fmt.Sprintf("%q left nothing to run: %s", s.Build, missing)), nil
	}
	return dir, newCheck(buildCheck, Build, Passed, fmt.Sprintf("%q built the program, run as %s", s.Build, strings.Join(s.Command, " "))), nil
}

// unrunnable says what a built folder lacks to run command: "" when the
// program it names is there (a file named with a slash, such as ./prog;
// the script, module or source file of sh, python3, node; Java's class
// file); commands found in PATH need nothing of the folder.
func unrunnable(dir string, command []string) string {
	if len(command) == 0 {
		return "no command"
	}
	need := ""
	switch name := filepath.Base(command[0]); {
	case strings.Contains(command[0], "/"):
		need = command[0]
	case name == "java" && len(command) > 1 && !strings.HasPrefix(command[1], "-"):
		need = strings.ReplaceAll(command[1], ".", "/") + ".class"
	case slices.Contains([]string{"sh", "bash", "python3", "python", "node"}, name) && len(command) > 1 && !strings.HasPrefix(command[1], "-"):
		need = command[1]
	}
	if need == "" || filepath.IsAbs(need) {
		return ""
	}
	if _, err := os.Stat(filepath.Join(dir, need)); err != nil {
		return fmt.Sprintf("no %s in the folder after the build, and %s runs it (give the folder a run script that runs what the build makes)", need, strings.Join(command, " "))
	}
	return ""
}

// firstError returns a compiler's first error, with the student's file
// and line ("Hill.java:12: error: ';' expected", "hill.c:3:5: error:
// ...", "./main.go:5:2: undefined: x", "error[E0425]: cannot find value
// `x` in this scope (main.rs:3:5)"), else its first line that says
// something.
func firstError(out []byte) string {
	lines := strings.Split(string(out), "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if !strings.Contains(strings.ToLower(l), "error") || strings.HasPrefix(l, "error: aborting") {
			continue
		}
		// Rust names the place on a line of its own: " --> main.rs:3:5".
		for _, next := range lines[i+1 : min(i+3, len(lines))] {
			if at, ok := strings.CutPrefix(strings.TrimSpace(next), "--> "); ok {
				l += " (" + at + ")"
				break
			}
		}
		return short2(l, 160)
	}
	for _, l := range lines {
		if sourceLine.MatchString(strings.TrimSpace(l)) {
			return short2(strings.TrimSpace(l), 160)
		}
	}
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			return short2(l, 160)
		}
	}
	return ""
}

// sourceLine matches a compiler's message that starts with a source file
// and a line: "./main.go:5:2: undefined: x".
var sourceLine = regexp.MustCompile(`^\S+\.[A-Za-z+]+:\d+`)

// short2 returns s cut to n characters.
func short2(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n]) + "..."
	}
	return s
}
