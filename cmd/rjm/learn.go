package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rjm/learn"
	"rjm/maze"
)

func newLearnCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "learn",
		Short: "Learn when to restart hill descent (Restart Bandit, Restart SARSA)",
		Long: `Learn runs the machine-learning exercises of the Model AI assignment "Rook
Jumping Maze Generation for AI Education", which learn how long to let a hill
descent run before restarting it on a fresh random maze:

  bandit   a 6-armed bandit whose arms are hill descents of 100·2^a iterations,
           learned with epsilon-greedy and softmax action selection
  sarsa    SARSA on the states (t, d) with the actions Go and Restart, then an
           evaluation of the learned policy against fixed restart periods

Runs are reproducible: the same --seed and flags print the same output.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	c.AddCommand(newLearnBanditCmd(e), newLearnSarsaCmd(e))
	return c
}

func newLearnBanditCmd(e *env) *cobra.Command {
	var (
		epsList, tauList string
		s                learn.RestartBandit
		asJSON           bool
	)
	c := &cobra.Command{
		Use:   "bandit",
		Short: "Restart Bandit: learn the best restart period with ε-greedy and softmax",
		Long: `Bandit runs the assignment's Restart Bandit. Its arms are hill descents of
base·2^a iterations (a = 0..arms-1; by default 100, 200, …, 3200), each pull
on a fresh random maze, paying the utility 2^d / i for a descent of i
iterations ending at goal depth d (d = 0 without a solution).

It runs one bandit of --pulls pulls for each --epsilon (ε-greedy: a random
arm with probability ε, else the arm of best mean utility) and each --tau
(softmax: arm a with probability proportional to exp(U(a)/τ)). Every arm is
pulled once first so that every mean is defined. For every run it prints,
per arm, the pull count, the mean utility with its 95% confidence interval
and the share of pulls, then the total utility earned and the arm the
strategy settled on (the most pulled). Runs go in parallel; run i is seeded
from --seed and i, so the output does not depend on scheduling.`,
		Example: `  rjm learn bandit
  rjm learn bandit --epsilon 0.05 --tau 50 --pulls 2000 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if s.Epsilons, err = parseFloats("--epsilon", epsList); err != nil {
				return badInput(err)
			}
			if s.Taus, err = parseFloats("--tau", tauList); err != nil {
				return badInput(err)
			}
			if err := s.ValidateAsGiven(); err != nil {
				return learnInput(err)
			}
			var finish func()
			s.Progress, finish = workProgress(e, "pulling")
			rep, err := s.Run(e.ctx)
			finish()
			if err != nil {
				return err
			}
			return show(e, asJSON, rep, rep.WriteText)
		},
	}
	fl := c.Flags()
	fl.StringVar(&epsList, "epsilon", "0.01,0.1,0.3", "ε-greedy runs, one per exploration probability in the comma-separated `list` (empty for none)")
	fl.StringVar(&tauList, "tau", "1,10,100", "softmax runs, one per temperature in the comma-separated `list` (empty for none)")
	fl.IntVar(&s.Pulls, "pulls", learn.DefaultPulls, "pulls `N` per run")
	fl.IntVar(&s.Arms, "arms", learn.DefaultArms, "number of arms `A`: descents of base·2^a iterations, a = 0..A-1")
	fl.IntVar(&s.Base, "base", learn.DefaultBase, "iterations `I` of the shortest descent")
	fl.IntVar(&s.Size, "size", learn.DefaultSize, "maze size `N` (N×N)")
	fl.IntVar(&s.Workers, "workers", 0, "goroutines `W` (default: one per core)")
	fl.Uint64Var(&s.Seed, "seed", 1, "random seed `S`")
	fl.BoolVar(&asJSON, "json", false, "print the runs as JSON")
	return c
}

// parseFloats parses a comma-separated list of numbers; empty is none.
func parseFloats(flag, s string) ([]float64, error) {
	var xs []float64
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	for _, f := range strings.Split(s, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %q is not a number", flag, maze.Short(f))
		}
		xs = append(xs, x)
	}
	return xs, nil
}

// learnInput is a usage error for settings of package learn out of
// range, naming the settings by their flags.
func learnInput(err error) error {
	var se *learn.SettingError
	if errors.As(err, &se) {
		err = errors.New(se.Message(func(setting string) string { return "--" + setting }))
	}
	return badInput(err)
}

