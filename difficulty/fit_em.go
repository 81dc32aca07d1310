package difficulty

import (
	"context"
	"fmt"
	"math"
	"slices"
)

// This file holds the EM iterations of a fit: the prior means refitted,
// the censored times' conditional moments (estep), and the updates of the
// difficulties, skills and variances in turn (run).

// pv is maze k's prior variance: the mazes' spread around their
// prediction and the prediction's own uncertainty.
func (f *fit) pv(k int) float64 { return f.sb2 + f.vmu[k] }

// prior sets the prior means μ from the current difficulties of the
// played mazes: the ridge regression once MinFeatureMazes played mazes
// have inputs, the simulated novices before.
func (f *fit) prior() {
	m := f.m
	var rows [][]float64
	var ys []float64
	var idx []int
	var mean float64
	nPlayed := 0
	for k := range f.beta {
		if f.played[k] {
			mean += f.beta[k]
			nPlayed++
			if f.x[k] != nil {
				rows, ys, idx = append(rows, f.x[k]), append(ys, f.beta[k]), append(idx, k)
			}
		}
	}
	if nPlayed > 0 {
		mean /= float64(nPlayed)
	} else {
		mean = math.Log(60) // no plays and no facts: a minute, with the prior's spread
	}
	m.mean = mean
	f.loo = make([]float64, len(f.beta))
	for k := range f.loo {
		f.loo[k] = math.NaN()
	}
	set := func() {
		for k := range f.mu {
			f.mu[k], f.lev[k], f.extra[k] = m.priorMean(f.x[k], f.facts[k])
			f.vmu[k] = min(f.lev[k], maxLeverage) * max(f.sb2, m.Prior.CVError*m.Prior.CVError)
		}
	}
	if len(rows) >= MinFeatureMazes {
		if r, err := FitRidge(rows, ys); err == nil {
			m.Prior = Prior{Source: FromFeatures, Ridge: r, CVError: r.CVError, Lambda: r.Lambda, Mazes: len(rows)}
			set()
			for i, k := range idx {
				f.loo[k] = r.LOO[i]
			}
			return
		}
	}
	// The novices, calibrated by the played mazes: ln(seconds per move)
	// is the mean of β − ln(effort) over them.
	var c float64
	var cs []float64
	for k := range f.beta {
		if f.played[k] && f.facts[k].Effort() > 0 {
			cs = append(cs, f.beta[k]-math.Log(f.facts[k].Effort()))
		}
	}
	if len(cs) == 0 {
		c = math.Log(f.s.SecondsPerMove)
	} else {
		for _, v := range cs {
			c += v / float64(len(cs))
		}
	}
	m.Prior = Prior{Source: FromSimulated, SecondsPerMove: math.Exp(c), Mazes: len(cs)}
	set()
	// Leave-one-out: the calibration without the maze.
	var sse float64
	for k := range f.beta {
		if f.played[k] && f.facts[k].Effort() > 0 && len(cs) > 1 {
			ln := math.Log(f.facts[k].Effort())
			ck := (c*float64(len(cs)) - (f.beta[k] - ln)) / float64(len(cs)-1)
			f.loo[k] = ln + ck
			sse += (f.beta[k] - f.loo[k]) * (f.beta[k] - f.loo[k])
		}
	}
	if len(cs) > 1 {
		m.Prior.CVError = math.Sqrt(sse / float64(len(cs)))
	}
}

// minNamed is the fewest plays of named players from which σ² is
// estimated apart from the players' spread.
const minNamed = 10

// priorEvery is how often, in EM iterations, the prior is refitted.
const priorEvery = 8

// skill is the skill of the play's player, 0 for a play of none.
func (f *fit) skill(o obs) float64 {
	if o.player < 0 {
		return 0
	}
	return f.tau[o.player]
}

// playVar is the variance of the play's ln time given the maze's
// difficulty and its player's skill: the maze's σ², and for a play of no
// player σ² + s_τ² (its skill unknown) once σ² is told apart from s_τ².
func (f *fit) playVar(o obs) float64 {
	if o.player < 0 && f.named >= minNamed {
		return f.sig2m[o.maze] + f.st2
	}
	return f.sig2m[o.maze]
}

// warm starts the fit from an earlier model's difficulties, skills and
// spreads, by maze and player ID: a model refitted after a few more plays
// converges in a few iterations.
func (f *fit) warm(start *Model, named []string) {
	for k, e := range f.m.Mazes {
		if j, ok := start.index[e.Maze]; ok && f.played[k] && start.Mazes[j].Source == FromPlays {
			f.beta[k] = start.Mazes[j].Log + start.center
			if sp := start.Mazes[j].Spread; sp > 0 {
				f.sig2m[k] = sp * sp
			}
		}
	}
	skills := map[string]float64{}
	for _, p := range start.Players {
		skills[p.ID] = p.Skill
	}
	for j, id := range named {
		if sk, ok := skills[id]; ok {
			f.tau[j] = sk + start.center
		}
	}
	if start.Sigma > 0 && start.MazeSpread > 0 && start.PlayerSpread > 0 {
		f.sigma2, f.sb2, f.st2 = start.Sigma*start.Sigma, start.MazeSpread*start.MazeSpread, start.PlayerSpread*start.PlayerSpread
	}
}

