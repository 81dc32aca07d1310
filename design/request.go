package design

import (
	"context"
	"errors"

	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
)

// Request is what a page asks the workbench, as JSON: a maze (a maze ID
// or maze text: any form maze.Read reads) or a blank board, and
// optionally an edit to make and the maze to say the changes from. The
// server's POST /api/design takes it with more (a random maze, a seeded
// ID), which need the generator; the page's own engine (cmd/rjmwasm)
// takes it as it is.
type Request struct {
	Maze  string       `json:"maze,omitempty"`
	Blank *BlankBoard  `json:"blank,omitempty"`
	Edit  *EditRequest `json:"edit,omitempty"`
	// From is a maze ID whose features the changes are said from (an
	// undo says what the undone edit changed back); with an edit and no
	// From, the changes are from the maze before the edit.
	From string `json:"from,omitempty"`
	// Later leaves the view's prediction to come (View.Pending), to be
	// asked for with Predict: the page's engine shows the figures first,
	// the prediction (most of a view's work) after.
	Later bool `json:"later,omitempty"`
	// Predict, alone, asks for the prediction of this maze ID (Predicted).
	Predict string `json:"predict,omitempty"`
	// Improve, alone, asks for a run of "improve the rest" (DoImprove).
	Improve *ImproveRequest `json:"improve,omitempty"`
	// Book, alone, asks whether a maze can join a book list
	// (CheckBookEntry).
	Book *BookEntry `json:"book,omitempty"`
	// Compare, alone, asks for two versions side by side (DoCompare).
	Compare *CompareRequest `json:"compare,omitempty"`
	// Locked are the cells the designer keeps, as 1-based [row, col]
	// pairs of the maze answered (after the edit; of Predict's maze):
	// no suggestion changes them (Suggest). The edit itself may.
	Locked [][2]int `json:"locked,omitempty"`
}

// MaxLocked is the most locked cells a request may carry: every cell of
// the largest board.
const MaxLocked = MaxSide * MaxSide

// LockedCells returns locked, 1-based [row, col] pairs, as the row-major
// indices of board b's cells, or why they are not b's cells.
func LockedCells(b maze.Board, locked [][2]int) ([]int, error) {
	if len(locked) > MaxLocked {
		return nil, fault.Invalid("locked", "%d cells: at most %d", len(locked), MaxLocked)
	}
	out := make([]int, 0, len(locked))
	for _, c := range locked {
		cell := maze.Cell{Row: c[0] - 1, Col: c[1] - 1}
		if !b.Contains(cell) {
			return nil, fault.Invalid("locked", "cell [%d, %d] is off the %dx%d board", c[0], c[1], b.Rows, b.Cols)
		}
		out = append(out, b.Index(cell))
	}
	return out, nil
}

// ImproveRequest is one run of Improve on a maze ID, as the page's engine
// asks for it, a chunk at a time: its locked cells as 1-based [row, col]
// pairs, and the search's settings (Improve's, the temperature to go on
// from in T0).
type ImproveRequest struct {
	Maze   string   `json:"maze"`
	Locked [][2]int `json:"locked,omitempty"`
	Seed   uint64   `json:"seed"`
	Steps  int      `json:"steps"`
	T0     float64  `json:"t0,omitempty"`
	Decay  float64  `json:"decay,omitempty"`
}

// ImproveAnswer is a run's outcome: the best maze's ID and energy, the
// maze the search stopped at and its temperature, and the steps made.
type ImproveAnswer struct {
	Best   string  `json:"best"`
	Energy float64 `json:"energy"`
	Last   string  `json:"last"`
	T      float64 `json:"t"`
	Steps  int     `json:"steps"`
}

// DoImprove answers an improve request (Request.Improve).
func (b *Bench) DoImprove(ctx context.Context, r ImproveRequest) (*ImproveAnswer, error) {
	m, err := maze.ParseID(r.Maze)
	if err == nil {
		err = CheckSize(m.Rows, m.Cols)
	}
	if err != nil {
		return nil, fault.In("improve", err)
	}
	if r.Steps < 1 || r.Steps > MaxImproveSteps {
		return nil, fault.Invalid("improve", "steps %d: from 1 to %d", r.Steps, MaxImproveSteps)
	}
	s := Improve{Seed: r.Seed, Steps: r.Steps, T0: r.T0, Decay: r.Decay}
	if s.Locked, err = LockedCells(m.Board, r.Locked); err != nil {
		return nil, fault.In("improve", err)
	}
	res, err := s.Run(ctx, m, nil)
	if err != nil {
		return nil, fault.In("improve", err)
	}
	best, err := res.Best.ID()
	if err != nil {
		return nil, err
	}
	last, err := res.Last.ID()
	if err != nil {
		return nil, err
	}
	return &ImproveAnswer{Best: best, Energy: res.Energy, Last: last, T: res.T, Steps: res.Steps}, nil
}

// BlankBoard is a blank board: its size and rules.
type BlankBoard struct {
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	Variant string `json:"variant,omitempty"`
}

