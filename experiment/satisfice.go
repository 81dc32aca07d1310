package experiment

import (
	"context"
	"fmt"
	"math/rand/v2"
	"rjm/stats"
	"slices"

	"rjm/energy"
	"rjm/parallel"
	"rjm/search"
)

// maxMazeIterations bounds the iterations spent on one satisficing maze;
// a setting that needs more is reported as censored.
const maxMazeIterations = 50_000_000

// generator is one method at one setting, run again and again (each run
// from a fresh random maze) until it meets a satisficing maze.
type generator struct {
	method  string // restarts, uphill, anneal
	setting string
	n       int // iterations per run
	m       search.Method
}

// mazeCost is what one satisficing maze cost.
type mazeCost struct {
	iterations int
	runs       int
	censored   bool
}

// Satisfice measures the common measure of "Program 1: Search" (Extra
// Credit 1): the average number of iterations per production of a maze with
// a shortest solution of 18 or more moves. Every method is run the way a
// generator would run it: one search of n iterations from a random maze
// after another, stopping at the first maze of goal depth ≥ 18 (see trace
// for how the iteration of that maze is found); the iterations counted for
// a maze are all those since the previous one. Hill descent restarting
// every n iterations is the fixed policy that the Restart Bandit and
// Restart SARSA of the assignment ("Rook Jumping Maze Generation for AI
// Education") try to learn (restart at t = k is n = 250k).
//
// Default: 10 restart periods, 16 uphill and 16 annealing settings, 500
// mazes each; Quick: one or two settings per method, 8 mazes each.
func Satisfice(ctx context.Context, s Settings) (*Report, error) {
	periods := []int{250, 500, 750, 1000, 1250, 1500, 2000, 3000, 5000, 10_000}
	lengths := []int{1000, 3000, 10_000, 30_000}
	ps := []float64{0.0003, 0.001, 0.003, 0.01}
	scheds := [][2]float64{{0.5, 0.3}, {0.7, 0.3}, {1, 0.1}, {1, 0.3}}
	mazes, err := s.runs(500, 8)
	if err != nil {
		return nil, err
	}
	if s.Quick {
		periods, lengths, ps, scheds = []int{500, 1250}, []int{3000}, []float64{0.01}, [][2]float64{{1, 0.1}}
	}
	var gens []generator
	for _, n := range periods {
		gens = append(gens, generator{"restarts", fmt.Sprintf("restart every %d", n), n, search.HillDescent{Iterations: n, StrictBest: true}})
	}
	for _, n := range lengths {
		for _, p := range ps {
			gens = append(gens, generator{"uphill", fmt.Sprintf("p %s, %d per run", gtoa(p), n), n, search.Uphill{Iterations: n, P: p, StrictBest: true}})
		}
	}
	for _, n := range lengths {
		for _, sc := range scheds {
			a := finalSchedule(sc[0], sc[1], n)
			gens = append(gens, generator{"anneal", fmt.Sprintf("T0 %s → %s in %d", gtoa(sc[0]), gtoa(sc[1]), n), n, a.method(n)})
		}
	}
	p := problem5()
	tr := s.tracker(len(gens) * mazes)
	res, err := parallel.Seeded(ctx, s.Workers, len(gens)*mazes, s.Seed, tr.tick, func(ctx context.Context, i int, rng *rand.Rand) (mazeCost, error) {
		g := gens[i/mazes]
		var c mazeCost
		for c.iterations < maxMazeIterations {
			t := newTrace(nil, -satisficing)
			q := p
			q.Energy = t.energy(energy.Depth{})
			if _, err := g.m.Search(ctx, q, rng); err != nil {
				return c, err
			}
			c.runs++
			if t.hit >= 0 {
				c.iterations += t.hit
				return c, nil
			}
			c.iterations += g.n
		}
		c.censored = true
		return c, nil
	})
	if err != nil {
		return nil, err
	}
	per := make([]stats.Estimate, len(gens))
	runs := make([]stats.Estimate, len(gens))
	censored := make([]int, len(gens))
	for i, c := range res {
		k := i / mazes
		per[k].Add(float64(c.iterations))
		runs[k].Add(float64(c.runs))
		if c.censored {
			censored[k]++
		}
	}

	r := &Report{
		Name:     "satisfice",
		Question: question("satisfice"),
		Settings: fmt.Sprintf("Iterations per 5×5 maze of goal depth ≥ %d, simple objective, first-choice best; %d mazes per setting, seed %d.", satisficing, mazes, s.Seed),
	}
	t := Table{Name: "satisfice", Title: "Iterations per satisficing maze (mean, 95% CI), by method and setting",
		Header: append(append([]string{"method", "setting", "iterations_per_run", "mazes"}, meanHeader("iterations_per_maze")...), "runs_per_maze", "censored")}
	best := map[string]int{}
	var order []string
	for k, g := range gens {
		t.Rows = append(t.Rows, append(append([]string{g.method, g.setting, itoa(g.n), itoa(mazes)}, meanCells(per[k], 0)...),
			ftoa(runs[k].Mean(), 2), itoa(censored[k])))
		b, ok := best[g.method]
		if !ok {
			order = append(order, g.method)
		}
		if !ok || per[k].Mean() < per[b].Mean() {
			best[g.method] = k
		}
	}
	r.Tables = []Table{t}
	overall := best[order[0]]
	for _, m := range order {
		k := best[m]
		r.Findings = append(r.Findings, fmt.Sprintf("Best %s: %s, %s iterations per maze.", m, gens[k].setting, pm(per[k], 0)))
		if per[k].Mean() < per[overall].Mean() {
			overall = k
		}
	}
	var tied []string
	for k := range gens {
		if k != overall && overlaps(per[k], per[overall]) {
			tied = append(tied, gens[k].setting)
		}
	}
	r.Findings = append(r.Findings, fmt.Sprintf("Overall best: %s (%s); not separated from it at 95%% confidence: %d other settings%s.",
		gens[overall].method, gens[overall].setting, len(tied), listSome(tied, 6)))
	var restartTied []string
	for k, g := range gens {
		if g.method == "restarts" && k != best["restarts"] && overlaps(per[k], per[best["restarts"]]) {
			restartTied = append(restartTied, itoa(g.n))
		}
	}
	r.Findings = append(r.Findings, fmt.Sprintf("Hill descent restarting every %d iterations is the best fixed restart period; periods not separated from it: %v.",
		gens[best["restarts"]].n, restartTied))

	// The figure: iterations per maze against the run length, for each
	// method at its best setting of that length.
	var lines []series
	for _, m := range order {
		line := series{name: m}
		var ns []int
		for _, g := range gens {
			if g.method == m && !slices.Contains(ns, g.n) {
				ns = append(ns, g.n)
			}
		}
		for _, n := range ns {
			b := -1
			for k, g := range gens {
				if g.method == m && g.n == n && (b < 0 || per[k].Mean() < per[b].Mean()) {
					b = k
				}
			}
			line.x = append(line.x, float64(n))
			line.y = append(line.y, per[b])
		}
		lines = append(lines, line)
	}
	fig, err := linePlot(fmt.Sprintf("Iterations per maze of goal depth ≥ %d, 5×5 (Program 1: Search, EC1)", satisficing),
		"iterations per run (restart period)", "iterations per satisficing maze", true, lines)
	if err != nil {
		return nil, err
	}
	fig.Y.Min = 0
	r.Figures = []Figure{{"satisfice", fig}}
	return r, nil
}

// listSome formats up to n items as ": a, b, …".
func listSome(items []string, n int) string {
	if len(items) == 0 {
		return ""
	}
	s := ": "
	for i, it := range items {
		if i == n {
			return s + ", …"
		}
		if i > 0 {
			s += "; "
		}
		s += it
	}
	return s
}
