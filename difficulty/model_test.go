package difficulty_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"testing"

	"rjm/difficulty"
	"rjm/fault"
	"rjm/generate"
	"rjm/graph"
	"rjm/rng"
)

// The leave-one-out errors FitRidge reports from the hat matrix are those
// of refitting without each row, at the λ it chose.
func TestRidgeLeaveOneOutIsARefit(t *testing.T) {
	r := rng.NewRand(3)
	var x [][]float64
	var y []float64
	for range 25 {
		row := []float64{r.NormFloat64(), 5 * r.NormFloat64(), 7, r.Float64()} // one input never varies
		x = append(x, row)
		y = append(y, 1+0.5*row[0]-0.2*row[1]+0.3*r.NormFloat64())
	}
	fit, err := difficulty.FitRidge(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if fit.Coef[2] != 0 || fit.Scale[2] != 0 {
		t.Errorf("the constant input has coefficient %v, scale %v", fit.Coef[2], fit.Scale[2])
	}
	// Refit at the chosen λ by brute force: FitRidge over one λ.
	saved := difficulty.Lambdas
	difficulty.Lambdas = []float64{fit.Lambda}
	defer func() { difficulty.Lambdas = saved }()
	for i := range x {
		rest := append(append([][]float64{}, x[:i]...), x[i+1:]...)
		ry := append(append([]float64{}, y[:i]...), y[i+1:]...)
		without, err := difficulty.FitRidge(rest, ry)
		if err != nil {
			t.Fatal(err)
		}
		// The refit standardises over 24 rows, not 25: the same fit
		// only when the penalty is scaled alike, so compare the
		// prediction within a tolerance relative to λ's effect.
		if got, want := fit.LOO[i], without.Predict(x[i]); math.Abs(got-want) > 0.02+0.05*math.Abs(want-y[i]) {
			t.Errorf("row %d: leave-one-out %v, refit %v", i, got, want)
		}
	}
	if math.Abs(fit.Coef[0]) < 0.2 || fit.CVError <= 0 || fit.CVError > 0.6 {
		t.Errorf("fit %+v", fit)
	}
	if _, err := difficulty.FitRidge(x[:2], y[:2]); !errors.Is(err, fault.ErrInvalid) {
		t.Errorf("two rows: %v", err)
	}
}

// facts describes n generated mazes.
func facts(t *testing.T, n int, size int) []difficulty.Maze {
	t.Helper()
	spec := generate.Default()
	spec.Seed, spec.Iterations, spec.Rows, spec.Cols = 1, 300, size, size
	var out []difficulty.Maze
	err := generate.Batch{Spec: spec, Count: n}.Run(context.Background(), func(k int, r *generate.Result) error {
		id, err := r.Maze.ID()
		if err != nil {
			return err
		}
		out = append(out, difficulty.Maze{ID: id, Facts: difficulty.Describe(graph.MustCompile(r.Maze.Board), r.Maze)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Before any play the simulated novices rate the mazes (labelled as
// such), and with plays on enough mazes the features do: a maze nobody
// played is predicted by the regression, with its error.
func TestPriorFromNovicesThenFeatures(t *testing.T) {
	mazes := facts(t, 14, 5)
	m, err := difficulty.Fit(context.Background(), mazes, nil, difficulty.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	e := m.Mazes[0]
	if m.Prior.Source != difficulty.FromSimulated || e.Source != difficulty.FromSimulated || e.Plays != 0 ||
		math.Abs(e.Seconds-difficulty.DefaultSecondsPerMove*mazes[0].Facts.Effort()) > 1e-9 || !(e.Low < e.Seconds && e.Seconds < e.High) {
		t.Fatalf("no plays: prior %+v, estimate %+v", m.Prior, e)
	}
	// Plays whose times follow the shortest solution: 20 s a move.
	var plays []difficulty.Play
	for k, z := range mazes[:12] {
		for j := range 6 {
			sec := 20 * float64(z.Facts.Features.GoalDepth) * math.Exp(0.2*float64(j%3-1))
			plays = append(plays, difficulty.Play{Maze: z.ID, Player: fmt.Sprint("p", (k+j)%9), Seconds: sec})
		}
	}
	m, err = difficulty.Fit(context.Background(), mazes, plays, difficulty.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Prior.Source != difficulty.FromFeatures || m.Prior.Mazes != 12 || m.Prior.CVError <= 0 || len(m.Prior.Terms) == 0 || !m.Converged {
		t.Fatalf("prior %+v", m.Prior)
	}
	for _, z := range mazes[12:] {
		e, _ := m.Estimate(z.ID)
		want := 20 * float64(z.Facts.Features.GoalDepth)
		if e.Source != difficulty.FromFeatures || e.Plays != 0 || math.Abs(math.Log(e.Seconds/want)) > 0.5 {
			t.Errorf("unplayed %s: %+v, want about %v s", z.ID, e, want)
		}
		if p := m.Predict(z.ID, z.Facts); math.Abs(p.Seconds-e.Seconds) > 1e-6*e.Seconds {
			t.Errorf("Predict %v, the fit's %v", p.Seconds, e.Seconds)
		}
	}
	for _, z := range mazes[:12] {
		e, _ := m.Estimate(z.ID)
		if want := 20 * float64(z.Facts.Features.GoalDepth); e.Source != difficulty.FromPlays || e.Plays != 6 || math.Abs(math.Log(e.Seconds/want)) > 0.15 {
			t.Errorf("played %s: %+v, want about %v s", z.ID, e, want)
		}
	}
}

// A maze most players give up on is rated harder than one they all solve,
// though its few solved plays are as quick; a player who is quick on
// every maze is rated strong.
func TestGivingUpIsHard(t *testing.T) {
	var plays []difficulty.Play
	for j := range 10 {
		p := fmt.Sprint("p", j)
		plays = append(plays, difficulty.Play{Maze: "easy", Player: p, Seconds: 60 * (1 + 0.05*float64(j))})
		out := difficulty.Play{Maze: "hard", Player: p, Seconds: 120, Outcome: difficulty.GaveUp}
		if j < 2 {
			out = difficulty.Play{Maze: "hard", Player: p, Seconds: 60}
		} else if j < 5 {
			out.Outcome = difficulty.Assisted
		}
		plays = append(plays, out)
	}
	plays = append(plays, difficulty.Play{Maze: "easy", Player: "quick", Seconds: 20}, difficulty.Play{Maze: "hard", Player: "quick", Seconds: 20},
		difficulty.Play{Maze: "easy", Seconds: 0}, // no duration: not counted
		difficulty.Play{Maze: "easy", Seconds: 70})
	m, err := difficulty.Fit(context.Background(), nil, plays, difficulty.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	easy, _ := m.Estimate("easy")
	hard, _ := m.Estimate("hard")
	if !(hard.Seconds > 1.6*easy.Seconds) || hard.GaveUp != 5 || hard.Assisted != 3 || hard.Solved != 3 || easy.Plays != 12 || m.Plays != 23 || m.Anonymous != 1 {
		t.Errorf("easy %+v\nhard %+v\nmodel plays %d, anonymous %d", easy, hard, m.Plays, m.Anonymous)
	}
	if hard.Naive >= 1.3*easy.Naive {
		t.Errorf("naive medians %v and %v: the test does not tell", hard.Naive, easy.Naive)
	}
	if m.Players[0].Plays != 2 || len(m.Players) != 11 {
		t.Errorf("players %+v", m.Players)
	}
	for _, p := range m.Players {
		if p.ID == "quick" && p.Skill < 0.5 {
			t.Errorf("quick player's skill %v", p.Skill)
		}
	}
	if _, err := difficulty.Fit(context.Background(), nil, plays, difficulty.Settings{Tolerance: -1}); err == nil {
		t.Error("a negative tolerance is accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := difficulty.Fit(ctx, nil, plays, difficulty.Settings{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// Every design feature is an input of the regression, in FeatureNames'
// order.
func TestVectorNamesEveryFeature(t *testing.T) {
	z := facts(t, 1, 5)[0]
	if v := z.Facts.Vector(); len(v) != len(difficulty.FeatureNames) || len(v) < 20 {
		t.Errorf("%d inputs, %d names", len(v), len(difficulty.FeatureNames))
	}
	if (difficulty.Facts{}).Vector() != nil {
		t.Error("no features: want no inputs")
	}
}

// A fit started from an earlier one (a play more) gives the same
// estimates in fewer iterations.
func TestWarmStart(t *testing.T) {
	p := simulatePopulation(9, 60, 150, 2000, 0.5, 0.8, 1)
	ctx := context.Background()
	first, err := difficulty.Fit(ctx, nil, p.plays[:1999], difficulty.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	cold, err := difficulty.Fit(ctx, nil, p.plays, difficulty.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	warm, err := difficulty.Fit(ctx, nil, p.plays, difficulty.Settings{Start: first})
	if err != nil {
		t.Fatal(err)
	}
	if !cold.Converged || !warm.Converged || warm.Iterations >= cold.Iterations {
		t.Errorf("iterations: cold %d, warm %d", cold.Iterations, warm.Iterations)
	}
	for k, e := range cold.Mazes {
		if w := warm.Mazes[k]; math.Abs(w.Log-e.Log) > 1e-3 || math.Abs(w.SE-e.SE) > 1e-3 {
			t.Errorf("maze %s: cold %v ± %v, warm %v ± %v", e.Maze, e.Log, e.SE, w.Log, w.SE)
		}
	}
}

// Whatever the plays — one maze, one player, extreme times, every play
// given up — the estimates are finite, ordered and encode as JSON.
func TestFitAlwaysFinite(t *testing.T) {
	r := rng.NewRand(5)
	for trial := range 200 {
		var plays []difficulty.Play
		n := 1 + r.IntN(40)
		for range n {
			p := difficulty.Play{Maze: fmt.Sprint("m", r.IntN(1+trial%5)), Seconds: math.Exp(r.Float64()*16 - 3), Outcome: difficulty.Outcome(r.IntN(3))}
			if r.IntN(3) > 0 {
				p.Player = fmt.Sprint("p", r.IntN(1+trial%7))
			}
			if trial%10 == 0 {
				p.Outcome = difficulty.GaveUp
			}
			plays = append(plays, p)
		}
		m, err := difficulty.Fit(context.Background(), nil, plays, difficulty.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range m.Mazes {
			if !(e.Low <= e.Seconds && e.Seconds <= e.High) || math.IsInf(e.High, 0) || math.IsNaN(e.Log+e.SE) || e.SE <= 0 {
				t.Fatalf("trial %d: %+v", trial, e)
			}
		}
		if _, err := json.Marshal(m); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
	}
}
