package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"rjm/fault"
	"rjm/internal/cli"
	"rjm/learn"
)

func newLearnCmd(e *cli.Env) *cobra.Command {
	c := &cobra.Command{
		Use:  "learn",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	c.AddCommand(newLearnBanditCmd(e), newLearnSarsaCmd(e))
	return c
}

func newLearnBanditCmd(e *cli.Env) *cobra.Command {
	var s learn.RestartBandit
	var asJSON bool
	s.Epsilons, s.Taus = learn.DefaultStrategies()
	c := &cobra.Command{
		Use:  "bandit",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := s.ValidateAsGiven(); err != nil {
				return learnInput(err)
			}
			var finish func()
			s.Progress, finish = e.Progress("pulling")
			rep, err := s.Run(e.Ctx)
			finish()
			if err != nil {
				return err
			}
			return e.Show(asJSON, rep, rep.WriteText)
		},
	}
	fl := c.Flags()
	fl.Var(cli.Floats(&s.Epsilons), "epsilon", "ε-greedy runs, one per exploration probability in the comma-separated `list` (empty for none)")
	fl.Var(cli.Floats(&s.Taus), "tau", "softmax runs, one per temperature in the comma-separated `list` (empty for none)")
	fl.IntVar(&s.Pulls, "pulls", learn.DefaultPulls, "pulls `N` per run")
	fl.IntVar(&s.Arms, "arms", learn.DefaultArms, "number of arms `A`: descents of base·2^a iterations, a = 0..A-1")
	fl.IntVar(&s.Base, "base", learn.DefaultBase, "iterations `I` of the shortest descent")
	fl.IntVar(&s.Size, "size", learn.DefaultSize, "maze size `N` (N×N)")
	fl.Var(cli.Workers(&s.Workers), "workers", "goroutines `W` (default: one per core)")
	fl.Uint64Var(&s.Seed, "seed", 1, "random seed `S`")
	fl.BoolVar(&asJSON, "json", false, "print the runs as JSON")
	return c
}

// learnInput is a usage error for settings of package learn out of
// range, naming the settings by their flags.
func learnInput(err error) error {
	var se *learn.SettingError
	if errors.As(err, &se) {
		return fault.Invalid("", "%s", se.Message(func(setting string) string { return "--" + setting }))
	}
	return fault.In("", err)
}

func newLearnSarsaCmd(e *cli.Env) *cobra.Command {
	var (
		s      = learn.RestartSARSA{Epsilon: new(float64)}
		asJSON bool
	)
	c := &cobra.Command{
		Use:  "sarsa",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := s.ValidateAsGiven(); err != nil {
				return learnInput(err)
			}
			var finishLearning func()
			s.Progress, finishLearning = e.Progress("learning")
			evalProgress, finish := e.Progress("evaluating")
			if evalProgress != nil {
				s.EvalProgress = func(done, total int) { finishLearning(); evalProgress(done, total) }
			}
			rep, err := s.Run(e.Ctx)
			finishLearning()
			finish()
			if errors.Is(err, learn.ErrStepLimit) {
				return fmt.Errorf("%v: an episode that never ends? (raise --epsilon or --steps-per-episode)", err)
			}
			if err != nil {
				return err
			}
			return e.Show(asJSON, rep, rep.WriteText)
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
	fl.Var(cli.Workers(&s.Workers), "workers", "goroutines `W` for the evaluation (default: one per core)")
	fl.Uint64Var(&s.Seed, "seed", 1, "random seed `S`")
	fl.BoolVar(&asJSON, "json", false, "print the result as JSON")
	return c
}
