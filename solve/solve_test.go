package solve_test

import (
	"os"
	"testing"

	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

func load(t *testing.T, path string) (*graph.Graph, *maze.Maze) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := maze.ReadText(f, maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return graph.MustCompile(m.Board), m
}

// The two published mazes give their published answers.
func TestPublishedMazes(t *testing.T) {
	for _, tc := range []struct {
		file     string
		depth    int
		solution string
	}{
		{"../examples/figure1.txt", 13, "DRLUDLRULLRDU"},
		{"../examples/program1.txt", 19, "RDLRUDRLRLUDLDRRUDD"},
	} {
		g, m := load(t, tc.file)
		r := solve.Solve(g, m)
		if r.GoalDepth != tc.depth || r.Letters() != tc.solution || !r.Unique() {
			t.Errorf("%s: depth %d, solution %s, %d paths; want %d, %s, unique",
				tc.file, r.GoalDepth, r.Letters(), r.Paths, tc.depth, tc.solution)
		}
	}
}
