package web

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
)

// game is what the player's script is given: the maze's nodes (cells, or
// under the no-U-turn rule cells with a direction of arrival) and every
// node's legal moves, computed by the library, so that the script holds
// no rule of its own. It carries the par, never the solution.
type game struct {
	ID       string     `json:"id"`
	Date     string     `json:"date,omitempty"`
	Rows     int        `json:"rows"`
	Cols     int        `json:"cols"`
	Rook     bool       `json:"rook"` // moves written as letters run together
	Start    int        `json:"start"`
	Goal     int        `json:"goal"`
	Shortest int        `json:"shortest"`
	Unique   bool       `json:"unique"`
	Nodes    []gameNode `json:"nodes"`
}

// gameNode is one node: its cell (row-major index) and its moves.
type gameNode struct {
	Cell  int        `json:"c"`
	Moves []gameMove `json:"m,omitempty"`
}

// gameMove is one legal move: its token in the solver's notation, its
// compass direction and the node it lands on.
type gameMove struct {
	Token   string `json:"d"`
	Compass string `json:"k"`
	To      int    `json:"t"`
}

// newGame returns the player's view of m.
func newGame(m *maze.Maze, date string) game {
	g := graph.MustCompile(m.Board)
	s := solve.Solve(g, m)
	nd := g.Nodes(m.Jumps, m.Start, m.Goal)
	id, _ := m.ID()
	gm := game{
		ID: id, Date: date, Rows: m.Rows, Cols: m.Cols,
		Rook:  m.Variant.Tiling == maze.Square && !m.Variant.Queen,
		Start: nd.Start, Goal: nd.Goal, Shortest: s.GoalDepth, Unique: s.Unique(),
		Nodes: make([]gameNode, nd.Len()),
	}
	for u := range gm.Nodes {
		gm.Nodes[u].Cell = nd.Cell(u)
		nd.Moves(u, func(mv maze.Move, v int, _ maze.Dir) bool {
			gm.Nodes[u].Moves = append(gm.Nodes[u].Moves, gameMove{
				Token: m.Notation([]maze.Move{mv}), Compass: mv.Dir.Compass(), To: v,
			})
			return true
		})
	}
	return gm
}

// board is the SVG drawing of a maze in the papers' look: a grid of
// numbers, the start circled, the goal G.
type board struct {
	// Play is set for the player's board: one keyboard stop, cells with
	// accessible names.
	Play          bool
	Width, Height int
	// Exit is the frame drawn around an exit-ring board: landing on it
	// (one cell beyond the edge) is the goal. Nil on other boards.
	Exit  *boardCell
	Cells []boardCell
	Label string
}

// boardCell is one drawn cell. X and Y are its top-left corner.
type boardCell struct {
	Key        string // "r,c", 1-based: the testability contract's data-cell
	X, Y       int
	CX, CY     int // centre
	Text       string
	Name       string // accessible name
	Start      bool
	Goal, Open bool
	Step       string // the solution's move numbers landing here (print)
	Mark       string // B for a black-hole cell, W for a white-hole cell
	Absent     bool   // not part of the board (Loyd's shapes): not drawn
	// Points is the outline of a hexagon or triangle ("" for a square,
	// drawn from X and Y); Small is set for a triangle, whose number and
	// ring are drawn smaller.
	Points string
	Small  bool
}

// cellSize is a drawn cell's side in SVG units, exitMargin the width of
// the exit ring's frame.
const (
	cellSize   = 56
	exitMargin = 24
)

