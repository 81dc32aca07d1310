package web

import (
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"strings"

	"rjm/daily"
	"rjm/design"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
	"rjm/store"
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
	Rook     bool       `json:"rook"`              // moves written as letters run together
	Variant  string     `json:"variant,omitempty"` // the rules' names (maze.Variant.String), for the share text
	Start    int        `json:"start"`
	Goal     int        `json:"goal"`
	Shortest int        `json:"shortest"`
	Unique   bool       `json:"unique"`
	Nodes    []gameNode `json:"nodes"`
	// Solution is the engine's shortest solution (solve.Solve's, the one
	// the print key draws) as the nodes it visits after the start; empty
	// when the maze has none. Show solution and Give up draw it.
	Solution []int `json:"solution,omitempty"`
	// Discs[k][n-1] lays out the step discs of a cell of layout k
	// reached n times (render.Geometry.StepDiscs: each disc's x, y, radius, font
	// size and right bound, in the board's units); a cell reached more
	// often than the layouts go takes the last, its last disc holding
	// the further steps. DiscOf[i] is cell i's layout, omitted when every
	// cell has the first.
	Discs  [][][][5]float64 `json:"discs"`
	DiscOf []int            `json:"dl,omitempty"`
}

// maxDiscs is the number of visits whose discs StepDiscs (render) lays out
// apart; further visits join the last disc.
const maxDiscs = 3

// stepLayouts returns the game's Discs and DiscOf for board b: one layout
// for every cell, or a few (triangles pointing up and down).
func stepLayouts(b maze.Board) ([][][][5]float64, []int) {
	var layouts [][][][5]float64
	seen := map[string]int{}
	of := make([]int, b.Rows*b.Cols)
	several := false
	g := render.NewGeometry(b)
	steps := []int{0, 1, 2}
	for i := range of {
		var l [][][5]float64
		for n := 1; n <= maxDiscs; n++ {
			var ds [][5]float64
			for _, d := range g.StepDiscs(b, i, steps[:n]) {
				ds = append(ds, [5]float64{round4(d.X), round4(d.Y), round4(d.R), round4(d.Font), round4(d.Right)})
			}
			l = append(l, ds)
		}
		key := fmt.Sprint(l)
		k, ok := seen[key]
		if !ok {
			k = len(layouts)
			seen[key] = k
			layouts = append(layouts, l)
		}
		of[i] = k
		several = several || k > 0
	}
	if !several {
		of = nil
	}
	return layouts, of
}

// round4 rounds x to four decimals, enough for a drawing.
func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// gameNode is one node: its cell (row-major index), its moves, and the
// jumps of its cell's directions that the rules refuse, each with why.
type gameNode struct {
	Cell    int           `json:"c"`
	Moves   []gameMove    `json:"m,omitempty"`
	Refused []gameRefusal `json:"x,omitempty"`
}

// gameRefusal is a jump the rules refuse from a node: its compass
// direction, the cell it would land on (-1 when it would leave the
// board), and the sentence that says why, which the page shows when the
// player asks for it (a key, or a tap on that cell).
type gameRefusal struct {
	Compass string `json:"k"`
	Cell    int    `json:"c"`
	Why     string `json:"s"`
}

// compassWords names the compass directions as the page says them.
var compassWords = map[string]string{"N": "north", "S": "south", "W": "west", "E": "east",
	"NW": "north-west", "NE": "north-east", "SW": "south-west", "SE": "south-east"}

