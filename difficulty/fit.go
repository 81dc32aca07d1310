package difficulty

import (
	"context"
	"math"
	"rjm/fault"
	"slices"
)

// This file holds Fit and what it starts from: the counted plays, the
// state of one fit and its first guesses (see the package documentation
// for the model).

// obs is one counted play.
type obs struct {
	maze, player int
	y            float64 // ln seconds
	censored     bool
}

// Fit fits the model to the plays; mazes lists the mazes to rate with
// their facts (a maze only the plays name is rated too, from its plays).
// It stops early, with ctx's error, when ctx ends.
func Fit(ctx context.Context, mazes []Maze, plays []Play, s Settings) (*Model, error) {
	if s.MaxIterations == 0 {
		s.MaxIterations = DefaultMaxIterations
	}
	if s.Tolerance == 0 {
		s.Tolerance = DefaultTolerance
	}
	if s.SecondsPerMove == 0 {
		s.SecondsPerMove = DefaultSecondsPerMove
	}
	if s.MaxIterations < 0 || s.Tolerance < 0 || s.SecondsPerMove < 0 || math.IsNaN(s.Tolerance+s.SecondsPerMove) {
		return nil, fault.Invalid("", "settings %+v: want none negative", s)
	}
	m := &Model{index: map[string]int{}}
	var facts []Facts
	addMaze := func(id string, f Facts) int {
		if k, ok := m.index[id]; ok {
			return k
		}
		m.index[id] = len(m.Mazes)
		m.Mazes = append(m.Mazes, Estimate{Maze: id})
		facts = append(facts, f)
		return len(m.Mazes) - 1
	}
	for _, z := range mazes {
		addMaze(z.ID, z.Facts)
	}
	players := map[string]int{}
	var named []string // players' IDs by index
	times := map[int][]float64{}
	var os []obs
	// Only a player's first attempt at a maze counts: a later play is a
	// repeat, unless the first was left mid-way (then it is the same game
	// taken up again, and replaces it).
	type attempt struct{ player, maze string }
	first := map[attempt]int{}
	var use []Play
	for _, p := range plays {
		if !(p.Seconds > 0) || math.IsInf(p.Seconds, 0) || p.Outcome < Solved || p.Outcome > GaveUp {
			continue
		}
		if !Humanly(p.Seconds, p.Outcome, p.Shortest) {
			m.SetAside++
			continue
		}
		if p.Player != "" {
			a := attempt{p.Player, p.Maze}
			if i, ok := first[a]; ok {
				if use[i].Left {
					use[i] = p
				}
				m.Repeats++
				continue
			}
			first[a] = len(use)
		}
		use = append(use, p)
	}
	for _, p := range use {
		k := addMaze(p.Maze, Facts{})
		e := &m.Mazes[k]
		e.Plays++
		switch p.Outcome {
		case Solved:
			e.Solved++
		case Assisted:
			e.Assisted++
		case GaveUp:
			e.GaveUp++
		}
		if p.Outcome != GaveUp {
			times[k] = append(times[k], p.Seconds)
		}
		j, ok := players[p.Player]
		switch {
		case p.Player == "":
			j = -1
			m.Anonymous++
		case !ok:
			j = len(named)
			named = append(named, p.Player)
			players[p.Player] = j
		}
		os = append(os, obs{maze: k, player: j, y: math.Log(p.Seconds), censored: p.Outcome != Solved})
	}
	m.Plays = len(os)
	for k, ts := range times {
		m.Mazes[k].Naive = median(ts)
	}
	f := newFit(m, facts, os, len(named), s)
	if s.Start != nil {
		f.warm(s.Start, named)
	}
	if err := f.run(ctx); err != nil {
		return nil, err
	}
	f.finish(named)
	return m, nil
}

// weightedMedian returns the value at which half the weight lies on
// either side (the mean of the two middle values on a tie).
func weightedMedian(xs, ws []float64) float64 {
	idx := make([]int, len(xs))
	var total float64
	for i := range idx {
		idx[i] = i
		total += ws[i]
	}
	slices.SortFunc(idx, func(a, b int) int { return cmpFloat(xs[a], xs[b]) })
	var acc float64
	for k, i := range idx {
		acc += ws[i]
		if acc > total/2 {
			return xs[i]
		}
		if acc == total/2 && k+1 < len(idx) {
			return (xs[i] + xs[idx[k+1]]) / 2
		}
	}
	return xs[idx[len(idx)-1]]
}

func median(xs []float64) float64 {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	n := len(xs)
	return (xs[(n-1)/2] + xs[n/2]) / 2
}

