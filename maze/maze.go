package maze

import (
	"math/rand/v2"
	"rjm/fault"
	"slices"
)

// Maze is a Rook Jumping Maze: a board, one jump number per cell (row-major,
// the goal's jump 0), a start cell and a goal cell.
type Maze struct {
	Board
	Jumps []int
	Start int // cell index of the start
	Goal  int // cell index of the goal
}

// New returns a maze on board b with the given start and goal and every
// jump 0. Fill Jumps before use, or use Random. The start and the goal
// must be distinct open cells; on an exit-ring board the goal must be
// ExitCell.
func New(b Board, start, goal Cell) (*Maze, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	if !b.Contains(start) {
		return nil, fault.Invalid("", "start %v is off the %dx%d board", start, b.Rows, b.Cols)
	}
	if k := b.Kind(b.Index(start)); k != Open {
		return nil, fault.Invalid("", "start %v is a %s cell", start, k)
	}
	switch {
	case b.Variant.Exit && goal != ExitCell:
		return nil, fault.Invalid("", "goal %v: on an exit-ring board the goal is the exit", goal)
	case !b.Variant.Exit && !b.Contains(goal):
		return nil, fault.Invalid("", "goal %v is off the %dx%d board", goal, b.Rows, b.Cols)
	case !b.Variant.Exit && b.Kind(b.Index(goal)) != Open:
		return nil, fault.Invalid("", "goal %v is a %s cell", goal, b.Kind(b.Index(goal)))
	}
	if start == goal {
		return nil, fault.Invalid("", "start and goal are the same cell %v", start)
	}
	return &Maze{Board: b, Jumps: make([]int, b.Cells()), Start: b.Index(start), Goal: b.Index(goal)}, nil
}

// DefaultStart and DefaultGoal return the papers' positions: the upper-left
// and the lower-right corners. On a board with a shape or blocked cells
// they are the first and the last open cell in row-major order, and the
// default goal of an exit-ring board is ExitCell.
func DefaultStart(b Board) Cell {
	for i := range b.Rows * b.Cols {
		if b.Open(i) {
			return b.Cell(i)
		}
	}
	return Cell{0, 0}
}

// DefaultGoal returns the lower-right corner of b (see DefaultStart).
func DefaultGoal(b Board) Cell {
	if b.Variant.Exit {
		return ExitCell
	}
	for i := b.Rows*b.Cols - 1; i >= 0; i-- {
		if b.Open(i) {
			return b.Cell(i)
		}
	}
	return Cell{b.Rows - 1, b.Cols - 1}
}

