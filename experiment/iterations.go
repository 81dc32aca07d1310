package experiment

import (
	"context"
	"fmt"
	"math/rand/v2"
	"rjm/rng"

	"rjm/energy"
	"rjm/graph"
	"rjm/parallel"
	"rjm/search"
)

// Iterations answers Problem 3 Q1 of "Program 1: Search": how the objective
// function evaluation of the average generated maze varies with the number
// of iterations of first-choice gradient descent on 5×5 mazes.
//
// Each run is one descent (search.Walk keeping the best only on a strict
// improvement, as in "Program 1: Search"), whose best energy is read at
// every checkpoint: a descent of n iterations passes through the states a
// descent of m < n iterations ends in, so the checkpoints of one run are
// exactly the results of shorter runs with the same seed. Default: 2,000
// runs to 100,000 iterations; Quick: 40 runs to 2,000.
func Iterations(ctx context.Context, s Settings) (*Report, error) {
	checkpoints := []int{0, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000}
	runs, err := s.runs(2000, 40)
	if err != nil {
		return nil, err
	}
	if s.Quick {
		checkpoints = []int{0, 10, 100, 500, 2000}
	}
	tr := s.tracker(2 * runs)
	// The descent of Program 1: Search, then the same runs (same seeds, so
	// the same random starts) without sideways moves, for Problem 3 Q2.
	out, err := descentOutcomes(ctx, s, 0, problem5(), checkpoints, runs, tr)
	if err != nil {
		return nil, err
	}
	q := problem5()
	q.Energy = noSideways{energy.Depth{}}
	strict, err := descentOutcomes(ctx, s, 0, q, checkpoints, runs, tr)
	if err != nil {
		return nil, err
	}
	r := &Report{
		Name:     "iterations",
		Question: question("iterations"),
		Settings: fmt.Sprintf("First-choice gradient descent on 5×5 mazes, simple objective (−goal depth; 1,000,000 without a solution); %d runs, seed %d.", runs, s.Seed),
	}
	header := append(append([]string{"iterations"}, outcomeHeader()...), depthHeader()...)
	t := Table{Name: "iterations", Title: "Best energy and its goal depth (0 without a solution) after n iterations (mean over runs, 95% CI)",
		Header: header}
	t2 := Table{Name: "iterations-sideways", Title: "Problem 3 Q2: the same descents without sideways moves (a step is taken only when e′ < e)",
		Header: header}
	line := series{name: "with sideways moves (e′ ≤ e, Program 1: Search)"}
	line2 := series{name: "without sideways moves (e′ < e)"}
	for k, c := range checkpoints {
		t.Rows = append(t.Rows, append(append([]string{itoa(c)}, out[k].cells()...), out[k].depthCells()...))
		t2.Rows = append(t2.Rows, append(append([]string{itoa(c)}, strict[k].cells()...), strict[k].depthCells()...))
		// A single unsolvable maze puts the mean energy at tens of
		// thousands, so the plot shows the goal depth (the log scale
		// has no 0).
		if c > 0 {
			line.x = append(line.x, float64(c))
			line.y = append(line.y, out[k].depth)
			line2.x = append(line2.x, float64(c))
			line2.y = append(line2.y, strict[k].depth)
		}
	}
	r.Tables = []Table{t, t2}
	last := len(checkpoints) - 1
	plateau := last
	for plateau > 0 && out[plateau-1].unsolvable == 0 && overlaps(out[plateau-1].energy, out[last].energy) {
		plateau--
	}
	firstSolved := 0
	for firstSolved < last && out[firstSolved].unsolvable > 0 {
		firstSolved++
	}
	r.Findings = []string{
		fmt.Sprintf("Every run has found a solvable maze by %d iterations; before that, unsolvable mazes (energy 1,000,000) dominate the mean.", checkpoints[firstSolved]),
		fmt.Sprintf("The mean best energy falls steeply at first (%s at %d iterations, %s at %d) and levels off: from %d iterations on it is within the confidence interval of the %d-iteration mean, %s.",
			pm(out[firstSolved].energy, 2), checkpoints[firstSolved], pm(out[min(firstSolved+3, last)].energy, 2), checkpoints[min(firstSolved+3, last)],
			checkpoints[plateau], checkpoints[last], pm(out[last].energy, 2)),
		fmt.Sprintf("After %d iterations %.1f%% of the descents are stuck below goal depth 18: a single descent gets trapped in a local minimum, which is why restarts help.",
			checkpoints[last], 100*(1-float64(out[last].satisficing)/float64(runs))),
		fmt.Sprintf("Without sideways moves the same descents stop early: mean goal depth %s after %d iterations (%d still unsolvable), the same as after %d, against %s with them.",
			pm(strict[last].depth, 2), checkpoints[last], strict[last].unsolvable, checkpoints[stuck(strict)], pm(out[last].depth, 2)),
	}
	fig, err := linePlot("First-choice gradient descent, 5×5 (Program 1: Search, Problem 3)", "iterations", "mean goal depth of the best maze", true, []series{line, line2})
	if err != nil {
		return nil, err
	}
	fig.Legend.Top, fig.Legend.Left = false, false
	r.Figures = []Figure{{"iterations", fig}}
	return r, nil
}

// stuck returns the first checkpoint from which the mean never changes.
func stuck(out []outcome) int {
	k := len(out) - 1
	for k > 0 && out[k-1].depth.Mean() == out[len(out)-1].depth.Mean() {
		k--
	}
	return k
}

// descentOutcomes runs runs first-choice descents on p, read at the
// checkpoints, as runs of phase phase of the seed.
func descentOutcomes(ctx context.Context, s Settings, phase int, p search.Problem, checkpoints []int, runs int, tr *tracker) ([]outcome, error) {
	res, err := parallel.Seeded(ctx, s.Workers, runs, rng.RunSeed(s.Seed, phase), tr.tick, func(ctx context.Context, i int, rng *rand.Rand) ([]float64, error) {
		w, err := search.NewWalk(ctx, p, rng, true)
		if err != nil {
			return nil, err
		}
		at := make([]float64, len(checkpoints))
		done := 0
		for k, c := range checkpoints {
			if err := w.Descend(c - done); err != nil {
				return nil, err
			}
			done = c
			at[k] = w.BestEnergy()
		}
		return at, nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]outcome, len(checkpoints))
	for _, at := range res {
		for k, e := range at {
			out[k].add(e)
		}
	}
	return out, nil
}

// noSideways turns hill descent into descent without sideways moves
// (Problem 3 Q2): it reports a change that keeps the energy as slightly
// uphill, so that a descent rejects it. Other energies are unchanged, so
// the best energy met is still the energy of the best maze.
type noSideways struct{ energy.Energy }

func (n noSideways) Evaluator(g *graph.Graph, start, goal int) energy.Evaluator {
	return &noSidewaysEvaluator{inner: n.Energy.Evaluator(g, start, goal)}
}

type noSidewaysEvaluator struct {
	inner     energy.Evaluator
	cur, last float64
}

func (v *noSidewaysEvaluator) Reset(jumps []int) float64 {
	v.cur = v.inner.Reset(jumps)
	return v.cur
}

func (v *noSidewaysEvaluator) Try(i, j int) float64 {
	v.last = v.inner.Try(i, j)
	if v.last == v.cur {
		return v.cur + 0.5
	}
	return v.last
}

func (v *noSidewaysEvaluator) Accept() {
	v.inner.Accept()
	v.cur = v.last
}
