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

// Read takes a maze in any form rjm writes and says which form it was.
func ExampleRead() {
	for _, in := range []string{
		"3 4 1 3 1\n3 3 3 G 2\n3 1 2 2 3\n4 2 3 3 3\n4 1 4 3 2\n",
		"5x5:3413133302312234233341432",
		`{"id": "5x5:3413133302312234233341432", "solution": "DRLUDLRULLRDU"}`,
	} {
		m, f, err := maze.Read([]byte(in), maze.ParseOptions{})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(f, m.Cell(m.Goal))
	}
	_, f, err := maze.Read([]byte("5x5,method=hill,energy=depth#1"), maze.ParseOptions{})
	fmt.Println(f, err)
	// Output:
	// text (2,4)
	// ID (2,4)
	// JSON (2,4)
	// seeded ID a seeded ID names a generation recipe, not a maze: generate it first
}
