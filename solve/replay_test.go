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

// TestNextHint follows the hints from the start of every example: each
// names a legal move that brings the goal one move closer, and they reach
// it in the goal depth.
func TestNextHint(t *testing.T) {
	for _, name := range []string{"figure1", "program1", "queen", "torus", "hex", "klondike", "no-u-turn"} {
		t.Run(name, func(t *testing.T) {
			m := readExample(t, name)
			g := graph.MustCompile(m.Board)
			depth := solve.Solve(g, m).GoalDepth
			var dirs []maze.Dir
			for k := 0; ; k++ {
				h, err := solve.NextHint(g, m, dirs)
				if err != nil {
					t.Fatal(err)
				}
				if h.Distance != depth-k {
					t.Fatalf("after %d hinted moves the distance is %d, want %d", k, h.Distance, depth-k)
				}
				if h.Distance == 0 {
					break
				}
				dirs = append(dirs, h.Next.Dir)
			}
			if r, err := solve.Play(g, m, dirs); err != nil || !r.Solved {
				t.Errorf("the hinted moves %v: %+v, %v", dirs, r, err)
			}
		})
	}
}

func TestNextHintInABlackHole(t *testing.T) {
	// From the start (1,1) a jump of 1 goes right or down; (2,1) and
	// (2,3), both 2, jump to each other only: a black hole.
	m, err := maze.ParseText([]byte("1 1 G\n2 1 2\n"), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := graph.MustCompile(m.Board)
	dirs, _ := m.ParseNotation("DR")
	h, err := solve.NextHint(g, m, dirs)
	if err != nil || h.Distance != -1 {
		t.Errorf("in a black hole: %+v, %v; want distance -1", h, err)
	}
}
