package difficulty_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"rjm/difficulty"
	"rjm/rng"
)

// population is a simulated population: mazes of known difficulty,
// players of known skill, and plays assigned with a bias.
type population struct {
	beta, tau []float64
	plays     []difficulty.Play
}

// simulatePopulation draws mazes difficulties β ~ ln 120 s + N(0, 0.8²),
// skills τ ~ N(0, 0.6²), and plays: a player drawn at random picks maze m
// with weight exp(bias·z_τ·z_β) (with bias > 0 strong players pick hard
// mazes), and takes T = exp(β − τ + ε), ε ~ N(0, 0.5²), unaided. A player
// whose patience (lognormal, median 10 minutes) runs out first gives up
// at it, or half the time takes a hint then and solves it soon after.
func simulatePopulation(seed uint64, mazes, players, plays int, mazeSD, playerSD, bias float64) population {
	r := rng.NewRand(seed)
	p := population{beta: make([]float64, mazes), tau: make([]float64, players)}
	for k := range p.beta {
		p.beta[k] = math.Log(120) + mazeSD*r.NormFloat64()
	}
	for j := range p.tau {
		p.tau[j] = playerSD * r.NormFloat64()
	}
	weights := make([]float64, mazes)
	for range plays {
		j := r.IntN(players)
		var total float64
		for k := range weights {
			weights[k] = math.Exp(bias * (p.tau[j] / playerSD) * (p.beta[k] - math.Log(120)) / mazeSD)
			total += weights[k]
		}
		u, k := r.Float64()*total, 0
		for ; k < mazes-1 && u > weights[k]; k++ {
			u -= weights[k]
		}
		t := math.Exp(p.beta[k] - p.tau[j] + 0.5*r.NormFloat64())
		patience := math.Exp(math.Log(600) + 0.5*r.NormFloat64())
		play := difficulty.Play{Maze: fmt.Sprintf("m%02d", k), Player: fmt.Sprintf("p%03d", j), Seconds: t}
		if t > patience {
			play.Seconds, play.Outcome = patience, difficulty.GaveUp
			if r.IntN(2) == 0 {
				play.Seconds, play.Outcome = patience+0.1*r.Float64()*t, difficulty.Assisted
			}
		}
		p.plays = append(p.plays, play)
	}
	return p
}

// ranks returns the ranks of xs (average ranks for ties).
func ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case xs[a] < xs[b]:
			return -1
		case xs[a] > xs[b]:
			return 1
		}
		return 0
	})
	r := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && xs[idx[j+1]] == xs[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

// spearman returns Spearman's rank correlation of xs and ys.
func spearman(xs, ys []float64) float64 {
	rx, ry := ranks(xs), ranks(ys)
	var mx, my float64
	for i := range rx {
		mx += rx[i] / float64(len(rx))
		my += ry[i] / float64(len(ry))
	}
	var sxy, sxx, syy float64
	for i := range rx {
		sxy += (rx[i] - mx) * (ry[i] - my)
		sxx += (rx[i] - mx) * (rx[i] - mx)
		syy += (ry[i] - my) * (ry[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

// recovery fits the model to a simulated population and returns the
// Spearman correlation with the true difficulties of the model's
// estimates and of the naive median times, and the share of true
// difficulties inside their intervals.
func recovery(t *testing.T, p population) (model, naive, covered float64, fit *difficulty.Model) {
	t.Helper()
	var mazes []difficulty.Maze
	for k := range p.beta {
		mazes = append(mazes, difficulty.Maze{ID: fmt.Sprintf("m%02d", k)})
	}
	fit, err := difficulty.Fit(context.Background(), mazes, p.plays, difficulty.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	var est, med, truth []float64
	in := 0
	for k, b := range p.beta {
		e, ok := fit.Estimate(fmt.Sprintf("m%02d", k))
		if !ok || e.Plays == 0 {
			continue // a maze nobody played has no naive median
		}
		est, med, truth = append(est, e.Log), append(med, e.Naive), append(truth, b)
		if math.Log(e.Low) <= b && b <= math.Log(e.High) {
			in++
		}
	}
	return spearman(est, truth), spearman(med, truth), float64(in) / float64(len(truth)), fit
}

// The docs' figures: 2,000 plays over 60 mazes by 150 players (difficulties
// spread 0.5, skills 0.8 on the log scale) with biased
// assignment. The model recovers the mazes' order; naive median times do
// not. go test ./difficulty -run TestSimulatedPopulation -v prints them.
func TestSimulatedPopulation(t *testing.T) {
	seeds := 5
	const mazeSD, playerSD, bias = 0.5, 0.8, 1.0
	var worstModel, bestNaive, meanModel, meanNaive, meanCovered float64
	worstModel, bestNaive = 1, -1
	for seed := range uint64(seeds) {
		p := simulatePopulation(seed+1, 60, 150, 2000, mazeSD, playerSD, bias)
		model, naive, covered, fit := recovery(t, p)
		t.Logf("seed %d: Spearman model %.3f, naive medians %.3f; %.0f%% of true difficulties in their 95%% intervals; σ %.2f (true 0.5), maze spread %.2f (0.5), player spread %.2f (0.8); %d iterations",
			seed+1, model, naive, 100*covered, fit.Sigma, fit.MazeSpread, fit.PlayerSpread, fit.Iterations)
		worstModel, bestNaive = min(worstModel, model), max(bestNaive, naive)
		meanModel += model / float64(seeds)
		meanNaive += naive / float64(seeds)
		meanCovered += covered / float64(seeds)
		if !fit.Converged {
			t.Errorf("seed %d: not converged in %d iterations", seed+1, fit.Iterations)
		}
	}
	t.Logf("over %d populations: Spearman model mean %.3f (worst %.3f), naive medians mean %.3f (best %.3f); intervals cover %.0f%%",
		seeds, meanModel, worstModel, meanNaive, bestNaive, 100*meanCovered)
	if worstModel < 0.9 {
		t.Errorf("the model's Spearman correlation %.3f, want ≥ 0.9", worstModel)
	}
	if bestNaive >= 0.9 {
		t.Errorf("naive medians reach %.3f: the population is not biased enough to tell", bestNaive)
	}
	if meanCovered < 0.75 {
		t.Errorf("the 95%% intervals cover %.0f%% of the true difficulties", 100*meanCovered)
	}
}
