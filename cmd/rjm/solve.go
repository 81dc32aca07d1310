package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rjm/analysis"
	"rjm/energy"
	"rjm/maze"
	"rjm/solve"
)

// solveJSON is the --json form of "rjm solve".
type solveJSON struct {
	ID            string   `json:"id"`
	Maze          string   `json:"maze"`
	Rows          int      `json:"rows"`
	Cols          int      `json:"cols"`
	Variant       string   `json:"variant,omitempty"`
	Start         [2]int   `json:"start"`
	Goal          [2]int   `json:"goal"`
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

func newSolveCmd(e *env) *cobra.Command {
	var mf mazeFlags
	var asJSON bool
	c := &cobra.Command{
		Use:   "solve [FILE|-]",
		Short: "Solve a given maze: goal depth, a shortest solution, the depth of every cell",
		Long: `Solve reads a maze (from FILE, or standard input when FILE is - or absent)
and prints its goal depth, one shortest solution in U/D/L/R letters, the number
of distinct shortest solutions, the simple objective of seed 000, and the
"Moves from start:" grid ("--" for unreachable cells).

Maze text: rows of jump numbers separated by spaces or tabs, the goal written
G (or 0); lines starting with # are comments; an optional first line
"start r,c" places the start (default 1,1). JSON input is read too: the
--json output of any rjm command that prints a maze (by its "id"), or the
maze's JSON form (rows, cols, start, goal, jumps), so commands chain:
rjm generate --json | rjm solve.

Variants (docs/variants.md): a line "variant NAMES" before the rows, or
--variant NAMES, applies rules to the grid, comma-separated and combinable:
hex, triangle, queen, torus, loops, exit, no-u-turn. Rows may then hold X
(blocked), * (pass-over) and . (absent) cells, and "wall r,c r,c" lines put
walls between neighbouring cells. Solutions on boards with other than the
four rook directions are written in compass codes (N S W E NW NE SW SE).`,
		Example: `  rjm solve examples/program1.txt
  rjm solve examples/klondike.txt
  rjm solve --variant queen,torus examples/figure1.txt
  rjm generate --json --seed 1 | rjm analyze
  printf '3 4 1 3 1\n3 3 3 G 2\n3 1 2 2 3\n4 2 3 3 3\n4 1 4 3 2\n' | rjm solve --json`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			m, g, err := mf.readGraph(e, args)
			if err != nil {
				return err
			}
			r := solve.Solve(g, m)
			if asJSON {
				return writeJSON(e, newSolveJSON(m, r))
			}
			_, err = fmt.Fprint(e.stdout, solveText(m, r))
			return err
		},
	}
	mf.register(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	return c
}

func newSolveJSON(m *maze.Maze, r *solve.Result) solveJSON {
	id, _ := m.ID()
	j := solveJSON{
		ID: id, Maze: m.String(), Rows: m.Rows, Cols: m.Cols, Variant: m.Variant.String(),
		Start: m.CellJSON(m.Start), Goal: m.CellJSON(m.Goal),
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

func solveText(m *maze.Maze, r *solve.Result) string {
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