// refusals returns the jumps of j cells from cell c (node u of nd) that
// the rules refuse, each diagnosed by the board's own Jump: legal for the
// cell but not for the node is Abbott's U-turn; legal without the walls,
// a wall; legal with every cell open, a blocked (or pass-over) cell on
// the way or where it lands; else the edge (or, on a torus, a jump
// longer than its line).
func refusals(m *maze.Maze, nd *graph.Nodes, u, c, j int) []gameRefusal {
	b := m.Board
	allowed := map[maze.Dir]bool{}
	nd.Moves(u, func(mv maze.Move, _ int, _ maze.Dir) bool { allowed[mv.Dir] = true; return true })
	cellMoves := map[maze.Dir]int{}
	for _, mv := range b.Moves(nil, c, j) {
		cellMoves[mv.Dir] = mv.To
	}
	open := b
	open.Walls = ""
	clear := open
	clear.Kinds = ""
	var out []gameRefusal
	for _, d := range b.Dirs() {
		if allowed[d] {
			continue
		}
		name := "The jump " + compassWords[d.Compass()] + fmt.Sprintf(" (%d cells)", j)
		if j == 1 {
			name = "The jump " + compassWords[d.Compass()] + " (1 cell)"
		}
		r := gameRefusal{Compass: d.Compass(), Cell: -1}
		if to, ok := cellMoves[d]; ok {
			r.Cell, r.Why = to, name+" would reverse the jump before it: no U-turns on this board."
		} else if to, _, ok := open.Jump(c, d, j); ok {
			r.Cell, r.Why = to, name+" would cross a wall."
		} else if to, _, ok := clear.Jump(c, d, j); ok && to < b.Rows*b.Cols {
			r.Cell = to
			switch b.Kind(to) {
			case maze.Blocked:
				r.Why = name + " would land on a blocked cell."
			case maze.PassOver:
				r.Why = name + " would land on a pass-over cell: jumps pass over it, never land on it."
			case maze.Absent:
				r.Cell, r.Why = -1, name+" would land off the board."
			default:
				r.Why = name + " would pass over a blocked cell."
			}
		} else if b.Wraps() {
			r.Why = name + " is longer than the board: it would come back round."
		} else {
			r.Why = name + " would leave the board."
		}
		out = append(out, r)
	}
	return out
}

// gameMove is one legal move: its token in the solver's notation, its
// compass direction, the node it lands on, and how it is drawn on the
// board (render.MoveRoute: the print key's drawing of it, round a
// torus's edge, a loop or out to the exit as the key draws it).
type gameMove struct {
	Token   string       `json:"d"`
	Compass string       `json:"k"`
	To      int          `json:"t"`
	Route   render.Route `json:"r,omitempty"`
}

// newGame returns the player's view of m.
func newGame(m *maze.Maze, date string) game {
	g := graph.MustCompile(m.Board)
	s := solve.Solve(g, m)
	nd := g.Nodes(m.Jumps, m.Start, m.Goal)
	id, _ := m.ID()
	gm := game{
		ID: id, Date: date, Rows: m.Rows, Cols: m.Cols, Variant: m.Variant.String(),
		Rook:  len(m.Dirs()) == 4, // the rook's four directions, written as letters
		Start: nd.Start, Goal: nd.Goal, Shortest: s.GoalDepth, Unique: s.Unique(),
		Nodes: make([]gameNode, nd.Len()),
	}
	gm.Discs, gm.DiscOf = stepLayouts(m.Board)
	l := render.NewLayout(m.Board)
	for u := range gm.Nodes {
		gm.Nodes[u].Cell = nd.Cell(u)
		nd.Moves(u, func(mv maze.Move, v int, _ maze.Dir) bool {
			gm.Nodes[u].Moves = append(gm.Nodes[u].Moves, gameMove{
				Token: m.Notation([]maze.Move{mv}), Compass: mv.Dir.Compass(), To: v,
				Route: render.MoveRoute(m, l, nd.Cell(u), mv.Dir),
			})
			return true
		})
		// The jumps refused, from every node the player may stand on:
		// one with moves, or one a jump lands on.
		if c := nd.Cell(u); c < len(m.Jumps) && u != nd.Goal && m.Board.Open(c) && (len(gm.Nodes[u].Moves) > 0 || len(nd.Pred[u]) > 0 || u == nd.Start) {
			gm.Nodes[u].Refused = refusals(m, nd, u, c, m.Jumps[c])
		}
	}
	gm.Solution = solutionNodes(nd, s.Solution)
	return gm
}

// solutionNodes returns the nodes of nd that solution's moves visit after
// the start, each the move of the same direction landing on the same cell;
// nil when a move is not one of nd's (which Solve's moves always are).
func solutionNodes(nd *graph.Nodes, solution []maze.Move) []int {
	var out []int
	u := nd.Start
	for _, mv := range solution {
		next := -1
		nd.Moves(u, func(m maze.Move, v int, _ maze.Dir) bool {
			if m.Dir == mv.Dir && m.To == mv.To {
				next = v
				return false
			}
			return true
		})
		if next < 0 {
			return nil
		}
		out, u = append(out, next), next
	}
	return out
}

