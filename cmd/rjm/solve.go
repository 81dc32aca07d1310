package main

import (
	"github.com/spf13/cobra"

	"rjm/internal/cli"
	"rjm/render"
	"rjm/solve"
)

func newSolveCmd(e *cli.Env) *cobra.Command {
	var mf cli.MazeFlags
	var asJSON bool
	c := &cobra.Command{
		Use:  "solve [FILE|-]",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			m, g, err := mf.Read(e, args)
			if err != nil {
				return err
			}
			r := solve.Solve(g, m)
			return e.Show(asJSON, render.NewSolve(m, r), cli.Text(render.SolveText(m, r)))
		},
	}
	mf.Register(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	return c
}
