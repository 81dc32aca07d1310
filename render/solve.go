package render

import (
	"fmt"
	"strings"

	"rjm/analysis"
	"rjm/energy"
	"rjm/maze"
	"rjm/solve"
)

// Head is the part of a JSON view that names the maze: its ID, its text,
// its size and variant, its start and goal (1-based). It is what a player
// may see of a maze without its solution.
type Head struct {
	ID      string `json:"id"`
	Maze    string `json:"maze"`
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	Variant string `json:"variant,omitempty"`
	Start   [2]int `json:"start"`
	Goal    [2]int `json:"goal"`
}

// NewHead returns the head of maze m's views.
func NewHead(m *maze.Maze) Head {
	id, _ := m.ID()
	return Head{
		ID: id, Maze: m.String(), Rows: m.Rows, Cols: m.Cols, Variant: m.Variant.String(),
		Start: m.CellJSON(m.Start), Goal: m.CellJSON(m.Goal),
	}
}

// Solve is the JSON view of a solved maze: what "rjm solve --json" prints.
type Solve struct {
	Head
	Solvable      bool     `json:"solvable"`
	Shortest      *int     `json:"shortest"`
	GoalDepth     *int     `json:"goal_depth"` // the same, named as analyze and generate name it
	Solution      string   `json:"solution"`
	ShortestPaths int64    `json:"shortest_paths"`
	Saturated     bool     `json:"shortest_paths_saturated,omitempty"`
	Unique        bool     `json:"unique"`
	Objective     float64  `json:"objective"`
	Reachable     int      `json:"reachable"`
	DeadEnds      [][2]int `json:"dead_ends"`
	Depths        [][]*int `json:"depths"`
	Jumps         [][]int  `json:"jumps"`
}

// NewSolve returns the JSON view of maze m solved as r.
func NewSolve(m *maze.Maze, r *solve.Result) Solve {
	j := Solve{
		Head:     NewHead(m),
		Solvable: r.Solvable(), Solution: r.Letters(),
		ShortestPaths: r.Paths, Saturated: r.Paths == solve.Saturated, Unique: r.Unique(),
		Objective: energy.Objective(r.GoalDepth), Reachable: r.Reachable,
		DeadEnds: [][2]int{}, Depths: solve.DepthCells(m.Board, r.Depth), Jumps: m.JSON().Jumps,
	}
	if r.Solvable() {
		d := r.GoalDepth
		j.Shortest, j.GoalDepth = &d, &d
	}
	for _, c := range m.DeadEnds() {
		j.DeadEnds = append(j.DeadEnds, m.CellJSON(c))
	}
	return j
}

// SolveText returns the text report of maze m solved as r: the maze, a
// shortest solution, the number of shortest solutions, the reachable
// cells, the simple objective and the "Moves from start:" grid.
func SolveText(m *maze.Maze, r *solve.Result) string {
	var b strings.Builder
	b.WriteString(m.String())
	b.WriteByte('\n')
	if !r.Solvable() {
		fmt.Fprintf(&b, "No solution: the goal %v cannot be reached from the start %v.\n", m.Cell(m.Goal), m.Cell(m.Start))
	} else {
		fmt.Fprintf(&b, "Shortest solution: %s: %s\n", analysis.Moves(r.GoalDepth), r.Letters())
		switch {
		case r.Unique():
			b.WriteString("Shortest solutions: 1 (unique)\n")
		case r.Paths == solve.Saturated:
			fmt.Fprintf(&b, "Shortest solutions: at least %d\n", r.Paths)
		default:
			fmt.Fprintf(&b, "Shortest solutions: %d\n", r.Paths)
		}
	}
	cells := m.Cells()
	if !m.Plain() {
		cells = len(m.OpenCells())
		if m.Exit() >= 0 {
			cells++
		}
	}
	fmt.Fprintf(&b, "Reachable cells: %d of %d\n", r.Reachable, cells)
	fmt.Fprintf(&b, "Objective: %s\n", energy.Format(energy.Objective(r.GoalDepth)))
	b.WriteString("\nMoves from start:\n")
	b.WriteString(solve.DepthText(m.Board, r.Depth))
	return b.String()
}
