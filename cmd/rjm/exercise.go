package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rjm/exercise"
	"rjm/internal/cli"
	"rjm/maze"
	"rjm/render"
	"rjm/rng"
)

func newExerciseCmd(e *cli.Env) *cobra.Command {
	var seed uint64
	var asJSON bool
	var o exercise.Options
	c := &cobra.Command{
		Use: "exercise NAME",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("want one exercise NAME, one of %s", strings.Join(exercise.List(), ", "))
			}
			return nil
		},
		ValidArgsFunction: exerciseNames,
		RunE: func(cmd *cobra.Command, args []string) error {
			ex, err := exercise.Find(args[0])
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("seed") {
				// The transcript stays exactly the program's; the seed
				// that repeats it goes to stderr.
				seed = rng.Draw()
				fmt.Fprintf(e.Stderr, "rjm: seed %d (repeat this run with --seed %d)\n", seed, seed)
			}
			out := e.Stdout
			if asJSON {
				out = e.Stderr
			}
			res, err := o.Run(e.Ctx, ex.Name, exercise.IO{In: e.Stdin, Out: out, Errors: e.Stderr}, rng.NewRand(seed))
			if err != nil || !asJSON {
				return err
			}
			return e.WriteJSON(render.NewExercise(ex.Name, seed, res))
		},
	}
	c.Flags().Uint64Var(&seed, "seed", 0, "random seed `S` (default: drawn at random)")
	c.Flags().TextVar(&o.Variant, "variant", maze.Variant{}, "play the exercise under variant `rules` (comma-separated: "+maze.VariantList()+")")
	c.Flags().BoolVar(&asJSON, "json", false, "print the final maze and its evaluation as JSON (transcript to stderr)")
	return c
}

// exerciseNames completes an exercise's name: Table's rows as they are.
func exerciseNames(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return exercise.List(), cobra.ShellCompDirectiveNoFileComp
}
