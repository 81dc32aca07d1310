package solve

import (
	"rjm/fault"
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
	u, err := playNodes(nd, m, dirs)
	if err != nil {
		return Replay{}, err
	}
	return Replay{Moves: len(dirs), Cell: nd.Cell(u), Solved: u == nd.Goal}, nil
}

// playNodes replays dirs on m's nodes nd and returns the node reached.
func playNodes(nd *graph.Nodes, m *maze.Maze, dirs []maze.Dir) (int, error) {
	u := nd.Start
	for k, d := range dirs {
		c := m.Cell(nd.Cell(u))
		if u == nd.Goal {
			return 0, fault.Invalid("", "move %d (%s): the goal was reached at move %d", k+1, d.Compass(), k)
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
			return 0, fault.Invalid("", "move %d (%s) is not legal from row %d, column %d", k+1, d.Compass(), c.Row+1, c.Col+1)
		}
		u = next
	}
	return u, nil
}

// Hint is what a player standing somewhere may be told: how far the goal
// is, and a move that brings it one step closer.
type Hint struct {
	// Distance is the fewest moves from where the player stands to the
	// goal, or -1 when the goal cannot be reached from there (a black
	// hole).
	Distance int
	// Next is the first move, in direction order, on a shortest way to
	// the goal; valid only when Distance > 0.
	Next maze.Move
}

// NextHint returns the hint for a player who has played dirs on m (see
// Play), whose compiled move graph is g. Under the no-U-turn rule the
// distance counts from the player's state, its direction of arrival
// included.
func NextHint(g *graph.Graph, m *maze.Maze, dirs []maze.Dir) (Hint, error) {
	nd := g.Nodes(m.Jumps, m.Start, m.Goal)
	u, err := playNodes(nd, m, dirs)
	if err != nil {
		return Hint{}, err
	}
	dist, _ := nd.Distances(nd.Goal, nd.Pred)
	h := Hint{Distance: dist[u]}
	if h.Distance > 0 {
		nd.Moves(u, func(mv maze.Move, v int, _ maze.Dir) bool {
			if dist[v] == h.Distance-1 {
				h.Next = mv
				return false
			}
			return true
		})
	}
	return h, nil
}
