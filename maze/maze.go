package maze

import (
	"fmt"
	"math/rand/v2"
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
// jump 0. Fill Jumps before use, or use Random.
func New(b Board, start, goal Cell) (*Maze, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	if !b.Contains(start) {
		return nil, fmt.Errorf("maze: start %v is off the %dx%d board", start, b.Rows, b.Cols)
	}
	if !b.Contains(goal) {
		return nil, fmt.Errorf("maze: goal %v is off the %dx%d board", goal, b.Rows, b.Cols)
	}
	if start == goal {
		return nil, fmt.Errorf("maze: start and goal are the same cell %v", start)
	}
	return &Maze{Board: b, Jumps: make([]int, b.Cells()), Start: b.Index(start), Goal: b.Index(goal)}, nil
}

// DefaultStart and DefaultGoal return the seeds' positions: the upper-left
// and the lower-right corners.
func DefaultStart(b Board) Cell { return Cell{0, 0} }

// DefaultGoal returns the lower-right corner of b (see DefaultStart).
func DefaultGoal(b Board) Cell { return Cell{b.Rows - 1, b.Cols - 1} }

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

// DeadEnds returns the non-goal cells whose jump leads off the board in
// every direction, in index order. Seed 000 forbids them in generated
// mazes; published puzzles sometimes hold them.
func (m *Maze) DeadEnds() []int {
	var dead []int
	for i, j := range m.Jumps {
		if i != m.Goal && !m.Legal(i, j) {
			dead = append(dead, i)
		}
	}
	return dead
}

// Validate checks that m is well formed: a supported board, start and
// goal on it and distinct, one jump per cell, the goal's jump 0 and every
// other jump positive. Dead ends (see DeadEnds) are allowed.
func (m *Maze) Validate() error {
	if err := m.Board.Validate(); err != nil {
		return err
	}
	n := m.Cells()
	switch {
	case len(m.Jumps) != n:
		return fmt.Errorf("maze: %d jumps for a %dx%d board, want %d", len(m.Jumps), m.Rows, m.Cols, n)
	case m.Start < 0 || m.Start >= n:
		return fmt.Errorf("maze: start index %d is off the board", m.Start)
	case m.Goal < 0 || m.Goal >= n:
		return fmt.Errorf("maze: goal index %d is off the board", m.Goal)
	case m.Start == m.Goal:
		return fmt.Errorf("maze: start and goal are the same cell %v", m.Cell(m.Start))
	case m.Jumps[m.Goal] != 0:
		return fmt.Errorf("maze: the goal %v has jump %d, want 0", m.Cell(m.Goal), m.Jumps[m.Goal])
	}
	for i, j := range m.Jumps {
		if i != m.Goal && j <= 0 {
			return fmt.Errorf("maze: cell %v has jump %d; only the goal may be 0", m.Cell(i), j)
		}
	}
	return nil
}

// ValidateStrict is Validate plus seed 000's rule that every non-goal cell
// has a legal move.
func (m *Maze) ValidateStrict() error {
	if err := m.Validate(); err != nil {
		return err
	}
	if dead := m.DeadEnds(); len(dead) > 0 {
		c := dead[0]
		return fmt.Errorf("maze: cell %v has jump %d, which leaves the board in every direction", m.Cell(c), m.Jumps[c])
	}
	return nil
}

// Randomize gives every non-goal cell a jump drawn uniformly from its
// legal jumps 1..MaxJump (seed 000, "Maze Representation") and the goal 0.
// Cells are drawn in index order, so the same rng state gives the same maze.
func (m *Maze) Randomize(rng *rand.Rand) {
	for i := range m.Jumps {
		if i == m.Goal {
			m.Jumps[i] = 0
			continue
		}
		m.Jumps[i] = 1 + rng.IntN(m.MaxJump(i))
	}
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
