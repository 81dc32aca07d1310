package experiment

import (
	"context"
	"math/rand/v2"
	"testing"

	"rjm/energy"
	"rjm/search"
)

// The trace counts exactly the iterations the search reports, reads the
// best energy at each checkpoint exactly as a shorter search with the
// same seed ends, and finds the first iteration at which the energy
// reaches the target.
func TestTrace(t *testing.T) {
	p := problem5()
	ctx := context.Background()
	checkpoints := []int{0, 1, 7, 100, 999, 1000, 2500, 4000}
	for _, tc := range []struct {
		name   string
		method func(n int) search.Method
	}{
		{"hill", func(n int) search.Method { return search.HillDescent{Iterations: n} }},
		{"first-choice", func(n int) search.Method { return search.HillDescent{Iterations: n, StrictBest: true} }},
		{"uphill", func(n int) search.Method { return search.Uphill{Iterations: n, P: 0.02} }},
		{"anneal", func(n int) search.Method { return search.Anneal{Iterations: n, T0: 2, Decay: 0.999} }},
	} {
		for seed := range uint64(4) {
			const n = 4000
			tr := newTrace(checkpoints, -15)
			q := p
			q.Energy = tr.energy(energy.Depth{})
			res, err := tc.method(n).Search(ctx, q, rand.New(rand.NewPCG(seed, 1)))
			if err != nil {
				t.Fatal(err)
			}
			tr.finish()
			if tr.iter != res.Stats.Iterations {
				t.Fatalf("%s: trace counted %d iterations, search %d", tc.name, tr.iter, res.Stats.Iterations)
			}
			if tr.best != res.Energy {
				t.Fatalf("%s: trace best %v, search %v", tc.name, tr.best, res.Energy)
			}
			for k, c := range checkpoints {
				short, _ := tc.method(c).Search(ctx, p, rand.New(rand.NewPCG(seed, 1)))
				if got := tr.bestAt()[k]; got != short.Energy {
					t.Fatalf("%s seed %d: best at %d iterations %v, a search of %d ends at %v", tc.name, seed, c, got, c, short.Energy)
				}
			}
			if tr.hit < 0 {
				if res.Energy <= -15 {
					t.Fatalf("%s: target met but not seen", tc.name)
				}
				continue
			}
			at, _ := tc.method(tr.hit).Search(ctx, p, rand.New(rand.NewPCG(seed, 1)))
			before, _ := tc.method(tr.hit-1).Search(ctx, p, rand.New(rand.NewPCG(seed, 1)))
			if at.Energy > -15 || before.Energy <= -15 {
				t.Fatalf("%s: hit at %d, but energies %v then %v", tc.name, tr.hit, before.Energy, at.Energy)
			}
		}
	}
}

// With restarts the trace still counts every iteration.
func TestTraceRestarts(t *testing.T) {
	tr := newTrace(nil, -18)
	q := problem5()
	q.Energy = tr.energy(energy.Depth{})
	res, err := search.Restarts{Descents: 7, Iterations: 300}.Search(context.Background(), q, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if tr.iter != 2100 || res.Stats.Iterations != 2100 || tr.best > res.Energy {
		t.Fatalf("counted %d, best %v; search %+v, %v", tr.iter, tr.best, res.Stats, res.Energy)
	}
}

// Without sideways moves every step a descent takes improves the best.
func TestNoSideways(t *testing.T) {
	q := problem5()
	q.Energy = noSideways{energy.Depth{}}
	res, err := search.HillDescent{Iterations: 5000}.Search(context.Background(), q, rand.New(rand.NewPCG(2, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Accepted == 0 || res.Stats.Accepted != res.Stats.Improved {
		t.Errorf("%+v", res.Stats)
	}
	with, _ := search.HillDescent{Iterations: 5000}.Search(context.Background(), problem5(), rand.New(rand.NewPCG(2, 2)))
	if with.Stats.Accepted <= with.Stats.Improved {
		t.Errorf("with sideways moves: %+v", with.Stats)
	}
}
