package analysis

import (
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// withoutEach returns, for each rule of board b that the same maze could
// be played without (a catalogue row with Without: the torus, the loops,
// the queen's diagonals, the no-U-turn rule, walls, blocked and pass-over
// cells), its name and the board without it. The tiling and the exit
// ring make the board what it is: a maze has no meaning without them.
func withoutEach(b maze.Board) (names []string, boards []maze.Board) {
	for _, r := range b.On() {
		if r.Without != nil {
			names, boards = append(names, r.Name), append(boards, r.Without(b))
		}
	}
	return names, boards
}

// Unneeded returns the rules of m's board that its solution f does not need
// (none when every rule changes the answer): a rule is needed when the
// same maze without it has a shorter shortest solution, or none, or when
// f's moves do not solve it without the rule in as many.
func Unneeded(m *maze.Maze, f *Features) (unneeded []string) {
	dirs, err := m.ParseNotation(f.Solution)
	names, boards := withoutEach(m.Board)
	for k, b := range boards {
		g, gerr := graph.Compile(b)
		if err != nil || gerr != nil {
			unneeded = append(unneeded, names[k])
			continue
		}
		o := m.Clone()
		o.Board = b
		r, perr := solve.Play(g, o, dirs)
		if perr == nil && r.Solved && solve.Solve(g, o).GoalDepth == f.GoalDepth {
			unneeded = append(unneeded, names[k])
		}
	}
	return unneeded
}
