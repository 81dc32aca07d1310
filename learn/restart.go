package learn

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"rjm/fault"
	"rjm/stats"

	"rjm/energy"
	"rjm/search"
)

// Utility is the assignment's utility of one hill descent of i iterations
// that ends with goal depth d: 2^d / i ("a maze with goal depth d is worth
// twice as much as one with depth d − 1", and computation costs the same
// per iteration). A maze without a solution has d = 0; pass a negative
// depth for it. It panics unless i > 0.
func Utility(depth, iterations int) float64 {
	if iterations <= 0 {
		panic("learn: utility of a descent of no iterations")
	}
	return math.Ldexp(1, max(depth, 0)) / float64(iterations)
}

// RestartArm is an arm of the assignment's Restart Bandit: a hill descent
// of Iterations iterations from a fresh random maze, paying
// Utility(d, Iterations) for the goal depth d of the best maze found.
type RestartArm struct {
	Problem    search.Problem
	Iterations int // at least 1
}

// Pull runs one hill descent.
func (a RestartArm) Pull(ctx context.Context, rng *rand.Rand) (float64, error) {
	if a.Iterations < 1 {
		return 0, fault.Invalid("", "restart arm of %d iterations", a.Iterations)
	}
	res, err := search.HillDescent{Iterations: a.Iterations}.Search(ctx, a.Problem, rng)
	if err != nil {
		return 0, err
	}
	return Utility(goalDepth(a.Problem, res.Energy, func() []int { return res.Best.Jumps }), a.Iterations), nil
}

var _ Arm = RestartArm{}

// RestartArms returns the arms of the assignment's Restart Bandit on p:
// hill descents of base·2^a iterations for a = 0..n-1 (the exercise has
// base 100 and n = 6: 100, 200, …, 3200).
func RestartArms(p search.Problem, base, n int) []Arm {
	arms := make([]Arm, n)
	for a := range arms {
		arms[a] = RestartArm{Problem: p, Iterations: base << a}
	}
	return arms
}

// goalDepth returns the goal depth of a configuration whose energy is e:
// read off the energy for the simple objective, otherwise found by
// breadth-first search on the configuration, which jumps returns (it is
// called only then). It is -1 when there is no solution.
func goalDepth(p search.Problem, e float64, jumps func() []int) int {
	switch p.Energy.(type) {
	case nil, energy.Depth:
		if e >= energy.Unsolvable {
			return -1
		}
		return int(-e)
	}
	return p.Graph.GoalDepth(jumps(), p.Start, p.Goal)
}

// The actions of RestartEnv.
const (
	Go      = 0 // run another stage of hill descent
	Restart = 1 // replace the maze by a random one
)

// RestartMDP describes the decision problem of the assignment's Restart
// SARSA. A state is a pair (t, d): t stages of Stage hill-descent
// iterations since the last restart (0..Horizon) and the goal depth d of
// the maze, with every depth up to Floor (no solution included) lumped into
// d = Floor. Go runs one more stage (reward −1); Restart draws a random
// maze (reward 0). A maze of goal depth Target or more is satisficing: it
// pays +1 and ends the episode. Once t exceeds Horizon, Restart is forced.
// The zero value is the exercise: Stage 250, Horizon 4, Floor 12, Target
// 18, so the states are t ∈ 0..4, d ∈ 12..17.
type RestartMDP struct {
	Stage   int // iterations per Go; zero means 250
	Horizon int // largest t with a choice; zero means 4
	Floor   int // depths ≤ Floor are one state; zero means 12
	Target  int // satisficing goal depth; zero means 18
}

// MaxRestartStates bounds the states of a RestartMDP.
const MaxRestartStates = 100_000

func (m RestartMDP) withDefaults() RestartMDP {
	if m.Stage == 0 {
		m.Stage = 250
	}
	if m.Horizon == 0 {
		m.Horizon = 4
	}
	if m.Floor == 0 {
		m.Floor = 12
	}
	if m.Target == 0 {
		m.Target = 18
	}
	return m
}

// Validate checks the ranges: a positive stage of at most
// search.MaxIterations, a non-negative horizon and floor, a target above
// the floor, and at most MaxRestartStates states.
func (m RestartMDP) Validate() error {
	m = m.withDefaults()
	switch {
	case m.Stage < 1 || m.Stage > search.MaxIterations:
		return fault.Invalid("", "stage of %d iterations out of range 1..%d", m.Stage, search.MaxIterations)
	case m.Horizon < 0 || m.Floor < 0:
		return fault.Invalid("", "horizon %d and floor %d must not be negative", m.Horizon, m.Floor)
	case m.Target <= m.Floor:
		return fault.Invalid("", "target depth %d must be above the floor %d", m.Target, m.Floor)
	case m.Horizon >= MaxRestartStates || m.Target-m.Floor > MaxRestartStates/(m.Horizon+1):
		return fault.Invalid("", "%d stages × %d depths is more than %d states", m.Horizon+1, m.Target-m.Floor, MaxRestartStates)
	}
	return nil
}

