package learn

import (
	"context"
	"math/rand/v2"
	"rjm/fault"
	"rjm/stats"
)

// Arm is one action of a bandit: each pull pays a random utility.
type Arm interface {
	// Pull plays the arm once and returns the utility it paid.
	Pull(ctx context.Context, rng *rand.Rand) (float64, error)
}

// ArmFunc adapts a function into an Arm.
type ArmFunc func(ctx context.Context, rng *rand.Rand) (float64, error)

// Pull calls f.
func (f ArmFunc) Pull(ctx context.Context, rng *rand.Rand) (float64, error) { return f(ctx, rng) }

// Bandit is the n-armed bandit of the assignment's "Restart Bandit": it
// pulls Pulls times, choosing each arm by its Strategy from the average
// utility each arm has paid so far, and so learns which arm pays best while
// earning as it learns.
//
// Before the strategy takes over, every arm is pulled once, in order, so
// that every average is defined (these pulls count towards Pulls). The
// cost of Run is Pulls arm pulls plus O(Pulls·len(Arms)) bookkeeping.
type Bandit struct {
	Arms     []Arm
	Strategy Strategy // nil means EpsilonGreedy{DefaultEpsilon}
	Pulls    int      // zero means DefaultPulls; at most MaxPulls
	// Progress, if not nil, is called after every pull with the pulls
	// done and the total.
	Progress func(done, total int)
}

// DefaultPulls is the assignment's 10,000 pulls per strategy.
const DefaultPulls = 10_000

// MaxPulls bounds the pulls one Bandit may be asked for.
const MaxPulls = 10_000_000

// ArmResult is what a bandit learned about one arm.
type ArmResult struct {
	Pulls   int            // times the arm was pulled
	Utility stats.Estimate // the utilities it paid
}

// BanditResult is the outcome of a bandit run.
type BanditResult struct {
	Arms  []ArmResult
	Pulls int     // pulls in all
	Total float64 // utility earned over all pulls
}

// Share returns the fraction of all pulls that went to arm a.
func (r BanditResult) Share(a int) float64 {
	if r.Pulls == 0 {
		return 0
	}
	return float64(r.Arms[a].Pulls) / float64(r.Pulls)
}

// Settled returns the arm the strategy settled on: the most pulled one
// (the lowest-numbered among equals).
func (r BanditResult) Settled() int {
	best := 0
	for a, x := range r.Arms {
		if x.Pulls > r.Arms[best].Pulls {
			best = a
		}
	}
	return best
}

// Best returns the arm of highest average utility, the one a purely
// greedy strategy would pull next.
func (r BanditResult) Best() int {
	return Argmax(r.means())
}

func (r BanditResult) means() []float64 {
	m := make([]float64, len(r.Arms))
	for a, x := range r.Arms {
		m[a] = x.Utility.Mean()
	}
	return m
}

// Run plays the bandit. On an error from an arm or the context it
// returns what was learned so far with the error.
func (b Bandit) Run(ctx context.Context, rng *rand.Rand) (BanditResult, error) {
	if len(b.Arms) == 0 {
		return BanditResult{}, fault.Invalid("", "bandit has no arms")
	}
	strategy, err := checkStrategy(b.Strategy)
	if err != nil {
		return BanditResult{}, err
	}
	pulls := b.Pulls
	if pulls == 0 {
		pulls = DefaultPulls
	}
	if pulls < 0 || pulls > MaxPulls {
		return BanditResult{}, fault.Invalid("", "pulls %d out of range 1..%d", pulls, MaxPulls)
	}
	n := len(b.Arms)
	res := BanditResult{Arms: make([]ArmResult, n)}
	means := make([]float64, n)
	p := make([]float64, n)
	for i := range pulls {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		a := i
		if i >= n {
			strategy.Probabilities(p, means)
			a = choose(rng, p)
		}
		u, err := b.Arms[a].Pull(ctx, rng)
		if err != nil {
			return res, err
		}
		arm := &res.Arms[a]
		arm.Pulls++
		arm.Utility.Add(u)
		means[a] = arm.Utility.Mean()
		res.Pulls++
		res.Total += u
		if b.Progress != nil {
			b.Progress(i+1, pulls)
		}
	}
	return res, nil
}
