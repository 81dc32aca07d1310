package grade_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"rjm/exercise"
	"rjm/grade"
)

// independentClass is the class written from the assignment alone, without
// reading the grader: one folder a student, each with EXPECTED.md (its
// exercise and the verdict expected, written before its code) and one
// program (main.py, main.c or Main.java). See its README.md.
const independentClass = "testdata/independent"

// hostileMarker is the file the hostile student (32) starts a detached
// child to write into its home folder, 3 s after its run.
const hostileMarker = ".rjm_student_was_here"

// expectation is one student of the independent class: its folder's name,
// its exercise, the expected verdict's first word ("pass", "fail" or
// "undecidable") and the whole verdict as EXPECTED.md gives it.
type expectation struct {
	Folder   string
	Exercise string
	Verdict  string
	Said     string
}

var (
	exerciseLine = regexp.MustCompile(`(?m)^- Exercise:[ \t]*(.*?)[ \t]*$`)
	verdictLine  = regexp.MustCompile(`(?m)^- Expected verdict:[ \t]*(.*?)[ \t]*$`)
	verdictWord  = regexp.MustCompile(`^[A-Za-z]+`)
	studentDir   = regexp.MustCompile(`^\d+-`)
)

// parseExpected reads an EXPECTED.md: its "- Exercise: NAME" line and its
// "- Expected verdict: **WORD ...**" line, whose first word is pass, fail
// or undecidable. A conditional verdict ("fail ... when run with fewer than
// 100 iterations") is its first word.
func parseExpected(folder string, data []byte) (expectation, error) {
	e := expectation{Folder: folder}
	ex := exerciseLine.FindAllSubmatch(data, -1)
	if len(ex) != 1 {
		return e, fmt.Errorf("%s/EXPECTED.md: want one line \"- Exercise: NAME\", found %d", folder, len(ex))
	}
	e.Exercise = string(ex[0][1])
	if !slices.Contains(exercise.List(), e.Exercise) {
		return e, fmt.Errorf("%s/EXPECTED.md: exercise %q is not one of %s", folder, e.Exercise, strings.Join(exercise.List(), ", "))
	}
	v := verdictLine.FindAllSubmatch(data, -1)
	if len(v) != 1 {
		return e, fmt.Errorf("%s/EXPECTED.md: want one line \"- Expected verdict: **...**\", found %d", folder, len(v))
	}
	e.Said = strings.Trim(string(v[0][1]), "* ")
	e.Verdict = strings.ToLower(verdictWord.FindString(e.Said))
	switch e.Verdict {
	case "pass", "fail", "undecidable":
	default:
		return e, fmt.Errorf("%s/EXPECTED.md: verdict %q does not start with pass, fail or undecidable", folder, e.Said)
	}
	return e, nil
}

// readIndependentClass parses the EXPECTED.md of every student folder
// (a folder whose name starts with digits and a dash), in folder order.
func readIndependentClass() ([]expectation, error) {
	entries, err := os.ReadDir(independentClass)
	if err != nil {
		return nil, err
	}
	var class []expectation
	var errs []error
	for _, d := range entries {
		if !d.IsDir() || !studentDir.MatchString(d.Name()) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(independentClass, d.Name(), "EXPECTED.md"))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		e, err := parseExpected(d.Name(), data)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		class = append(class, e)
	}
	return class, errors.Join(errs...)
}

