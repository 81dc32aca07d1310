package web

import (
	"fmt"
	"html/template"
	"net/http"
	"strings"

	"rjm/analysis"
	"rjm/design"
	"rjm/fault"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
)

// MaxDesignSide is the largest number of rows or columns of a maze the
// workbench (POST /api/design) takes: each edit analyses the maze, plays
// its simulated novices and tries every single-cell change, which on
// 12×12 stays under WorstWork (docs/design.md).
const MaxDesignSide = 12

// designRequest is the body of POST /api/design: a maze (any form
// maze.Read reads, or a seeded ID, generated) or a blank board, and
// optionally an edit to make and the maze to say the changes from.
type designRequest struct {
	Maze  string       `json:"maze,omitempty"`
	Blank *designBlank `json:"blank,omitempty"`
	// Random is a maze to generate, as POST /api/generate's body asks
	// for one (one recipe: generate.Settings).
	Random *generateRequest `json:"random,omitempty"`
	Edit   *designEdit      `json:"edit,omitempty"`
	// From is a maze ID whose features the changes are said from (an
	// undo says what the undone edit changed back); with an edit and no
	// From, the changes are from the maze before the edit.
	From string `json:"from,omitempty"`
}

// designBlank is a blank board: its size and rules.
type designBlank struct {
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	Variant string `json:"variant,omitempty"`
}

// designEdit is an edit (design.Edit) with its cells as 1-based [row,
// col] pairs and its op and kind by name.
type designEdit struct {
	Op    string `json:"op"`
	Cell  [2]int `json:"cell"`
	Jump  int    `json:"jump,omitempty"`
	Kind  string `json:"kind,omitempty"`
	Other [2]int `json:"other,omitzero"`
}

// designAnswer is the answer of POST /api/design.
type designAnswer struct {
	View        *design.View       `json:"view"`
	Board       string             `json:"board"` // render's drawing of the board, with the workbench's attributes
	Changes     []design.Change    `json:"changes"`
	Suggestions design.Suggestions `json:"suggestions"`
	JumpLimit   int                `json:"jump_limit"`
	Edit        string             `json:"edit,omitempty"` // the edit made, in words
}

// designInput is a decoded request: the maze (or the spec of a seeded
// ID to generate), the edit, and the maze the changes are from.
type designInput struct {
	maze *maze.Maze
	spec *generate.Spec
	edit *design.Edit
	// cell and other are the edit's cells as given, made indices once
	// the maze is known.
	cell, other [2]int
	from        *maze.Maze
}

// decodeDesign reads a POST /api/design body.
func decodeDesign(body []byte) (designInput, error) {
	var req designRequest
	var in designInput
	if err := decodeJSON(body, &req); err != nil {
		return in, err
	}
	given := 0
	for _, b := range []bool{req.Maze != "", req.Blank != nil, req.Random != nil} {
		if b {
			given++
		}
	}
	switch {
	case given != 1:
		return in, fault.Invalid("body", "give one of maze (an ID, a seeded ID or maze text), blank ({rows, cols, variant}) and random ({rows, cols, variant, seed})")
	case req.Random != nil:
		spec, err := req.Random.spec()
		if err == nil {
			err = checkDesignSize(spec.Rows, spec.Cols)
		}
		if err != nil {
			return in, fault.In("random", err)
		}
		in.spec = &spec
	case req.Blank != nil:
		v, err := maze.ParseVariant(req.Blank.Variant)
		if err != nil {
			return in, fault.In("blank", err)
		}
		b := maze.Board{Rows: req.Blank.Rows, Cols: req.Blank.Cols, Variant: v}
		if err := checkDesignSize(b.Rows, b.Cols); err != nil {
			return in, fault.In("blank", err)
		}
		if in.maze, err = design.Blank(b); err != nil {
			return in, fault.In("blank", err)
		}
	default:
		m, spec, err := decodeAnalyze([]byte(req.Maze))
		if err != nil {
			return in, fault.In("maze", err)
		}
		if spec != nil {
			in.spec = spec
		} else {
			in.maze = m
			if err := checkDesignSize(m.Rows, m.Cols); err != nil {
				return in, fault.In("maze", err)
			}
			if _, err := m.ID(); err != nil {
				return in, fault.In("maze", err)
			}
		}
	}
	if req.From != "" {
		m, err := maze.ParseID(req.From)
		if err != nil {
			return in, fault.In("from", err)
		}
		if err := checkDesignSize(m.Rows, m.Cols); err != nil {
			return in, fault.In("from", err)
		}
		in.from = m
	}
	if req.Edit != nil {
		e, err := req.Edit.edit()
		if err != nil {
			return in, fault.In("edit", err)
		}
		in.edit, in.cell, in.other = &e, req.Edit.Cell, req.Edit.Other
	}
	return in, nil
}

func checkDesignSize(rows, cols int) error {
	if rows < 1 || cols < 1 || rows > MaxDesignSide || cols > MaxDesignSide {
		return fault.Invalid("", "size %dx%d: the workbench takes 1 to %d rows and columns", rows, cols, MaxDesignSide)
	}
	return nil
}

