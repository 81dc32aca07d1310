// Package solve solves Rook Jumping Mazes by breadth-first search ("Maze
// Evaluation" in the assignment, Neller's "Rook Jumping Maze Generation for
// AI Education"): the depth of every cell from the start, the goal depth,
// one shortest solution, and the number of distinct shortest solutions.
package solve

import (
	"math"
	"slices"

	"rjm/graph"
	"rjm/maze"
)

// Saturated is the shortest-solution count reported when the true count
// is at least this large; counts never overflow.
const Saturated = math.MaxInt64

// Result is a solved maze.
type Result struct {
	// Depth[i] is the minimum number of moves from the start to cell i, or
	// -1 when i is unreachable.
	Depth []int
	// GoalDepth is Depth[goal]: the length of a shortest solution, or -1
	// when the maze has no solution.
	GoalDepth int
	// Reachable is the number of cells reachable from the start, the start
	// included.
	Reachable int
	// Paths is the number of distinct shortest solutions (sequences of
	// states: of cells, or under the no-U-turn rule of cells with their
	// direction of arrival), 0 when unsolvable, Saturated when at least
	// that many.
	Paths int64
	// Solution is one shortest solution as moves, in the order found by
	// preferring, at each step back from the goal, the predecessor of
	// lowest index; empty when unsolvable.
	Solution []maze.Move

	board maze.Board // for Letters
}

// Solvable reports whether the goal can be reached.
func (r *Result) Solvable() bool { return r.GoalDepth >= 0 }

// Unique reports whether exactly one shortest solution exists.
func (r *Result) Unique() bool { return r.Paths == 1 }

// Letters returns the solution as direction letters, e.g.
// "RDLRUDRLRLUDLDRRUDD" (the assignment's web page), or on boards with
// other directions as compass codes, e.g. "SW SW NE" (see
// maze.Board.Notation).
func (r *Result) Letters() string { return r.board.Notation(r.Solution) }

// Solve solves m using its compiled move graph g (which must come from
// m's board).
//
// Under Abbott's no-U-turn rule the search runs over states (see
// graph.Nodes and graph.StateGraph): Depth gives each cell the minimum
// over its states, the shortest solutions are the distinct sequences of
// states ending at the goal, the goal's states counting as one (the game
// ends there, whatever the direction of arrival), and the solution may
// revisit cells. On every other board the nodes are the cells, and one
// code path serves both.
func Solve(g *graph.Graph, m *maze.Maze) *Result {
	nd := g.Nodes(m.Jumps, m.Start, m.Goal)
	dist, order := nd.Distances(nd.Start, nd.Succ)
	r := &Result{Depth: make([]int, g.Cells()), GoalDepth: dist[nd.Goal], board: m.Board}
	for i := range r.Depth {
		r.Depth[i] = -1
	}
	for _, u := range order {
		if c := nd.Cell(u); r.Depth[c] < 0 {
			r.Depth[c] = dist[u]
			r.Reachable++
		}
	}
	D := r.GoalDepth
	if D < 0 {
		return r
	}
	// Count shortest paths in breadth-first order: paths[v] = Σ paths[u]
	// over u one layer up with v ∈ σ(u). σ is a set, so two moves of u
	// that land on the same node count once.
	paths := make([]int64, nd.Len())
	paths[nd.Start] = 1
	byDepth := make([][]int, D) // the nodes of depth < D, ascending
	for _, u := range order {
		if dist[u] >= D {
			continue
		}
		byDepth[dist[u]] = append(byDepth[dist[u]], u)
		for _, v := range nd.Succ[u] {
			if dist[v] == dist[u]+1 {
				paths[v] = satAdd(paths[v], paths[u])
			}
		}
	}
	r.Paths = paths[nd.Goal]
	for _, b := range byDepth {
		slices.Sort(b)
	}
	// Walk back from the goal to recover one shortest solution: at each
	// step the predecessor of lowest index one layer up, and its first
	// move in direction order onto the current node. Under the no-U-turn
	// rule the goal's states count as one, but the walk ends in the one of
	// lowest index reached at the goal depth: the first direction of
	// arrival.
	arrival := -1 // any
	if g.StatesPerCell() > 1 {
		arrival = int(maze.NumDirs)
		for _, u := range byDepth[D-1] {
			nd.Moves(u, func(_ maze.Move, v int, in maze.Dir) bool {
				if v == nd.Goal {
					arrival = min(arrival, int(in))
				}
				return true
			})
		}
	}
	r.Solution = make([]maze.Move, D)
	v := nd.Goal
	for d := D; d > 0; d-- {
		found := false
		for _, u := range byDepth[d-1] {
			nd.Moves(u, func(mv maze.Move, to int, in maze.Dir) bool {
				if to == v && (d < D || arrival < 0 || int(in) == arrival) {
					r.Solution[d-1], found = mv, true
				}
				return !found
			})
			if found {
				v = u
				break
			}
		}
	}
	return r
}

func satAdd(a, b int64) int64 {
	if a > Saturated-b {
		return Saturated
	}
	return a + b
}
