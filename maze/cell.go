package maze

import (
	"errors"
	"fmt"
	"strconv"

	"rjm/fault"
)

// Cell is a cell's position: Row and Col count from 0 at the upper-left
// corner. The papers (and every printed form) count from 1; String and the
// text and JSON forms convert.
type Cell struct {
	Row, Col int
}

// String returns the cell in the papers' 1-based form, e.g. "(2,4)", and
// "exit" for ExitCell.
func (c Cell) String() string {
	if c == ExitCell {
		return "exit"
	}
	return fmt.Sprintf("(%d,%d)", c.Row+1, c.Col+1)
}

// ParseCell parses a 1-based "r,c" pair (as the command line takes it)
// and returns the 0-based cell. It does not check the cell against a board.
func ParseCell(s string) (Cell, error) {
	var r, c int
	var rest string
	n, err := fmt.Sscanf(s, "%d,%d%s", &r, &c, &rest)
	if n != 2 {
		if errors.Is(err, strconv.ErrRange) {
			return Cell{}, fault.Invalid("", "cell %q: row or column out of range", Short(s))
		}
		return Cell{}, fault.Invalid("", "cell %q is not of the form r,c", Short(s))
	}
	if r < 1 || c < 1 {
		return Cell{}, fault.Invalid("", "cell %q: rows and columns count from 1", Short(s))
	}
	return Cell{r - 1, c - 1}, nil
}
