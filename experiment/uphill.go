package experiment

import (
	"context"
	"fmt"
	"math/rand/v2"
	"rjm/rng"
	"slices"

	"rjm/energy"
	"rjm/parallel"
	"rjm/search"
)

// Uphill answers Problem 5 Q1 of "Program 1: Search": how the average
// generated maze varies with the number of iterations and the probability p
// of accepting an uphill step. Each run is one search of the largest number
// of iterations, read at every checkpoint (see trace). Default: 7 values of
// p from 0 to 0.1, checkpoints from 1,000 to 100,000 iterations, 500 runs
// each; Quick: 2 values, to 3,000 iterations, 20 runs.
func Uphill(ctx context.Context, s Settings) (*Report, error) {
	ps := []float64{0, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1}
	checkpoints := []int{1000, 3000, 10_000, 30_000, 100_000}
	runs, err := s.runs(500, 20)
	if err != nil {
		return nil, err
	}
	if s.Quick {
		ps, checkpoints = []float64{0, 0.01}, []int{200, 1000, 3000}
	}
	out, err := checkpointOutcomes(ctx, s, 0, ps, checkpoints, runs, s.tracker(len(ps)*runs),
		func(p float64) search.Method {
			return search.Uphill{Iterations: checkpoints[len(checkpoints)-1], P: p, StrictBest: true}
		})
	if err != nil {
		return nil, err
	}
	r := &Report{
		Name:     "uphill",
		Question: question("uphill"),
		Settings: fmt.Sprintf("First-choice gradient descent with random uphill steps of probability p on 5×5 mazes, simple objective; %d runs per p, seed %d.", runs, s.Seed),
	}
	t := Table{Name: "uphill", Title: "Best energy by uphill probability p and iterations (mean, 95% CI)",
		Header: append([]string{"p", "iterations"}, outcomeHeader()...)}
	var lines []series
	bestAt := make([]int, len(checkpoints)) // index of the best p at each checkpoint
	for k, p := range ps {
		line := series{name: "p = " + gtoa(p)}
		for c, n := range checkpoints {
			o := &out[k][c]
			t.Rows = append(t.Rows, append([]string{gtoa(p), itoa(n)}, o.cells()...))
			line.x = append(line.x, float64(n))
			line.y = append(line.y, o.energy)
			if o.energy.Mean() < out[bestAt[c]][c].energy.Mean() {
				bestAt[c] = k
			}
		}
		lines = append(lines, line)
	}
	r.Tables = []Table{t}
	last := len(checkpoints) - 1
	for c, n := range checkpoints {
		if c != 0 && c != last && c != slices.Index(checkpoints, 10_000) {
			continue
		}
		b := bestAt[c]
		r.Findings = append(r.Findings, fmt.Sprintf("At %d iterations the best p is %s (%s); p = 0, pure descent, gives %s and p = %s gives %s.",
			n, gtoa(ps[b]), pm(out[b][c].energy, 3), pm(out[0][c].energy, 3), gtoa(ps[len(ps)-1]), pm(out[len(ps)-1][c].energy, 3)))
	}
	fig, err := linePlot("Uphill steps, 5×5 (Program 1: Search, Problem 5)", "iterations", "mean best energy (−goal depth)", true, lines)
	if err != nil {
		return nil, err
	}
	fig.Legend.Top, fig.Legend.Left = false, true
	r.Figures = []Figure{{"uphill", fig}}
	return r, nil
}

// checkpointOutcomes runs runs searches of method(x) for every setting x,
// each read at the checkpoints, and summarizes them by setting and
// checkpoint. Run i of setting k is run k·runs + i of phase phase of
// the seed, so that callers can keep the runs of different phases apart.
func checkpointOutcomes[X any](ctx context.Context, s Settings, phase int, xs []X, checkpoints []int, runs int, tr *tracker,
	method func(x X) search.Method) ([][]outcome, error) {
	p := problem5()
	res, err := parallel.Seeded(ctx, s.Workers, len(xs)*runs, rng.RunSeed(s.Seed, phase), tr.tick, func(ctx context.Context, i int, rng *rand.Rand) ([]float64, error) {
		t := newTrace(checkpoints, -satisficing)
		q := p
		q.Energy = t.energy(energy.Depth{})
		if _, err := method(xs[i/runs]).Search(ctx, q, rng); err != nil {
			return nil, err
		}
		t.finish()
		return t.bestAt(), nil
	})
	if err != nil {
		return nil, err
	}
	out := make([][]outcome, len(xs))
	for k := range out {
		out[k] = make([]outcome, len(checkpoints))
	}
	for i, at := range res {
		for c, e := range at {
			out[i/runs][c].add(e)
		}
	}
	return out, nil
}
