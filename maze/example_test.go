package maze_test

import (
	"fmt"
	"math/rand/v2"

	"rjm/maze"
)

func ExampleParseText() {
	m, err := maze.ParseText([]byte("3 4 1 3 1\n3 3 3 G 2\n3 1 2 2 3\n4 2 3 3 3\n4 1 4 3 2\n"), maze.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	id, _ := m.ID()
	fmt.Println(m.Rows, m.Cols, m.Cell(m.Start), m.Cell(m.Goal))
	fmt.Println(id)
	// Output:
	// 5 5 (1,1) (2,4)
	// 5x5:3413133302312234233341432
}

func ExampleRandom() {
	b := maze.Board{Rows: 5, Cols: 5}
	m, _ := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rand.New(rand.NewPCG(1, 2)))
	fmt.Print(m.Text(maze.TextOptions{GoalZero: true}))
}

func ExampleParseID() {
	m, err := maze.ParseID("3x3s2.2:121212120")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(m)
	// Output:
	// start 2,2
	// 1 2 1
	// 2 1 2
	// 1 2 G
}
