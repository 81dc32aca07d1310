package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"rjm/difficulty"
	"rjm/fault"
	"rjm/generate"
	"rjm/internal/cli"
	"rjm/render"
)

// aimFlags are generate's flags that aim at a difficulty: --target-time,
// --difficulty and --candidates.
type aimFlags struct {
	target     time.Duration
	level      string
	candidates int
	db         string
}

func (a *aimFlags) register(c *cobra.Command) {
	fl := c.Flags()
	fl.DurationVar(&a.target, "target-time", 0, "aim at a predicted median solve time `T` for a typical player (e.g. 6m), by the difficulty model")
	fl.StringVar(&a.level, "difficulty", "", "aim at a `LEVEL`: "+difficulty.LevelTargets()+", among the mazes whose moves go with the level on their board (docs/daily.md)")
	fl.StringVar(&a.db, "db", "", "aim by the difficulty model fitted to the plays of the store at `PATH` (default: simulated novices, no plays)")
	fl.IntVar(&a.candidates, "candidates", 8, "with --target-time or --difficulty, candidates `N` per board size, seeds S, S+1, ...")
}

// aimed reports whether the flags aim at a difficulty.
func (a *aimFlags) aimed(c *cobra.Command) bool {
	return c.Flags().Changed("target-time") || c.Flags().Changed("difficulty")
}

// aim generates the candidates of spec (over difficulty.AimSizes when no
// board was given: difficulty.AimSpecs) and prints the one the difficulty
// model predicts nearest the goal (difficulty.AimGoal), with its
// prediction.
func (a *aimFlags) aim(e *cli.Env, c *cobra.Command, spec generate.Spec, asJSON bool) error {
	if err := cli.Exclusive(c, [2]string{"target-time", "difficulty"}, [2]string{"target-time", "count"}, [2]string{"difficulty", "count"}); err != nil {
		return cli.FlagError(c, err)
	}
	goal := difficulty.Goal{Target: a.target}
	if c.Flags().Changed("difficulty") {
		l, err := difficulty.ParseLevel(a.level)
		if err != nil {
			return fault.In("--difficulty", err)
		}
		goal.Level = &l
	} else if a.target <= 0 {
		return fault.Invalid("--target-time", "%v: want more than 0", a.target)
	}
	if a.candidates < 1 || a.candidates > difficulty.MaxCandidates {
		return fault.Invalid("--candidates", "%d out of range 1..%d", a.candidates, difficulty.MaxCandidates)
	}
	sized := c.Flags().Changed("size") || c.Flags().Changed("rows") || c.Flags().Changed("cols") || c.Flags().Changed("layout")
	specs := difficulty.AimSpecs(spec, sized)
	show, finish := e.Status()
	if show != nil {
		show(fmt.Sprintf("aiming at %v: %d candidates", goal.Time(), a.candidates*len(specs)), true)
	}
	model, err := storeModel(e, a.db)
	if err != nil {
		return err
	}
	best, all, err := difficulty.AimGoal(e.Ctx, specs, a.candidates, goal, model)
	finish()
	if err != nil {
		return err
	}
	v := render.NewAimed(best, goal.Time(), len(all))
	return e.Show(asJSON, v, cli.Text(v.Text()))
}
