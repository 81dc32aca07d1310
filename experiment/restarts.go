package experiment

import (
	"context"
	"fmt"
	"math/rand/v2"
	"rjm/rng"

	"rjm/parallel"
	"rjm/search"
)

// restartTotal is the fixed total of Problem 4 Q1 of "Program 1: Search".
const restartTotal = 10_000

// Restarts answers Problem 4 Q1 of "Program 1: Search": keeping the total
// number of iterations at 10,000, how many restarts give the best average
// maze. Each setting splits the total into D first-choice gradient descents
// of 10,000/D iterations (D − 1 restarts). Default: 15 settings from 1 to
// 1,000 descents, 2,000 runs each; Quick: 3 settings, 30 runs.
func Restarts(ctx context.Context, s Settings) (*Report, error) {
	descents := []int{1, 2, 4, 5, 8, 10, 16, 20, 25, 40, 50, 100, 200, 500, 1000}
	runs, err := s.runs(2000, 30)
	if err != nil {
		return nil, err
	}
	if s.Quick {
		descents = []int{1, 10, 100}
	}
	out, err := restartOutcomes(ctx, s, problem5(), descents, runs, restartTotal, s.tracker(len(descents)*runs), 0)
	if err != nil {
		return nil, err
	}
	r := &Report{
		Name:     "restarts",
		Question: question("restarts"),
		Settings: fmt.Sprintf("First-choice gradient descent with random restarts on 5×5 mazes, %d iterations in all, simple objective; %d runs per setting, seed %d.",
			restartTotal, runs, s.Seed),
	}
	t := Table{Name: "restarts", Title: fmt.Sprintf("Best energy after %d iterations, by number of descents (mean, 95%% CI)", restartTotal),
		Header: append([]string{"descents", "restarts", "iterations_per_descent"}, outcomeHeader()...)}
	line := series{}
	best := 0
	for k, d := range descents {
		t.Rows = append(t.Rows, append([]string{itoa(d), itoa(d - 1), itoa(restartTotal / d)}, out[k].cells()...))
		line.x = append(line.x, float64(d))
		line.y = append(line.y, out[k].energy)
		if out[k].energy.Mean() < out[best].energy.Mean() {
			best = k
		}
	}
	r.Tables = []Table{t}
	var close []string
	for k, d := range descents {
		if k != best && overlaps(out[k].energy, out[best].energy) {
			close = append(close, itoa(d))
		}
	}
	r.Findings = []string{
		fmt.Sprintf("The lowest mean energy, %s, comes from %d descents of %d iterations (%d restarts); a single descent of %d gives %s.",
			pm(out[best].energy, 3), descents[best], restartTotal/descents[best], descents[best]-1, restartTotal, pm(out[0].energy, 3)),
	}
	if len(close) > 0 {
		r.Findings = append(r.Findings, fmt.Sprintf("Not separated from it at 95%% confidence: %v descents.", close))
	}
	fig, err := linePlot(fmt.Sprintf("Random restarts at %d iterations, 5×5 (Program 1: Search, Problem 4)", restartTotal),
		"descents (restarts + 1)", "mean best energy (−goal depth)", true, []series{line})
	if err != nil {
		return nil, err
	}
	r.Figures = []Figure{{"restarts", fig}}
	return r, nil
}

// restartOutcomes runs runs searches on p of every number of descents
// in descents, total iterations in all, and summarizes their best energies.
// The runs are those of phase phase of the seed (see checkpointOutcomes).
func restartOutcomes(ctx context.Context, s Settings, p search.Problem, descents []int, runs, total int, tr *tracker, phase int) ([]outcome, error) {
	n := len(descents) * runs
	res, err := parallel.Seeded(ctx, s.Workers, n, rng.RunSeed(s.Seed, phase), tr.tick, func(ctx context.Context, i int, rng *rand.Rand) (float64, error) {
		d := descents[i/runs]
		m := search.Restarts{Descents: d, Iterations: total / d, StrictBest: true}
		r, err := m.Search(ctx, p, rng)
		return r.Energy, err
	})
	if err != nil {
		return nil, err
	}
	out := make([]outcome, len(descents))
	for i, e := range res {
		out[i/runs].add(e)
	}
	return out, nil
}
