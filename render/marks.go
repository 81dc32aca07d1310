package render

import (
	"strconv"
	"strings"

	"rjm/analysis"
	"rjm/maze"
)

// Marks are what a drawing may show on a cell besides its number: the
// moves of the shortest solution that land on it and the hole it lies
// in. Every picture and the web player's board take them from here.
type Marks struct {
	// Steps[i] lists the moves of the solution that land on cell i, in
	// order, the start counting as move 0; the exit of an exit-ring board
	// has none, being beyond the board.
	Steps [][]int
	// Holes[i] is 'B' when cell i is in a black hole, 'W' when it is in a
	// white hole, and 0 otherwise.
	Holes []byte
}

// NewMarks returns the marks of maze m with features f.
func NewMarks(m *maze.Maze, f *analysis.Features) Marks {
	n := m.Rows * m.Cols
	mk := Marks{Steps: make([][]int, n), Holes: make([]byte, n+1)}
	for k, i := range f.SolutionCells {
		if i < n {
			mk.Steps[i] = append(mk.Steps[i], k)
		}
	}
	for k, sets := range [][][]int{f.BlackHoleSets, f.WhiteHoleSets} {
		for _, h := range sets {
			for _, i := range h {
				mk.Holes[i] = "BW"[k]
			}
		}
	}
	return mk
}

// Step returns the moves landing on cell i as they are written on it,
// joined by "/" ("" for none).
func (mk Marks) Step(i int) string {
	if i >= len(mk.Steps) || mk.Steps[i] == nil {
		return ""
	}
	s := make([]string, len(mk.Steps[i]))
	for k, v := range mk.Steps[i] {
		s[k] = strconv.Itoa(v)
	}
	return strings.Join(s, "/")
}
