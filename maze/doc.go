// Package maze defines Rook Jumping Mazes: the board, the cells, the jump
// numbers, the start and the goal, the rules that say where a jump lands,
// random legal mazes, and the maze's text, JSON and ID forms.
//
// A Rook Jumping Maze (as defined in Neller's assignment paper "Rook
// Jumping Maze Generation for AI Education", the assignment for short,
// section "Definitions") is a grid of jump numbers. From a cell one moves
// exactly that many cells up, down, left or right in a straight line,
// neither stopping short at an edge nor wrapping around. The goal cell's
// jump is 0. A maze is legal when every non-goal cell has at least one
// move.
//
// Cells are numbered row-major from 0 inside the library; the text, JSON
// and ID forms use the 1-based (row, column) coordinates of the assignment
// and of the paper "Rook Jumping Maze Design Considerations" (the design
// paper).
package maze
