package design

import (
	"fmt"
	"strconv"
	"strings"

	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
)

// MaxSide is the largest number of rows or columns of a maze the
// workbench takes: each edit analyses the maze, plays its simulated
// novices and tries every single-cell change, which on 12×12 stays within
// the server's worst analysis cost (docs/design.md).
const MaxSide = 12

// CheckSize says why a board of rows × cols is not one the workbench
// takes (nil when it is).
func CheckSize(rows, cols int) error {
	if rows < 1 || cols < 1 || rows > MaxSide || cols > MaxSide {
		return fault.Invalid("", "size %dx%d: the workbench takes 1 to %d rows and columns", rows, cols, MaxSide)
	}
	return nil
}

// Answer is what the workbench shows after an edit, the same whether the
// server (POST /api/design) or the page's own engine (cmd/rjmwasm)
// computes it: the view, render's drawing of the board, what changed, the
// suggestions, the largest jump of the board and the edit in words.
type Answer struct {
	View        *View       `json:"view"`
	Board       string      `json:"board"` // render's drawing of the board, with the workbench's attributes
	Changes     []Change    `json:"changes"`
	Suggestions Suggestions `json:"suggestions"`
	JumpLimit   int         `json:"jump_limit"`
	Edit        string      `json:"edit,omitempty"` // the edit made, in words
}

// Answer makes edit e (nil: none) on m and returns the workbench's answer
// for the maze it makes, with the changes said from maze from (nil: from
// m when there is an edit, else none). An edit that cannot be made is an
// error, m unchanged.
// The suggestions keep the locked cells (row-major indices of the maze
// the edit makes: Suggest).
func (b *Bench) Answer(m *maze.Maze, e *Edit, from *maze.Maze, locked ...int) (*Answer, error) {
	return b.answer(m, e, from, true, locked)
}

// answer is Answer, the view's prediction left to come unless predict.
func (b *Bench) answer(m *maze.Maze, e *Edit, from *maze.Maze, predict bool, locked []int) (*Answer, error) {
	var said string
	if e != nil {
		after, err := Apply(m, *e)
		if err != nil {
			return nil, err
		}
		if from == nil {
			from = m
		}
		said = EditText(m, *e)
		m = after
	}
	g, err := graph.Compile(m.Board)
	if err != nil {
		return nil, err
	}
	v, err := b.view(g, m, predict)
	if err != nil {
		return nil, err
	}
	a := &Answer{View: v, Board: Board(m), Suggestions: b.suggest(g, m, predict, locked), JumpLimit: m.JumpLimit(), Changes: []Change{}, Edit: said}
	if from != nil {
		f, err := b.features(g, m, from)
		if err != nil {
			return nil, err
		}
		if ch := Compare(f, v.Features); ch != nil {
			a.Changes = ch
		}
	}
	b.remember(v)
	return a, nil
}

// EditText says edit e of maze m in words, for the page to announce.
func EditText(m *maze.Maze, e Edit) string {
	c := m.Cell(e.Cell)
	switch e.Op {
	case SetJump:
		return fmt.Sprintf("%v: jump %d → %d", c, m.Jumps[e.Cell], e.Jump)
	case MoveStart:
		return fmt.Sprintf("start moved to %v", c)
	case MoveGoal:
		return fmt.Sprintf("goal moved to %v", c)
	case SetKind:
		return fmt.Sprintf("%v made %s", c, e.Kind)
	}
	return fmt.Sprintf("wall between %v and %v toggled", c, m.Cell(e.Other))
}

// Board is render's drawing of m (the player's board, the same layout and
// scale) with the workbench's attributes: every cell a keyboard stop of
// the board's grid (one at a time: the page moves it), named by what it
// holds (CellName).
func Board(m *maze.Maze) string {
	var b strings.Builder
	render.WriteBoard(&b, m, render.BoardOptions{Attrs: func(e render.BoardElement) []render.Attr {
		switch e.Kind {
		case "board":
			return []render.Attr{{Name: "id", Value: "design-board"}, {Name: "class", Value: "board design"}, {Name: "role", Value: "group"},
				{Name: "aria-label", Value: fmt.Sprintf("Maze board, %d rows by %d columns: choose a cell, then type its jump", m.Rows, m.Cols)},
				{Name: "aria-describedby", Value: "design-keys"}}
		case "exit":
			return []render.Attr{{Name: "role", Value: "img"}, {Name: "aria-label", Value: "the exit ring, one cell beyond the edge: the goal"}}
		}
		return []render.Attr{{Name: "role", Value: "button"}, {Name: "tabindex", Value: "-1"}, {Name: "aria-label", Value: CellName(m, e.Cell)}}
	}})
	return b.String()
}

// CellName names cell i of m for a screen reader: its row and column,
// then what it holds (its jump, the goal, blocked, …) and whether it is
// the start.
func CellName(m *maze.Maze, i int) string {
	c := m.Cell(i)
	name := fmt.Sprintf("row %d, column %d, ", c.Row+1, c.Col+1)
	switch k := m.Kind(i); {
	case i == m.Goal:
		name += "goal"
	case k == maze.Absent:
		name += "not on the board"
	case k == maze.Blocked:
		name += "blocked"
	case k == maze.PassOver:
		name += "pass-over"
	default:
		name += "jump " + strconv.Itoa(m.Jumps[i])
	}
	if i == m.Start {
		name += ", start"
	}
	return name
}
