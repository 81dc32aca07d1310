package main

import (
	"errors"
	"fmt"
	"rjm/internal/cli"
	"rjm/maze"
	"rjm/render"
	"rjm/rng"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"rjm/exercise"
)

func newExerciseCmd(e *cli.Env) *cobra.Command {
	var seed uint64
	var asJSON bool
	var o exercise.Options
	c := &cobra.Command{
		Use: "exercise NAME",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("want one exercise NAME, one of %s", strings.Join(exercise.Names, ", "))
			}
			return nil
		},
		ValidArgs: exercise.Names,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(exercise.Names, args[0]) {
				return cli.BadInput(fmt.Errorf("exercise: %w %q (want one of %s)", exercise.ErrUnknown, maze.Short(args[0]), strings.Join(exercise.Names, ", ")))
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
			res, err := o.Run(e.Ctx, args[0], exercise.IO{In: e.Stdin, Out: out, Errors: e.Stderr}, rng.NewRand(seed))
			if errors.Is(err, exercise.ErrNoAnswer) || errors.Is(err, exercise.ErrUnknown) {
				return cli.BadInput(err)
			}
			if err != nil || !asJSON {
				return err
			}
			return e.WriteJSON(render.NewExercise(args[0], seed, res))
		},
	}
	c.Flags().Uint64Var(&seed, "seed", 0, "random seed `S` (default: drawn at random)")
	c.Flags().TextVar(&o.Variant, "variant", maze.Variant{}, "play the exercise under variant `rules` (comma-separated: "+maze.VariantList()+")")
	c.Flags().BoolVar(&asJSON, "json", false, "print the final maze and its evaluation as JSON (transcript to stderr)")
	return c
}
