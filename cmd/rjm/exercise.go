package main

import (
	"errors"
	"strings"

	"github.com/spf13/cobra"

	"rjm/exercise"
	"rjm/generate"
)

func newExerciseCmd(e *env) *cobra.Command {
	var seed uint64
	c := &cobra.Command{
		Use:   "exercise NAME",
		Short: "Run one of the assignment's programs with its exact prompts and output",
		Long: `Exercise runs a program of the Rook Jumping Maze assignment (seed 000) with its
exact prompts and output format, reading answers from standard input, so that
a teacher can diff a student's transcript against this one.

Exercises: ` + strings.Join(exercise.Names, ", ") + `.

Prompts are printed on lines of their own. An invalid answer is reported on
stderr and the prompt repeated; input that ends first is an error (status 2).
--seed makes a run reproducible.`,
		Example: `  echo 5 | rjm exercise representation --seed 7
  printf '1000\n10\n' | rjm exercise restarts --seed 1`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: exercise.Names,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("seed") {
				seed = randomSeed()
			}
			err := exercise.Run(e.ctx, args[0], exercise.IO{In: e.stdin, Out: e.stdout, Errors: e.stderr}, generate.NewRand(seed))
			if errors.Is(err, exercise.ErrNoAnswer) || (err != nil && strings.Contains(err.Error(), "unknown exercise")) {
				return badInput(err)
			}
			return err
		},
	}
	c.Flags().Uint64Var(&seed, "seed", 0, "random seed `S` (default: drawn at random)")
	return c
}
