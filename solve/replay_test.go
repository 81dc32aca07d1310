package solve_test

import (
	"os"
	"strings"
	"testing"

	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

func TestPlay(t *testing.T) {
	m, err := maze.ParseID("5x5:3413133302312234233341432")
	if err != nil {
		t.Fatal(err)
	}
	g := graph.MustCompile(m.Board)
	sol := solve.Solve(g, m).Letters()
	tests := []struct {
		name, moves string
		solved      bool
		n           int
		err         string
	}{
		{"the shortest solution solves it", sol, true, len(sol), ""},
		{"lower case and spaces are read", strings.ToLower(strings.Join(strings.Split(sol, ""), " ")), true, len(sol), ""},
		{"no moves stand on the start", "", false, 0, ""},
		{"a prefix does not solve it", sol[:3], false, 3, ""},
		{"a jump off the board is illegal", "U", false, 0, "move 1 (N) is not legal from row 1, column 1"},
		{"a move after the goal is illegal", sol + "U", false, 0, "the goal was reached"},
		{"a direction not of the board", "DX", false, 0, "move 2 \"X\""},
		{"diagonals are not rook moves", "D3", false, 0, "move 2 \"3\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dirs, err := m.ParseNotation(tt.moves)
			var r solve.Replay
			if err == nil {
				r, err = solve.Play(g, m, dirs)
			}
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil || r.Solved != tt.solved || r.Moves != tt.n {
				t.Errorf("Play(%q) = %+v, %v; want solved %v after %d moves", tt.moves, r, err, tt.solved, tt.n)
			}
			if tt.solved && r.Cell != m.Goal {
				t.Errorf("solved at cell %d, goal %d", r.Cell, m.Goal)
			}
		})
	}
}

// TestPlayVariants replays every example's shortest solution under its own
// rules, the no-U-turn rule's included.
func TestPlayVariants(t *testing.T) {
	for _, name := range []string{"queen", "torus", "hex", "triangle", "loops", "klondike", "no-u-turn"} {
		t.Run(name, func(t *testing.T) {
			m := readExample(t, name)
			g := graph.MustCompile(m.Board)
			s := solve.Solve(g, m)
			dirs, err := m.ParseNotation(s.Letters())
			if err != nil {
				t.Fatal(err)
			}
			r, err := solve.Play(g, m, dirs)
			if err != nil || !r.Solved || r.Moves != s.GoalDepth {
				t.Errorf("replaying %q: %+v, %v; want solved in %d", s.Letters(), r, err, s.GoalDepth)
			}
		})
	}
}

func readExample(t *testing.T, name string) *maze.Maze {
	t.Helper()
	data, err := os.ReadFile("../examples/" + name + ".txt")
	if err != nil {
		t.Fatal(err)
	}
	m, err := maze.ParseText(data, maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