func newLearnSarsaCmd(e *env) *cobra.Command {
	var (
		s      = learn.RestartSARSA{Epsilon: new(float64)}
		asJSON bool
	)
	c := &cobra.Command{
		Use:   "sarsa",
		Short: "Restart SARSA: learn when to restart hill descent, then evaluate the policy",
		Long: `Sarsa runs the assignment's Restart SARSA. A state is (t, d): t stages of --stage
hill-descent iterations since the last restart (0..--horizon) and the goal
depth d of the maze (12..17 by default, every depth up to --floor counted as
the floor). Go runs one more stage (reward −1), Restart draws a random maze
(reward 0); Restart is forced once t exceeds the horizon. A maze of goal depth
--target or more is satisficing: it pays +1 and ends the episode.

SARSA learns with ε-greedy action selection for --episodes episodes, then
prints the Q table, the number of updates of every state and the greedy
policy. Finally it evaluates the greedy policy (ε = 0) and the fixed policies
"restart at t = 1 … horizon+1" by the hill-descent iterations each spends on
--mazes satisficing mazes, with a 95% confidence interval for the iterations
per maze.

Every run ends. Go cannot go on for ever (Restart is forced after the
horizon), but Restart can: it costs no iterations, so a greedy policy that
restarts at t = 0 draws random mazes until one lands where it goes on, which
can take hundreds of thousands of steps per maze, and one that restarts in
every state with t = 0 never finishes. Learning fails after
--steps-per-episode × --episodes steps; an evaluation stops after
--steps-per-maze × --mazes steps and is reported as incomplete.`,
		Example: `  rjm learn sarsa
  rjm learn sarsa --episodes 500 --mazes 50 --seed 3 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := s.ValidateAsGiven(); err != nil {
				return learnInput(err)
			}
			var finishLearning func()
			s.Progress, finishLearning = workProgress(e, "learning")
			evalProgress, finish := workProgress(e, "evaluating")
			if evalProgress != nil {
				s.EvalProgress = func(done, total int) { finishLearning(); evalProgress(done, total) }
			}
			rep, err := s.Run(e.ctx)
			finishLearning()
			finish()
			if errors.Is(err, learn.ErrStepLimit) {
				return fmt.Errorf("%v: an episode that never ends? (raise --epsilon or --steps-per-episode)", err)
			}
			if err != nil {
				return err
			}
			return show(e, asJSON, rep, rep.WriteText)
		},
	}
	fl := c.Flags()
	fl.IntVar(&s.Episodes, "episodes", learn.DefaultEpisodes, "learning episodes `N` (each ends at a satisficing maze)")
	fl.Float64Var(s.Epsilon, "epsilon", learn.DefaultEpsilon, "exploration probability `E` (ε) while learning")
	fl.Float64Var(&s.Alpha, "alpha", learn.DefaultAlpha, "learning rate `A` (α)")
	fl.Float64Var(&s.Gamma, "gamma", 1, "discount rate `G` (γ)")
	fl.IntVar(&s.MDP.Stage, "stage", 250, "hill-descent iterations `I` per Go")
	fl.IntVar(&s.MDP.Horizon, "horizon", 4, "largest `t` with a choice; Restart is forced beyond it")
	fl.IntVar(&s.MDP.Floor, "floor", 12, "depths up to `D` are one state")
	fl.IntVar(&s.MDP.Target, "target", 18, "satisficing goal depth `D`")
	fl.IntVar(&s.Mazes, "mazes", learn.DefaultMazes, "satisficing mazes `M` per evaluated policy")
	fl.IntVar(&s.StepsPerEpisode, "steps-per-episode", learn.DefaultStepsPerEpisode, "learning fails after `S` × --episodes steps (Go and Restart decisions)")
	fl.IntVar(&s.StepsPerMaze, "steps-per-maze", learn.DefaultStepsPerMaze, "each evaluation stops, incomplete, after `S` × --mazes steps")
	fl.IntVar(&s.Size, "size", learn.DefaultSize, "maze size `N` (N×N)")
	fl.IntVar(&s.Workers, "workers", 0, "goroutines `W` for the evaluation (default: one per core)")
	fl.Uint64Var(&s.Seed, "seed", 1, "random seed `S`")
	fl.BoolVar(&asJSON, "json", false, "print the result as JSON")
	return c
}
