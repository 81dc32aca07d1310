package search_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"rjm/graph"
	"rjm/maze"
	"rjm/search"
)

// The assignment's hill descent on its 5×5 maze with the simple
// objective (the default energy).
func ExampleHillDescent() {
	b := maze.Board{Rows: 5, Cols: 5}
	p := search.Problem{Graph: graph.MustCompile(b), Start: 0, Goal: b.Cells() - 1}
	res, err := search.HillDescent{Iterations: 20000}.Search(context.Background(), p, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(res.Best)
	fmt.Println("energy", res.Energy)
}
