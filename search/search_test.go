package search_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"rjm/energy"
	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
	"rjm/search"
	"rjm/solve"
)

func problem(rows, cols int) search.Problem {
	b := maze.Board{Rows: rows, Cols: cols}
	return search.Problem{Graph: graph.MustCompile(b), Start: 0, Goal: b.Cells() - 1}
}

// methods is the shared suite: every method runs the same checks.
var methods = []struct {
	name string
	m    search.Method
}{
	{"hill", search.HillDescent{Iterations: 3000}},
	{"first-choice", search.HillDescent{Iterations: 3000, StrictBest: true}},
	{"restarts", search.Restarts{Descents: 6, Iterations: 500}},
	{"uphill", search.Uphill{Iterations: 3000, P: 0.05}},
	{"anneal", search.Anneal{Iterations: 3000, T0: 3, Decay: 0.999}},
}

func TestMethods(t *testing.T) {
	for _, tc := range methods {
		for _, sz := range [][2]int{{5, 5}, {3, 7}, {10, 10}, {9, 12}} {
			p := problem(sz[0], sz[1])
			res, err := tc.m.Search(context.Background(), p, rand.New(rand.NewPCG(5, 5)))
			if err != nil {
				t.Fatalf("%s %v: %v", tc.name, sz, err)
			}
			// The reported energy is the best maze's energy.
			if err := res.Best.ValidateStrict(); err != nil {
				t.Fatalf("%s %v: best maze is not legal: %v", tc.name, sz, err)
			}
			r := solve.Solve(p.Graph, res.Best)
			if got := energy.Objective(r.GoalDepth); got != res.Energy {
				t.Fatalf("%s %v: energy %v, but the best maze evaluates to %v", tc.name, sz, res.Energy, got)
			}
			if res.Stats.Iterations != 3000 || res.Stats.Accepted == 0 || res.Energy >= 0 {
				t.Fatalf("%s %v: stats %+v energy %v", tc.name, sz, res.Stats, res.Energy)
			}
			// Same seed, same result.
			again, _ := tc.m.Search(context.Background(), p, rand.New(rand.NewPCG(5, 5)))
			if !again.Best.Equal(res.Best) || again.Stats != res.Stats {
				t.Fatalf("%s %v: not reproducible", tc.name, sz)
			}
		}
	}
}

// Hill descent never accepts an uphill step; with p = 1 every step is
// accepted (a random walk); restarts count their restarts.
func TestAcceptanceRules(t *testing.T) {
	p := problem(5, 5)
	ctx := context.Background()
	res, _ := search.HillDescent{Iterations: 5000}.Search(ctx, p, rand.New(rand.NewPCG(1, 1)))
	if res.Stats.Uphill != 0 {
		t.Errorf("hill descent took %d uphill steps", res.Stats.Uphill)
	}
	res, _ = search.Uphill{Iterations: 5000, P: 1}.Search(ctx, p, rand.New(rand.NewPCG(1, 1)))
	if res.Stats.Accepted != 5000 || res.Stats.Uphill == 0 {
		t.Errorf("p = 1: %+v", res.Stats)
	}
	res, _ = search.Uphill{Iterations: 5000, P: 0}.Search(ctx, p, rand.New(rand.NewPCG(1, 1)))
	hill, _ := search.HillDescent{Iterations: 5000}.Search(ctx, p, rand.New(rand.NewPCG(1, 1)))
	if !res.Best.Equal(hill.Best) || res.Stats != hill.Stats {
		t.Errorf("p = 0 differs from hill descent")
	}
	res, _ = search.Restarts{Descents: 7, Iterations: 100}.Search(ctx, p, rand.New(rand.NewPCG(1, 1)))
	if res.Stats.Restarts != 6 || res.Stats.Iterations != 700 {
		t.Errorf("restarts: %+v", res.Stats)
	}
	// A very hot annealing accepts nearly everything; a frozen one never
	// goes uphill.
	res, _ = search.Anneal{Iterations: 5000, T0: 1e9, Decay: 1}.Search(ctx, p, rand.New(rand.NewPCG(1, 1)))
	if res.Stats.Accepted < 4900 {
		t.Errorf("hot annealing accepted %d of 5000", res.Stats.Accepted)
	}
	res, _ = search.Anneal{Iterations: 5000, T0: 1e-9, Decay: 0.5}.Search(ctx, p, rand.New(rand.NewPCG(1, 1)))
	if res.Stats.Uphill != 0 {
		t.Errorf("frozen annealing took %d uphill steps", res.Stats.Uphill)
	}
}

