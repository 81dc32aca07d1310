package render

import (
	"strings"

	"rjm/maze"
)

// Rules returns the rules of board b as sentences a player reads: how a
// jump moves (the board's own directions: the rook's four, the queen's
// eight, the six lines of hexagons or triangles), what happens at the
// edges (none may be left; the torus wraps around; Surakarta loops; the
// exit ring), the cells and walls the board has (blocked, pass-over,
// gaps, walls), the no-U-turn rule, and the goal (the G, or the exit).
// It says nothing that does not apply to b. The player's "How to play",
// the print page and a book's rules page all print these sentences.
func Rules(b maze.Board) []string {
	v := b.Variant
	var out []string
	out = append(out, "Start on the circled cell. Each number is a jump: move exactly that many cells in a straight line "+directions(b)+".")
	switch {
	case v.Torus:
		out = append(out, "The board wraps around: a jump that runs off an edge comes back in at the opposite edge and carries on (it may not end on the cell it started from).")
	case v.Loops:
		out = append(out, "The loops drawn at the corners join the lines they meet: a jump that runs off the board along a looped line follows the loop round the corner and carries on along the line it joins. The loop is not a cell: count the first cell past the loop as the next cell, as if the two lines met there (a 1 at the end of a looped line lands on the first cell of the line the loop joins). Every other jump must stay on the board.")
	case v.Exit:
		out = append(out, "The board's edge is its way out: a jump whose last cell lies just beyond the edge lands on the exit. No jump may cross the edge before its last cell.")
	default:
		out = append(out, "A jump may not leave the board: it must land on a cell inside it.")
	}
	kinds := map[maze.CellKind]bool{}
	for i := range b.Rows * b.Cols {
		kinds[b.Kind(i)] = true
	}
	if kinds[maze.Blocked] {
		out = append(out, "A dark cell is blocked: a jump may neither land on it nor pass over it.")
	}
	if kinds[maze.PassOver] {
		out = append(out, "A cell marked * may be jumped over but not landed on.")
	}
	if kinds[maze.Absent] && !v.Exit {
		out = append(out, "The gaps in the board are not cells: no jump lands on them or crosses them.")
	}
	if b.Walls != "" {
		walls := "No jump crosses a wall (a thick line between two cells)."
		if v.Queen {
			walls = "No jump crosses a wall (a thick line between two cells); a diagonal jump passes a corner unless walls close it on both sides."
		}
		out = append(out, walls)
	}
	if v.NoUTurn {
		out = append(out, "No U-turns: a jump may not go straight back the way the jump before it came (after a jump right, the next may not go left).")
	}
	if v.Exit {
		out = append(out, "The goal is to get off the board: reach the exit in as few jumps as you can.")
	} else {
		out = append(out, "The goal is to reach the cell marked G in as few jumps as you can.")
	}
	return out
}

// RuleLine returns the rules of board b in one short line, for a page
// whose room is a phone's first screen: what sets b apart from the plain
// maze (each rule in a few words, joined by " · "), or on the plain board
// the rule itself. Rules holds the full sentences.
func RuleLine(b maze.Board) string {
	v := b.Variant
	var parts []string
	switch {
	case v.Tiling == maze.Hex:
		parts = append(parts, "Jumps follow the hexagons' six lines")
	case v.Tiling == maze.Triangle:
		parts = append(parts, "Jumps follow rows and slanted strips")
	case v.Queen:
		parts = append(parts, "Jumps go diagonally too")
	}
	switch {
	case v.Torus:
		parts = append(parts, "Edges wrap round to the opposite side")
	case v.Loops:
		parts = append(parts, "Corner loops carry a jump round")
	case v.Exit:
		parts = append(parts, "Jump off the board onto the exit")
	}
	if v.NoUTurn {
		parts = append(parts, "No U-turns: never jump straight back")
	}
	if b.Walls != "" {
		parts = append(parts, "No jump crosses a wall")
	}
	if strings.Contains(b.Kinds, "X") {
		parts = append(parts, "Dark cells stop a jump")
	}
	if strings.Contains(b.Kinds, "*") {
		parts = append(parts, "Never land on a *")
	}
	if len(parts) == 0 {
		return "Jump exactly your cell's number; reach G"
	}
	return strings.Join(parts, " · ")
}

// directions says which ways a jump on board b may go.
func directions(b maze.Board) string {
	switch {
	case b.Variant.Tiling == maze.Hex:
		return "along one of the six lines through the hexagon: east, west, north-east, north-west, south-east or south-west (there is no straight line north or south)"
	case b.Variant.Tiling == maze.Triangle:
		return "along the row (east or west) or along one of the slanted strips of triangles (north-east, north-west, south-east or south-west)"
	case b.Variant.Queen:
		return "up, down, left, right or diagonally"
	}
	return "up, down, left or right"
}

// Notation says how a solution on board b is written: the papers' letters
// on boards of the rook's four directions, compass points on the others,
// with only the board's own directions.
func Notation(b maze.Board) string {
	dirs := b.Dirs()
	if len(dirs) == 4 && b.Variant.Tiling == maze.Square {
		return "Solutions write each move as a letter: R right, L left, U up, D down; “RDL” is a jump right, then down, then left, each as far as the number on the cell it starts from."
	}
	names := make([]string, len(dirs))
	for i, d := range dirs {
		names[i] = d.Compass()
	}
	return "Solutions write each move as a compass point, north up: " + strings.Join(names, ", ") + "; each jump goes as far as the number on the cell it starts from."
}