// Every student of the independent class states an exercise rjm knows and
// a verdict, and has a program grade.Detect finds; the class has at least
// 30 students in Python, C and Java, each exercise done by some.
func TestIndependentClassExpectations(t *testing.T) {
	class, err := readIndependentClass()
	if err != nil {
		t.Fatal(err)
	}
	if len(class) < 30 {
		t.Errorf("%d students, want at least 30", len(class))
	}
	languages := map[string]int{}
	exercises := map[string]int{}
	verdicts := map[string]int{}
	for _, e := range class {
		exercises[e.Exercise]++
		verdicts[e.Verdict]++
		p, err := grade.Detect(filepath.Join(independentClass, e.Folder))
		if err != nil {
			t.Errorf("%s: %v", e.Folder, err)
			continue
		}
		languages[p.Language]++
	}
	for _, lang := range []string{"python", "c", "java"} {
		if languages[lang] == 0 {
			t.Errorf("no student in %s (languages: %v)", lang, languages)
		}
	}
	for _, name := range exercise.List() {
		if exercises[name] == 0 {
			t.Errorf("no student does %s", name)
		}
	}
	if verdicts["pass"] == 0 || verdicts["fail"] == 0 {
		t.Errorf("want students expected to pass and to fail, got %v", verdicts)
	}
}

func TestParseExpected(t *testing.T) {
	for _, tc := range []struct {
		in, exercise, verdict, err string
	}{
		{"- Exercise: uphill\n- Expected verdict: **pass**\n", "uphill", "pass", ""},
		{"# x\n\n- Language: C\n- Exercise: restarts\n- Expected verdict: **fail (limits/crash) when tried with fewer than 100 iterations**\n", "restarts", "fail", ""},
		{"- Exercise: annealing\n- Expected verdict: **undecidable from transcripts (...)**\n", "annealing", "undecidable", ""},
		{"- Exercise: uphill\n- Expected verdict: Pass\n", "uphill", "pass", ""},
		{"- Expected verdict: **pass**\n", "", "", "want one line \"- Exercise: NAME\", found 0"},
		{"- Exercise: climbing\n- Expected verdict: **pass**\n", "", "", `exercise "climbing" is not one of`},
		{"- Exercise: uphill\n", "", "", "found 0"},
		{"- Exercise: uphill\n- Expected verdict: **maybe**\n", "", "", `verdict "maybe" does not start with pass, fail or undecidable`},
		{"- Exercise: uphill\n- Expected verdict: **pass**\n- Expected verdict: **fail**\n", "", "", "found 2"},
	} {
		e, err := parseExpected("x", []byte(tc.in))
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one with %q", tc.in, err, tc.err)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.in, err)
		case e.Exercise != tc.exercise || e.Verdict != tc.verdict:
			t.Errorf("%q: %q %q, want %q %q", tc.in, e.Exercise, e.Verdict, tc.exercise, tc.verdict)
		}
	}
}

// verdictOf is a report's verdict: "pass" when every check passes, "fail"
// when one fails, else "inconclusive" (some not checked, none failed).
func verdictOf(r *grade.Report) string {
	switch {
	case r.Pass:
		return "pass"
	case len(r.Failed()) > 0:
		return "fail"
	}
	return "inconclusive"
}

// agrees reports whether a verdict is the one expected: "undecidable"
// (from transcripts) takes pass or fail, not inconclusive.
func agrees(expected, got string) bool {
	if expected == "undecidable" {
		return got == "pass" || got == "fail"
	}
	return expected == got
}