// Depths returns the number of depth values d: Target − Floor.
func (m RestartMDP) Depths() int { m = m.withDefaults(); return m.Target - m.Floor }

// States returns the number of states, (Horizon+1)·Depths().
func (m RestartMDP) States() int { m = m.withDefaults(); return (m.Horizon + 1) * m.Depths() }

// State returns the number of state (t, d); d is clamped to Floor..Target−1.
func (m RestartMDP) State(t, d int) int {
	m = m.withDefaults()
	d = min(max(d, m.Floor), m.Target-1)
	return t*(m.Target-m.Floor) + d - m.Floor
}

// Pair returns t and d of state s, the inverse of State.
func (m RestartMDP) Pair(s int) (t, d int) {
	m = m.withDefaults()
	n := m.Target - m.Floor
	return s / n, m.Floor + s%n
}

// RestartAt returns the fixed policy "restart at t = k": Go while t < k,
// Restart at t = k. With k > Horizon it always goes on and restarts only
// when forced (the exercise's "restart at t = 5").
func (m RestartMDP) RestartAt(k int) Policy {
	return func(s int) int {
		if t, _ := m.Pair(s); t >= k {
			return Restart
		}
		return Go
	}
}

// RestartEnv is the Env of a RestartMDP on a search problem: a resumable
// hill descent (search.Walk) driven by Go and Restart.
type RestartEnv struct {
	mdp        RestartMDP
	p          search.Problem
	walk       *search.Walk
	t, d       int
	fresh      bool // the walk's maze is unused: the first episode starts there
	iterations int
	restarts   int
	mazes      int
}

// NewRestartEnv returns the environment of m on p, drawing from rng.
func NewRestartEnv(ctx context.Context, p search.Problem, m RestartMDP, rng *rand.Rand) (*RestartEnv, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	w, err := search.NewWalk(ctx, p, rng, false)
	if err != nil {
		return nil, err
	}
	return &RestartEnv{mdp: m.withDefaults(), p: p, walk: w, fresh: true}, nil
}

// States implements Env.
func (e *RestartEnv) States() int { return e.mdp.States() }

// Actions implements Env: Go and Restart.
func (e *RestartEnv) Actions() int { return 2 }

// Reset implements Env: it starts at a random maze. (The first episode
// starts at the maze the walk began with.) A random maze that is already
// satisficing — on 5×5 boards a vanishingly rare event — is redrawn.
func (e *RestartEnv) Reset() (int, error) {
	if !e.fresh {
		e.restart()
	}
	e.fresh = false
	e.t, e.d = 0, e.depth()
	for range maxRedraws {
		if e.d < e.mdp.Target {
			return e.mdp.State(e.t, e.d), nil
		}
		e.restart()
	}
	return 0, fault.Invalid("", "%d random mazes in a row reach the target depth %d", maxRedraws, e.mdp.Target)
}

// maxRedraws bounds the random mazes Reset draws looking for one that is
// not yet satisficing.
const maxRedraws = 10_000

// Step implements Env.
func (e *RestartEnv) Step(action int) (float64, int, bool, error) {
	reward := 0.0
	switch action {
	case Go:
		if err := e.walk.Descend(e.mdp.Stage); err != nil {
			return 0, 0, false, err
		}
		e.iterations += e.mdp.Stage
		e.t++
		reward = -1
		e.d = e.depth()
		if e.d < e.mdp.Target && e.t > e.mdp.Horizon {
			e.restart()
		}
	case Restart:
		e.restart()
	default:
		return 0, 0, false, fmt.Errorf("the restart problem has no action %d", action)
	}
	if e.d >= e.mdp.Target {
		e.mazes++
		return reward + 1, 0, true, nil
	}
	return reward, e.mdp.State(e.t, e.d), false, nil
}

func (e *RestartEnv) restart() {
	e.walk.Restart()
	e.restarts++
	e.t, e.d = 0, e.depth()
}

func (e *RestartEnv) depth() int {
	return goalDepth(e.p, e.walk.BestEnergy(), func() []int { return e.walk.Best().Jumps })
}

// Iterations returns the hill-descent iterations spent so far.
func (e *RestartEnv) Iterations() int { return e.iterations }

