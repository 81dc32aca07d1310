package design

import (
	"fmt"
	"strings"

	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
)

// CompareRequest asks for two versions of a design side by side
// (Request.Compare): two maze IDs on one board (its size and rules; the
// cells' kinds and the walls may differ).
type CompareRequest struct {
	A string `json:"a"`
	B string `json:"b"`
}

// Versions are two versions of a design side by side: each one's view
// (its prediction and level with it) and drawing, and the cells in which
// they differ (Differ), marked on both.
type Versions struct {
	A      Version  `json:"a"`
	B      Version  `json:"b"`
	Differ [][2]int `json:"differ"`
}

// Version is one of two versions compared: its view and render's drawing
// of its board as a picture (no cell a keyboard stop).
type Version struct {
	View  *View  `json:"view"`
	Board string `json:"board"`
}

// Differ returns the cells of the grid, 1-based [row, col] in row-major
// order, in which mazes a and b of one board's size differ: the cell's
// kind, an open cell's jump, the start or the goal on it in one and not
// the other, or a wall on one of its sides.
func Differ(a, b *maze.Maze) [][2]int {
	out := [][2]int{}
	wall := func(m *maze.Maze, i int) byte {
		if m.Walls == "" {
			return 0
		}
		return m.Walls[i]
	}
	for i := range a.Rows * a.Cols {
		switch {
		case a.Kind(i) != b.Kind(i),
			a.Open(i) && a.Jumps[i] != b.Jumps[i] && i != a.Goal && i != b.Goal,
			(i == a.Start) != (i == b.Start),
			(i == a.Goal) != (i == b.Goal),
			wall(a, i) != wall(b, i):
			out = append(out, a.CellJSON(i))
		}
	}
	return out
}

// DoCompare answers a request for two versions side by side
// (Request.Compare): both views with their predictions, both drawings,
// and the cells that differ. Versions on boards of another size or other
// rules are refused.
func (b *Bench) DoCompare(r CompareRequest) (*Versions, error) {
	ms, err := r.Mazes()
	if err != nil {
		return nil, err
	}
	var vs [2]Version
	for k, m := range ms {
		g, err := graph.Compile(m.Board)
		if err != nil {
			return nil, fault.In([...]string{"version A", "version B"}[k], err)
		}
		v, err := b.View(g, m)
		if err != nil {
			return nil, err
		}
		name := [...]string{"A", "B"}[k]
		vs[k] = Version{View: v, Board: picture(m, fmt.Sprintf("Version %s: %s, %s", name, boardName(m), v.Summary))}
	}
	return &Versions{A: vs[0], B: vs[1], Differ: Differ(ms[0], ms[1])}, nil
}

// Mazes returns the two versions asked for, or why they cannot be
// compared: an ID that is not a maze ID, a board the workbench does not
// take, or two boards of another size or other rules.
func (r CompareRequest) Mazes() ([2]*maze.Maze, error) {
	var ms [2]*maze.Maze
	for k, id := range []string{r.A, r.B} {
		what := [...]string{"version A", "version B"}[k]
		m, err := maze.ParseID(strings.TrimSpace(id))
		if err == nil {
			err = CheckSize(m.Rows, m.Cols)
		}
		if err != nil {
			return ms, fault.In(what, err)
		}
		ms[k] = m
	}
	a, c := ms[0], ms[1]
	if a.Rows != c.Rows || a.Cols != c.Cols || a.Variant != c.Variant {
		return ms, fault.Invalid("compare", "version A is a %s maze and version B a %s one: two versions of one design share a board's size and rules", boardName(a), boardName(c))
	}
	return ms, nil
}

// boardName is a board's size and rules as the maze ID writes them
// ("7x7", "5x5-hex").
func boardName(m *maze.Maze) string {
	name := fmt.Sprintf("%dx%d", m.Rows, m.Cols)
	if v := m.Variant.String(); v != "" {
		name += "-" + v
	}
	return name
}

// picture is render's drawing of m as one picture named label: the
// workbench's board without the cells as keyboard stops.
func picture(m *maze.Maze, label string) string {
	var s strings.Builder
	render.WriteBoard(&s, m, render.BoardOptions{Attrs: func(e render.BoardElement) []render.Attr {
		if e.Kind == "board" {
			return []render.Attr{{Name: "class", Value: "board design compare"}, {Name: "role", Value: "img"}, {Name: "aria-label", Value: label}}
		}
		return nil
	}})
	return s.String()
}
