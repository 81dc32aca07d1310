package book

import (
	"rjm/analysis"
	"rjm/maze"
)

// Choices is how much of a puzzle's solution is the reader's to find:
// of its Moves, the Real choices — moves from a cell that offers another
// jump (its other moves do not all lead nowhere: the book's mazes have no
// black holes, so every cell a jump reaches still reaches the goal) and
// that do not turn back along the line the move before came in on (a
// U-turn, analysis.Features.UTurns) — and the longest run of U-turns in a
// row, a bounce up and down one line.
type Choices struct {
	Moves, Real   int
	LongestBounce int
}

// The floor of a generated book's puzzles (Mazes), on every board: at
// least MinRealShare of a solution's moves real choices, and no more
// than MaxBounce U-turns in a row. On the boards of docs/variants.md the
// books of seed 1 keep at least 0.35 real choices (triangles', whose
// zig-zags turn back the most, up to 6 U-turns in a row); Klondike's,
// under the board's own aimed search, 0.23 to 0.36, the first 12 moves
// of one up and down one column, and its book searches such a seed
// again with choiceSpec (bigBoard).
const (
	MinRealShare = 1.0 / 3
	MaxBounce    = 6
)

// Worth reports whether the choices meet the floor of a book's puzzle.
func (c Choices) Worth() bool {
	return c.Moves > 0 && 3*c.Real >= c.Moves && c.LongestBounce <= MaxBounce
}

// Share is the share of the moves that are real choices (0 without
// moves).
func (c Choices) Share() float64 {
	if c.Moves == 0 {
		return 0
	}
	return float64(c.Real) / float64(c.Moves)
}

// ChoicesOf measures the choices of maze m's shortest solution f.
func ChoicesOf(m *maze.Maze, f *analysis.Features) Choices {
	path := f.SolutionCells
	dirs, err := m.Board.ParseNotation(f.Solution)
	if err != nil || len(dirs) != len(path)-1 {
		return Choices{}
	}
	c := Choices{Moves: len(dirs)}
	run := 0
	var arrived maze.Dir
	for k, d := range dirs {
		uturn := k > 0 && d == arrived.Opposite()
		if uturn {
			run++
			c.LongestBounce = max(c.LongestBounce, run)
		} else {
			run = 0
		}
		if !uturn && exits(m, path[k]) > 1 {
			c.Real++
		}
		_, arrived, _ = m.Board.Jump(path[k], d, m.Jumps[path[k]])
	}
	return c
}

// exits counts the distinct places the jump from cell i lands on (the
// exit ring counting once).
func exits(m *maze.Maze, i int) int {
	seen := map[int]bool{}
	for _, d := range m.Board.Dirs() {
		if to, _, ok := m.Board.Jump(i, d, m.Jumps[i]); ok {
			seen[to] = true
		}
	}
	return len(seen)
}
