package maze

import "fmt"

// Size limits. MinCells keeps a maze meaningful (a start and a distinct
// goal); MaxSide bounds every request so that the work it asks for is
// bounded (32×32 = 1024 cells).
const (
	MinCells = 2
	MaxSide  = 32
)

// Dir is a jump direction. The rook directions are Up, Down, Left and
// Right, written U, D, L and R in solutions (seed 001's
// "RDLRUDRLRLUDLDRRUDD").
type Dir uint8

// The rook directions, in the order the solver tries them.
const (
	Up Dir = iota
	Down
	Left
	Right
	numDirs
)

var dirLetters = [numDirs]byte{'U', 'D', 'L', 'R'}
var dirDelta = [numDirs][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

// Letter returns the direction's solution letter: U, D, L or R.
func (d Dir) Letter() byte { return dirLetters[d] }

// String returns the direction's name in lower case, as the seeds'
// footnotes spell solutions ("down, right, left, ...").
func (d Dir) String() string {
	return [...]string{"up", "down", "left", "right"}[d]
}

// Move is one jump: the direction taken and the cell it lands on.
type Move struct {
	Dir Dir
	To  int // cell index
}

// Board is the maze's grid: Rows×Cols cells, numbered row-major from 0.
// It knows where a jump lands; the jump numbers themselves belong to a Maze.
type Board struct {
	Rows, Cols int
}

// Validate reports whether the board's size is supported: at least
// MinCells cells and at most MaxSide rows and columns.
func (b Board) Validate() error {
	switch {
	case b.Rows < 1 || b.Cols < 1:
		return fmt.Errorf("maze: size %dx%d: rows and columns must be at least 1", b.Rows, b.Cols)
	case b.Rows*b.Cols < MinCells:
		return fmt.Errorf("maze: size %dx%d: a maze needs at least %d cells", b.Rows, b.Cols, MinCells)
	case b.Rows > MaxSide || b.Cols > MaxSide:
		return fmt.Errorf("maze: size %dx%d: at most %d rows and %d columns are supported", b.Rows, b.Cols, MaxSide, MaxSide)
	}
	return nil
}

// Cells returns the number of cells, Rows×Cols.
func (b Board) Cells() int { return b.Rows * b.Cols }

// Index returns the index of cell c.
func (b Board) Index(c Cell) int { return c.Row*b.Cols + c.Col }

// Cell returns the cell with index i.
func (b Board) Cell(i int) Cell { return Cell{i / b.Cols, i % b.Cols} }

// Contains reports whether c lies on the board.
func (b Board) Contains(c Cell) bool {
	return c.Row >= 0 && c.Row < b.Rows && c.Col >= 0 && c.Col < b.Cols
}

// MaxJump returns the largest jump cell i may hold: the largest distance
// from i to an edge, max(r−1, rmax−r, c−1, cmax−c) in 004's words. Every
// jump from 1 to MaxJump has at least one move; a larger jump has none.
func (b Board) MaxJump(i int) int {
	c := b.Cell(i)
	return max(c.Row, b.Rows-1-c.Row, c.Col, b.Cols-1-c.Col)
}

// Moves appends to dst the moves a jump of j from cell i allows, in
// direction order (U, D, L, R), and returns the extended slice. A jump of 0
// (the goal's) has no moves.
func (b Board) Moves(dst []Move, i, j int) []Move {
	if j <= 0 {
		return dst
	}
	c := b.Cell(i)
	for d := Dir(0); d < numDirs; d++ {
		to := Cell{c.Row + j*dirDelta[d][0], c.Col + j*dirDelta[d][1]}
		if b.Contains(to) {
			dst = append(dst, Move{d, b.Index(to)})
		}
	}
	return dst
}

// Legal reports whether a jump of j from cell i has at least one move.
func (b Board) Legal(i, j int) bool { return j >= 1 && j <= b.MaxJump(i) }