// fit is the state of one fit.
type fit struct {
	m       *Model
	facts   []Facts
	x       [][]float64 // inputs of the regression, nil when none
	os      []obs
	s       Settings
	beta    []float64 // difficulties
	mu      []float64 // prior means
	vmu     []float64 // their variances: the coefficients' uncertainty (leverage times the spread)
	extra   []bool    // prior means extrapolated
	lev     []float64 // prior means' leverage
	tau     []float64 // skills
	vb, vt  []float64 // posterior variances (complete data)
	nm, np  []float64 // plays per maze, per player
	played  []bool
	sigma2  float64
	sig2m   []float64 // each maze's own σ², shrunk toward sigma2
	sb2     float64   // s_β²
	st2     float64   // s_τ²
	ystar   []float64
	vstar   []float64
	weights []float64 // each play's information, 1 for a timed play
	u       []float64 // each play's weight under the heavy tails, 1 for a play near its expectation (times c)
	c       []float64 // each play's trust: 1, less for a play of no player on a maze of many (see anonymousShare)
	named   int       // plays of a named player
	loo     []float64 // each maze's prior mean made without it (played mazes)
}

// The variances' weak priors: ν0 pseudo-observations of the given spreads.
const (
	nu0        = 2
	sigmaPrior = 0.5 // one player's times on one maze
	mazePrior  = 0.7 // mazes around their prediction
	skillPrior = 0.5 // players
)

// tails is the degrees of freedom of the plays' Student t likelihood: ln T
// of a play is β − τ plus a t-distributed error rather than a normal one,
// so that a play far from the rest (a forged time, a player called away)
// weighs (tails+1)/(tails+z²) of a play where it is expected — a play 10
// spreads out counts as a twentieth of one — instead of pulling its maze
// as far as it lies (the EM of the t as a scale mixture of normals).
const tails = 4

// anonymousShare bounds the plays of no player on a maze that named
// players played too: together they weigh at most this share of the
// named players' plays (and at least one play). A page always sends its
// player's ID, so a crowd of plays without one is an old page or a
// script, and one script's burst must not outvote the players.
const anonymousShare = 0.15

// spreadPlays is how many plays' worth of the model's σ² each maze's own
// spread starts from: a maze's spread is its plays' when it has many, the
// model's when it has few (van der Linden's time discrimination, shrunk).
const spreadPlays = 8

func newFit(m *Model, facts []Facts, os []obs, players int, s Settings) *fit {
	n := len(m.Mazes)
	f := &fit{m: m, facts: facts, os: os, s: s,
		beta: make([]float64, n), mu: make([]float64, n), vmu: make([]float64, n), extra: make([]bool, n), lev: make([]float64, n),
		vb: make([]float64, n), nm: make([]float64, n), played: make([]bool, n), sig2m: make([]float64, n),
		tau: make([]float64, players), vt: make([]float64, players), np: make([]float64, players),
		ystar: make([]float64, len(os)), vstar: make([]float64, len(os)), weights: make([]float64, len(os)), u: make([]float64, len(os)),
		sigma2: sigmaPrior * sigmaPrior, sb2: mazePrior * mazePrior, st2: skillPrior * skillPrior}
	f.x = make([][]float64, n)
	for k, ft := range facts {
		f.x[k] = ft.Vector()
	}
	for k := range f.sig2m {
		f.sig2m[k] = f.sigma2
	}
	anon, namedOn := make([]float64, n), make([]float64, n)
	for _, o := range os {
		if o.player < 0 {
			anon[o.maze]++
		} else {
			namedOn[o.maze]++
		}
	}
	f.c = make([]float64, len(os))
	for i, o := range os {
		f.c[i] = 1
		if k := o.maze; o.player < 0 && namedOn[k] > 0 {
			f.c[i] = min(1, max(1, anonymousShare*namedOn[k])/anon[k])
		}
		f.u[i] = f.c[i]
	}
	// A maze's first difficulty is the median of its plays, not their
	// mean: a play far from the rest does not start it astray.
	ys := make([][]float64, n)
	for _, o := range os {
		f.nm[o.maze]++
		if o.player >= 0 {
			f.np[o.player]++
			f.named++
		}
		ys[o.maze] = append(ys[o.maze], o.y)
		f.played[o.maze] = true
	}
	for k := range n {
		if f.played[k] {
			f.beta[k] = median(ys[k])
		}
	}
	f.prior()
	for k := range n {
		if !f.played[k] {
			f.beta[k] = f.mu[k]
		}
	}
	return f
}