// playBoard is the player's board: render's drawing of m (the same
// cells, walls, loops, wrap-around frame and exit ring as rjm render's
// SVG), with the attributes the player adds: one keyboard stop on the
// board, and an accessible name on every cell and on the exit ring.
func playBoard(m *maze.Maze) template.HTML { return boardAs(m, "board", "board", "keys") }

// boardAs is playBoard with the board's id, class and description (the
// first visit's tiny maze is a second board on the page).
func boardAs(m *maze.Maze, id, class, describedBy string) template.HTML {
	var b strings.Builder
	render.WriteBoard(&b, m, render.BoardOptions{Attrs: func(e render.BoardElement) []render.Attr {
		switch e.Kind {
		case "board":
			label := fmt.Sprintf("Maze board, %d rows by %d columns", m.Rows, m.Cols)
			if m.Exit() >= 0 {
				label += ", inside the exit ring"
			}
			return []render.Attr{{Name: "id", Value: id}, {Name: "class", Value: class}, {Name: "role", Value: "application"},
				{Name: "tabindex", Value: "0"}, {Name: "aria-roledescription", Value: "maze board"},
				{Name: "aria-describedby", Value: describedBy}, {Name: "aria-label", Value: label}}
		case "exit":
			return []render.Attr{{Name: "role", Value: "img"}, {Name: "aria-label", Value: "the exit ring, one cell beyond the edge: the goal"}}
		}
		return []render.Attr{{Name: "role", Value: "img"}, {Name: "aria-label", Value: design.CellName(m, e.Cell)}}
	}})
	return template.HTML(b.String()) // written by render, every value escaped
}

// gameJSON returns the game as JSON for the page's data attribute.
func gameJSON(g game) string {
	b, _ := json.Marshal(g)
	return string(b)
}

// playPage is the data of the play page.
type playPage struct {
	Title      string
	ID         string
	Heading    string
	Date       string
	Keys       string   // the keys of the board's directions
	Rules      []string // the board's rules (render.Rules)
	RuleLine   string   // the same in one short line (render.RuleLine), above the board
	Difficulty string
	Variant    string
	Board      template.HTML
	Game       string // the game as JSON
	Rook       bool
	Shortest   int
	First      string // the first date of the maze of the day (daily.First)
	// Tutorial is the first visit's tiny maze (a maze of the day only):
	// its board and its game as JSON, and the rule it teaches.
	Tutorial *tutorial
}

// newPlayPage is the play page of maze m, whose game g is, for the maze
// of the day d (nil for any other maze).
func newPlayPage(m *maze.Maze, g game, d *store.Daily) playPage {
	pp := playPage{Title: "Maze " + g.ID, ID: g.ID, Heading: "Rook Jumping Maze", Variant: m.Variant.String(), Board: playBoard(m), Rook: g.Rook, Shortest: g.Shortest, Keys: keyHelp(m.Board), Rules: render.Rules(m.Board), RuleLine: render.RuleLine(m.Board)}
	if d != nil {
		pp.Title = "Rook Jumping Maze of the Day, " + d.Date
		pp.Heading, pp.Date = "Maze of the Day", d.Date
		pp.Difficulty = d.Difficulty.String()
		pp.First = daily.First
		pp.Tutorial = newTutorial(m.Board, d.Date)
	}
	pp.Game = gameJSON(g)
	return pp
}

// pageMaze is the player's page of any maze, made once per ID (see
// answers.go).
func (s *server) pageMaze(w http.ResponseWriter, r *http.Request) {
	s.mazePage(w, r, func(m *maze.Maze) ([]byte, error) {
		return s.pages.render("play.html", newPlayPage(m, newGame(m, ""), nil))
	})
}

// dirKeys names the keys the player's script takes for each direction
// (play.js's KEYS).
var dirKeys = map[maze.Dir]string{
	maze.Up: "↑ north", maze.Down: "↓ south", maze.Left: "← west", maze.Right: "→ east",
	maze.UpLeft: "7 or Home north-west", maze.UpRight: "9 or Page Up north-east",
	maze.DownLeft: "1 or End south-west", maze.DownRight: "3 or Page Down south-east",
}

// keyHelp lists the keys of board b's directions.
func keyHelp(b maze.Board) string {
	var keys []string
	for _, d := range b.Dirs() {
		keys = append(keys, dirKeys[d])
	}
	return strings.Join(keys, ", ")
}
