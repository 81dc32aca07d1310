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

// aimSizes are the board sizes tried when a target is given without a
// size: a target time says how big a board must be, too.
var aimSizes = []int{5, 6, 7, 8, 9}

func (a *aimFlags) register(c *cobra.Command) {
	fl := c.Flags()
	fl.DurationVar(&a.target, "target-time", 0, "aim at a predicted median solve time `T` for a typical player (e.g. 6m), by the difficulty model")
	fl.StringVar(&a.level, "difficulty", "", "aim at a `LEVEL`: easy (1m30s), medium (3m) or hard (6m), among the mazes whose moves go with the level on their board (docs/daily.md)")
	fl.StringVar(&a.db, "db", "", "aim by the difficulty model fitted to the plays of the store at `PATH` (default: simulated novices, no plays)")
	fl.IntVar(&a.candidates, "candidates", 8, "with --target-time or --difficulty, candidates `N` per board size, seeds S, S+1, ...")
}

// aimed reports whether the flags aim at a difficulty.
func (a *aimFlags) aimed(c *cobra.Command) bool {
	return c.Flags().Changed("target-time") || c.Flags().Changed("difficulty")
}

// aim generates the candidates of spec (over aimSizes when no size was
// given) and prints the one the difficulty model predicts nearest the
// target, with its prediction.
func (a *aimFlags) aim(e *cli.Env, c *cobra.Command, spec generate.Spec, asJSON bool) error {
	if err := cli.Exclusive(c, [2]string{"target-time", "difficulty"}, [2]string{"target-time", "count"}, [2]string{"difficulty", "count"}); err != nil {
		return cli.FlagError(c, err)
	}
	target, level := a.target, difficulty.Level(-1)
	if c.Flags().Changed("difficulty") {
		l, err := difficulty.ParseLevel(a.level)
		if err != nil {
			return fault.Invalid("", "--difficulty: %q: want easy, medium or hard", a.level)
		}
		target, level = l.Target(), l
	} else if target <= 0 {
		return fault.Invalid("", "--target-time %v: want more than 0", target)
	}
	if a.candidates < 1 || a.candidates > difficulty.MaxCandidates {
		return fault.Invalid("", "--candidates %d out of range 1..%d", a.candidates, difficulty.MaxCandidates)
	}
	specs := []generate.Spec{spec}
	if !c.Flags().Changed("size") && !c.Flags().Changed("rows") && !c.Flags().Changed("cols") && !c.Flags().Changed("layout") {
		specs = specs[:0]
		for _, n := range aimSizes {
			s := spec
			s.Rows, s.Cols = n, n
			specs = append(specs, s)
		}
	}
	show, finish := e.Status()
	if show != nil {
		show(fmt.Sprintf("aiming at %v: %d candidates", target, a.candidates*len(specs)), true)
	}
	model, err := storeModel(e, a.db)
	if err != nil {
		return err
	}
	var best difficulty.Candidate
	var all []difficulty.Candidate
	if level >= 0 {
		// A level asks for its moves on each board too (the policy).
		best, all, err = difficulty.AimLevel(e.Ctx, specs, a.candidates, level, model)
	} else {
		best, all, err = difficulty.Aim(e.Ctx, specs, a.candidates, target, model)
	}
	finish()
	if err != nil {
		return err
	}
	v := render.NewAimed(best, target, len(all))
	return e.Show(asJSON, v, cli.Text(v.Text()))
}
