package main

import (
	"os"

	"github.com/spf13/cobra"

	"rjm/analysis"
	"rjm/energy"
	"rjm/internal/cli"
	"rjm/render"
)

func newAnalyzeCmd(e *cli.Env) *cobra.Command { return analyzeCmd(e, nil) }

// analyzeCmd is "rjm analyze" writing the features of catalogue cat (nil:
// the default) in its JSON form.
func analyzeCmd(e *cli.Env, cat analysis.Catalogue) *cobra.Command {
	var mf mazeFlags
	var asJSON, noColor bool
	var energyName string
	c := &cobra.Command{
		Use:  "analyze [FILE|-]",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var en energy.Energy
			if energyName != "" {
				var err error
				if en, err = energyFlag(energyName); err != nil {
					return cli.BadInput(err)
				}
			}
			m, g, err := mf.read(e, args)
			if err != nil {
				return err
			}
			f := analysis.Analyze(g, m)
			var rated *render.Rating
			if en != nil {
				rated = &render.Rating{Energy: en.Name(), Value: en.Evaluator(g, m.Start, m.Goal).Reset(m.Jumps)}
			}
			view := render.NewAnalysis(m, f, rated)
			view.Catalogue = cat
			return e.Show(asJSON, view, cli.Text(render.AnalysisTextWith(m, f, rated, cli.ColorWanted(noColor, os.Getenv) && cli.IsTerminal(e.Stdout), cat)))
		},
	}
	mf.register(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print the features as JSON")
	c.Flags().BoolVar(&noColor, "no-color", false, "never colour the map (it is coloured only on a terminal, and never when NO_COLOR is set)")
	c.Flags().StringVar(&energyName, "energy", "", "also rate the maze with energy `E` (see the list above)")
	return c
}