func TestBadSettings(t *testing.T) {
	p := problem(5, 5)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 1))
	for _, m := range []search.Method{
		search.HillDescent{Iterations: -1},
		search.HillDescent{Iterations: search.MaxIterations + 1},
		search.Restarts{Descents: 0, Iterations: 10},
		search.Restarts{Descents: search.MaxIterations, Iterations: 10},
		search.Uphill{Iterations: 10, P: 1.5},
		search.Anneal{Iterations: 10, T0: 0, Decay: 0.9},
		search.Anneal{Iterations: 10, T0: 1, Decay: 1.1},
	} {
		if _, err := m.Search(ctx, p, rng); !errors.Is(err, fault.ErrInvalid) || strings.HasPrefix(err.Error(), "search: ") {
			t.Errorf("%+v: %v, want a *fault.Error with no package prefix", m, err)
		}
	}
	bad := p
	bad.Goal = bad.Start
	if _, err := (search.HillDescent{Iterations: 1}).Search(ctx, bad, rng); !errors.Is(err, fault.ErrInvalid) || strings.HasPrefix(err.Error(), "search: ") {
		t.Errorf("start = goal: %v, want a *fault.Error with no package prefix", err)
	}
}

// A 2×2 board has a single configuration: there is no step to take.
func TestNoStep(t *testing.T) {
	res, err := search.HillDescent{Iterations: 10}.Search(context.Background(), problem(2, 2), rand.New(rand.NewPCG(1, 1)))
	if !errors.Is(err, search.ErrNoStep) || res.Best == nil {
		t.Fatalf("err %v, best %v", err, res.Best)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := search.HillDescent{Iterations: search.MaxIterations}.Search(ctx, problem(5, 5), rand.New(rand.NewPCG(1, 1)))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

func TestProgress(t *testing.T) {
	p := problem(5, 5)
	var calls, last int
	p.Progress = func(done, total int, best float64) { calls++; last = done }
	n := 3*search.ProgressEvery + 5
	if _, err := (search.HillDescent{Iterations: n}).Search(context.Background(), p, rand.New(rand.NewPCG(1, 1))); err != nil {
		t.Fatal(err)
	}
	if calls != 4 || last != n {
		t.Fatalf("%d progress calls, last at %d", calls, last)
	}
}

// A Walk of n iterations from a seed is the same as HillDescent.
func TestWalk(t *testing.T) {
	p := problem(5, 5)
	ctx := context.Background()
	w, err := search.NewWalk(ctx, p, rand.New(rand.NewPCG(9, 9)), false)
	if err != nil {
		t.Fatal(err)
	}
	_ = w.Descend(700)
	_ = w.Descend(300)
	hill, _ := search.HillDescent{Iterations: 1000}.Search(ctx, p, rand.New(rand.NewPCG(9, 9)))
	if !w.Best().Equal(hill.Best) || w.BestEnergy() != hill.Energy || w.Energy() != hill.Energy {
		t.Fatalf("walk differs from hill descent")
	}
	w.Restart()
	if w.Stats().Restarts != 1 || w.BestEnergy() != w.Energy() {
		t.Fatalf("restart: %+v", w.Stats())
	}
}

// Every method's result says how the search ended: its budget spent, no
// step possible, interrupted, or not run at all.
func TestStatus(t *testing.T) {
	methods := []search.Method{
		search.HillDescent{Iterations: 200}, search.Restarts{Descents: 3, Iterations: 100},
		search.Uphill{Iterations: 200, P: 0.1}, search.Anneal{Iterations: 200, T0: 1, Decay: 0.99},
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, m := range methods {
		for _, tc := range []struct {
			ctx  context.Context
			rows int
			want search.Status
		}{
			{context.Background(), 5, search.BudgetSpent},
			{context.Background(), 2, search.NoStep},
		} {
			res, _ := m.Search(tc.ctx, problem(tc.rows, tc.rows), rand.New(rand.NewPCG(1, 1)))
			if res.Status != tc.want {
				t.Errorf("%T on %d×%d: status %v, want %v", m, tc.rows, tc.rows, res.Status, tc.want)
			}
		}
		bad := problem(5, 5)
		bad.Goal = bad.Start
		if res, _ := m.Search(context.Background(), bad, rand.New(rand.NewPCG(1, 1))); res.Status != search.NotRun {
			t.Errorf("%T with start = goal: status %v", m, res.Status)
		}
	}
	res, _ := search.HillDescent{Iterations: search.MaxIterations}.Search(cancelled, problem(5, 5), rand.New(rand.NewPCG(1, 1)))
	if res.Status != search.Interrupted || res.Best == nil || res.Status.String() != "interrupted" {
		t.Errorf("cancelled: status %v, best %v", res.Status, res.Best)
	}
}

// Progress and cancellation come every ProgressEvery iterations on small
// boards and more often on large ones, in proportion to their nodes: a
// 32×32 queen,no-u-turn search (about 0.1 ms an iteration) checks every
// 128 iterations, not every 65,536 (13 s).
func TestCheckEvery(t *testing.T) {
	for _, tc := range []struct {
		rows    int
		variant string
		want    int
	}{{5, "", search.ProgressEvery}, {10, "", 1 << 14}, {32, "", 1 << 11}, {32, "queen,no-u-turn", 1 << 7}} {
		v, err := maze.ParseVariant(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		g := graph.MustCompile(maze.Board{Rows: tc.rows, Cols: tc.rows, Variant: v})
		if got := search.CheckEvery(g); got != tc.want {
			t.Errorf("%d×%d %s: every %d iterations, want %d", tc.rows, tc.rows, tc.variant, got, tc.want)
		}
	}
}
