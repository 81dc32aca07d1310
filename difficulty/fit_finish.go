package difficulty

import (
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// This file holds what a fit writes once EM has settled: the honest
// cross-validated error of the prior, the typical player's centre, and
// each estimate with its interval.

// tailInfo is the information of a play under the t likelihood, as a
// share of a normal play's: (ν+1)/(ν+3).
const tailInfo = (tails + 1.0) / (tails + 3.0)

// honestCV returns the prior's cross-validated error with each maze's
// plays held out: its prediction made without it (the regression's
// leave-one-out) against its plays' own estimate (no shrinkage toward the
// prediction, which would flatter it), less that estimate's sampling
// variance; over the mazes of at least 3 plays, and ok false when fewer
// than 3 such mazes.
func (f *fit) honestCV() (cv float64, ok bool) {
	num := make([]float64, len(f.beta))
	wsum := make([]float64, len(f.beta))
	info := make([]float64, len(f.beta))
	for i, o := range f.os {
		w := f.u[i] / f.playVar(o)
		num[o.maze] += w * (f.ystar[i] + f.skill(o))
		wsum[o.maze] += w
		info[o.maze] += f.c[i] * f.weights[i] * tailInfo / f.playVar(o)
	}
	var sum, n float64
	for k := range f.beta {
		if !f.played[k] || math.IsNaN(f.loo[k]) || f.nm[k] < 3 || info[k] <= 0 || wsum[k] <= 0 {
			continue
		}
		d := num[k]/wsum[k] - f.loo[k]
		sum += d*d - 1/info[k]
		n++
	}
	if n < 3 {
		return 0, false
	}
	return math.Sqrt(max(0.01, sum/n)), true
}

// centerPlays is the fewest counted plays of a player whose skill counts
// toward the typical player's, and minCentered the fewest such players
// for the typical player to be theirs (else the skills' mean, 0).
const (
	centerPlays = 3
	minCentered = 10
)

// centerOf returns the typical player's fitted skill: the median skill of
// the players of at least centerPlays plays. The skills' prior has mean
// 0, so a population of skewed skills (a long tail of slow players) puts
// its mean, not its typical player, at 0; the median is the player the
// difficulties are told for ("a typical player"), whatever the skew.
//
// It returns too the variance of that median as the typical player's
// (π/2 times the skills' variance over their number, a sample median's;
// the players' own standard errors with it): every difficulty is told
// against it, so its uncertainty is every interval's.
func (f *fit) centerOf() (center, variance float64) {
	// The players' skills from their own plays, not shrunk toward the
	// prior's mean (which would pull the median toward the mean).
	num, den := make([]float64, len(f.tau)), make([]float64, len(f.tau))
	for i, o := range f.os {
		if o.player >= 0 {
			w := f.u[i] / f.playVar(o)
			num[o.player] += w * (f.beta[o.maze] - f.ystar[i])
			den[o.player] += w
		}
	}
	// Each player's skill weighs as an estimate of a skill drawn from
	// the population: 1/(its variance + s_τ²), so that the noise of a
	// player of few plays, which would draw the median toward the mean,
	// counts less than a regular's figure.
	var skills, weights []float64
	var se2 float64
	for j := range f.tau {
		if f.np[j] >= centerPlays && den[j] > 0 {
			skills = append(skills, num[j]/den[j])
			weights = append(weights, 1/(1/den[j]+f.st2))
			se2 += 1 / den[j]
		}
	}
	n := float64(len(skills))
	if n < minCentered {
		return 0, 0
	}
	center = weightedMedian(skills, weights)
	var ss float64
	for _, t := range skills {
		ss += (t - center) * (t - center)
	}
	return center, math.Pi / 2 * (ss/(n-1) + se2/n) / n
}

// finish writes the estimates: each maze's difficulty with its interval
// from the plays' observed information and the skills' uncertainty.
func (f *fit) finish(named []string) {
	m := f.m
	m.Sigma, m.MazeSpread, m.PlayerSpread = math.Sqrt(f.sigma2), math.Sqrt(f.sb2), math.Sqrt(f.st2)
	if len(f.os) > 0 {
		f.estep()
		if cv, ok := f.honestCV(); ok {
			m.Prior.CVError = cv
		}
	}
	infoM := make([]float64, len(f.beta))
	infoP := make([]float64, len(f.tau))
	timed := make([]float64, len(f.beta))
	for i, o := range f.os {
		info := f.c[i] * f.weights[i] * tailInfo / f.playVar(o)
		infoM[o.maze] += info
		timed[o.maze] += f.c[i] * f.weights[i]
		if o.player >= 0 {
			infoP[o.player] += info
		}
	}
	for j := range infoP {
		infoP[j] += 1 / f.st2
	}
	variance := f.variances(infoM, infoP)
	c, vc := f.centerOf()
	m.center, m.centerVar = c, vc
	for k := range f.beta {
		e := &m.Mazes[k]
		e.Log = f.beta[k] - c
		e.Predicted = math.Exp(f.mu[k] - c)
		if f.played[k] {
			e.SE = math.Sqrt(variance[k] + vc)
			e.Source = FromPlays
			e.Spread = math.Sqrt(f.sig2m[k])
			if !math.IsNaN(f.loo[k]) {
				e.Predicted = math.Exp(f.loo[k] - c)
			}
			// The maze's spread is estimated from its plays (and
			// spreadPlays of the model's): Student's t of as many
			// degrees of freedom, not the normal, so that a maze of
			// few plays has the wider interval its unknown spread
			// asks for.
			e.setInterval(quantile(timed[k] + spreadPlays))
			continue
		}
		e.SE, e.Source, e.Extrapolated = m.predictionSD(f.lev[k]), m.Prior.Source, f.extra[k]
		e.setInterval(m.predictionQuantile())
	}
	if r := m.Prior.Ridge; r != nil {
		for k, c := range r.Coef {
			if r.Scale[k] > 0 {
				m.Prior.Terms = append(m.Prior.Terms, Term{Feature: FeatureNames[k], Coef: c})
			}
		}
		sort.SliceStable(m.Prior.Terms, func(a, b int) bool {
			return math.Abs(m.Prior.Terms[a].Coef) > math.Abs(m.Prior.Terms[b].Coef)
		})
	}
	for j, id := range named {
		if id == "" {
			continue
		}
		m.Players = append(m.Players, Player{ID: id, Skill: f.tau[j] - c, SE: math.Sqrt(1 / infoP[j]), Plays: int(f.np[j])})
	}
	slices.SortStableFunc(m.Players, func(a, b Player) int { return b.Plays - a.Plays })
}

// variances returns the played mazes' posterior variances: the diagonal
// of the inverse of the Hessian of the log posterior in the difficulties
// and skills (each play's information its weight over its variance), the
// skills taken out by the Schur complement (their block is diagonal), so
// that a maze's interval counts the uncertainty of its players' skills.
func (f *fit) variances(infoM, infoP []float64) []float64 {
	out := make([]float64, len(f.beta))
	var played []int
	at := make([]int, len(f.beta))
	for k := range f.beta {
		if f.played[k] {
			at[k] = len(played)
			played = append(played, k)
		}
	}
	if len(played) == 0 {
		return out
	}
	// B[m][p]: the information the plays of player p on maze m share.
	type pair struct{ m, p int }
	shared := map[pair]float64{}
	byPlayer := make([][]int, len(f.tau)) // the played mazes of each player, by index into played
	for i, o := range f.os {
		if o.player < 0 {
			continue
		}
		key := pair{at[o.maze], o.player}
		if _, ok := shared[key]; !ok {
			byPlayer[o.player] = append(byPlayer[o.player], key.m)
		}
		shared[key] += f.weights[i] * tailInfo / f.playVar(o)
	}
	s := mat.NewSymDense(len(played), nil)
	for i, k := range played {
		s.SetSym(i, i, infoM[k]+1/f.pv(k))
	}
	for p, ms := range byPlayer {
		for _, a := range ms {
			for _, b := range ms {
				if b < a {
					continue
				}
				s.SetSym(a, b, s.At(a, b)-shared[pair{a, p}]*shared[pair{b, p}]/infoP[p])
			}
		}
	}
	var ch mat.Cholesky
	var inv mat.SymDense
	if !ch.Factorize(s) || ch.InverseTo(&inv) != nil {
		for _, k := range played { // the diagonal alone, should the matrix be singular
			out[k] = 1 / (infoM[k] + 1/f.pv(k))
		}
		return out
	}
	for i, k := range played {
		out[k] = inv.At(i, i)
	}
	return out
}
