package grade_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"rjm/exercise"
	"rjm/fault"
	"rjm/grade"
)

// The students: testdata/students holds one program in Go (gostudent,
// compiled once per test binary) and one in Python (student.py), each
// doing every exercise of the assignment, written without rjm's code, with
// planted bugs chosen by a second argument.
//
// Every run gets a scratch copy of the folder it runs in, so the students
// run in studentsDir, a folder holding student.py alone: in the package's
// own folder, each run would copy all of testdata (160 files, most of a
// grading's processor time on a loaded ext4 /tmp).
var goStudent, studentsDir string

// TestMain builds the Go student once for the test binary.
//
// A grading waits on its programs most of the time (their start, the
// terminal run's quiet time, Python's start-up), so the tests that only
// grade run in parallel (t.Parallel, at most -parallel at a time) and
// their waits overlap. The tests that set environment variables (the
// teacher's environment) or change package variables (the exercise
// table, startOne) stay sequential: Go runs every sequential top-level
// test before the parallel ones, so no grading sees their changes.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "rjm-grade-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	goStudent = filepath.Join(dir, "gostudent")
	studentsDir = filepath.Join(dir, "students")
	py, err := os.ReadFile("testdata/students/student.py")
	if err == nil {
		err = os.Mkdir(studentsDir, 0o755)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(studentsDir, "student.py"), py, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	if out, err := exec.Command("go", "build", "-o", goStudent, "./testdata/students/gostudent").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the Go student: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// student returns the command of a student's program in lang ("go" or
// "python") for an exercise, with a planted bug or none (""), to be run in
// studentsDir.
func student(t testing.TB, lang, name, bug string) []string {
	t.Helper()
	var cmd []string
	switch lang {
	case "go":
		cmd = []string{goStudent, name}
	case "python":
		if _, err := exec.LookPath("python3"); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal("python3 is not on the PATH")
			}
			t.Skip("python3 is not on the PATH")
		}
		cmd = []string{"python3", "student.py", name}
	}
	if bug != "" {
		cmd = append(cmd, bug)
	}
	return cmd
}

// small is the settings of the normal tests: a small budget, at most 80
// runs of a Go program, 40 of a Python one.
func small(cmd []string) grade.Settings {
	s := grade.Settings{Command: cmd, Dir: studentsDir, Iterations: 300, Seed: 1, Timeout: 20 * time.Second}
	if cmd[0] == "python3" {
		s.Runs = 40
	}
	return s
}

// A correct program passes every check, for every exercise in Go, and for
// evaluation in Python (whose runs are slower: the long tests take all
// six).
func TestCorrectProgramsPass(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	for _, lang := range []string{"go", "python"} {
		for _, name := range exercise.List() {
			if lang == "python" && os.Getenv("RJM_LONG") != "1" && name != "evaluation" {
				continue
			}
			t.Run(lang+"/"+name, func(t *testing.T) {
				t.Parallel()
				r, err := grade.Run(context.Background(), name, small(student(t, lang, name, "")), nil)
				if err != nil {
					t.Fatal(err)
				}
				if !r.Pass {
					t.Errorf("a correct program fails:\n%s", r.Text())
				}
				for _, c := range r.Checks {
					if !slices.Contains(grade.CheckNames(), c.Name) || !slices.Contains(grade.Categories, c.Category) {
						t.Errorf("check %s (%s) is not in grade.CheckNames() and grade.Categories", c.Name, c.Category)
					}
				}
				t.Logf("\n%s", r.Text())
			})
		}
	}
}

