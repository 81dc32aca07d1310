package grade_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"rjm/grade"
)

// evidence grades the run script text for the exercise and returns the
// report.
func evidence(t *testing.T, exercise, script string, s grade.Settings) *grade.Report {
	t.Helper()
	s.Dir = folder(t, map[string]string{"run": "#!/bin/sh\n" + strings.ReplaceAll(script, "GOSTUDENT", goStudent)})
	s.Command = []string{"sh", "./run"}
	if s.Runs == 0 {
		s.Runs = 10
	}
	if s.Iterations == 0 {
		s.Iterations = 200
	}
	s.Seed, s.Workers = 1, 1
	r, err := grade.Run(context.Background(), exercise, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// wantState fails the test unless the report's check is in state want
// and its message holds says.
func wantState(t *testing.T, r *grade.Report, name string, want grade.State, says string) {
	t.Helper()
	ck, ok := r.Check(name)
	if !ok {
		t.Errorf("no %s check", name)
		return
	}
	if ck.State != want || !strings.Contains(ck.Message, says) {
		t.Errorf("%s is %s (%s), want %s saying %q", name, ck.State, ck.Message, want, says)
	}
}

// A program that never runs (its run script names a program no build
// made) passes no check and earns no point: reprompt is not checked (it
// passed: "refused "x" and ended (exit status 127)"), time and output are
// not checked (they passed: the runs "ended within" their limits).
func TestProgramThatNeverRunsEarnsNothing(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	for _, ex := range []string{"representation", "hill-descent"} {
		r := evidence(t, ex, "exec ./prog\n", grade.Settings{})
		for _, c := range r.Checks {
			if c.State == grade.Passed {
				t.Errorf("%s: %s passes: %s", ex, c.Name, c.Message)
			}
		}
		wantState(t, r, "reprompt", grade.NotChecked, "ended before its first prompt")
		wantState(t, r, "time", grade.NotChecked, "no run ended well")
		wantState(t, r, "exit", grade.Failed, "exit status 127")
	}
}

// A maze of zeros has no legal jump: legal fails (it passed, leaving the
// zeros to goal).
func TestMazeOfZerosIsNotLegal(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	r := evidence(t, "representation", `printf 'Rook Jumping Maze size (5-10)? '
read n
while [ "$n" -lt 5 ] || [ "$n" -gt 10 ]; do printf 'Rook Jumping Maze size (5-10)? '; read n; done
i=0
while [ $i -lt $n ]; do
	row=$(yes 0 | head -n $n | tr '\n' ' ')
	echo "${row% }"
	i=$((i+1))
done
`, grade.Settings{Runs: 3})
	wantState(t, r, "legal", grade.Failed, "printed jump 0 for cell (1,1), which has no move")
	wantState(t, r, "goal", grade.Failed, "holds 0")
}

// A first run stopped at the CPU limit (or, on a loaded machine, the
// wall-clock limit), and no later run made, shows no
// exit status: exit is not checked (it passed, "every run but 11 exited
// with status 0").
func TestExitNotCheckedWhenNoRunEnded(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	r := evidence(t, "hill-descent", "while :; do :; done\n", grade.Settings{Timeout: time.Second})
	wantState(t, r, "time", grade.Failed, "stopped after")
	wantState(t, r, "exit", grade.NotChecked, "no run ended by itself: run 1 stopped at the")
	wantState(t, r, "output", grade.NotChecked, "no run ended well")
}

// A terminal run that ended with status 1 before printing a maze, of a
// program whose piped runs also end with status 1 (after a whole
// transcript), shows nothing of how it reads a terminal: terminal is not
// checked (it passed, "ended with exit status 1 before printing a maze
// (see exit)").
func TestTerminalNotCheckedWhenItEndsBeforeTheMaze(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	r := evidence(t, "hill-descent", `if [ -t 0 ]; then printf 'Iterations? '; read n; exit 1; fi
GOSTUDENT hill-descent
exit 1
`, grade.Settings{})
	wantState(t, r, "exit", grade.Failed, "after a complete transcript")
	wantState(t, r, "terminal", grade.NotChecked, "ended with exit status 1 before printing a maze")
}

// A correct program that prints its prompts and maze on standard error
// (earning 6 of 20 before) has a format slip: its transcripts are read
// there, prompts and layout fail saying so, every other check is made,
// and it keeps most of its points.
func TestTranscriptOnStandardErrorIsAFormatSlip(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	r := evidence(t, "hill-descent", "exec GOSTUDENT hill-descent 1>&2\n", grade.Settings{Runs: 30, Iterations: 300})
	wantState(t, r, "layout", grade.Failed, "printed it on standard error")
	wantState(t, r, "depths", grade.Passed, "")
	wantState(t, r, "legal", grade.Passed, "")
	res := r.Gradescope(nil, 1, "test")
	if share := res.Score / res.ExtraData["max_points"].(float64); share < 0.85 {
		t.Errorf("%v of %v points (%.2f), want most\n%s", res.Score, res.ExtraData["max_points"], share, r.Text())
	}
}

// A search's probes are cases its rule check needs: an uphill step
// probability of 1 for uphill. A program that asks again whenever it is
// given 1 (it takes a probability below 1 only) never shows one: rule is
// not checked, saying so, the grading went on to its cap, and the report
// counts the probe's runs it saw (none) beside the other probe's.
func TestRuleNotCheckedWithoutItsCase(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	r := evidence(t, "uphill", "exec GOSTUDENT uphill below1\n", grade.Settings{Runs: 30})
	wantState(t, r, "rule", grade.NotChecked, "no run with uphill step probability 1 printed a maze")
	if ck, _ := r.Check("rule"); ck.Pass {
		t.Errorf("rule passes: %+v", ck)
	}
	seen := map[string]int{}
	for _, k := range r.Cases {
		seen[k.Case] = k.Seen
	}
	if seen["runs where every uphill step is accepted (probability 1)"] != 0 || seen["runs where every uphill step is refused (probability 0)"] != 30 {
		t.Errorf("cases %+v, want none of probability 1 and 30 of probability 0", r.Cases)
	}
}

// The rule check passes a correct search only on its probes' runs seen in
// 29 runs each: with at most 20 runs, it is not checked, saying how many
// it saw.
func TestRuleNeedsItsCasesOftenEnough(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	r := evidence(t, "annealing", "exec GOSTUDENT annealing\n", grade.Settings{Runs: 20})
	wantState(t, r, "rule", grade.NotChecked, "only 20 runs at a temperature that stays 3 (decay rate 1) (29 needed)")
}

// Each planted defect of a search's rule fails rule (or search) in every
// one of ten gradings with different seeds, at the normal tests' small
// budget: a refused uphill step, restarts that never restart or keep the
// energy of the maze they left, annealing that never takes a worse step
// or takes one with a fixed probability. Long: RJM_LONG=1 (50 gradings,
// a few minutes).
func TestRuleDefectsCaughtUnderSeeds(t *testing.T) {
	if testing.Short() || os.Getenv("RJM_LONG") != "1" {
		t.Skip("long: set RJM_LONG=1 to run")
	}
	for _, tc := range []struct{ name, bug string }{
		{"uphill", "refuse"},
		{"restarts", "norestart"},
		{"restarts", "noreset"},
		{"annealing", "quench"},
		{"annealing", "fixed"},
	} {
		t.Run(tc.name+"/"+tc.bug, func(t *testing.T) {
			t.Parallel()
			caught, runs := 0, 0
			for seed := uint64(1); seed <= 10; seed++ {
				s := small(student(t, "go", tc.name, tc.bug))
				s.Seed, s.Workers = seed+100, 1
				r, err := grade.Run(context.Background(), tc.name, s, nil)
				if err != nil {
					t.Fatal(err)
				}
				runs += r.Made
				rule, _ := r.Check("rule")
				search, _ := r.Check("search")
				if rule.State == grade.Failed || search.State == grade.Failed {
					caught++
				} else {
					t.Errorf("seed %d: rule %s (%s), search %s", s.Seed, rule.State, rule.Message, search.State)
				}
			}
			t.Logf("%s %s: caught in %d of 10 gradings, %.1f runs a grading", tc.name, tc.bug, caught, float64(runs)/10)
		})
	}
}

// An evaluation (no prompt to find) printed on standard error is said to
// be there: layout said only "no transcript on standard output" (an
// outsider's student, ben).
func TestEvaluationOnStandardErrorSaysSo(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	r := evidence(t, "evaluation", "exec GOSTUDENT evaluation 1>&2\n", grade.Settings{Runs: 30})
	wantState(t, r, "layout", grade.Failed, "printed it on standard error")
	wantState(t, r, "depths", grade.Passed, "")
}