// WithVariant returns a copy of m with the rules of v added to its board's
// (see Variant.With), validated. The exit ring cannot be added to a maze
// that has a goal cell: parse the text with ParseOptions.Variant instead.
func (m *Maze) WithVariant(v Variant) (*Maze, error) {
	u, err := m.Variant.With(v)
	if err != nil {
		return nil, err
	}
	if u.Exit && !m.Variant.Exit {
		return nil, fault.Invalid("", "the exit ring cannot be added to a maze whose goal is the cell %v", m.Cell(m.Goal))
	}
	c := m.Clone()
	c.Variant = u
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// Clone returns a deep copy of m.
func (m *Maze) Clone() *Maze {
	c := *m
	c.Jumps = slices.Clone(m.Jumps)
	return &c
}

// Equal reports whether m and o are the same maze.
func (m *Maze) Equal(o *Maze) bool {
	return m.Board == o.Board && m.Start == o.Start && m.Goal == o.Goal && slices.Equal(m.Jumps, o.Jumps)
}

// DeadEnds returns the open non-goal cells whose jump has no move (on a
// plain board: it leads off the board in every direction), in index
// order. The assignment forbids them in generated mazes; published puzzles
// sometimes hold them.
func (m *Maze) DeadEnds() []int {
	var dead []int
	for i, j := range m.Jumps {
		if i != m.Goal && m.Open(i) && !m.Legal(i, j) {
			dead = append(dead, i)
		}
	}
	return dead
}

// Validate checks that m is well formed: a supported board, start and
// goal on it, open and distinct, one jump per cell, the goal's jump 0 and
// every other open cell's jump positive; cells that are not open hold 0.
// Dead ends (see DeadEnds) are allowed.
func (m *Maze) Validate() error {
	if err := m.Board.Validate(); err != nil {
		return err
	}
	n := m.Cells()
	switch {
	case len(m.Jumps) != n:
		return fault.Invalid("", "%d jumps for a %dx%d board, want %d", len(m.Jumps), m.Rows, m.Cols, n)
	case m.Start < 0 || m.Start >= n:
		return fault.Invalid("", "start index %d is off the board", m.Start)
	case m.Goal < 0 || m.Goal >= n:
		return fault.Invalid("", "goal index %d is off the board", m.Goal)
	case m.Start == m.Goal:
		return fault.Invalid("", "start and goal are the same cell %v", m.Cell(m.Start))
	case m.Start == m.Exit():
		return fault.Invalid("", "the start cannot be the exit")
	case !m.Open(m.Start):
		return fault.Invalid("", "start %v is a %s cell", m.Cell(m.Start), m.Kind(m.Start))
	case !m.Open(m.Goal):
		return fault.Invalid("", "goal %v is a %s cell", m.Cell(m.Goal), m.Kind(m.Goal))
	case m.Variant.Exit && m.Goal != m.Exit():
		return fault.Invalid("", "goal %v: on an exit-ring board the goal is the exit", m.Cell(m.Goal))
	case m.Jumps[m.Goal] != 0:
		return fault.Invalid("", "the goal %v has jump %d, want 0", m.Cell(m.Goal), m.Jumps[m.Goal])
	}
	for i, j := range m.Jumps {
		switch {
		case !m.Open(i) && j != 0:
			return fault.Invalid("", "%s cell %v has jump %d, want none", m.Kind(i), m.Cell(i), j)
		case m.Open(i) && i != m.Goal && j <= 0:
			return fault.Invalid("", "cell %v has jump %d; only the goal may be 0", m.Cell(i), j)
		}
	}
	return nil
}

// ValidateStrict is Validate plus the assignment's rule that every non-goal
// cell has a legal move.
func (m *Maze) ValidateStrict() error {
	if err := m.Validate(); err != nil {
		return err
	}
	if dead := m.DeadEnds(); len(dead) > 0 {
		c := dead[0]
		if m.Plain() {
			return fault.Invalid("", "cell %v has jump %d, which leaves the board in every direction", m.Cell(c), m.Jumps[c])
		}
		return fault.Invalid("", "cell %v has jump %d, which has no move", m.Cell(c), m.Jumps[c])
	}
	return nil
}

// Randomize gives every open non-goal cell a jump drawn uniformly from its
// legal jumps, those with at least one move (the assignment, "Maze
// Representation"; on a plain board 1..MaxJump), and the goal and the cells
// that are not open 0. Cells are drawn in index order, so the same rng
// state gives the same maze. An open cell with no legal jump (see
// Board.Stuck) gets jump 1 and stays a dead end.
func (m *Maze) Randomize(rng *rand.Rand) {
	if m.Plain() {
		for i := range m.Jumps {
			if i == m.Goal {
				m.Jumps[i] = 0
				continue
			}
			m.Jumps[i] = 1 + rng.IntN(m.MaxJump(i))
		}
		return
	}
	var legal []int
	for i := range m.Jumps {
		if i == m.Goal || !m.Open(i) || i == m.Exit() {
			m.Jumps[i] = 0
			continue
		}
		legal = m.LegalJumps(legal[:0], i)
		if len(legal) == 0 {
			m.Jumps[i] = 1
			continue
		}
		m.Jumps[i] = legal[rng.IntN(len(legal))]
	}
}

// Stuck returns the open cells other than goal (a cell index, or -1) that
// have no legal jump at all: no maze on b that keeps them non-goal is
// legal in the assignment's sense. A plain board has none.
func (b Board) Stuck(goal int) []int {
	if b.Plain() {
		return nil
	}
	var out []int
	for i := range b.Rows * b.Cols {
		if i != goal && b.Open(i) && b.MaxJump(i) == 0 {
			out = append(out, i)
		}
	}
	return out
}

// Random returns a random legal maze on b with the given start and goal
// (see Randomize).
func Random(b Board, start, goal Cell, rng *rand.Rand) (*Maze, error) {
	m, err := New(b, start, goal)
	if err != nil {
		return nil, err
	}
	m.Randomize(rng)
	return m, nil
}
