// Package solve solves Rook Jumping Mazes by breadth-first search (seed
// 000, "Maze Evaluation"): the depth of every cell from the start, the
// goal depth, one shortest solution, and the number of distinct shortest
// solutions.
package solve

import (
	"math"

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
// "RDLRUDRLRLUDLDRRUDD" (seed 001), or on boards with other directions as
// compass codes, e.g. "SW SW NE" (see maze.Board.Notation).
func (r *Result) Letters() string { return r.board.Notation(r.Solution) }

// Solve solves m using its compiled move graph g (which must come from
// m's board).
//
// Under Abbott's no-U-turn rule the search runs over states (see
// graph.Graph.StatesPerCell): Depth gives each cell the minimum over its
// states, and the solution may revisit cells.
func Solve(g *graph.Graph, m *maze.Maze) *Result {
	if g.StatesPerCell() > 1 {
		return solveStates(g, m)
	}
	n := g.Cells()
	r := &Result{Depth: make([]int, n), board: m.Board}
	r.Reachable = g.Depths(m.Jumps, m.Start, r.Depth)
	r.GoalDepth = r.Depth[m.Goal]
	if r.GoalDepth < 0 {
		return r
	}
	// Count shortest paths layer by layer: paths[v] = Σ paths[u] over u one
	// layer up with v ∈ σ(u). σ is a set, so two moves of u that land on
	// the same cell count once.
	order := cellsByDepth(r.Depth, r.GoalDepth)
	paths := make([]int64, n)
	paths[m.Start] = 1
	for _, u := range order {
		if r.Depth[u] >= r.GoalDepth || paths[u] == 0 {
			continue
		}
		g.Succ(u, m.Jumps[u]).Each(func(v int) {
			if r.Depth[v] == r.Depth[u]+1 {
				paths[v] = satAdd(paths[v], paths[u])
			}
		})
	}
	r.Paths = paths[m.Goal]
	// Walk back from the goal to recover one shortest solution.
	r.Solution = make([]maze.Move, r.GoalDepth)
	v := m.Goal
	for d := r.GoalDepth; d > 0; d-- {
		for _, u := range order {
			if r.Depth[u] != d-1 || paths[u] == 0 {
				continue
			}
			if mv, ok := moveTo(g, m.Jumps, u, v); ok {
				r.Solution[d-1] = mv
				v = u
				break
			}
		}
	}
	return r
}

// moveTo returns the first move (in direction order) from u to v.
func moveTo(g *graph.Graph, jumps []int, u, v int) (maze.Move, bool) {
	for _, mv := range g.Moves(u, jumps[u]) {
		if mv.To == v {
			return mv, true
		}
	}
	return maze.Move{}, false
}

// cellsByDepth returns the cells of depth 0..maxDepth ordered by depth,
// then by index.
func cellsByDepth(depth []int, maxDepth int) []int {
	buckets := make([][]int, maxDepth+1)
	for i, d := range depth {
		if d >= 0 && d <= maxDepth {
			buckets[d] = append(buckets[d], i)
		}
	}
	var out []int
	for _, b := range buckets {
		out = append(out, b...)
	}
	return out
}

func satAdd(a, b int64) int64 {
	if a > Saturated-b {
		return Saturated
	}
	return a + b
}
