package grade_test

import (
	"context"
	"fmt"

	"rjm/grade"
)

// Grading a "program" that answers every hill descent with the 19-move
// maze of the assignment's web page: its transcript is exact, its maze
// legal, its evaluation right, but its two runs printed the same maze, so
// its search is not checked. (With more runs, made a second apart, one
// maze in most runs started seconds apart would fail it: its random
// numbers, if any, are the same in every run.)
func ExampleRun() {
	script := `printf 'Iterations? '
read iterations
printf '3 2 1 4 1\n3 2 1 3 3\n3 3 2 1 4\n3 1 2 3 3\n1 4 4 3 0\n\n'
printf 'Moves from start:\n 0  5 11  1 17\n 4 13 12  3 18\n 8  6 10  9  7\n 1 14 15  2 16\n 3  4 11  2 19\n\n-19\n'`
	s := grade.Settings{Command: []string{"sh", "-c", script}, Runs: 2, Iterations: 300, Seed: 1}
	r, err := grade.Run(context.Background(), "hill-descent", s, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("pass:", r.Pass)
	fmt.Println("note:", r.Notes[0])
	for _, c := range r.Checks {
		fmt.Println(c.Category, c.Name, c.State)
	}
	// Output:
	// pass: false
	// note: every run printed the same maze: seed the generator once, from RJM_GRADE_SEED or a clock finer than a second
	// format prompts pass
	// format layout pass
	// format reprompt pass
	// format terminal pass
	// maze size pass
	// maze goal pass
	// maze legal pass
	// evaluation depths pass
	// evaluation objective pass
	// search search not checked
	// search jumps not checked
	// limits time pass
	// limits exit pass
	// limits output pass
}

// A class: the same program in each student's folder, one report each.
func ExampleClass() {
	dirs := []string{"testdata/students", "testdata/transcripts"}
	s := grade.Settings{Command: []string{"sh", "-c", "echo hello"}, Runs: 2, Seed: 1}
	g, err := grade.Class(context.Background(), "evaluation", s, dirs, nil, nil)
	if err != nil {
		panic(err)
	}
	for _, st := range g.Students {
		c, _ := st.Report.Check("layout")
		fmt.Println(st.Name, st.Pass, c.Message)
	}
	// Output:
	// students false run 1, line 1: want the maze's rows of jumps, got "hello" (2 of 2 runs fail)
	// transcripts false run 1, line 1: want the maze's rows of jumps, got "hello" (2 of 2 runs fail)
}
