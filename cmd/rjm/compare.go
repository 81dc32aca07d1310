package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"rjm/analysis"
	"rjm/compare"
	"rjm/fault"
	"rjm/internal/cli"
)

func newCompareCmd(e *cli.Env) *cobra.Command { return compareCmd(e, nil) }

// compareCmd is "rjm compare-energies" summarizing the features of
// catalogue cat (nil: the default).
func compareCmd(e *cli.Env, cat analysis.Catalogue) *cobra.Command {
	var f cli.SearchFlags
	var energies []string
	var count int
	var asJSON bool
	c := &cobra.Command{
		Use:  "compare-energies",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			names := make([]string, len(energies))
			for k, v := range energies {
				en, err := cli.EnergyFlag(v)
				if err != nil {
					return err // a *fault.Error: exit 2
				}
				names[k] = en.Name()
			}
			// The recipe of the first energy; Validate checks the others.
			spec, err := f.Spec(cmd, names[0])
			if err != nil {
				return err // a *fault.Error: exit 2
			}
			if count < 1 { // the library reads zero as its default
				return fault.Invalid("--count", "%d out of range 1..%d", count, compare.MaxCount)
			}
			s := compare.Settings{Spec: spec, Energies: names, Count: count, Catalogue: cat}
			if err := s.Validate(); err != nil {
				return err // a bad input is a *fault.Error: exit 2
			}
			progress, done := e.Progress("comparing")
			res, err := compare.Run(e.Ctx, s, progress)
			done()
			if err != nil {
				return err
			}
			return e.Show(asJSON, res, res.WriteText)
		},
	}
	f.Register(c)
	c.Flags().StringArrayVar(&energies, "energy", []string{"depth", "design"}, "energy `E` to compare (repeat the flag for each; see the list above)")
	c.Flags().IntVar(&count, "count", 100, fmt.Sprintf("mazes `N` per energy (1..%d)", compare.MaxCount))
	c.Flags().BoolVar(&asJSON, "json", false, "print the statistics as JSON")
	return c
}
