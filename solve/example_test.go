package solve_test

import (
	"fmt"

	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// The example maze of "Program 1: Search" and its 19-move solution,
// published on the assignment's web page.
func ExampleSolve() {
	m, err := maze.ParseText([]byte("3 2 1 4 1\n3 2 1 3 3\n3 3 2 1 4\n3 1 2 3 3\n1 4 4 3 G\n"), maze.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := solve.Solve(graph.MustCompile(m.Board), m)
	fmt.Println(r.GoalDepth, r.Letters(), r.Unique())
	fmt.Print(solve.DepthGrid(r.Depth, m.Cols))
	// Output:
	// 19 RDLRUDRLRLUDLDRRUDD true
	//  0  5 11  1 17
	//  4 13 12  3 18
	//  8  6 10  9  7
	//  1 14 15  2 16
	//  3  4 11  2 19
}