// Restarts returns the random restarts so far (forced ones included).
func (e *RestartEnv) Restarts() int { return e.restarts }

// Mazes returns the satisficing mazes produced so far.
func (e *RestartEnv) Mazes() int { return e.mazes }

var _ Env = (*RestartEnv)(nil)

// Evaluation is how a restart policy fared at producing satisficing
// mazes: the assignment compares policies by the hill-descent iterations
// they need for 100 satisficing mazes.
type Evaluation struct {
	Mazes      int            // satisficing mazes produced
	Iterations int            // hill-descent iterations spent in all
	Restarts   int            // random restarts, forced ones included
	Steps      int            // decisions taken (Go and Restart actions)
	PerMaze    stats.Estimate // iterations spent on each maze
}

// EvalSettings say how Evaluate runs a policy. The zero value is the
// assignment's evaluation: 100 satisficing mazes.
type EvalSettings struct {
	Mazes int // satisficing mazes to produce; zero means DefaultMazes
	// MaxSteps bounds the decisions of the whole evaluation; zero means
	// DefaultStepsPerMaze × Mazes.
	MaxSteps int
	// Progress, if not nil, is called after every satisficing maze with
	// the mazes done and the total.
	Progress func(done, total int)
}

// The assignment's evaluation, and its default bound.
const (
	DefaultMazes = 100
	// DefaultStepsPerMaze sets the default step limit of Evaluate. A
	// fixed policy "restart at t = k" takes at most a few hundred steps
	// per maze. The bound is far higher because of greedy policies that
	// restart at t = 0 (see Evaluate): one that waits for a random 5×5
	// maze of goal depth 14 or more, a chance of 1 in 110,000 per draw,
	// takes some 250,000 steps per maze, and this bound lets it finish
	// (a step that draws a random maze takes well under a microsecond).
	DefaultStepsPerMaze = 400_000
)

// Evaluate runs policy on env until it has produced s.Mazes satisficing
// mazes. The iterations each maze took are independent draws, so
// PerMaze gives a confidence interval for the policy's cost per maze.
//
// Evaluate always ends. Go cannot go on for ever: Restart is forced
// once t passes the horizon. Restart can: it costs no iterations and
// leads to (0, d) with d the depth of a random maze, almost always the
// floor (of 20 million random 5×5 mazes, one in 28,000 had d ≥ 13, one
// in 110,000 d ≥ 14 and one in 550,000 d ≥ 15). A policy that restarts
// at t = 0 in the states random mazes start in therefore draws random
// mazes until one lands in a state where it goes on — cheap by the
// exercise's measure, iterations, but hundreds of thousands of steps —
// and one that restarts in every state with t = 0 never spends an
// iteration at all. So Evaluate stops after s.MaxSteps steps, returning
// what it has with an error wrapping ErrStepLimit; it checks the context
// every cancelEvery steps.
func Evaluate(ctx context.Context, env *RestartEnv, policy Policy, s EvalSettings) (Evaluation, error) {
	mazes, maxSteps := s.Mazes, s.MaxSteps
	if mazes == 0 {
		mazes = DefaultMazes
	}
	if maxSteps == 0 {
		maxSteps = DefaultStepsPerMaze * mazes
	}
	if mazes < 0 || maxSteps < 0 {
		return Evaluation{}, fault.Invalid("", "evaluation of %d mazes in %d steps", mazes, maxSteps)
	}
	var ev Evaluation
	it0, r0 := env.Iterations(), env.Restarts()
	done := func(err error) (Evaluation, error) {
		ev.Iterations, ev.Restarts = env.Iterations()-it0, env.Restarts()-r0
		return ev, err
	}
	for ev.Mazes < mazes {
		if err := ctx.Err(); err != nil {
			return done(err)
		}
		st, err := env.Reset()
		if err != nil {
			return done(err)
		}
		start := env.Iterations()
		for {
			if ev.Steps == maxSteps {
				return done(fmt.Errorf("%w after %d steps (%d of %d mazes done)", ErrStepLimit, ev.Steps, ev.Mazes, mazes))
			}
			if ev.Steps%cancelEvery == cancelEvery-1 {
				if err := ctx.Err(); err != nil {
					return done(err)
				}
			}
			ev.Steps++
			_, next, end, err := env.Step(policy(st))
			if err != nil {
				return done(err)
			}
			if end {
				break
			}
			st = next
		}
		ev.Mazes++
		ev.PerMaze.Add(float64(env.Iterations() - start))
		if s.Progress != nil {
			s.Progress(ev.Mazes, mazes)
		}
	}
	return done(nil)
}