// TestIndependentClass grades every student of the independent class as a
// teacher would (`rjm grade EXERCISE --each 'class/*/'`: grade.Class with
// each folder's program detected and built, default settings, seed 1; one
// grading per exercise) and compares each verdict with the one its
// EXPECTED.md wrote down first. Expected "fail" includes the conditional
// ones (25: fewer than 100 iterations a descent; 36: p < 0.01), which a
// grading with the defaults must reach; "undecidable" (32, the hostile
// student, whose detached child writes ~/.rjm_student_was_here 3 s after
// its run) takes pass or fail, but nothing of any student may write that
// file into the student's folder or the real home, or still run a few
// seconds after the grading.
//
// It grades 37 programs, some with 80 runs, and takes 10–20 minutes on a
// loaded two-core machine, so it runs only with RJM_LONG=1 (and needs
// python3, cc, javac and java; without them it skips, or fails under
// CI=true):
//
//	RJM_LONG=1 go test ./grade -run TestIndependentClass -v -timeout 60m
func TestIndependentClass(t *testing.T) {
	if os.Getenv("RJM_LONG") != "1" {
		t.Skip("grades 37 programs in 10-20 minutes: RJM_LONG=1 runs it")
	}
	for _, tool := range []string{"python3", "cc", "javac", "java"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("the independent class needs %s: %v", tool, err)
			}
			t.Skipf("the independent class needs %s: %v", tool, err)
		}
	}
	class, err := readIndependentClass()
	if err != nil {
		t.Fatal(err)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		t.Fatal(err)
	}
	homeMarker := filepath.Join(home, hostileMarker)
	homeBefore, _ := os.ReadFile(homeMarker)

	// Every student in a copy (builds and runs stay out of testdata), and
	// the grader's scratch copies under the same root (TMPDIR), so that
	// every process of a student has its home under root.
	root := t.TempDir()
	tmp := filepath.Join(root, "tmp")
	if err := os.Mkdir(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", tmp)
	dirs := map[string][]string{}
	for _, e := range class {
		dir := filepath.Join(root, "class", e.Folder)
		if err := os.CopyFS(dir, os.DirFS(filepath.Join(independentClass, e.Folder))); err != nil {
			t.Fatal(err)
		}
		dirs[e.Exercise] = append(dirs[e.Exercise], dir)
	}

	students := map[string]grade.Student{}
	start := time.Now()
	for _, name := range exercise.List() {
		if len(dirs[name]) == 0 {
			continue
		}
		began := time.Now()
		g, err := grade.Class(t.Context(), name, grade.Settings{Seed: 1}, dirs[name], nil, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, st := range g.Students {
			students[st.Name] = st
		}
		t.Logf("%s: %d students graded in %v", name, len(g.Students), time.Since(began).Round(time.Second))
	}
	t.Logf("the class graded in %v", time.Since(start).Round(time.Second))

	// The table, then every disagreement with the checks that decided it.
	var table, why strings.Builder
	width := len("folder")
	for _, e := range class {
		width = max(width, len(e.Folder))
	}
	fmt.Fprintf(&table, "\n%-*s %-14s %-11s %-12s %-7s %s\n", width, "folder", "exercise", "expected", "got", "points", "checks failed / not checked")
	var disagree []string
	for _, e := range class {
		st, ok := students[e.Folder]
		if !ok {
			fmt.Fprintf(&table, "%-*s %-14s %-11s %-12s\n", width, e.Folder, e.Exercise, e.Verdict, "(no grade)")
			disagree = append(disagree, e.Folder+": not graded")
			continue
		}
		got := verdictOf(st.Report)
		mark := ""
		if !agrees(e.Verdict, got) {
			mark = "  ← DISAGREES"
			disagree = append(disagree, fmt.Sprintf("%s: expected %s, got %s", e.Folder, e.Verdict, got))
			fmt.Fprintf(&why, "\n%s (%s; expected %q), got %s:\n", e.Folder, e.Exercise, e.Said, got)
			if st.Report.Pass {
				fmt.Fprintf(&why, "  every check passes\n")
			}
			for _, c := range st.Report.Checks {
				if c.State != grade.Passed {
					fmt.Fprintf(&why, "  %s %s (%s): %s\n", c.State, c.Name, c.Category, c.Message)
				}
			}
			for _, n := range st.Report.Notes {
				fmt.Fprintf(&why, "  note: %s\n", n)
			}
			fmt.Fprintf(&why, "  %d runs made\n", st.Report.Made)
		}
		fmt.Fprintf(&table, "%-*s %-14s %-11s %-12s %-7s %s%s\n", width, e.Folder, e.Exercise, e.Verdict, got,
			strconv.FormatFloat(st.Points, 'f', -1, 64)+"/"+strconv.FormatFloat(st.MaxPoints, 'f', -1, 64), checkSummary(st.Report), mark)
	}
	fmt.Fprintf(&table, "%d of %d agree", len(class)-len(disagree), len(class))
	t.Log(table.String())
	if why.Len() > 0 {
		t.Log("disagreements:\n" + why.String())
	}
	if len(disagree) > 0 {
		t.Errorf("rjm grade disagrees with %d of %d expected verdicts:\n%s", len(disagree), len(class), strings.Join(disagree, "\n"))
	}

	// Nothing of any student is left running or writes its marker once its
	// detached children's 3 s are over.
	time.Sleep(5 * time.Second)
	if left := processesUnder(root); len(left) > 0 {
		t.Errorf("processes of the students still running after the grading:\n%s", strings.Join(left, "\n"))
	}
	if after, _ := os.ReadFile(homeMarker); !bytes.Equal(after, homeBefore) {
		t.Errorf("a student wrote %s", homeMarker)
	}
	for _, e := range class {
		for _, dir := range []string{filepath.Join(independentClass, e.Folder), filepath.Join(root, "class", e.Folder)} {
			if _, err := os.Stat(filepath.Join(dir, hostileMarker)); err == nil {
				t.Errorf("%s wrote %s into its folder %s", e.Folder, hostileMarker, dir)
			}
		}
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == hostileMarker {
			t.Logf("%s was written in a scratch copy (confined there): %s", hostileMarker, path)
		}
		return nil
	})
}