// hazard returns φ(z)/(1−Φ(z)), the normal's inverse Mills ratio.
func hazard(z float64) float64 {
	if z > 30 {
		return z + 1/z
	}
	return math.Sqrt(2/math.Pi) * math.Exp(-z*z/2) / math.Erfc(z/math.Sqrt2)
}

// estep sets each play's expected ln time and its variance (a censored
// play's, given that it is beyond its time), its information and its
// weight under the heavy tails.
func (f *fit) estep() {
	for i, o := range f.os {
		v := f.playVar(o)
		mean := f.beta[o.maze] - f.skill(o)
		if !o.censored {
			f.ystar[i], f.vstar[i], f.weights[i] = o.y, 0, 1
		} else {
			sd := math.Sqrt(v)
			z := (o.y - mean) / sd
			h := hazard(z)
			f.ystar[i] = mean + sd*h
			f.vstar[i] = max(0, v*(1+z*h-h*h))
			f.weights[i] = max(0, min(1, h*(h-z)))
		}
		r := f.ystar[i] - mean
		f.u[i] = f.c[i] * (tails + 1) / (tails + (r*r+f.vstar[i])/v)
	}
}

// run iterates EM until the difficulties and skills settle.
func (f *fit) run(ctx context.Context) error {
	m := f.m
	if len(f.os) == 0 {
		m.Converged = true
		return nil
	}
	num := make([]float64, len(f.beta))
	den := make([]float64, len(f.beta))
	ssm := make([]float64, len(f.beta))
	nmk := make([]float64, len(f.beta))
	tnum := make([]float64, len(f.tau))
	tden := make([]float64, len(f.tau))
	for it := 1; it <= f.s.MaxIterations; it++ {
		if it%16 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("fitting the model: %w", err)
			}
		}
		m.Iterations = it
		f.estep()
		// M: difficulties, then skills, then the variances. A play of
		// no player counts with its skill integrated out (its variance
		// σ² + s_τ²); every play by its weight under the heavy tails.
		change := 0.0
		clear(num)
		clear(den)
		for i, o := range f.os {
			w := f.u[i] / f.playVar(o)
			num[o.maze] += w * (f.ystar[i] + f.skill(o))
			den[o.maze] += w
		}
		for k := range f.beta {
			if !f.played[k] {
				continue
			}
			prec := den[k] + 1/f.pv(k)
			b := (num[k] + f.mu[k]/f.pv(k)) / prec
			change = max(change, math.Abs(b-f.beta[k]))
			f.beta[k], f.vb[k] = b, 1/prec
		}
		clear(tnum)
		clear(tden)
		for i, o := range f.os {
			if o.player >= 0 {
				w := f.u[i] / f.playVar(o)
				tnum[o.player] += w * (f.beta[o.maze] - f.ystar[i])
				tden[o.player] += w
			}
		}
		for j := range f.tau {
			prec := tden[j] + 1/f.st2
			t := tnum[j] / prec
			change = max(change, math.Abs(t-f.tau[j]))
			f.tau[j], f.vt[j] = t, 1/prec
		}
		// σ² from the named players' plays when there are enough of
		// them; else from every play, σ² then holding the players'
		// spread too (see playVar). Each maze's own σ² from its plays,
		// shrunk toward it.
		var ss, n float64
		clear(ssm)
		clear(nmk)
		for i, o := range f.os {
			if f.named >= minNamed && o.player < 0 {
				continue
			}
			r := f.ystar[i] - f.beta[o.maze] + f.skill(o)
			term := f.u[i]*(r*r+f.vstar[i]) + f.vb[o.maze]
			if o.player >= 0 {
				term += f.vt[o.player]
			}
			ss += term
			n++
			ssm[o.maze] += term
			nmk[o.maze]++
		}
		f.sigma2 = (ss + nu0*sigmaPrior*sigmaPrior) / (n + nu0)
		for k := range f.sig2m {
			f.sig2m[k] = (ssm[k] + spreadPlays*f.sigma2) / (nmk[k] + spreadPlays)
		}
		var sb, nb float64
		for k := range f.beta {
			if f.played[k] {
				d := f.beta[k] - f.mu[k]
				sb += d*d + f.vb[k]
				nb++
			}
		}
		f.sb2 = (sb + nu0*mazePrior*mazePrior) / (nb + nu0)
		var st float64
		for j := range f.tau {
			st += f.tau[j]*f.tau[j] + f.vt[j]
		}
		f.st2 = (st + nu0*skillPrior*skillPrior) / (float64(len(f.tau)) + nu0)
		// The prior follows the difficulties (the regression refitted)
		// every priorEvery iterations, and before the fit may stop.
		if it%priorEvery != 0 && change >= f.s.Tolerance {
			continue
		}
		old := slices.Clone(f.mu)
		f.prior()
		for k := range f.mu {
			change = max(change, math.Abs(f.mu[k]-old[k]))
			if !f.played[k] {
				f.beta[k] = f.mu[k]
			}
		}
		if change < f.s.Tolerance {
			m.Converged = true
			break
		}
	}
	return nil
}