// edit returns the edit without its cells, which become indices once
// the maze is known (cellIndex).
func (e designEdit) edit() (design.Edit, error) {
	op, err := design.ParseOp(e.Op)
	if err != nil {
		return design.Edit{}, err
	}
	out := design.Edit{Op: op, Jump: e.Jump}
	if op == design.SetKind {
		k, ok := map[string]maze.CellKind{"open": maze.Open, "blocked": maze.Blocked, "pass-over": maze.PassOver, "absent": maze.Absent}[e.Kind]
		if !ok {
			return out, fault.Invalid("", "kind %q: want open, blocked, pass-over or absent", e.Kind)
		}
		out.Kind = k
	}
	return out, nil
}

// cellIndex returns the index of the 1-based cell c of board b.
func cellIndex(b maze.Board, c [2]int, what string) (int, error) {
	cell := maze.Cell{Row: c[0] - 1, Col: c[1] - 1}
	if !b.Contains(cell) {
		return 0, fault.Invalid("edit", "%s [%d, %d] is off the %dx%d board", what, c[0], c[1], b.Rows, b.Cols)
	}
	return b.Index(cell), nil
}

func (s *server) apiDesign(w http.ResponseWriter, r *http.Request) {
	in, ok := decodeBody(w, r, decodeDesign)
	if !ok {
		return
	}
	if in.spec != nil {
		if err := checkDesignSize(in.spec.Rows, in.spec.Cols); err != nil {
			badInput(fault.In("maze", err)).write(w)
			return
		}
		res, herr := s.generate(r, *in.spec)
		if herr != nil {
			herr.write(w)
			return
		}
		in.maze = res.Maze
	}
	m, from := in.maze, in.from
	var said string
	if in.edit != nil {
		e := *in.edit
		var err error
		if e.Cell, err = cellIndex(m.Board, in.cell, "cell"); err == nil && e.Op == design.ToggleWall {
			e.Other, err = cellIndex(m.Board, in.other, "other cell")
		}
		var after *maze.Maze
		if err == nil {
			after, err = design.Apply(m, e)
			err = fault.In("edit", err)
		}
		if err != nil {
			badInput(err).write(w)
			return
		}
		if from == nil {
			from = m
		}
		said = editText(m, e)
		m = after
	}
	var a designAnswer
	var err error
	if _, herr := s.heavy(r, s.analysis, func() { a, err = s.designView(m, from) }); herr != nil {
		herr.write(w)
		return
	}
	if err != nil {
		badInput(err).write(w)
		return
	}
	a.Edit = said
	writeJSON(w, http.StatusOK, a)
}

// designView is the workbench's answer for maze m, the changes said from
// maze from (none when nil).
func (s *server) designView(m, from *maze.Maze) (designAnswer, error) {
	g, err := graph.Compile(m.Board)
	if err != nil {
		return designAnswer{}, err
	}
	v, err := s.bench.View(g, m)
	if err != nil {
		return designAnswer{}, err
	}
	a := designAnswer{View: v, Board: designBoard(m), Suggestions: s.bench.Suggest(g, m), JumpLimit: m.JumpLimit(), Changes: []design.Change{}}
	if from != nil {
		gf, err := graph.Compile(from.Board)
		if err != nil {
			return a, err
		}
		if ch := design.Compare(analysis.Analyze(gf, from), v.Features); ch != nil {
			a.Changes = ch
		}
	}
	return a, nil
}

// editText says edit e of maze m in words, for the page to announce.
func editText(m *maze.Maze, e design.Edit) string {
	c := m.Cell(e.Cell)
	switch e.Op {
	case design.SetJump:
		return fmt.Sprintf("%v: jump %d → %d", c, m.Jumps[e.Cell], e.Jump)
	case design.MoveStart:
		return fmt.Sprintf("start moved to %v", c)
	case design.MoveGoal:
		return fmt.Sprintf("goal moved to %v", c)
	case design.SetKind:
		return fmt.Sprintf("%v made %s", c, e.Kind)
	}
	return fmt.Sprintf("wall between %v and %v toggled", c, m.Cell(e.Other))
}

// designBoard is render's drawing of m (the player's board, the same
// layout and scale) with the workbench's attributes: every cell a
// keyboard stop of the board's grid (one at a time: the page moves it),
// named by what it holds.
func designBoard(m *maze.Maze) string {
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
		return []render.Attr{{Name: "role", Value: "button"}, {Name: "tabindex", Value: "-1"}, {Name: "aria-label", Value: cellName(m, e.Cell)}}
	}})
	return b.String()
}

// designPage is the data of /design.
type designPage struct {
	Title    string
	Variants [][2]string
	MaxSide  int
	// Board is a first drawing (a blank 5×5) so that the page has a
	// board before its script asks for the maze.
	Board template.HTML
}

func (s *server) pageDesign(w http.ResponseWriter, r *http.Request) {
	blank, _ := design.Blank(maze.Board{Rows: 5, Cols: 5})
	s.writePage(w, http.StatusOK, "design.html", designPage{Title: "Design a maze", Variants: maze.VariantNames, MaxSide: MaxDesignSide,
		Board: template.HTML(designBoard(blank))}) // written by render, every value escaped
}
