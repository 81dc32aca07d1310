package render

import (
	"cmp"
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
	rules := b.On()
	edge, goal := maze.ShutEdge, maze.GoalG
	for _, r := range rules {
		edge, goal = cmp.Or(r.Edge, edge), cmp.Or(r.Goal, goal)
	}
	out := []string{"Start on the circled cell. Each number is a jump: move exactly that many cells in a straight line " + directions(b) + ".", edge}
	for _, r := range rules {
		if r.Sentences != nil {
			out = append(out, r.Sentences(b)...)
		}
	}
	return append(out, goal)
}

// RuleLine returns the rules of board b in one short line, for a page
// whose room is a phone's first screen: what sets b apart from the plain
// maze (each rule's catalogue line, joined by " · "), or on the plain
// board the rule itself. Rules holds the full sentences.
func RuleLine(b maze.Board) string {
	var parts []string
	for _, r := range b.On() {
		if l := r.Line(b); l != "" {
			parts = append(parts, l)
		}
	}
	if len(parts) == 0 {
		return maze.PlainLine
	}
	return strings.Join(parts, " · ")
}

// directions says which ways a jump on board b may go: its rules'
// (a tiling's lines, the queen's eight), or the rook's four.
func directions(b maze.Board) string {
	for _, r := range b.On() {
		if r.Directions != "" {
			return r.Directions
		}
	}
	return maze.RookDirections
}

// Notation says how a solution on board b is written: the papers' letters
// on boards of the rook's four directions, compass points on the others,
// with only the board's own directions.
func Notation(b maze.Board) string {
	dirs := b.Dirs()
	if len(dirs) == 4 { // the rook's: only a square board has four
		return "Solutions write each move as a letter: R right, L left, U up, D down; “RDL” is a jump right, then down, then left, each as far as the number on the cell it starts from."
	}
	names := make([]string, len(dirs))
	for i, d := range dirs {
		names[i] = d.Compass()
	}
	return "Solutions write each move as a compass point, north up: " + strings.Join(names, ", ") + "; each jump goes as far as the number on the cell it starts from."
}
