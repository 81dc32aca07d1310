package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// "rjm learn bandit --json" gives runs, one per strategy run, each with
// strategy, parameter, arms (iterations, pulls, mean_utility) and
// chosen_iterations.
func TestLearnBanditJSON(t *testing.T) {
	out, errs, code := rjmRun(t, "", "learn", "bandit", "--pulls", "300", "--seed", "5", "--json")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	var j struct {
		Runs []struct {
			Strategy  *string  `json:"strategy"`
			Parameter *float64 `json:"parameter"`
			Arms      []struct {
				Iterations  *int     `json:"iterations"`
				Pulls       *int     `json:"pulls"`
				MeanUtility *float64 `json:"mean_utility"`
			} `json:"arms"`
			Chosen *int `json:"chosen_iterations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		s string
		p float64
	}{{"epsilon-greedy", 0.01}, {"epsilon-greedy", 0.1}, {"epsilon-greedy", 0.3}, {"softmax", 1}, {"softmax", 10}, {"softmax", 100}}
	if len(j.Runs) != len(want) {
		t.Fatalf("%d runs, want %d", len(j.Runs), len(want))
	}
	for i, r := range j.Runs {
		if r.Strategy == nil || *r.Strategy != want[i].s || r.Parameter == nil || *r.Parameter != want[i].p || r.Chosen == nil {
			t.Fatalf("run %d: %s", i, out)
		}
		pulls, chosenOK := 0, false
		for a, arm := range r.Arms {
			if arm.Iterations == nil || *arm.Iterations != 100<<a || arm.Pulls == nil || arm.MeanUtility == nil || *arm.MeanUtility <= 0 {
				t.Fatalf("run %d arm %d: %s", i, a, out)
			}
			pulls += *arm.Pulls
			chosenOK = chosenOK || *arm.Iterations == *r.Chosen
		}
		if len(r.Arms) != 6 || pulls != 300 || !chosenOK {
			t.Fatalf("run %d: %d arms, %d pulls, chosen %d", i, len(r.Arms), pulls, *r.Chosen)
		}
	}
}

// The text shows, per run, the arm table, the total utility and the arm
// settled on; the same seed prints the same text.
func TestLearnBanditText(t *testing.T) {
	args := []string{"learn", "bandit", "--pulls", "200", "--epsilon", "0.2", "--tau", "", "--seed", "9"}
	out, errs, code := rjmRun(t, "", args...)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	for _, s := range []string{"epsilon-greedy, ε = 0.2", "iterations", "mean utility", "95% CI", "total utility", "settled on"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "softmax") {
		t.Errorf("--tau '' still ran softmax:\n%s", out)
	}
	again, _, _ := rjmRun(t, "", args...)
	if again != out {
		t.Error("same seed, different output")
	}
}

// "rjm learn sarsa --json" gives q, updates, policy and evaluation (greedy,
// restart-at-1 … restart-at-5, each with iterations).
func TestLearnSarsaJSON(t *testing.T) {
	args := []string{"learn", "sarsa", "--episodes", "40", "--mazes", "4", "--seed", "4", "--json"}
	out, errs, code := rjmRun(t, "", args...)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	j := parseSarsaJSON(t, out)
	if len(j.Q) != 30 || len(j.Updates) != 30 || len(j.Policy) != 30 {
		t.Fatalf("%d Q entries, %d update counts, %d policy entries", len(j.Q), len(j.Updates), len(j.Policy))
	}
	for s, q := range j.Q {
		if q.T != s/6 || q.D != 12+s%6 || q.Go == nil || q.Restart == nil || j.Updates[s].Updates == nil ||
			(j.Policy[s].Action != "go" && j.Policy[s].Action != "restart") {
			t.Fatalf("state %d: %+v", s, q)
		}
	}
	names := []string{"greedy", "restart-at-1", "restart-at-2", "restart-at-3", "restart-at-4", "restart-at-5"}
	if len(j.Evaluation) != len(names) {
		t.Fatalf("%d evaluations", len(j.Evaluation))
	}
	for i, ev := range j.Evaluation {
		if ev.Policy != names[i] || ev.Iterations == nil || *ev.Iterations <= 0 || !ev.Complete || ev.Mazes != 4 ||
			ev.PerMaze == nil || *ev.PerMaze*4 != float64(*ev.Iterations) || ev.Steps < *ev.Iterations/250 {
			t.Fatalf("evaluation %d: %+v", i, ev)
		}
	}
	if j.StepLimit != 4*400_000 {
		t.Errorf("evaluation step limit %d", j.StepLimit)
	}
	again, _, _ := rjmRun(t, "", args...)
	if again != out {
		t.Error("same seed, different output")
	}
}

type sarsaTestJSON struct {
	Q []struct {
		T, D        int
		Go, Restart *float64
	} `json:"q"`
	Updates []struct {
		T, D    int
		Updates *int `json:"updates"`
	} `json:"updates"`
	Policy []struct {
		T, D   int
		Action string `json:"action"`
	} `json:"policy"`
	StepLimit  int `json:"evaluation_step_limit"`
	Evaluation []struct {
		Policy     string   `json:"policy"`
		Iterations *int     `json:"iterations"`
		Mazes      int      `json:"mazes"`
		Complete   bool     `json:"complete"`
		Restarts   int      `json:"restarts"`
		Steps      int      `json:"steps"`
		PerMaze    *float64 `json:"iterations_per_maze"`
	} `json:"evaluation"`
}

func parseSarsaJSON(t *testing.T, out string) sarsaTestJSON {
	t.Helper()
	var j sarsaTestJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	return j
}

func TestLearnSarsaText(t *testing.T) {
	out, errs, code := rjmRun(t, "", "learn", "sarsa", "--episodes", "40", "--mazes", "3", "--seed", "4")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	for _, s := range []string{"Q(Go)", "Q(Restart)", "updates", "Greedy policy", "t=4", "restart-at-5", "95% CI per maze"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "incomplete") || strings.Contains(out, "greedy policy restarts") {
		t.Errorf("a greedy policy that goes on at (0, ≤12) is explained:\n%s", out)
	}
}

// A greedy policy that restarts at (0, ≤12), where random mazes start,
// draws random mazes until one starts higher. With seed 2 and 40 episodes
// SARSA learns one: a low --steps-per-maze stops its evaluation, which is
// reported as incomplete, with the reason; the fixed policies finish.
func TestLearnSarsaRestartLoop(t *testing.T) {
	args := []string{"learn", "sarsa", "--episodes", "40", "--mazes", "4", "--seed", "2", "--steps-per-maze", "2000"}
	out, errs, code := rjmRun(t, "", append(args, "--json")...)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	j := parseSarsaJSON(t, out)
	if j.Policy[0].Action != "restart" {
		t.Fatalf("greedy action at (0, ≤12) is %s; the test needs a policy that restarts there", j.Policy[0].Action)
	}
	g := j.Evaluation[0]
	if g.Policy != "greedy" || g.Complete || g.Mazes >= 4 || g.Steps != 8000 || j.StepLimit != 8000 || g.Restarts < 7000 ||
		(g.Mazes == 0) != (g.PerMaze == nil) {
		t.Errorf("greedy evaluation: %+v", g)
	}
	for _, ev := range j.Evaluation[1:] {
		if !ev.Complete || ev.Mazes != 4 || ev.Steps >= 8000 {
			t.Errorf("%s evaluation: %+v", ev.Policy, ev)
		}
	}
	text, _, code := rjmRun(t, "", args...)
	for _, s := range []string{"incomplete: 0 of 4 mazes in 8000 steps", "The greedy policy restarts in (0, ≤12)", "Restarts cost no iterations",
		"stopped at the step limit (raise --steps-per-maze"} {
		if code != 0 || !strings.Contains(text, s) {
			t.Errorf("status %d, output lacks %q:\n%s", code, s, text)
		}
	}
}

// Learning that cannot end an episode (ε = 0 makes the greedy policy
// restart for ever once Go has cost something) fails after
// --steps-per-episode × --episodes steps, with a one-line error.
func TestLearnSarsaStepLimit(t *testing.T) {
	_, errs, code := rjmRun(t, "", "learn", "sarsa", "--epsilon", "0", "--episodes", "5", "--steps-per-episode", "200")
	if code != 1 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "step limit reached after 1000 steps") {
		t.Errorf("status %d, stderr %q", code, errs)
	}
}

// Absurd parameters are one-line errors with status 2.
func TestLearnBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"bandit", "--pulls", "0"},
		{"bandit", "--pulls", "100000000"},
		{"bandit", "--epsilon", "1.5"},
		{"bandit", "--epsilon", "-0.1"},
		{"bandit", "--tau", "0"},
		{"bandit", "--tau", "-3"},
		{"bandit", "--epsilon", "", "--tau", ""},
		{"bandit", "--arms", "0"},
		{"bandit", "--arms", "40"},
		{"bandit", "--base", "0"},
		{"bandit", "--size", "1"},
		{"bandit", "--epsilon", "x"},
		{"sarsa", "--episodes", "0"},
		{"sarsa", "--episodes", "1000000000"},
		{"sarsa", "--alpha", "0"},
		{"sarsa", "--alpha", "2"},
		{"sarsa", "--gamma", "0"},
		{"sarsa", "--epsilon", "2"},
		{"sarsa", "--mazes", "0"},
		{"sarsa", "--target", "10"},
		{"sarsa", "--stage", "0"},
		{"sarsa", "--horizon", "-1"},
		{"sarsa", "--horizon", "0"},
		{"sarsa", "--steps-per-episode", "0"},
		{"sarsa", "--steps-per-maze", "0"},
		{"sarsa", "--steps-per-maze", "100000000"},
		{"sarsa", "--size", "11x"},
		{"sarsa", "--size", "0"},
		{"bogus"},
	} {
		_, errs, code := rjmRun(t, "", append([]string{"learn"}, args...)...)
		if code != 2 || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "rjm: ") {
			t.Errorf("%v: status %d, stderr %q", args, code, errs)
		}
	}
}