// Each planted bug fails the check it is planted for, and no check of
// another category; a bug that keeps every run from finishing (a hang, a
// crash, a flood) leaves nothing else to check, and the checks of the
// other categories are not checked, none fails.
func TestPlantedBugsFail(t *testing.T) {
	for _, tc := range []struct {
		lang, name, bug string
		check           string // the check that must fail
		cascade         bool   // no run finishes, so the other checks are not checked
		long            bool   // only with RJM_LONG=1
	}{
		{"python", "hill-descent", "println", "prompts", false, false},
		{"go", "restarts", "println", "prompts", false, true},
		{"go", "evaluation", "depth", "depths", false, false},
		{"python", "evaluation", "depth", "depths", false, true},
		{"go", "evaluation", "positive", "objective", false, true},
		{"go", "representation", "offboard", "legal", false, false},
		{"python", "representation", "offboard", "legal", false, true},
		{"go", "representation", "ones", "uniform", false, false},
		{"python", "evaluation", "ones", "uniform", false, true},
		{"go", "hill-descent", "nosearch", "search", false, false},
		{"python", "annealing", "nosearch", "search", false, true},
		{"go", "uphill", "randomwalk", "search", false, true},
		{"go", "hill-descent", "strict", "search", false, true},
		{"go", "restarts", "lastrestart", "search", false, true},
		{"go", "annealing", "nodecay", "search", false, true},
		{"go", "hill-descent", "typo", "jumps", false, false},
		// A search's rule, seen in the probes' runs (rule): worse steps
		// taken now and then (a hill descent, which search catches: its
		// mazes are worse), uphill steps never taken, restarts that never
		// restart or keep the energy of the maze they left, annealing
		// that never takes a worse step or takes one with a fixed
		// probability.
		{"go", "hill-descent", "sometimes", "search", false, false},
		{"go", "uphill", "refuse", "rule", false, false},
		{"python", "uphill", "refuse", "rule", false, true},
		{"go", "restarts", "norestart", "rule", false, false},
		{"go", "restarts", "noreset", "rule", false, true},
		{"go", "annealing", "quench", "rule", false, true},
		{"go", "annealing", "fixed", "rule", false, true},
		{"python", "hill-descent", "hang", "time", true, false},
		{"go", "evaluation", "crash", "exit", true, false},
		{"python", "restarts", "crash", "exit", true, true},
		{"go", "representation", "flood", "output", true, false},
	} {
		t.Run(tc.lang+"/"+tc.name+"/"+tc.bug, func(t *testing.T) {
			if tc.long && os.Getenv("RJM_LONG") != "1" {
				t.Skip("long: set RJM_LONG=1 to run every planted bug")
			}
			t.Parallel() // a grading waits on its programs much of the time
			s := small(student(t, tc.lang, tc.name, tc.bug))
			if tc.check != "search" && tc.check != "jumps" && tc.check != "uniform" && tc.check != "rule" {
				s.Runs = 10 // one look: the check is on every run
			}
			switch {
			case tc.check == "time":
				s.Runs, s.Timeout, s.Wall = 2, time.Second, time.Second
			case tc.bug == "strict", tc.bug == "lastrestart", tc.bug == "nodecay", tc.bug == "typo":
				// The default budget, where a descent without sideways
				// steps falls far behind.
				s.Iterations = 0
			}
			start := time.Now()
			r, err := grade.Run(context.Background(), tc.name, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			elapsed := time.Since(start)
			t.Logf("%v\n%s", elapsed, r.Text())
			if tc.check == "time" && r.Details[0].Status != "wall-clock limit" {
				// The program sleeps an hour: its run ended at the limit.
				t.Errorf("a hanging program, a time limit of 1s: run 1 %q after %v", r.Details[0].Status, elapsed)
			}
			c, ok := r.Check(tc.check)
			if !ok || c.Pass || r.Pass {
				t.Fatalf("check %s: %+v", tc.check, c)
			}
			for _, f := range r.Failed() {
				if f.Category != c.Category {
					t.Errorf("%s also fails %s: %s", tc.bug, f.Name, f.Message)
				}
			}
			if tc.cascade {
				if u, _ := r.Check("layout"); u.State != grade.NotChecked || !strings.HasPrefix(u.Message, "not checked: no run's transcript could be read") {
					t.Errorf("layout: %+v", u)
				}
				if d := r.Details[0]; d.Partial == "" && d.Bytes > 0 {
					t.Errorf("no partial transcript of run 1: %+v", r.Details[0])
				}
			}
		})
	}
}

// No correct program is ever failed: the Go and the Python student pass
// every check of every exercise at the default settings (10 runs, 3,000
// iterations) under 50 seeds. Long: it runs only with RJM_LONG=1, and
// never under -short (about ten minutes on two cores).
func TestCorrectProgramsPass50Seeds(t *testing.T) {
	if testing.Short() || os.Getenv("RJM_LONG") != "1" {
		t.Skip("long: set RJM_LONG=1 to run")
	}
	for _, lang := range []string{"go", "python"} {
		for _, name := range exercise.List() {
			worst := 1.0
			for seed := uint64(1); seed <= 50; seed++ {
				r, err := grade.Run(context.Background(), name, grade.Settings{Command: student(t, lang, name, ""), Dir: studentsDir, Seed: seed}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !r.Pass {
					t.Errorf("%s %s, seed %d: a correct program fails:\n%s", lang, name, seed, r.Text())
				}
				for _, c := range r.Checks {
					if p := pValue(c.Message); c.Name == "search" || c.Name == "uniform" {
						worst = min(worst, p)
					}
				}
			}
			t.Logf("%s %s: 50 seeds pass; the smallest p-value %.3g", lang, name, worst)
		}
	}
}

// A correct program passes 1,000 gradings of 1,000 under different seeds,
// with the other core kept busy: the Go student's searches at the default
// settings (80 runs at most, 3,000 iterations), each grading a new seed.
// Long: RJM_LONG=1; RJM_GRADINGS=N makes N gradings instead (the
// exercise rotates through the four searches and the two random mazes).
func TestCorrectProgramPasses1000Gradings(t *testing.T) {
	if testing.Short() || os.Getenv("RJM_LONG") != "1" {
		t.Skip("long: set RJM_LONG=1 to run")
	}
	n := 1000
	if v := os.Getenv("RJM_GRADINGS"); v != "" {
		fmt.Sscan(v, &n)
	}
	// The busy loop ends with the test, however it ends: it checks every
	// few hundred milliseconds that the test is still there. (Pdeathsig
	// would kill it when the thread that started it ends, and the
	// grader's runs end threads of their own.)
	busy := exec.Command("sh", "-c", `while kill -0 "$1" 2>/dev/null; do i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; done`, "busy", strconv.Itoa(os.Getpid()))
	if err := busy.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { busy.Process.Kill(); busy.Wait() }()
	failed, runs := 0, 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		if seed%50 == 0 {
			t.Logf("%v: grading %d, %d failed so far", time.Now().Format(time.TimeOnly), seed, failed)
		}
		name := exercise.List()[int(seed)%len(exercise.List())]
		r, err := grade.Run(context.Background(), name, grade.Settings{Command: student(t, "go", name, ""), Dir: studentsDir, Seed: seed}, nil)
		if err != nil {
			t.Fatal(err)
		}
		runs += r.Made
		if !r.Pass {
			failed++
			t.Errorf("%s, seed %d: a correct program does not pass:\n%s", name, seed, r.Text())
		}
	}
	if err := busy.Process.Signal(syscall.Signal(0)); err != nil {
		t.Errorf("the busy loop ended before the gradings did: %v", err)
	}
	t.Logf("%d of %d gradings pass, %.1f runs a grading on average", n-failed, n, float64(runs)/float64(n))
}

// pValue reads the p-value a statistical check's message states, or 1.
func pValue(msg string) float64 {
	_, after, ok := strings.Cut(msg, "p = ")
	if !ok {
		return 1
	}
	var p float64
	if _, err := fmt.Sscan(strings.Fields(after)[0], &p); err != nil {
		return 1
	}
	return p
}

// A program seeded from a clock that ticks once a second prints the same
// maze in runs started within the second: that is a note, and its later
// runs are made a second apart, so that it is graded on mazes that differ
// and fails nothing.
func TestClockSeedIsANote(t *testing.T) {
	for _, name := range []string{"representation", "hill-descent"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			clockSeedIsANote(t, name)
		})
	}
}

