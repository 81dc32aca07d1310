package solve

import (
	"fmt"
	"strings"

	"rjm/maze"
)

// DepthGrid returns the depths in the assignment's "Moves from start:" form:
// one line per row, each depth right-justified in a width of two
// characters, "--" for an unreachable cell, separated by single spaces.
func DepthGrid(depth []int, cols int) string {
	var b strings.Builder
	for i, d := range depth {
		if i%cols > 0 {
			b.WriteByte(' ')
		}
		if d < 0 {
			b.WriteString("--")
		} else {
			fmt.Fprintf(&b, "%2d", d)
		}
		if i%cols == cols-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// DepthRows returns the depths as rows with nil for unreachable cells,
// the JSON form.
func DepthRows(depth []int, cols int) [][]*int {
	rows := make([][]*int, 0, len(depth)/cols)
	for r := 0; r < len(depth); r += cols {
		row := make([]*int, cols)
		for c := range cols {
			if d := depth[r+c]; d >= 0 {
				row[c] = &d
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// DepthText returns the depths in the "Moves from start:" form of
// DepthGrid, laid out like board b's maze text (see
// maze.Board.FormatGrid): on a plain board exactly DepthGrid; on a
// hexagonal board with offset rows; cells that are not open shown by
// their kind (X, * or .). The exit of an exit-ring board, whose depth is
// the goal depth, is not part of the grid.
func DepthText(b maze.Board, depth []int) string {
	return b.FormatGrid(func(i int) string {
		switch {
		case !b.Open(i):
			return " " + string(rune(b.Kind(i)))
		case depth[i] < 0:
			return "--"
		}
		return fmt.Sprintf("%2d", depth[i])
	})
}

// DepthCells returns the depths as rows with nil for unreachable cells
// and for cells that are not open, the JSON form on any board (the exit
// excluded).
func DepthCells(b maze.Board, depth []int) [][]*int {
	rows := DepthRows(depth[:b.Rows*b.Cols], b.Cols)
	for i := range b.Rows * b.Cols {
		if !b.Open(i) {
			rows[i/b.Cols][i%b.Cols] = nil
		}
	}
	return rows
}
