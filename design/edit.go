package design

import (
	"fmt"
	"slices"
	"strings"

	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
)

// Op is what an Edit changes.
type Op int

// The edits a designer makes.
const (
	// SetJump gives an open cell other than the goal a jump.
	SetJump Op = iota
	// MoveStart moves the start to an open cell other than the goal.
	MoveStart
	// MoveGoal moves the goal to an open cell other than the start; the
	// cell's jump goes to the old goal, so the jumps stay the same
	// numbers. An exit-ring maze's goal is the exit, which does not move.
	MoveGoal
	// SetKind makes a grid cell open, blocked, pass-over or absent (the
	// board's layout). A cell made open gets its least legal jump; the
	// start and the goal stay open.
	SetKind
	// ToggleWall puts a wall between two neighbouring cells, or takes
	// the one there away.
	ToggleWall
)

// opNames are the Ops' names, as JSON and the page spell them.
var opNames = [...]string{"jump", "start", "goal", "kind", "wall"}

// String returns the op's name: "jump", "start", "goal", "kind" or "wall".
func (o Op) String() string {
	if o < 0 || int(o) >= len(opNames) {
		return fmt.Sprintf("Op(%d)", int(o))
	}
	return opNames[o]
}

// ParseOp returns the Op of the given name (see Op.String).
func ParseOp(s string) (Op, error) {
	if i := slices.Index(opNames[:], s); i >= 0 {
		return Op(i), nil
	}
	return 0, fault.Invalid("", "unknown edit %q (want %s)", s, strings.Join(opNames[:], ", "))
}

// Edit is one change to a maze. Cells are row-major indices of the
// board's grid (maze.Board.Index).
type Edit struct {
	Op   Op
	Cell int
	// Jump is SetJump's new jump, from 1 to the board's JumpLimit. A jump
	// with no move (a dead end) is allowed: the view shows what it does.
	Jump int
	// Kind is SetKind's new kind.
	Kind maze.CellKind
	// Other is ToggleWall's second cell, a neighbour of Cell.
	Other int
}

// Blank returns the blank maze of board b that a designer starts from:
// the default start and goal, and every other open cell's least legal
// jump (1 on the papers' boards).
func Blank(b maze.Board) (*maze.Maze, error) {
	m, err := maze.New(b, maze.DefaultStart(b), maze.DefaultGoal(b))
	if err != nil {
		return nil, err
	}
	g, err := graph.Compile(b)
	if err != nil {
		return nil, err
	}
	fillOpen(g, m)
	return m, nil
}

// fillOpen gives every open non-goal cell of m holding no jump its least
// legal jump (1 when it has none), and every other cell 0.
func fillOpen(g *graph.Graph, m *maze.Maze) {
	for i := range m.Jumps {
		switch {
		case i == m.Goal || !m.Open(i) || i == m.Exit():
			m.Jumps[i] = 0
		case m.Jumps[i] == 0:
			m.Jumps[i] = 1
			if l := g.Legal(i); len(l) > 0 {
				m.Jumps[i] = l[0]
			}
		}
	}
}

// Apply returns m with the edit e made, as a new maze (m is not
// changed), or a *fault.Error saying why the edit cannot be made.
func Apply(m *maze.Maze, e Edit) (*maze.Maze, error) {
	grid := m.Rows * m.Cols
	if e.Cell < 0 || e.Cell >= grid {
		return nil, fault.Invalid("", "cell %d is off the %dx%d board", e.Cell, m.Rows, m.Cols)
	}
	c := m.Cell(e.Cell)
	out := m.Clone()
	switch e.Op {
	case SetJump:
		switch {
		case e.Cell == m.Goal:
			return nil, fault.Invalid("", "cell %v is the goal, whose jump is always 0", c)
		case !m.Open(e.Cell):
			return nil, fault.Invalid("", "cell %v is %s and holds no jump", c, m.Kind(e.Cell))
		case e.Jump < 1 || e.Jump > m.JumpLimit():
			return nil, fault.Invalid("", "jump %d at %v: a jump on this board is from 1 to %d", e.Jump, c, m.JumpLimit())
		}
		out.Jumps[e.Cell] = e.Jump
	case MoveStart:
		switch {
		case e.Cell == m.Goal:
			return nil, fault.Invalid("", "cell %v is the goal: the start must be another cell", c)
		case !m.Open(e.Cell):
			return nil, fault.Invalid("", "cell %v is %s: the start must be an open cell", c, m.Kind(e.Cell))
		}
		out.Start = e.Cell
	case MoveGoal:
		switch {
		case m.Exit() >= 0:
			return nil, fault.Invalid("", "the goal of an exit-ring maze is the exit, which does not move")
		case e.Cell == m.Start:
			return nil, fault.Invalid("", "cell %v is the start: the goal must be another cell", c)
		case !m.Open(e.Cell):
			return nil, fault.Invalid("", "cell %v is %s: the goal must be an open cell", c, m.Kind(e.Cell))
		}
		out.Jumps[m.Goal], out.Jumps[e.Cell] = m.Jumps[e.Cell], 0
		out.Goal = e.Cell
	case SetKind:
		if e.Cell == m.Start || e.Cell == m.Goal {
			return nil, fault.Invalid("", "cell %v is the %s, which stays an open cell", c, map[bool]string{true: "start", false: "goal"}[e.Cell == m.Start])
		}
		if err := out.SetKind(c, e.Kind); err != nil {
			return nil, err
		}
		if strings.Count(out.Kinds, string(rune(maze.Open))) == grid {
			out.Kinds = ""
		}
		if e.Kind != maze.Open {
			out.Jumps[e.Cell] = 0
		}
	case ToggleWall:
		if e.Other < 0 || e.Other >= grid {
			return nil, fault.Invalid("", "cell %d is off the %dx%d board", e.Other, m.Rows, m.Cols)
		}
		if err := toggleWall(&out.Board, e.Cell, e.Other); err != nil {
			return nil, err
		}
	default:
		return nil, fault.Invalid("", "unknown edit %v", e.Op)
	}
	if e.Op == SetKind || e.Op == ToggleWall {
		// The layout changed: a cell made open takes the least jump the
		// new board allows it.
		g, err := graph.Compile(out.Board)
		if err != nil {
			return nil, err
		}
		fillOpen(g, out)
	}
	if err := out.Validate(); err != nil {
		return nil, err
	}
	return out, nil
}

// toggleWall takes the wall between cells a and c away when there is
// one, else puts one there.
func toggleWall(b *maze.Board, a, c int) error {
	pair := [2]int{min(a, c), max(a, c)}
	walls := b.WallList()
	k := slices.Index(walls, pair)
	if k < 0 {
		return b.AddWall(b.Cell(a), b.Cell(c))
	}
	b.Walls = ""
	for i, w := range walls {
		if i != k {
			if err := b.AddWall(b.Cell(w[0]), b.Cell(w[1])); err != nil {
				return err
			}
		}
	}
	return nil
}
