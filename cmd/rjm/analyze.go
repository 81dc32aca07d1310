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
		Use:  "analyze [FILE|-]",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var en energy.Energy
			if energyName != "" {
				var err error
				if en, err = energyFlag(energyName); err != nil {
					return badInput(err)
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
			return show(e, asJSON, render.NewAnalysis(m, f, rated), text(render.AnalysisText(m, f, rated, colorWanted(noColor, os.Getenv) && isTerminal(e.stdout))))
		},
	}
	mf.register(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print the features as JSON")
	c.Flags().BoolVar(&noColor, "no-color", false, "never colour the map (it is coloured only on a terminal, and never when NO_COLOR is set)")
	c.Flags().StringVar(&energyName, "energy", "", "also rate the maze with energy `E` (see the list above)")
	return c
}