func clockSeedIsANote(t *testing.T, name string) {
	s := small(student(t, "go", name, "clock"))
	s.Runs, s.Step = 14, 7
	r, err := grade.Run(context.Background(), name, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Failed()) > 0 {
		t.Errorf("%s:\n%s", name, r.Text())
	}
	if name == "representation" {
		return // its runs repeat a maze only when they ask the same size
	}
	if !strings.Contains(strings.Join(r.Notes, "\n"), "a second apart") {
		t.Errorf("no note of the runs made a second apart:\n%s", r.Text())
	}
	seconds := map[int64]bool{}
	for _, d := range r.Details[len(r.Details)-7:] {
		seconds[d.Started.Unix()] = true
	}
	if len(seconds) < 7 {
		t.Errorf("the last 7 runs started in %d different seconds, want 7", len(seconds))
	}
}

// A program whose random numbers are the same in every run (a constant
// seed) fails: its runs, started seconds apart, print the same maze.
func TestConstantSeedFails(t *testing.T) {
	for _, tc := range []struct{ name, check string }{{"representation", "uniform"}, {"hill-descent", "search"}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			constantSeedFails(t, tc.name, tc.check)
		})
	}
}

func constantSeedFails(t *testing.T, name, check string) {
	s := small(student(t, "go", name, "constant"))
	s.Runs, s.Step = 40, 10
	r, err := grade.Run(context.Background(), name, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := r.Check(check)
	if c.State != grade.Failed || !strings.Contains(c.Message, "the same in every run") {
		t.Errorf("%s:\n%s", name, r.Text())
	}
	for _, f := range r.Failed() {
		if f.Name != check {
			t.Errorf("also fails %s: %s", f.Name, f.Message)
		}
	}
}

// Cancelling the context (Ctrl-C) stops every program at once, with the
// processes it started: Run returns before the programs could end by
// themselves (they sleep 120.25 s from after start: a fact, not a bound a
// busy machine could miss), and none of them is left running.
func TestCancelStopsAtOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := grade.Settings{Command: []string{"sh", "-c", "sleep 120.25 & sleep 120.25; wait"}, Dir: t.TempDir(), Runs: 3, Seed: 1}
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, err := grade.Run(ctx, "evaluation", s, nil)
	if err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Errorf("error %v", err)
	}
	d := time.Since(start)
	t.Logf("stopped after %v", d)
	if d >= 120250*time.Millisecond {
		t.Errorf("stopped after %v: the programs were waited for", d)
	}
	if left := leftover("120.25"); len(left) > 0 {
		t.Errorf("left running: %q", left)
	}
}

