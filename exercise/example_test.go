package exercise_test

import (
	"context"
	"os"
	"rjm/rng"
	"strings"

	"rjm/exercise"
)

// The Maze Evaluation program: a random 5×5 maze, "Moves from start:",
// the depth grid and the simple objective, exactly as the assignment
// specifies.
func ExampleRun() {
	io := exercise.IO{In: strings.NewReader(""), Out: os.Stdout, Errors: os.Stderr}
	if _, err := exercise.Run(context.Background(), "evaluation", io, rng.NewRand(2010)); err != nil {
		panic(err)
	}
	// Output:
	// 4 3 4 4 3
	// 1 1 3 1 2
	// 2 2 1 3 2
	// 1 2 2 2 2
	// 3 3 2 2 0
	//
	// Moves from start:
	//  0  2 --  6  1
	//  2  3  4  5  3
	//  3  4  4  3 --
	//  4  3  3  4  2
	//  1  3  5  2  4
	//
	// -4
}
