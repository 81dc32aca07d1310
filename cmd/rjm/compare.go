package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"rjm/analysis"
	"rjm/compare"
)

func newCompareCmd(e *env) *cobra.Command {
	var f searchFlags
	var energies []string
	var count int
	var asJSON bool
	c := &cobra.Command{
		Use:   "compare-energies",
		Short: "Generate mazes with several energies and compare their design features",
		Long: `Compare-energies is the experiment of the Maze Evaluation II exercise (of the
assignment and of the course's "Program 1: Search"): it generates --count
mazes with each energy (by default depth, the simple objective, and design,
the energy of the paper "Rook Jumping Maze Design Considerations") under the
same search and budget, and prints a side- by-side table of their features:
the rates of solvable mazes, unique shortest solutions and mazes without black
holes, and the mean ± standard deviation [minimum, maximum] of the solution
length, the holes, decisions, clusters, initial forced moves and U-turns.

Maze k (from 0) of every energy uses seed --seed plus k, so the k-th mazes
share their start and goal, and "rjm generate" with that seed and energy
regenerates any of them. Search flags are those of "rjm generate".

` + analysis.EnergyHelp(),
		Example: `  rjm compare-energies --count 100 --seed 1
  rjm compare-energies --count 50 --seed 1 --energy depth --energy 'weighted:black_holes=1000,uturns=2' --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			spec, err := f.spec(cmd)
			if err != nil {
				return badInput(err)
			}
			names := make([]string, len(energies))
			for k, v := range energies {
				en, err := energyFlag(v)
				if err != nil {
					return badInput(err)
				}
				names[k] = en.Name()
			}
			if count < 1 { // the library reads zero as its default
				return badInput(fmt.Errorf("--count %d out of range 1..%d", count, compare.MaxCount))
			}
			s := compare.Settings{Spec: spec, Energies: names, Count: count}
			if err := s.Validate(); err != nil {
				return badInput(err)
			}
			progress, done := workProgress(e, "comparing")
			res, err := compare.Run(e.ctx, s, progress)
			done()
			if err != nil {
				return err
			}
			return show(e, asJSON, res, res.WriteText)
		},
	}
	f.register(c)
	c.Flags().StringArrayVar(&energies, "energy", []string{"depth", "design"}, "energy `E` to compare (repeat the flag for each; see the list above)")
	c.Flags().IntVar(&count, "count", 100, fmt.Sprintf("mazes `N` per energy (1..%d)", compare.MaxCount))
	c.Flags().BoolVar(&asJSON, "json", false, "print the statistics as JSON")
	return c
}
