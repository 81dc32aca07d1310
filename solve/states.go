package solve

import (
	"slices"

	"rjm/graph"
	"rjm/maze"
)

// solveStates is Solve on boards whose state is more than a cell (the
// no-U-turn rule). Depths, the goal depth and the path counts come from
// one breadth-first search over states; the goal is reached at the first
// depth at which any state of the goal cell is, and the shortest solutions
// are the distinct state sequences ending at the goal at that depth, the
// goal's states counting as one (the game ends there, whatever the
// direction of arrival).
func solveStates(g *graph.Graph, m *maze.Maze) *Result {
	r := &Result{Depth: make([]int, g.Cells()), board: m.Board, GoalDepth: -1}
	ss := g.NewStateSearch()
	ss.Run(m.Jumps, m.Start, -1)
	r.Reachable = ss.CellDepths(r.Depth)
	r.GoalDepth = r.Depth[m.Goal]
	if r.GoalDepth < 0 {
		return r
	}
	spc := g.StatesPerCell()
	dist := ss.Dist
	// Count shortest paths over states in breadth-first order; a state's
	// successors form a set, so two moves onto the same state count once.
	paths := make([]int64, g.States())
	paths[m.Start*spc] = 1
	seen := make([]int, 0, maze.NumDirs)
	for _, s32 := range ss.Order {
		u := int(s32)
		if int(dist[u]) >= r.GoalDepth || paths[u] == 0 {
			continue
		}
		seen = seen[:0]
		g.StateMoves(u, m.Jumps[u/spc], func(_ maze.Move, v int) {
			if dist[v] != dist[u]+1 || slices.Contains(seen, v) {
				return
			}
			seen = append(seen, v)
			paths[v] = satAdd(paths[v], paths[u])
		})
	}
	// Reaching the goal ends the game, so the goal's states are one: the
	// shortest solutions are the shortest paths to the states one move
	// from the goal, each counted once however many of its moves land on
	// the goal cell.
	for _, s32 := range ss.Order {
		u := int(s32)
		if int(dist[u]) != r.GoalDepth-1 || paths[u] == 0 {
			continue
		}
		onto := false
		g.StateMoves(u, m.Jumps[u/spc], func(_ maze.Move, v int) {
			onto = onto || (v/spc == m.Goal && int(dist[v]) == r.GoalDepth)
		})
		if onto {
			r.Paths = satAdd(r.Paths, paths[u])
		}
	}
	// The goal states at the goal depth, ascending.
	var goals []int
	for k := range spc {
		if s := m.Goal*spc + k; int(dist[s]) == r.GoalDepth {
			goals = append(goals, s)
		}
	}
	// Walk back from the first goal state: at each step the predecessor
	// state of lowest index (among those on a shortest path), and its first
	// move in direction order onto the current state.
	byDepth := make([][]int, r.GoalDepth)
	for _, s32 := range ss.Order {
		if d := int(dist[s32]); d < r.GoalDepth && paths[s32] > 0 {
			byDepth[d] = append(byDepth[d], int(s32))
		}
	}
	for _, b := range byDepth {
		slices.Sort(b)
	}
	r.Solution = make([]maze.Move, r.GoalDepth)
	v := goals[0]
	for d := r.GoalDepth; d > 0; d-- {
		found := false
		for _, u := range byDepth[d-1] {
			g.StateMoves(u, m.Jumps[u/spc], func(mv maze.Move, to int) {
				if !found && to == v {
					r.Solution[d-1], found = mv, true
				}
			})
			if found {
				v = u
				break
			}
		}
	}
	return r
}
