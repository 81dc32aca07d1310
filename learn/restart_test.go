package learn

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"rjm/graph"
	"rjm/maze"
	"rjm/search"
)

func problem5() search.Problem {
	b := maze.Board{Rows: 5, Cols: 5}
	return search.Problem{Graph: graph.MustCompile(b), Start: 0, Goal: b.Cells() - 1}
}

// "we can measure the utility of a single hill descent of i iterations
// as 2^d / i", with d = 0 for a maze without a solution.
func TestUtility(t *testing.T) {
	for _, tc := range []struct {
		d, i int
		want float64
	}{
		{18, 100, 2621.44},
		{17, 100, 1310.72},
		{10, 3200, 0.32},
		{0, 100, 0.01},
		{-1, 100, 0.01}, // no solution
		{1, 1, 2},
	} {
		if got := Utility(tc.d, tc.i); got != tc.want {
			t.Errorf("Utility(%d, %d) = %v, want %v", tc.d, tc.i, got, tc.want)
		}
	}
}

// "100, 200, 400, 800, 1600, 3200, that is, 100 × 2^a, a ∈ {0, …, 5}".
func TestRestartArms(t *testing.T) {
	p := problem5()
	arms := RestartArms(p, 100, 6)
	want := []int{100, 200, 400, 800, 1600, 3200}
	for a, arm := range arms {
		if got := arm.(RestartArm).Iterations; got != want[a] {
			t.Errorf("arm %d: %d iterations, want %d", a, got, want[a])
		}
	}
	// A pull pays 2^d / i for the depth of the descent's best maze.
	rng := rand.New(rand.NewPCG(8, 8))
	u, err := arms[3].Pull(context.Background(), rng)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := search.HillDescent{Iterations: 800}.Search(context.Background(), p, rand.New(rand.NewPCG(8, 8)))
	if d := p.Graph.GoalDepth(res.Best.Jumps, p.Start, p.Goal); u != Utility(d, 800) {
		t.Errorf("pull paid %v, want 2^%d/800", u, d)
	}
	if _, err := (RestartArm{Problem: p}).Pull(context.Background(), rng); err == nil {
		t.Error("arm of 0 iterations: no error")
	}
}

