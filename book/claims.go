package book

import (
	"rjm/graph"
	"rjm/maze"
)

// A promise is a sentence of the rules page that says something of every
// puzzle of the book, with the predicate on the puzzle's graph that makes
// it true: the page says text when holds is true of every puzzle, and
// otherwise, which promises nothing, when it is not. The graph is one of
// states wherever a state is more than a cell (the no-U-turn rule: a cell
// and the direction of arrival), so that a trap is counted by state, and
// the text then says so.
type promise struct {
	holds     func(g *graph.Graph, m *maze.Maze) bool
	text      func(b maze.Board, states bool) string
	otherwise func(b maze.Board, states bool) string
}

// noTrap promises that no position the player can reach is a trap: from
// every state reachable from the start, the goal can still be reached.
var noTrap = promise{
	holds: func(g *graph.Graph, m *maze.Maze) bool { return traps(g, m) == 0 },
	text: func(_ maze.Board, states bool) string {
		if states {
			return "No cell is a trap, whichever direction you arrive from: from every cell you can reach, by every jump that reaches it, the goal can still be reached."
		}
		return "No cell is a trap: from every cell you can reach, the goal can still be reached."
	},
	otherwise: func(_ maze.Board, states bool) string {
		if states {
			return "Beware of traps: where you may jump next depends on the direction you arrived in as well as on the cell, so a cell reached one way can lead to the goal and reached another way leave no way there."
		}
		return "Beware of traps: some cells you can reach leave no way to the goal."
	},
}

// fewToGoal promises, as a hint, that few cells reach the goal in one
// jump: at most a sixth of the open cells. (The cells two jumps away are
// as many or more on most puzzles of every board, so it promises nothing
// of them.)
var fewToGoal = promise{
	holds: func(g *graph.Graph, m *maze.Maze) bool {
		one, open := toGoal(g, m)
		return 6*one <= open
	},
	text: func(b maze.Board, _ bool) string {
		return "Work backwards: only a few cells reach the " + goalWord(b) + " in one jump; find them, then the cells that reach those."
	},
	otherwise: func(b maze.Board, _ bool) string {
		return "Work backwards: find the cells that reach the " + goalWord(b) + " in one jump, then the cells that reach those."
	},
}

// goalWord names the goal of board b: the exit, or the goal.
func goalWord(b maze.Board) string {
	if b.Exit() >= 0 {
		return "exit"
	}
	return "goal"
}

// say returns p's text on board b, or its otherwise when p does not hold
// of every one of puzzles.
func (p promise) say(b maze.Board, puzzles []*maze.Maze) string {
	g, err := graph.Compile(b)
	if err != nil {
		return p.otherwise(b, false)
	}
	states := g.StatesPerCell() > 1
	for _, m := range puzzles {
		if m.Board != b {
			if g, err = graph.Compile(m.Board); err != nil {
				return p.otherwise(b, states)
			}
		}
		if !p.holds(g, m) {
			return p.otherwise(b, states)
		}
	}
	return p.text(b, states)
}

// traps returns the number of black-hole nodes of maze m's graph g
// (graph.Nodes.BlackHoleNodes: cells, or states where a state is more
// than a cell), the positions reachable from the start from which the
// goal cannot be reached.
func traps(g *graph.Graph, m *maze.Maze) int {
	return len(g.Nodes(m.Jumps, m.Start, m.Goal).BlackHoleNodes(nil, nil))
}

// toGoal returns the number of cells of maze m one jump from the goal
// (whatever the direction of arrival) and the number of its open cells.
func toGoal(g *graph.Graph, m *maze.Maze) (one, open int) {
	nd := g.Nodes(m.Jumps, m.Start, m.Goal)
	to, _ := nd.Distances(nd.Goal, nd.Pred)
	near := map[int]bool{}
	for u, d := range to {
		if d == 1 {
			near[nd.Cell(u)] = true
		}
	}
	return len(near), len(m.OpenCells())
}