// A program that starts another and hangs is stopped at its time limit
// with the other, and a flood at the output limit.
func TestLimitsStopTheProcessGroup(t *testing.T) {
	// One run at a time: after the first time-out no run starts.
	s := grade.Settings{Command: []string{"sh", "-c", "sleep 60 & wait"}, Dir: t.TempDir(), Runs: 3, Seed: 1, Timeout: time.Second, Wall: 300 * time.Millisecond, Workers: 1}
	start := time.Now()
	r, err := grade.Run(context.Background(), "evaluation", s, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := r.Check("time")
	if c.Pass || time.Since(start) >= 60*time.Second || !strings.HasSuffix(c.Message, "2 later runs were not made") || // the sleep was not waited out
		r.Details[0].Status != "wall-clock limit" || !strings.HasPrefix(r.Details[2].Status, "not run") {
		t.Errorf("%v: %+v %+v", time.Since(start), c, r.Details)
	}
	s = grade.Settings{Command: []string{"yes"}, Dir: t.TempDir(), Runs: 2, Seed: 1, MaxOutput: 4096}
	r, err = grade.Run(context.Background(), "evaluation", s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := r.Check("output"); c.Pass || !strings.Contains(c.Message, "4 KiB") || r.Details[0].Bytes != 4096 {
		t.Errorf("%+v %+v", c, r.Details[0])
	}
}

// Settings no grading can run with are *fault.Error values, with no
// package prefix.
func TestSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    grade.Settings
		msg  string
	}{
		{"juggling", grade.Settings{Command: []string{"sh"}}, `unknown exercise "juggling"`},
		{"evaluation", grade.Settings{}, "no command to run"},
		{"evaluation", grade.Settings{Command: []string{"sh"}, Runs: -1}, "-1 runs"},
		{"evaluation", grade.Settings{Command: []string{"no-such-program-here"}}, "not found in PATH"},
	} {
		_, err := grade.Run(context.Background(), tc.name, tc.s, nil)
		if !errors.Is(err, fault.ErrInvalid) || !strings.Contains(err.Error(), tc.msg) || strings.HasPrefix(err.Error(), "grade: ") {
			t.Errorf("%s %+v: %v", tc.name, tc.s, err)
		}
	}
}