// "we consider actions only for 5 values of t ∈ (0, …, 4) and 6 values
// of d ∈ (17, 16, 15, 14, 13, 12) … d = 12 actually represents the set of
// all maze depths ≤ 12".
func TestRestartMDPStates(t *testing.T) {
	var m RestartMDP
	if m.States() != 30 || m.Depths() != 6 {
		t.Fatalf("%d states, %d depths", m.States(), m.Depths())
	}
	seen := map[int]bool{}
	for tt := range 5 {
		for d := 12; d <= 17; d++ {
			s := m.State(tt, d)
			if gt, gd := m.Pair(s); gt != tt || gd != d || s < 0 || s >= 30 || seen[s] {
				t.Errorf("State(%d, %d) = %d → Pair (%d, %d)", tt, d, s, gt, gd)
			}
			seen[s] = true
		}
	}
	for _, tc := range []struct{ d, want int }{{-1, 12}, {0, 12}, {5, 12}, {12, 12}, {13, 13}, {17, 17}} {
		if _, d := m.Pair(m.State(2, tc.d)); d != tc.want {
			t.Errorf("depth %d is in state d = %d, want %d", tc.d, d, tc.want)
		}
	}
	for _, bad := range []RestartMDP{
		{Stage: -1}, {Horizon: -1}, {Floor: -2}, {Floor: 20, Target: 18}, {Floor: 5, Target: 5},
		{Horizon: 1_000_000}, {Stage: search.MaxIterations + 1},
	} {
		if bad.Validate() == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// "policies that only restart at t = 1, 2, 3, 4, 5".
func TestRestartAt(t *testing.T) {
	var m RestartMDP
	for k := 1; k <= 5; k++ {
		pol := m.RestartAt(k)
		for tt := range 5 {
			want := Go
			if tt >= k {
				want = Restart
			}
			for d := 12; d <= 17; d++ {
				if got := pol(m.State(tt, d)); got != want {
					t.Errorf("restart at %d, state (%d, %d): action %d", k, tt, d, got)
				}
			}
		}
	}
}

// The environment follows the exercise: Go costs 250 iterations and pays
// −1, Restart pays 0, t never exceeds 4 (Restart is forced), and an
// episode ends, paying +1, exactly at a maze of goal depth ≥ 18.
func TestRestartEnv(t *testing.T) {
	p := problem5()
	var m RestartMDP
	env, err := NewRestartEnv(context.Background(), p, m, rand.New(rand.NewPCG(3, 1)))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	gos, episodes := 0, 0
	for episodes < 20 {
		s, err := env.Reset()
		if err != nil {
			t.Fatal(err)
		}
		for {
			tt, _ := m.Pair(s)
			a := Go
			if rng.IntN(10) == 0 {
				a = Restart
			}
			before := env.Iterations()
			r, next, done, err := env.Step(a)
			if err != nil {
				t.Fatal(err)
			}
			cost := -1.0
			if a == Go {
				gos++
				if env.Iterations()-before != 250 {
					t.Fatalf("Go ran %d iterations", env.Iterations()-before)
				}
			} else {
				cost = 0
			}
			if done {
				if r != cost+1 || env.walk.BestEnergy() > -18 {
					t.Fatalf("episode ended with reward %v at energy %v", r, env.walk.BestEnergy())
				}
				break
			}
			if r != cost {
				t.Fatalf("reward %v for action %d", r, a)
			}
			nt, nd := m.Pair(next)
			if a == Go && tt < 4 && nt != tt+1 || (a == Restart || tt == 4) && nt != 0 {
				t.Fatalf("from t = %d, action %d led to t = %d", tt, a, nt)
			}
			if e := env.walk.BestEnergy(); nd != min(max(int(-e), 12), 17) && !(e >= 1e6 && nd == 12) {
				t.Fatalf("state depth %d, maze energy %v", nd, e)
			}
			s = next
		}
		episodes++
	}
	if env.Mazes() != 20 || env.Iterations() != 250*gos {
		t.Errorf("%d mazes, %d iterations for %d Go actions", env.Mazes(), env.Iterations(), gos)
	}
	if _, _, _, err := env.Step(7); err == nil {
		t.Error("action 7: no error")
	}
}

// Evaluating "restart at t = 5" counts the iterations of every maze.
func TestEvaluate(t *testing.T) {
	var m RestartMDP
	env, err := NewRestartEnv(context.Background(), problem5(), m, rand.New(rand.NewPCG(1, 9)))
	if err != nil {
		t.Fatal(err)
	}
	var calls []int
	ev, err := Evaluate(context.Background(), env, m.RestartAt(5), EvalSettings{Mazes: 10, Progress: func(done, total int) {
		if total != 10 {
			t.Errorf("progress total %d", total)
		}
		calls = append(calls, done)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if ev.Mazes != 10 || ev.PerMaze.N() != 10 || float64(ev.Iterations) != 10*ev.PerMaze.Mean() || ev.Iterations%250 != 0 {
		t.Errorf("%+v", ev)
	}
	// Every step is a Go (250 iterations) or a Restart, and this policy
	// restarts only when forced, after its fifth Go.
	if gos := ev.Iterations / 250; ev.Steps != gos || ev.Restarts < gos/5 {
		t.Errorf("%d steps, %d restarts for %d Go actions", ev.Steps, ev.Restarts, gos)
	}
	if len(calls) != 10 || calls[0] != 1 || calls[9] != 10 {
		t.Errorf("progress calls %v", calls)
	}
	for _, bad := range []EvalSettings{{Mazes: -1}, {MaxSteps: -1}} {
		if _, err := Evaluate(context.Background(), env, m.RestartAt(5), bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// Go cannot go on for ever (Restart is forced after t = 4), but Restart
// can: a policy that restarts in every state with t = 0 never spends an
// iteration. The step limit stops it, after exactly that many steps, with
// an error that says so.
func TestEvaluateRestartForever(t *testing.T) {
	var m RestartMDP
	env, err := NewRestartEnv(context.Background(), problem5(), m, rand.New(rand.NewPCG(1, 9)))
	if err != nil {
		t.Fatal(err)
	}
	always := func(int) int { return Restart }
	ev, err := Evaluate(context.Background(), env, always, EvalSettings{Mazes: 1, MaxSteps: 5000})
	if !errors.Is(err, ErrStepLimit) || !strings.Contains(err.Error(), "after 5000 steps (0 of 1 mazes done)") {
		t.Errorf("error %v", err)
	}
	// The first maze of a fresh environment is the one it started with.
	if ev.Mazes != 0 || ev.Steps != 5000 || ev.Restarts != 5000 || ev.Iterations != 0 || ev.PerMaze.N() != 0 {
		t.Errorf("always restart: %+v", ev)
	}
}

// A greedy policy that restarts at t = 0 when d ≤ 12 draws random mazes
// until one has goal depth 13 or more (about one in 28,000): it finishes,
// within the default step limit, having spent restarts, not iterations.
func TestEvaluateRestartUntilLucky(t *testing.T) {
	var m RestartMDP
	env, err := NewRestartEnv(context.Background(), problem5(), m, rand.New(rand.NewPCG(4, 4)))
	if err != nil {
		t.Fatal(err)
	}
	lucky := func(s int) int {
		if t, d := m.Pair(s); t == 0 && d <= 12 {
			return Restart
		}
		return Go
	}
	ev, err := Evaluate(context.Background(), env, lucky, EvalSettings{Mazes: 3})
	if err != nil {
		t.Fatal(err)
	}
	gos := ev.Iterations / 250
	if ev.Mazes != 3 || ev.Restarts < 100*gos || ev.Steps < ev.Restarts-ev.Mazes {
		t.Errorf("%+v", ev)
	}
}

// Cancellation stops an evaluation that only restarts within
// cancelEvery steps, though no step runs a hill descent.
func TestEvaluateCancel(t *testing.T) {
	var m RestartMDP
	env, err := NewRestartEnv(context.Background(), problem5(), m, rand.New(rand.NewPCG(1, 9)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	cancelling := func(int) int {
		if calls++; calls == 10 {
			cancel()
		}
		return Restart
	}
	ev, err := Evaluate(ctx, env, cancelling, EvalSettings{Mazes: 1, MaxSteps: 1_000_000})
	if !errors.Is(err, context.Canceled) || ev.Steps > 10+cancelEvery {
		t.Errorf("%v after %d steps", err, ev.Steps)
	}
}

// SARSA learns on the restart problem, and its runs are reproducible.
func TestSARSARestart(t *testing.T) {
	learn := func() SARSAResult {
		env, err := NewRestartEnv(context.Background(), problem5(), RestartMDP{}, rand.New(rand.NewPCG(2, 2)))
		if err != nil {
			t.Fatal(err)
		}
		res, err := SARSA{Episodes: 50}.Learn(context.Background(), env, rand.New(rand.NewPCG(2, 3)))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := learn(), learn()
	if a.Episodes != 50 || a.Steps != b.Steps || a.Return != b.Return {
		t.Fatalf("runs differ: %+v %+v", a, b)
	}
	total := 0
	for s := range a.Q.States() {
		total += a.Updates[s]
		if a.Q.At(s, Go) != b.Q.At(s, Go) || a.Q.At(s, Restart) != b.Q.At(s, Restart) {
			t.Fatal("Q tables differ")
		}
	}
	if total != a.Steps {
		t.Errorf("%d updates in %d steps", total, a.Steps)
	}
}
