package main

import (
	"fmt"
	"net/url"
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
	var mf cli.MazeFlags
	var asJSON, noColor bool
	var energyName string
	c := &cobra.Command{
		Use:  "analyze [FILE|-]",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var en energy.Energy
			if energyName != "" {
				var err error
				if en, err = cli.EnergyFlag(energyName); err != nil {
					return err // a *fault.Error: exit 2
				}
			}
			m, g, err := mf.Read(e, args)
			if err != nil {
				return err
			}
			f := analysis.Analyze(g, m)
			var rated *render.Rating
			if en != nil {
				rated = &render.Rating{Energy: en.Name(), Value: en.Evaluator(g, m.Start, m.Goal).Reset(m.Jumps)}
			}
			tty := cli.IsTerminal(e.Stdout)
			view := render.NewAnalysis(m, f, rated)
			view.Catalogue = cat
			if err := e.Show(asJSON, view, cli.Text(render.AnalysisTextWith(m, f, rated, cli.ColorWanted(noColor, os.Getenv) && tty, cat))); err != nil || asJSON || !tty {
				return err
			}
			// On a terminal, where a person reads the report: where to
			// change the maze a cell at a time and see it all again.
			if id, err := m.ID(); err == nil {
				fmt.Fprintln(e.Stdout, designHint(id))
			}
			return nil
		},
	}
	mf.Register(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print the features as JSON")
	c.Flags().BoolVar(&noColor, "no-color", false, "never colour the map (it is coloured only on a terminal, and never when NO_COLOR is set)")
	c.Flags().StringVar(&energyName, "energy", "", "also rate the maze with energy `E` (see the list above)")
	return c
}

// designHint points at the site's workbench for maze id: rjm serve's
// default address, /design?id=ID.
func designHint(id string) string {
	return "Edit it a cell at a time in the workbench: rjm serve, then http://127.0.0.1:8080/design?id=" + url.QueryEscape(id)
}
