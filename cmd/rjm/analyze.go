package main

import (
	"os"

	"github.com/spf13/cobra"

	"rjm/analysis"
	"rjm/energy"
	"rjm/render"
)

func newAnalyzeCmd(e *env) *cobra.Command {
	var mf mazeFlags
	var asJSON, noColor bool
	var energyName string
	c := &cobra.Command{
		Use:   "analyze [FILE|-]",
		Short: "Report a maze's design features: holes, uniqueness, decisions, clusters, energy",
		Long: `Analyze reads a maze (from FILE, or standard input when FILE is - or absent)
and reports the design features of the paper "Rook Jumping Maze Design
Considerations": reachable and reaching cells, black holes (dead ends:
reachable cells that cannot reach the goal) and white holes (back-tracing dead
ends: unreachable cells that reach the goal), the number of shortest
solutions, forward and backward decisions and U-turns along the shortest
solution (averaged over all shortest solutions when there are several), same
jump clusters, initial forced moves, the goal depth, the simple objective and
the design paper's energy. It draws the maze with the start (S), the shortest
solution (*), black-hole cells (B) and white-hole cells (W) marked, and the
move number of every cell of the solution (each at least two characters wide).

Maze text is read as by "rjm solve". --energy also rates the maze with
another energy.

` + analysis.EnergyHelp(),
		Example: `  rjm analyze examples/figure1.txt
  rjm analyze --json --id 5x5:3413133302312234233341432
  rjm analyze examples/program1.txt --energy 'weighted:uturns=1,clusters=2'`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var en energy.Energy
			if energyName != "" {
				var err error
				if en, err = energyFlag(energyName); err != nil {
					return badInput(err)
				}
			}
			m, g, err := mf.readGraph(e, args)
			if err != nil {
				return err
			}
			f := analysis.Analyze(g, m)
			var rated *render.Rating
			if en != nil {
				rated = &render.Rating{Energy: en.Name(), Value: en.Evaluator(g, m.Start, m.Goal).Reset(m.Jumps)}
			}
			return show(e, asJSON, render.NewAnalysis(m, f, rated), text(render.AnalysisText(m, f, rated, colorWanted(noColor, os.Getenv) && isTerminal(e.stdout))))
		},
	}
	mf.register(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print the features as JSON")
	c.Flags().BoolVar(&noColor, "no-color", false, "never colour the map (it is coloured only on a terminal, and never when NO_COLOR is set)")
	c.Flags().StringVar(&energyName, "energy", "", "also rate the maze with energy `E` (see the list above)")
	return c
}
