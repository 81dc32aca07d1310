package generate_test

import (
	"context"
	"fmt"

	"rjm/generate"
)

// A seeded ID names a maze: the same ID always gives the same maze.
func ExampleRun() {
	spec, err := generate.ParseSpec("5x5,method=hill,iterations=5000,energy=depth#7", generate.Spec{})
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := generate.Run(context.Background(), spec, nil)
	b, _ := generate.Run(context.Background(), spec, nil)
	fmt.Println(a.Maze.Equal(b.Maze), a.Energy == b.Energy, spec)
	// Output:
	// true true 5x5,method=hill,iterations=5000,energy=depth#7
}