// Maze returns the blank maze of the board (Blank), or why not.
func (bb BlankBoard) Maze() (*maze.Maze, error) {
	v, err := maze.ParseVariant(bb.Variant)
	if err != nil {
		return nil, fault.In("blank", err)
	}
	b := maze.Board{Rows: bb.Rows, Cols: bb.Cols, Variant: v}
	if err := CheckSize(b.Rows, b.Cols); err != nil {
		return nil, fault.In("blank", err)
	}
	m, err := Blank(b)
	if err != nil {
		return nil, fault.In("blank", err)
	}
	return m, nil
}

// EditRequest is an edit (Edit) with its cells as 1-based [row, col]
// pairs and its op and kind by name.
type EditRequest struct {
	Op    string `json:"op"`
	Cell  [2]int `json:"cell"`
	Jump  int    `json:"jump,omitempty"`
	Kind  string `json:"kind,omitempty"`
	Other [2]int `json:"other,omitzero"`
}

// Check returns the edit without its cells, which become indices once
// the maze is known (On), or why it is not an edit.
func (r EditRequest) Check() (Edit, error) {
	op, err := ParseOp(r.Op)
	if err != nil {
		return Edit{}, fault.In("edit", err)
	}
	out := Edit{Op: op, Jump: r.Jump}
	if op == SetKind {
		k, ok := map[string]maze.CellKind{"open": maze.Open, "blocked": maze.Blocked, "pass-over": maze.PassOver, "absent": maze.Absent}[r.Kind]
		if !ok {
			return out, fault.Invalid("edit", "kind %q: want open, blocked, pass-over or absent", r.Kind)
		}
		out.Kind = k
	}
	return out, nil
}

// On returns the checked edit e (Check) with the request's cells made
// indices of board b, or why they are not b's cells.
func (r EditRequest) On(b maze.Board, e Edit) (Edit, error) {
	var err error
	if e.Cell, err = cellIndex(b, r.Cell, "cell"); err == nil && e.Op == ToggleWall {
		e.Other, err = cellIndex(b, r.Other, "other cell")
	}
	return e, err
}

// cellIndex returns the index of the 1-based cell c of board b.
func cellIndex(b maze.Board, c [2]int, what string) (int, error) {
	cell := maze.Cell{Row: c[0] - 1, Col: c[1] - 1}
	if !b.Contains(cell) {
		return 0, fault.Invalid("edit", "%s [%d, %d] is off the %dx%d board", what, c[0], c[1], b.Rows, b.Cols)
	}
	return b.Index(cell), nil
}

// ErrNeedsServer is returned by Bench.Do for a request only the server
// answers: a seeded ID, which is generated first.
var ErrNeedsServer = errors.New("a seeded ID is generated by the server")

// Do answers request r (see Answer). A maze that is a seeded ID is
// ErrNeedsServer; every other bad request is a fault.Error naming what
// is wrong, in the server's words.
func (b *Bench) Do(r Request) (*Answer, error) {
	var m *maze.Maze
	var err error
	switch {
	case r.Predict != "":
		return nil, fault.Invalid("predict", "a prediction is asked for with Bench.DoPredict")
	case (r.Maze != "") == (r.Blank != nil):
		return nil, fault.Invalid("body", "give one of maze (an ID, a seeded ID or maze text), blank ({rows, cols, variant}) and random ({rows, cols, variant, seed})")
	case r.Blank != nil:
		if m, err = r.Blank.Maze(); err != nil {
			return nil, err
		}
	default:
		m, _, err = maze.Read([]byte(r.Maze), maze.ParseOptions{})
		if errors.Is(err, maze.ErrSeededID) {
			return nil, ErrNeedsServer
		}
		if err == nil {
			err = CheckSize(m.Rows, m.Cols)
		}
		if err == nil {
			_, err = m.ID()
		}
		if err != nil {
			return nil, fault.In("maze", err)
		}
	}
	var from *maze.Maze
	if r.From != "" {
		if from, err = maze.ParseID(r.From); err == nil {
			err = CheckSize(from.Rows, from.Cols)
		}
		if err != nil {
			return nil, fault.In("from", err)
		}
	}
	var e *Edit
	if r.Edit != nil {
		ed, err := r.Edit.Check()
		if err == nil {
			ed, err = r.Edit.On(m.Board, ed)
		}
		if err != nil {
			return nil, err
		}
		e = &ed
	}
	locked, err := LockedCells(m.Board, r.Locked)
	if err != nil {
		return nil, err
	}
	return b.answer(m, e, from, !r.Later, locked)
}

// DoPredict answers a request for a maze's prediction (Request.Predict).
func (b *Bench) DoPredict(r Request) (*Predicted, error) {
	m, err := maze.ParseID(r.Predict)
	if err == nil {
		err = CheckSize(m.Rows, m.Cols)
	}
	var g *graph.Graph
	if err == nil {
		g, err = graph.Compile(m.Board)
	}
	if err != nil {
		return nil, fault.In("predict", err)
	}
	locked, err := LockedCells(m.Board, r.Locked)
	if err != nil {
		return nil, err
	}
	return b.Predict(g, m, locked...)
}
