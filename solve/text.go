package solve

import (
	"fmt"
	"strings"
)

// DepthGrid returns the depths in seed 000's "Moves from start:" form:
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