// newBoard draws m. Hexagonal boards offset their even rows by half a
// cell, as the maze text does.
func newBoard(m *maze.Maze) board {
	origin := 2
	if m.Variant.Exit {
		origin += exitMargin
	}
	geo := render.NewGeometry(m.Board)
	unit := scaleOf(m.Variant.Tiling)
	w, h := int(math.Ceil(geo.Width*unit)), int(math.Ceil(geo.Height*unit))
	b := board{Width: w + 2*origin, Height: h + 2*origin}
	b.Label = fmt.Sprintf("Maze board, %d rows by %d columns", m.Rows, m.Cols)
	if m.Variant.Exit {
		b.Exit = &boardCell{Key: "exit", X: 2, Y: 2, CX: b.Width / 2, CY: 2 + exitMargin/2, Text: "EXIT", Goal: true, Open: true,
			Name: "the exit ring, one cell beyond the edge: the goal"}
		b.Label += ", inside the exit ring"
	}
	for i := range m.Rows * m.Cols {
		c := m.Cell(i)
		bc := drawnShape(geo, m.Variant.Tiling, i, float64(origin))
		bc.Key = strconv.Itoa(c.Row+1) + "," + strconv.Itoa(c.Col+1)
		bc.Start, bc.Goal, bc.Open = i == m.Start, i == m.Goal, m.Open(i)
		switch {
		case bc.Goal:
			bc.Text, bc.Name = "G", fmt.Sprintf("row %d, column %d, goal", c.Row+1, c.Col+1)
		case m.Kind(i) == maze.Absent:
			bc.Absent, bc.Name = true, fmt.Sprintf("row %d, column %d, not on the board", c.Row+1, c.Col+1)
		case !bc.Open:
			bc.Text, bc.Name = string(rune(m.Kind(i))), fmt.Sprintf("row %d, column %d, %s", c.Row+1, c.Col+1, kindName(m.Kind(i)))
		default:
			bc.Text = strconv.Itoa(m.Jumps[i])
			bc.Name = fmt.Sprintf("row %d, column %d, jump %d", c.Row+1, c.Col+1, m.Jumps[i])
		}
		if bc.Start {
			bc.Name += ", start"
		}
		b.Cells = append(b.Cells, bc)
	}
	return b
}

// triSide is a triangle's side in SVG units: larger than a square's, so
// that its number stays legible.
const triSide = 64.0

// drawnShape returns the drawn geometry of cell i, from the one geometry
// of every picture of rjm (render.NewGeometry) scaled to SVG units, for a
// drawing whose grid starts at origin: a square's corner, or a polygon's
// points, and the centre where its number goes.
func drawnShape(geo render.Geometry, t maze.Tiling, i int, origin float64) boardCell {
	unit := scaleOf(t)
	sh := geo.Shapes[i]
	cx, cy := origin+sh.Center.X*unit, origin+sh.Center.Y*unit
	bc := boardCell{CX: int(math.Round(cx)), CY: int(math.Round(cy)), Small: t == maze.Triangle}
	bc.X, bc.Y = bc.CX-cellSize/2, bc.CY-cellSize/2
	if t == maze.Square || sh.Corners == nil {
		return bc
	}
	var p strings.Builder
	for k, pt := range sh.Corners {
		if k > 0 {
			p.WriteByte(' ')
		}
		fmt.Fprintf(&p, "%.1f,%.1f", origin+pt.X*unit, origin+pt.Y*unit)
	}
	bc.Points = p.String()
	return bc
}

// scaleOf is the SVG units of one unit of render's geometry.
func scaleOf(t maze.Tiling) float64 {
	if t == maze.Triangle {
		return triSide
	}
	return cellSize
}

func kindName(k maze.CellKind) string {
	switch k {
	case maze.Blocked:
		return "blocked"
	case maze.PassOver:
		return "pass-over"
	}
	return "absent"
}

// gameJSON returns the game as JSON for the page's data attribute.
func gameJSON(g game) string {
	b, _ := json.Marshal(g)
	return string(b)
}

// withSteps returns b with each cell of solution sol marked by the move
// numbers that land on it (the start is 0), for the printed solution.
func withSteps(b board, m *maze.Maze, sol []maze.Move) board {
	cells := append([]boardCell(nil), b.Cells...)
	mark := func(i int, step int) {
		if i >= len(cells) { // the exit of an exit ring is not drawn
			return
		}
		if cells[i].Step != "" {
			cells[i].Step += ","
		}
		cells[i].Step += strconv.Itoa(step)
	}
	mark(m.Start, 0)
	for k, mv := range sol {
		mark(mv.To, k+1)
	}
	b.Cells = cells
	return b
}

// withHoles returns b with the cells of the black and white holes of
// features f marked B and W.
func withHoles(b board, m *maze.Maze, f *analysis.Features) board {
	cells := append([]boardCell(nil), b.Cells...)
	for mark, sets := range map[string][][]int{"B": f.BlackHoleSets, "W": f.WhiteHoleSets} {
		for _, set := range sets {
			for _, i := range set {
				if i < len(cells) {
					cells[i].Mark = mark
				}
			}
		}
	}
	b.Cells = cells
	return b
}
