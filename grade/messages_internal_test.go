package grade

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

func TestRunList(t *testing.T) {
	for _, tc := range []struct {
		runs []int
		want string
	}{
		{[]int{4}, "run 4"},
		{[]int{1, 2}, "runs 1 and 2"},
		{[]int{1, 2, 3}, "runs 1–3"},
		{[]int{1, 2, 3, 5}, "runs 1–3 and 5"},
		{[]int{1, 3, 4, 5, 9, 10}, "runs 1, 3–5, 9 and 10"},
	} {
		if got := runList(tc.runs); got != tc.want {
			t.Errorf("runList(%v) = %q, want %q", tc.runs, got, tc.want)
		}
	}
}

// exitError returns the error of a shell that runs script.
func exitError(t *testing.T, script string) error {
	t.Helper()
	err := exec.Command("/bin/sh", "-c", script).Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("sh -c %q: %v, want an exit error", script, err)
	}
	return err
}

// Runs whose transcripts could not be read are named by how they ended:
// an exit status or a signal is an error (see exit), a limit is a limit
// (an outsider's class found crashed runs called "over their limits").
func TestUnreadableRunsSayHowTheyEnded(t *testing.T) {
	status2 := exitError(t, "exit 2")
	segv := exitError(t, "kill -SEGV $$")
	run := func(n int, o outcome) *graded { return &graded{run: n, out: o} }
	for _, tc := range []struct {
		name string
		runs []*graded
		want string
	}{
		{"crashed", []*graded{run(1, outcome{exitErr: status2}), run(2, outcome{exitErr: status2}), run(3, outcome{exitErr: status2})},
			"runs 1–3 ended with exit status 2 before a whole transcript (see exit)"},
		{"a signal", []*graded{run(4, outcome{exitErr: segv})},
			"run 4 was killed by signal: segmentation fault (see exit)"},
		{"out of memory", []*graded{run(1, outcome{exitErr: status2, stderr: []byte("Traceback (most recent call last):\nMemoryError\n")}), run(2, outcome{exitErr: status2})},
			"run 1 ran out of memory at the memory limit and ended with exit status 2 (see exit); run 2 ended with exit status 2 before a whole transcript (see exit)"},
		{"limits and not made", []*graded{run(1, outcome{stopped: errCPULimit}), run(2, outcome{stopped: errSkipped}), run(3, outcome{stopped: errSkipped}), run(4, outcome{stopped: errOutputLimit})},
			"run 1 stopped at the CPU time limit (see time); runs 2 and 3 were not made (an earlier run reached the time limit); run 4 stopped at the output limit (see output)"},
		{"read ones are left out", []*graded{run(1, outcome{}), run(2, outcome{stopped: errTimeLimit}), run(3, outcome{exitErr: status2}), {run: 5, out: outcome{exitErr: status2}, complete: true}},
			"run 2 stopped at the wall-clock limit (see time); run 3 ended with exit status 2 before a whole transcript (see exit)"},
	} {
		if got := unreadable(tc.runs); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
		c := &checker{runs: tc.runs}
		if _, note := c.usable(); note != " (not checked: "+tc.want+")" {
			t.Errorf("%s: usable's note %q", tc.name, note)
		}
		if msg := c.nothingChecked(); strings.Contains(msg, "within its limits") || !strings.HasSuffix(msg, tc.want) {
			t.Errorf("%s: nothingChecked %q", tc.name, msg)
		}
	}
}

// A maze's row on a terminal is a line of three numbers or more; an
// answer's echo is not one.
func TestPrintedRows(t *testing.T) {
	for _, tc := range []struct {
		out  string
		want bool
	}{
		{" 7\r\n", false},
		{" 0.1\r\n", false},
		{" 7\r\n3 1 2 4 2\r\n", true},
		{"7\r\n1,2,3,4,5\r\n", true},
		{"", false},
		{"500\r\nTraceback (most recent call last):\r\n  File \"hill.py\", line 3\r\n", false},
		{"50\r\npanic: runtime error: index out of range [24] with length 24\r\n\r\ngoroutine 1 [running]:\r\nmain.main()\r\n\t/tmp/rjm-1/hill_descent.go:80 +0x3a5\r\nexit status 2\r\n", false},
		{"50\r\n[3, 1, 2, 4, 2]\r\n", true},
	} {
		if got := printedRows(tc.out); got != tc.want {
			t.Errorf("printedRows(%q) = %v, want %v", tc.out, got, tc.want)
		}
	}
}