// checkSummary names a report's checks that fail and those not checked.
func checkSummary(r *grade.Report) string {
	var failed, unchecked []string
	for _, c := range r.Failed() {
		failed = append(failed, c.Name)
	}
	for _, c := range r.Unchecked() {
		unchecked = append(unchecked, c.Name)
	}
	var parts []string
	if len(failed) > 0 {
		parts = append(parts, "fails "+strings.Join(failed, ", "))
	}
	if len(unchecked) > 0 {
		parts = append(parts, "not checked: "+strings.Join(unchecked, ", "))
	}
	return strings.Join(parts, "; ")
}

// processesUnder returns the processes, other than this one, whose working
// folder, home or TMPDIR lies under root: a grading's runs have their home
// and TMPDIR in their scratch copy.
func processesUnder(root string) []string {
	var out []string
	entries, _ := os.ReadDir("/proc")
	self := strconv.Itoa(os.Getpid())
	under := func(p string) bool { return p == root || strings.HasPrefix(p, root+"/") }
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil || e.Name() == self {
			continue
		}
		proc := filepath.Join("/proc", e.Name())
		hit := false
		if cwd, err := os.Readlink(filepath.Join(proc, "cwd")); err == nil && under(cwd) {
			hit = true
		}
		if env, err := os.ReadFile(filepath.Join(proc, "environ")); err == nil {
			for _, v := range strings.Split(string(env), "\x00") {
				if k, p, ok := strings.Cut(v, "="); ok && (k == "HOME" || k == "TMPDIR") && under(p) {
					hit = true
				}
			}
		}
		if hit {
			cmd, _ := os.ReadFile(filepath.Join(proc, "cmdline"))
			out = append(out, e.Name()+": "+strings.TrimSpace(strings.ReplaceAll(string(cmd), "\x00", " ")))
		}
	}
	return out
}

// processesUnder finds a process working in the folder, and one whose
// home is there, and not one outside it.
func TestProcessesUnder(t *testing.T) {
	root := t.TempDir()
	marker := filepath.Join(root, "x")
	if err := os.Mkdir(marker, 0o755); err != nil {
		t.Fatal(err)
	}
	start := func(dir string, env ...string) *exec.Cmd {
		cmd := exec.Command("sleep", "30")
		cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd
	}
	outside := t.TempDir()
	start(outside, "HOME="+outside)
	if left := processesUnder(root); len(left) > 0 {
		t.Errorf("found %q, want none", left)
	}
	inFolder := start(marker)
	atHome := start(outside, "HOME="+marker)
	left := processesUnder(root)
	for _, cmd := range []*exec.Cmd{inFolder, atHome} {
		want := strconv.Itoa(cmd.Process.Pid) + ": sleep 30"
		if !slices.Contains(left, want) {
			t.Errorf("found %q, want %q among them", left, want)
		}
	}
}
