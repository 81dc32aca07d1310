package main

import (
	"github.com/spf13/cobra"

	"rjm/render"
	"rjm/solve"
)

func newSolveCmd(e *env) *cobra.Command {
	var mf mazeFlags
	var asJSON bool
	c := &cobra.Command{
		Use:   "solve [FILE|-]",
		Short: "Solve a given maze: goal depth, a shortest solution, the depth of every cell",
		Long: `Solve reads a maze (from FILE, or standard input when FILE is - or absent)
and prints its goal depth, one shortest solution in U/D/L/R letters, the number
of distinct shortest solutions, the simple objective of the assignment, and the
"Moves from start:" grid ("--" for unreachable cells).

Maze text: rows of jump numbers separated by spaces or tabs, the goal written
G (or 0); lines starting with # are comments; optional lines before the rows,
"start r,c" and "goal r,c" (1-based), place the start (default 1,1) and the
goal (when the rows mark no G). Lines end at LF, CR LF or CR. JSON input is
read too: the --json output of any rjm command that prints a maze (by its
"id"), or the maze's JSON form (rows, cols, start, goal, jumps), so commands
chain: rjm generate --json | rjm solve. On a terminal, with no FILE, solve
says it is reading standard input (end the maze with Ctrl-D).

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
			return show(e, asJSON, render.NewSolve(m, r), text(render.SolveText(m, r)))
		},
	}
	mf.register(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	return c
}