// An exercise no student handed in is said once for the class ("no
// student handed in restarts"), not on every student's line; one some
// students handed in is said for each who did not.
func TestCourseTextSaysAMissingExerciseOnce(t *testing.T) {
	graded := func(n string) CourseExercise {
		return CourseExercise{Exercise: n, Points: 20, MaxPoints: 20, Grade: &Student{Report: &Report{}}}
	}
	missing := func(n string) CourseExercise {
		return CourseExercise{Exercise: n, MaxPoints: 20, Missing: "no program for it was found"}
	}
	b := &CourseBook{Exercises: []string{"representation", "evaluation", "restarts", "uphill"}, Students: []CourseStudent{
		{ID: "1", Name: "Ana", Exercises: []CourseExercise{graded("representation"), graded("evaluation"), missing("restarts"), missing("uphill")}},
		{ID: "2", Name: "Ben", Exercises: []CourseExercise{graded("representation"), missing("evaluation"), missing("restarts"), missing("uphill")}},
	}}
	text := b.Text()
	if strings.Count(text, "no student handed in restarts, uphill\n") != 1 {
		t.Errorf("the class's line is not said once:\n%s", text)
	}
	var found []string
	for _, l := range strings.Split(text, "\n") {
		if _, what, ok := strings.Cut(l, "no program found for "); ok {
			found = append(found, what)
		}
	}
	if len(found) != 1 || found[0] != "evaluation" || !strings.Contains(text, "Ben (2)  ") || strings.Index(text, "no program found") < strings.Index(text, "Ben (2)") {
		t.Errorf("want Ben alone told \"no program found for evaluation\", got %q:\n%s", found, text)
	}
}

// checkerOf returns the checker of the named exercise's plan (one run
// compared with rjm's, then the extra runs) with the runs made so: out
// gives each planned run's outcome, read as a grading reads it.
func checkerOf(t *testing.T, name string, out func(pl planned) outcome) *checker {
	t.Helper()
	s := Settings{Runs: 1, Seed: 1}.withDefaults()
	p := newPlan(name, s)
	c := &checker{p: p, s: s}
	for i, pl := range p.runs {
		g := &graded{planned: pl, run: i + 1, index: i, out: out(pl)}
		g.read(p.eval)
		if i < p.regular {
			c.runs = append(c.runs, g)
		}
		c.all = append(c.all, g)
	}
	return c
}

