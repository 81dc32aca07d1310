package solve

import (
	"fmt"

	"rjm/graph"
	"rjm/maze"
)

// Replay is where a sequence of moves played on a maze led.
type Replay struct {
	// Moves is the number of moves played.
	Moves int
	// Cell is the cell the last move landed on (the start when none).
	Cell int
	// Solved reports whether the moves reached the goal.
	Solved bool
}

// Play replays the moves dirs (see maze.Board.ParseNotation) on m, whose
// compiled move graph is g, under m's rules: under the no-U-turn rule a
// move reversing the one before is illegal. It fails at the first move the
// rules forbid from where the player stands, and at any move after the
// goal is reached, since the game ends there.
func Play(g *graph.Graph, m *maze.Maze, dirs []maze.Dir) (Replay, error) {
	nd := g.Nodes(m.Jumps, m.Start, m.Goal)
	u := nd.Start
	for k, d := range dirs {
		c := m.Cell(nd.Cell(u))
		if u == nd.Goal {
			return Replay{}, fmt.Errorf("solve: move %d (%s): the goal was reached at move %d", k+1, d.Compass(), k)
		}
		next := -1
		nd.Moves(u, func(mv maze.Move, v int, _ maze.Dir) bool {
			if mv.Dir == d {
				next = v
				return false
			}
			return true
		})
		if next < 0 {
			return Replay{}, fmt.Errorf("solve: move %d (%s) is not legal from row %d, column %d", k+1, d.Compass(), c.Row+1, c.Col+1)
		}
		u = next
	}
	return Replay{Moves: len(dirs), Cell: nd.Cell(u), Solved: u == nd.Goal}, nil
}
