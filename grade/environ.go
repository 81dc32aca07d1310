package grade

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// The environment of a run. A program's verdict must not depend on the
// teacher's shell: with PYTHONUNBUFFERED=1 in it, a Python prompt left
// unflushed shows on a terminal and passes, and without it fails. So runs
// and builds get a fixed environment, not rjm's own:
//
//   - LANG and LC_ALL are C.UTF-8;
//   - PATH is the folders of the toolchains rjm finds on the teacher's
//     PATH (Toolchains, in the PATH's order), then /usr/local/bin,
//     /usr/bin and /bin;
//   - HOME is the run's scratch copy, TMPDIR a folder in it (tmpDir: Go
//     ignores a go.mod in the temporary folder's root);
//   - the toolchains' homes and caches are readable: RUSTUP_HOME and
//     CARGO_HOME (the teacher's, or ~/.rustup and ~/.cargo) where rustup
//     is found, so that rustc is the teacher's default toolchain; for Go,
//     GOCACHE is a cache of rjm's own that builds write to and runs only
//     read (goCache), GOTOOLCHAIN=local and GOPROXY=off (nothing is
//     downloaded) and GOPATH in the scratch copy;
//   - RunEnv and RunSeedEnv;
//   - nothing else: no PYTHON*, NODE_*, GO*, RUST*, CARGO*, JAVA_* or
//     other setting of the teacher's reaches a run, unless the teacher
//     passes it in Settings.Env (rjm grade --env NAME=VALUE, or --env
//     NAME for the teacher's own value), which comes last and wins.

// fixedPath are the folders every run's PATH ends with.
var fixedPath = []string{"/usr/local/bin", "/usr/bin", "/bin"}

// toolchainCommands are the commands whose folders a run's PATH holds.
var toolchainCommands = []string{
	"python3", "python", "java", "javac", "cc", "gcc", "c++", "g++", "clang", "clang++", "make",
	"go", "rustc", "cargo", "node", "tsc",
}

// Toolchain is a command rjm found for the runs' PATH.
type Toolchain struct {
	Command string `json:"command"` // such as "javac"
	Path    string `json:"path"`    // where the teacher's PATH finds it
}

// Toolchains returns the commands of the languages students use (Python,
// Java, C, C++, Go, Rust, JavaScript, TypeScript) that the teacher's PATH
// finds, in the order of toolchainCommands; their folders are the runs'
// PATH.
func Toolchains() []Toolchain { return toolchains() }

var toolchains = sync.OnceValue(func() []Toolchain {
	var out []Toolchain
	for _, c := range toolchainCommands {
		if p, err := exec.LookPath(c); err == nil {
			if abs, err := filepath.Abs(p); err == nil {
				p = abs
			}
			out = append(out, Toolchain{Command: c, Path: p})
		}
	}
	return out
})

// runPath returns the PATH of every run: the toolchains' folders in the
// teacher's PATH order, then fixedPath.
var runPath = sync.OnceValue(func() string {
	found := map[string]bool{}
	for _, t := range toolchains() {
		found[filepath.Dir(t.Path)] = true
	}
	var dirs []string
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if abs, err := filepath.Abs(d); err == nil && found[abs] && !slices.Contains(dirs, abs) {
			dirs = append(dirs, abs)
		}
	}
	for _, d := range fixedPath {
		if !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return strings.Join(dirs, ":")
})

// toolchainEnv returns the settings of the toolchains' homes: fixed once
// from the teacher's environment.
var toolchainEnv = sync.OnceValue(func() []string {
	var env []string
	home, _ := os.UserHomeDir()
	dir := func(name, def string) string {
		if v := os.Getenv(name); v != "" {
			return v
		}
		if home == "" {
			return ""
		}
		return filepath.Join(home, def)
	}
	if found("rustc") || found("cargo") {
		for _, v := range [][2]string{{"RUSTUP_HOME", ".rustup"}, {"CARGO_HOME", ".cargo"}} {
			if d := dir(v[0], v[1]); d != "" {
				if fi, err := os.Stat(d); err == nil && fi.IsDir() {
					env = append(env, v[0]+"="+d)
				}
			}
		}
	}
	if found("go") {
		env = append(env, "GOTOOLCHAIN=local", "GOPROXY=off", "GOTELEMETRY=off")
		if c := goCache(); c != "" {
			env = append(env, "GOCACHE="+c)
		}
	}
	return env
})

// found reports whether a toolchain's command was found.
func found(command string) bool {
	for _, t := range toolchains() {
		if t.Command == command {
			return true
		}
	}
	return false
}

// goCache returns the Go build cache of the builds: a folder in the
// teacher's cache (~/.cache/rjm/grade/go-build), made if missing, which
// builds may write to and runs only read, so that a class's Go builds
// share it and only the first starts from nothing; "" when there is no
// such folder.
var goCache = sync.OnceValue(func() string {
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	dir := filepath.Join(base, "rjm", "grade", "go-build")
	if os.MkdirAll(dir, 0o755) != nil {
		return ""
	}
	return dir
})

// buildWritable returns the folders a build may write outside its scratch
// copy: the toolchains' caches.
func buildWritable() []string {
	if c := goCache(); c != "" && found("go") {
		return []string{c}
	}
	return nil
}

// tmpDir is the folder in a scratch copy that is a run's TMPDIR.
const tmpDir = ".tmp"

// environment returns the fixed environment of a run or a build in
// folder scratch, with extra (RunEnv and RunSeedEnv) and then the
// teacher's Settings.Env added.
func environment(scratch string, extra, teacher []string) []string {
	env := []string{
		"PATH=" + runPath(),
		"LANG=C.UTF-8",
		"LC_ALL=C.UTF-8",
		"HOME=" + scratch,
		"TMPDIR=" + filepath.Join(scratch, tmpDir),
		"GOPATH=" + filepath.Join(scratch, "go"),
		// Under the runs' address-space limit (MemoryLimit) glibc's
		// malloc arenas, 64 MiB of address space each and up to eight
		// per core, can leave nothing for a program's own allocations:
		// the JVM, which reserves half the limit for its heap at start,
		// then failed now and then ("Native memory allocation (malloc)
		// failed", an outsider's Java student). Two arenas are plenty
		// for a student's program, and glibc reads this silently.
		"MALLOC_ARENA_MAX=2",
	}
	env = append(env, toolchainEnv()...)
	env = append(env, extra...)
	return append(env, teacher...)
}

// TeacherEnv returns the setting NAME=VALUE for a --env value: itself
// when it has "=", else NAME with the teacher's own value ("" and false
// when the teacher's environment has no NAME).
func TeacherEnv(v string) (string, bool) {
	if strings.Contains(v, "=") {
		return v, true
	}
	val, ok := os.LookupEnv(v)
	if !ok {
		return "", false
	}
	return v + "=" + val, true
}