// mazeText returns an n×n maze of jumps 1 with its goal.
func mazeText(n int) string {
	var b strings.Builder
	for r := range n {
		for c := range n {
			if c > 0 {
				b.WriteString(" ")
			}
			if r == n-1 && c == n-1 {
				b.WriteString("0")
			} else {
				b.WriteString("1")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// evaluationText returns what a search prints: a 5×5 maze, its depths
// and its objective (not a right one: the reprompt and exit checks do
// not look).
func evaluationText() string {
	return mazeText(5) + "\nMoves from start:\n" + strings.Repeat(" 0  1  1  1  1\n", 5) + "\n-4\n"
}

// The run with invalid answers is judged on its prompts first: a whole
// transcript passes reprompt whatever its exit status (which costs exit
// alone), a search that asked again did not refuse, and a run that ended
// before its maze is said to have ended so (an outsider's class's
// defects 3 and 4).
func TestRepromptJudgesThePromptsFirst(t *testing.T) {
	status1, status2 := exitError(t, "exit 1"), exitError(t, "exit 2")
	repr := "Rook Jumping Maze size (5-10)? "
	for _, tc := range []struct {
		name, exercise string
		stdout         string // of the run with invalid answers; "" for a whole transcript
		prompts        int    // how many times it prompts first
		err            error
		reprompt       State
		says           string
		exit           State
		exitSays       string
	}{
		{"asked again, maze", "representation", "", 3, nil, Passed, "asked again after each invalid answer and printed its", Passed, "every run exited with status 0"},
		{"asked again, maze, exit 1", "representation", "", 3, status1, Passed, "; it then exited with status 1 (see exit)", Failed, "run 2, exited with status 1 after a complete transcript"},
		{"asked again, no maze, exit 1", "representation", "-", 3, status1, Failed, "asked again after each invalid answer, then ended before printing its", Passed, "every run but 2 (see reprompt)"},
		{"asked once, exit 1", "representation", "-", 1, status1, Failed, "prompted 1 time, where the assignment asks 3 times (an invalid answer is asked again), then ended: exit status 1", Passed, "every run but 2 (see reprompt)"},
		{"search asked again, exit 2", "hill-descent", "-", 2, status2, Passed, `asked "Iterations?" again after "x", then ended before a whole transcript: exit status 2 (see exit)`, Failed, "run 2, asked again after x, then ended: exit status 2"},
		{"search asked again, whole, exit 1", "hill-descent", "", 2, status1, Passed, `asked "Iterations?" again after "x" and went on; it then exited with status 1 (see exit)`, Failed, "run 2, exited with status 1 after a complete transcript"},
		{"search refused", "hill-descent", "-", 1, status1, Passed, `refused "x" and ended (exit status 1)`, Passed, "every run but 2 (see reprompt)"},
		{"search went on", "hill-descent", "", 1, nil, Passed, `went on without asking "Iterations?" again`, Passed, "every run exited with status 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prompt, body := repr, mazeText
			if tc.exercise != "representation" {
				prompt, body = "Iterations? ", func(int) string { return evaluationText() }
			}
			c := checkerOf(t, tc.exercise, func(pl planned) outcome {
				if !pl.invalid {
					return outcome{stdout: []byte(strings.Repeat(prompt, len(pl.prompts)) + body(pl.size))}
				}
				out := strings.Repeat(prompt, tc.prompts)
				if tc.stdout == "" {
					out += body(pl.size)
				}
				return outcome{stdout: []byte(out), exitErr: tc.err}
			})
			ck := c.reprompt(c.invalidRun())
			if ck.State != tc.reprompt || !strings.Contains(ck.Message, tc.says) {
				t.Errorf("reprompt %s %q, want %s saying %q", ck.State, ck.Message, tc.reprompt, tc.says)
			}
			if strings.Contains(ck.Message, "refused") != strings.Contains(tc.says, "refused") {
				t.Errorf("reprompt %q", ck.Message)
			}
			if ex := c.limits()[1]; ex.State != tc.exit || !strings.Contains(ex.Message, tc.exitSays) {
				t.Errorf("exit %s %q, want %s saying %q", ex.State, ex.Message, tc.exit, tc.exitSays)
			}
		})
	}
}

// The terminal check says how the terminal run ended: its maze printed or
// not, its exit status; an exit status other than 0 is exit's business
// when the piped runs show it, and this check's when only the terminal
// does (an outsider's class's defect 2).
func TestTerminalSaysHowItEnded(t *testing.T) {
	status2 := exitError(t, "exit 2")
	for _, tc := range []struct {
		name  string
		piped error // every piped run's exit
		term  terminalResult
		state State
		says  string
	}{
		{"maze, exit 0", nil, terminalResult{exit: "exit status 0", maze: true}, Passed, "each answer (10) typed at its prompt, the program printed its maze and ended"},
		{"no maze, exit 0", nil, terminalResult{exit: "exit status 0"}, Failed, "the program ended (exit status 0) without printing its maze"},
		{"maze, exit 2, piped too", status2, terminalResult{exit: "exit status 2", maze: true}, Passed, "printed its maze and ended with exit status 2 (see exit)"},
		{"no maze, exit 2, piped too", status2, terminalResult{exit: "exit status 2"}, NotChecked, "not checked: on a terminal, answering 10, the program ended with exit status 2 before printing a maze (see exit)"},
		{"no maze, exit 2, terminal only", nil, terminalResult{exit: "exit status 2"}, Failed, "ended with exit status 2 before printing a maze, though its runs with the answers piped ended with exit status 0"},
		{"not made", nil, terminalResult{skipped: "no run's transcript could be read"}, NotChecked, "not checked: the terminal run was not made: no run's transcript could be read"},
	} {
		c := checkerOf(t, "representation", func(pl planned) outcome {
			return outcome{stdout: []byte(strings.Repeat("Rook Jumping Maze size (5-10)? ", len(pl.prompts)) + mazeText(pl.size)), exitErr: tc.piped}
		})
		tc.term.answers = []string{"10"}
		c.terminal = &tc.term
		ck := c.terminalCheck()
		if ck.State != tc.state || !strings.Contains(ck.Message, tc.says) {
			t.Errorf("%s: terminal %s %q, want %s saying %q", tc.name, ck.State, ck.Message, tc.state, tc.says)
		}
	}
}
