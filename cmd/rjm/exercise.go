package main

import (
	"errors"
	"fmt"
	"rjm/maze"
	"rjm/render"
	"rjm/rng"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rjm/exercise"
)

func newExerciseCmd(e *env) *cobra.Command {
	var seed uint64
	var asJSON bool
	var variant string
	c := &cobra.Command{
		Use:   "exercise NAME",
		Short: "Run one of the assignment's programs with its exact prompts and output",
		Long: `Exercise runs a program of the Model AI assignment "Rook Jumping Maze
Generation for AI Education" with its exact prompts and output format,
reading answers from standard input, so that a teacher can diff a student's
transcript against this one (docs/teaching.md).

Exercises: ` + strings.Join(exercise.Names, ", ") + `.

Prompts are printed as the assignment states them, with a trailing space and
no line break: the answer is typed on the prompt's line, and with answers
piped in the output runs on after the prompt. An invalid answer is reported
on stderr and the prompt repeated; input that ends first, or an answer longer
than ` + strconv.Itoa(exercise.MaxAnswer) + ` bytes, is an error (status 2).
Inputs: representation reads the size; evaluation reads nothing (it
evaluates a random 5×5 maze); hill-descent reads the iterations; restarts
the iterations and the number of descents; uphill the iterations and the
uphill step probability; annealing the iterations, the initial temperature
and the decay rate.

--seed makes a run reproducible (without it, the seed drawn is reported on
stderr); --variant plays it under variant rules. With --json the prompts and
the transcript go to stderr and stdout gets the final maze and its
evaluation as JSON.`,
		Example: `  echo 5 | rjm exercise representation --seed 7
  printf '1000\n10\n' | rjm exercise restarts --seed 1`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return fmt.Errorf("want one exercise NAME, one of %s", strings.Join(exercise.Names, ", "))
			}
			return nil
		},
		ValidArgs: exercise.Names,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(exercise.Names, args[0]) {
				return badInput(fmt.Errorf("exercise: %w %q (want one of %s)", exercise.ErrUnknown, maze.Short(args[0]), strings.Join(exercise.Names, ", ")))
			}
			if !cmd.Flags().Changed("seed") {
				// The transcript stays exactly the program's; the seed
				// that repeats it goes to stderr.
				seed = rng.Draw()
				fmt.Fprintf(e.stderr, "rjm: seed %d (repeat this run with --seed %d)\n", seed, seed)
			}
			out := e.stdout
			if asJSON {
				out = e.stderr
			}
			v, err := variantFlag(variant)
			if err != nil {
				return badInput(err)
			}
			o := exercise.Options{Variant: v}
			res, err := o.Run(e.ctx, args[0], exercise.IO{In: e.stdin, Out: out, Errors: e.stderr}, rng.NewRand(seed))
			if errors.Is(err, exercise.ErrNoAnswer) || errors.Is(err, exercise.ErrUnknown) {
				return badInput(err)
			}
			if err != nil || !asJSON {
				return err
			}
			return writeJSON(e, render.NewExercise(args[0], seed, res))
		},
	}
	c.Flags().Uint64Var(&seed, "seed", 0, "random seed `S` (default: drawn at random)")
	c.Flags().StringVar(&variant, "variant", "", "play the exercise under variant `rules` (comma-separated: "+maze.VariantList()+")")
	c.Flags().BoolVar(&asJSON, "json", false, "print the final maze and its evaluation as JSON (transcript to stderr)")
	return c
}
