package experiment

import (
	"context"
	"fmt"
	"math"
	"rjm/stats"

	"gonum.org/v1/plot/vg"

	"rjm/search"
)

// schedule is a simulated annealing schedule: initial temperature and
// geometric decay.
type schedule struct{ t0, decay float64 }

// finalSchedule returns the schedule that cools from t0 to tEnd in n
// iterations.
func finalSchedule(t0, tEnd float64, n int) schedule {
	return schedule{t0, math.Pow(tEnd/t0, 1/float64(n))}
}

func (s schedule) method(n int) search.Method {
	return search.Anneal{Iterations: n, T0: s.t0, Decay: s.decay, StrictBest: true}
}

// Annealing answers Extra Credit 1 of "Program 1: Search" on simulated
// annealing.
//
// Q1 (how the average maze varies with iterations, initial temperature
// and decay): a grid of initial temperatures T0 and decay rates, each run
// read at checkpoints up to the largest number of iterations (see trace).
//
// Q2 (at 10,000 iterations, which is better, the best annealing schedule
// or the best random-restart policy of Problem 4?): a grid of schedules
// cooling from T0 to a final temperature in exactly 10,000 iterations
// (a final temperature equal to T0 is a constant temperature),
// and a grid of numbers of descents; the best of each is then run again
// on fresh seeds, many times, so that the comparison is not biased by
// having picked the luckiest setting.
//
// Default: 12 schedules to 100,000 iterations with 200 runs; at 10,000
// iterations 22 schedules and 10 restart policies with 400 runs, then
// 4,000 runs of each winner. Quick: a few settings, 10 runs.
func Annealing(ctx context.Context, s Settings) (*Report, error) {
	t0s, decays := []float64{0.3, 1, 3, 10}, []float64{0.999, 0.9999, 0.99999}
	checkpoints := []int{1000, 3000, 10_000, 30_000, 100_000}
	t0s2, tEnds := []float64{0.3, 0.5, 0.7, 1, 2}, []float64{0.1, 0.2, 0.3, 0.5, 0.7}
	descents := []int{1, 2, 4, 5, 8, 10, 16, 20, 25, 40}
	runs, err := s.runs(200, 10)
	if err != nil {
		return nil, err
	}
	runs2, final := 2*runs, 20*runs
	if s.Quick {
		t0s, decays, checkpoints = []float64{1, 3}, []float64{0.999}, []int{500, 2000}
		t0s2, tEnds, descents = []float64{1}, []float64{0.05, 0.2}, []int{1, 10}
	}
	const n2 = restartTotal
	var grid []schedule
	for _, t0 := range t0s {
		for _, d := range decays {
			grid = append(grid, schedule{t0, d})
		}
	}
	var grid2 []schedule
	var ends2 []float64 // final temperature of each schedule of grid2
	for _, t0 := range t0s2 {
		for _, te := range tEnds {
			if te <= t0 { // T0 = final temperature is a constant temperature
				grid2 = append(grid2, finalSchedule(t0, te, n2))
				ends2 = append(ends2, te)
			}
		}
	}
	tr := s.tracker(len(grid)*runs + (len(grid2)+len(descents))*runs2 + 2*final)
	top := checkpoints[len(checkpoints)-1]

	// Q1.
	out1, err := checkpointOutcomes(ctx, s, 0, grid, checkpoints, runs, tr, func(x schedule) search.Method { return x.method(top) })
	if err != nil {
		return nil, err
	}
	// Q2: schedules of exactly 10,000 iterations, and restart policies.
	out2, err := checkpointOutcomes(ctx, s, 1, grid2, []int{n2}, runs2, tr, func(x schedule) search.Method { return x.method(n2) })
	if err != nil {
		return nil, err
	}
	p := problem5()
	outR, err := restartOutcomes(ctx, s, p, descents, runs2, n2, tr, 2)
	if err != nil {
		return nil, err
	}
	bestA, bestR := 0, 0
	for k := range grid2 {
		if out2[k][0].energy.Mean() < out2[bestA][0].energy.Mean() {
			bestA = k
		}
	}
	for k := range descents {
		if outR[k].energy.Mean() < outR[bestR].energy.Mean() {
			bestR = k
		}
	}
	// The winners again, on fresh seeds.
	finA, err := checkpointOutcomes(ctx, s, 3, []schedule{grid2[bestA]}, []int{n2}, final, tr,
		func(x schedule) search.Method { return x.method(n2) })
	if err != nil {
		return nil, err
	}
	finR, err := restartOutcomes(ctx, s, p, descents[bestR:bestR+1], final, n2, tr, 4)
	if err != nil {
		return nil, err
	}

	r := &Report{
		Name:     "annealing",
		Question: question("annealing"),
		Settings: fmt.Sprintf("Simulated annealing (Metropolis acceptance, T ← T·decay every iteration) and first-choice descent with restarts on 5×5 mazes, simple objective; %d runs per setting for Q1, %d at 10,000 iterations, %d for the final comparison; seed %d.",
			runs, runs2, final, s.Seed),
	}
	t1 := Table{Name: "annealing", Title: "Q1: best energy by initial temperature, decay and iterations (mean, 95% CI)",
		Header: append([]string{"t0", "decay", "iterations", "final_temperature"}, outcomeHeader()...)}
	var lines []series
	best1 := make([]int, len(checkpoints))
	for k, sc := range grid {
		line := series{name: fmt.Sprintf("T0 %s, decay %s", gtoa(sc.t0), gtoa(sc.decay)),
			color: 1 + k/len(decays), dash: k % len(decays)}
		for c, n := range checkpoints {
			o := &out1[k][c]
			t1.Rows = append(t1.Rows, append([]string{gtoa(sc.t0), gtoa(sc.decay), itoa(n), ftoa(sc.t0*math.Pow(sc.decay, float64(n)), 4)}, o.cells()...))
			line.x = append(line.x, float64(n))
			line.y = append(line.y, o.energy)
			if o.energy.Mean() < out1[best1[c]][c].energy.Mean() {
				best1[c] = k
			}
		}
		lines = append(lines, line)
	}
	t2 := Table{Name: "annealing-10000", Title: fmt.Sprintf("Q2: best energy after %d iterations, annealing schedules and restart policies (mean, 95%% CI)", n2),
		Header: append([]string{"method", "t0", "final_temperature", "decay", "descents"}, outcomeHeader()...)}
	var lines2 []series
	for k, sc := range grid2 {
		if k == 0 || sc.t0 != grid2[k-1].t0 {
			lines2 = append(lines2, series{name: "T0 " + gtoa(sc.t0)})
		}
		line := &lines2[len(lines2)-1]
		t2.Rows = append(t2.Rows, append([]string{"anneal", gtoa(sc.t0), gtoa(ends2[k]), ftoa(sc.decay, 8), ""}, out2[k][0].cells()...))
		line.x = append(line.x, ends2[k])
		line.y = append(line.y, out2[k][0].energy)
	}
	for k, d := range descents {
		t2.Rows = append(t2.Rows, append([]string{"restarts", "", "", "", itoa(d)}, outR[k].cells()...))
	}
	bestSched := grid2[bestA]
	aName := fmt.Sprintf("annealing from T0 = %s to %s (decay %s)", gtoa(bestSched.t0), gtoa(ends2[bestA]), ftoa(bestSched.decay, 6))
	if bestSched.decay == 1 {
		aName = fmt.Sprintf("a constant temperature T = %s (decay 1)", gtoa(bestSched.t0))
	}
	rName := fmt.Sprintf("%d descents of %d iterations", descents[bestR], n2/descents[bestR])
	t3 := Table{Name: "annealing-best", Title: fmt.Sprintf("Q2: the best of each, again on %d fresh runs of %d iterations", final, n2),
		Header: append([]string{"method", "setting"}, outcomeHeader()...)}
	t3.Rows = append(t3.Rows, append([]string{"anneal", aName}, finA[0][0].cells()...))
	t3.Rows = append(t3.Rows, append([]string{"restarts", rName}, finR[0].cells()...))
	r.Tables = []Table{t1, t2, t3}

	last := len(checkpoints) - 1
	r.Findings = []string{
		fmt.Sprintf("Q1: the best schedule of the grid at %d iterations is T0 = %s, decay %s (%s); at %d iterations it is T0 = %s, decay %s (%s).",
			checkpoints[0], gtoa(grid[best1[0]].t0), gtoa(grid[best1[0]].decay), pm(out1[best1[0]][0].energy, 3),
			checkpoints[last], gtoa(grid[best1[last]].t0), gtoa(grid[best1[last]].decay), pm(out1[best1[last]][last].energy, 3)),
		fmt.Sprintf("Q2: at %d iterations the best schedule found is %s, %s on %d fresh runs; the best restart policy is %s, %s.",
			n2, aName, pm(finA[0][0].energy, 3), final, rName, pm(finR[0].energy, 3)),
		q2Verdict(finA[0][0].energy, finR[0].energy),
	}
	fig1, err := linePlot("Simulated annealing, 5×5 (Program 1: Search, EC1 Q1)", "iterations", "mean best energy (−goal depth)", true, lines)
	if err != nil {
		return nil, err
	}
	// Twelve lines: the legend goes below them, in the room made by
	// lowering the y axis.
	fig1.Legend.Top, fig1.Legend.Left = false, true
	fig1.Legend.TextStyle.Font.Size = vg.Points(8)
	fig1.Y.Min -= 6
	fig2, err := linePlot(fmt.Sprintf("Annealing schedules of %d iterations (Program 1: Search, EC1 Q2)", n2), "final temperature", "mean best energy (−goal depth)", false, lines2)
	if err != nil {
		return nil, err
	}
	fig2.Legend.Top = false
	fig2.Y.Min -= 0.8
	r.Figures = []Figure{{"annealing", fig1}, {"annealing-10000", fig2}}
	return r, nil
}

func q2Verdict(a, r stats.Estimate) string {
	switch {
	case overlaps(a, r):
		return "The two are not separated at 95% confidence."
	case a.Mean() < r.Mean():
		return fmt.Sprintf("Annealing wins by %s energy units (goal-depth moves) on average.", ftoa(r.Mean()-a.Mean(), 3))
	}
	return fmt.Sprintf("Restarts win by %s energy units (goal-depth moves) on average.", ftoa(a.Mean()-r.Mean(), 3))
}
