package learn

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"rjm/fault"
	"rjm/stats"
)

// Env is an episodic environment with finitely many states and actions,
// numbered from 0. An episode begins with Reset and ends when Step says
// it is done. States are the learner's decision points: an environment
// that forces an action (as the restart problem forces Restart when t > 4)
// takes it inside Step.
type Env interface {
	States() int  // number of states, at least 1
	Actions() int // number of actions, at least 1
	// Reset begins an episode and returns its first state.
	Reset() (state int, err error)
	// Step takes action in the current state and returns the reward, the
	// next state (meaningless when done) and whether the episode ended.
	Step(action int) (reward float64, next int, done bool, err error)
}

// Policy maps a state to the action to take there.
type Policy func(state int) int

// QTable holds action-value estimates Q(s, a).
type QTable struct {
	states, actions int
	q               []float64
}

// NewQTable returns a table of zeros. It panics unless both dimensions
// are positive.
func NewQTable(states, actions int) *QTable {
	if states < 1 || actions < 1 {
		panic("learn: Q table needs at least one state and one action")
	}
	return &QTable{states, actions, make([]float64, states*actions)}
}

// States returns the number of states.
func (t *QTable) States() int { return t.states }

// Actions returns the number of actions.
func (t *QTable) Actions() int { return t.actions }

// At returns Q(s, a).
func (t *QTable) At(s, a int) float64 { return t.q[s*t.actions+a] }

// Set sets Q(s, a) to v.
func (t *QTable) Set(s, a int, v float64) { t.q[s*t.actions+a] = v }

// Row returns the values of state s, one per action; it aliases the table.
func (t *QTable) Row(s int) []float64 { return t.q[s*t.actions : (s+1)*t.actions] }

// Greedy returns an action of highest value in state s, the
// lowest-numbered among equals.
func (t *QTable) Greedy(s int) int { return Argmax(t.Row(s)) }

// Policy returns the greedy policy of the table as it is now (ε = 0).
func (t *QTable) Policy() Policy {
	c := &QTable{t.states, t.actions, append([]float64(nil), t.q...)}
	return c.Greedy
}

// SARSA is the on-policy temporal-difference control method of Sutton
// and Barto (the assignment's "Restart SARSA"). In each episode it takes
// action a in state s by its Strategy on Q(s, ·), observes reward r and
// next state s′, chooses a′ there by the same Strategy, and updates
//
//	Q(s, a) ← Q(s, a) + α (r + γ Q(s′, a′) − Q(s, a)),
//
// with Q(s′, a′) taken as 0 when the episode has ended. Q starts at 0.
type SARSA struct {
	Episodes int      // zero means DefaultEpisodes; at most MaxEpisodes
	Alpha    float64  // learning rate in (0, 1]; zero means DefaultAlpha
	Gamma    float64  // discount rate in (0, 1]; zero means 1 (no discount)
	Strategy Strategy // nil means EpsilonGreedy{DefaultEpsilon}
	// MaxSteps bounds the steps of the whole run, so that a policy that
	// never ends an episode cannot run forever; zero means
	// DefaultStepsPerEpisode × Episodes.
	MaxSteps int
	// Progress, if not nil, is called after every episode with the
	// episodes done and the total.
	Progress func(done, total int)
}

// The assignment's settings, and the bounds of a run.
const (
	DefaultEpisodes = 2000
	DefaultAlpha    = 0.1
	MaxEpisodes     = 10_000_000
	// DefaultStepsPerEpisode sets the default step limit of SARSA. An
	// episode of the restart problem takes about 64 steps on average
	// with ε = 0.1; only a policy that never ends an episode (ε = 0 with
	// Restart preferred in the states a random maze starts in, or a
	// target no maze reaches) needs more.
	DefaultStepsPerEpisode = 1000
)

// ErrStepLimit is returned, wrapped with the counts, when a run reaches
// its step limit.
var ErrStepLimit = errors.New("step limit reached")

// cancelEvery is how often, in steps, the learners check their context:
// a step may cost no more than drawing a random maze, and a run that
// only restarts takes millions of them.
const cancelEvery = 1024

// SARSAResult is what SARSA learned.
type SARSAResult struct {
	Q        *QTable
	Updates  []int // per state, the updates of Q(s, ·)
	Episodes int   // episodes completed
	Steps    int   // steps taken in all
	Return   stats.Estimate
}

// Learn runs SARSA on env. On an error from env, the context or the step
// limit it returns what was learned so far with the error.
func (l SARSA) Learn(ctx context.Context, env Env, rng *rand.Rand) (SARSAResult, error) {
	strategy, err := checkStrategy(l.Strategy)
	if err != nil {
		return SARSAResult{}, err
	}
	episodes, alpha, gamma, maxSteps := l.Episodes, l.Alpha, l.Gamma, l.MaxSteps
	if episodes == 0 {
		episodes = DefaultEpisodes
	}
	if alpha == 0 {
		alpha = DefaultAlpha
	}
	if gamma == 0 {
		gamma = 1
	}
	if maxSteps == 0 {
		maxSteps = DefaultStepsPerEpisode * episodes
	}
	switch {
	case episodes < 0 || episodes > MaxEpisodes:
		return SARSAResult{}, fault.Invalid("", "episodes %d out of range 1..%d", episodes, MaxEpisodes)
	case !(alpha > 0 && alpha <= 1):
		return SARSAResult{}, fault.Invalid("", "learning rate %g out of range (0, 1]", alpha)
	case !(gamma > 0 && gamma <= 1):
		return SARSAResult{}, fault.Invalid("", "discount rate %g out of range (0, 1]", gamma)
	case maxSteps < 0:
		return SARSAResult{}, fault.Invalid("", "step limit %d is negative", maxSteps)
	case env.States() < 1 || env.Actions() < 1:
		return SARSAResult{}, fmt.Errorf("the environment has %d states and %d actions", env.States(), env.Actions())
	}
	q := NewQTable(env.States(), env.Actions())
	res := SARSAResult{Q: q, Updates: make([]int, env.States())}
	p := make([]float64, env.Actions())
	act := func(s int) int {
		strategy.Probabilities(p, q.Row(s))
		return choose(rng, p)
	}
	for range episodes {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		s, err := env.Reset()
		if err != nil {
			return res, err
		}
		a := act(s)
		ret := 0.0
		for {
			if res.Steps == maxSteps {
				return res, fmt.Errorf("%w after %d steps (%d of %d episodes done)", ErrStepLimit, res.Steps, res.Episodes, episodes)
			}
			if res.Steps%cancelEvery == cancelEvery-1 {
				if err := ctx.Err(); err != nil {
					return res, err
				}
			}
			r, s2, done, err := env.Step(a)
			if err != nil {
				return res, err
			}
			res.Steps++
			ret += r
			target := r
			a2 := 0
			if !done {
				a2 = act(s2)
				target += gamma * q.At(s2, a2)
			}
			old := q.At(s, a)
			q.Set(s, a, old+alpha*(target-old))
			res.Updates[s]++
			if done {
				break
			}
			s, a = s2, a2
		}
		res.Episodes++
		res.Return.Add(ret)
		if l.Progress != nil {
			l.Progress(res.Episodes, episodes)
		}
	}
	return res, nil
}
