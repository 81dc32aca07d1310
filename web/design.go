package web

import (
	"html/template"
	"net/http"

	"rjm/design"
	"rjm/fault"
	"rjm/generate"
	"rjm/maze"
)

// MaxDesignSide is the largest number of rows or columns of a maze the
// workbench (POST /api/design) takes (design.MaxSide).
const MaxDesignSide = design.MaxSide

// designRequest is the body of POST /api/design: design.Request, whose
// maze may also be a seeded ID (generated first), or a random maze.
type designRequest struct {
	Maze  string             `json:"maze,omitempty"`
	Blank *design.BlankBoard `json:"blank,omitempty"`
	// Random is a maze to generate, as POST /api/generate's body asks
	// for one (one recipe: generate.Settings).
	Random *generateRequest    `json:"random,omitempty"`
	Edit   *design.EditRequest `json:"edit,omitempty"`
	From   string              `json:"from,omitempty"`
	// Compare, alone, asks for two versions side by side
	// (design.Bench.DoCompare).
	Compare *design.CompareRequest `json:"compare,omitempty"`
	// Locked are the cells no suggestion changes (design.Request's).
	Locked [][2]int `json:"locked,omitempty"`
}

// designInput is a decoded request: the maze (or the spec of a seeded
// ID to generate), the edit, and the maze the changes are from.
type designInput struct {
	maze *maze.Maze
	spec *generate.Spec
	edit *design.Edit
	// req is the edit as given, whose cells become indices once the maze
	// is known.
	req  design.EditRequest
	from *maze.Maze
	// compare is two versions to show side by side, checked.
	compare *design.CompareRequest
	// locked are the locked cells as given, which become indices once
	// the maze is known.
	locked [][2]int
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
	case req.Compare != nil:
		if given != 0 || req.Edit != nil || req.From != "" {
			return in, fault.Invalid("body", "compare comes alone: {\"compare\": {\"a\": ID, \"b\": ID}}")
		}
		if _, err := req.Compare.Mazes(); err != nil {
			return in, err
		}
		in.compare = req.Compare
		return in, nil
	case given != 1:
		return in, fault.Invalid("body", "give one of maze (an ID, a seeded ID or maze text), blank ({rows, cols, variant}) and random ({rows, cols, variant, seed})")
	case req.Random != nil:
		spec, err := req.Random.spec()
		if err == nil {
			err = design.CheckSize(spec.Rows, spec.Cols)
		}
		if err != nil {
			return in, fault.In("random", err)
		}
		in.spec = &spec
	case req.Blank != nil:
		var err error
		if in.maze, err = req.Blank.Maze(); err != nil {
			return in, err
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
			if err := design.CheckSize(m.Rows, m.Cols); err != nil {
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
		if err := design.CheckSize(m.Rows, m.Cols); err != nil {
			return in, fault.In("from", err)
		}
		in.from = m
	}
	if req.Edit != nil {
		e, err := req.Edit.Check()
		if err != nil {
			return in, err
		}
		in.edit, in.req = &e, *req.Edit
	}
	if len(req.Locked) > design.MaxLocked {
		return in, fault.Invalid("locked", "%d cells: at most %d", len(req.Locked), design.MaxLocked)
	}
	in.locked = req.Locked
	return in, nil
}

func (s *server) apiDesign(w http.ResponseWriter, r *http.Request) {
	in, ok := decodeBody(w, r, decodeDesign)
	if !ok {
		return
	}
	if in.compare != nil {
		var v *design.Versions
		var err error
		if _, herr := s.heavy(r, s.analysis, func() { v, err = s.bench.DoCompare(*in.compare) }); herr != nil {
			herr.write(w)
			return
		}
		if err != nil {
			badInput(err).write(w)
			return
		}
		writeJSON(w, http.StatusOK, v)
		return
	}
	if in.spec != nil {
		if err := design.CheckSize(in.spec.Rows, in.spec.Cols); err != nil {
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
	var e *design.Edit
	if in.edit != nil {
		on, err := in.req.On(in.maze.Board, *in.edit)
		if err == nil {
			_, err = design.Apply(in.maze, on) // refused before the analysis's slot is taken
			err = fault.In("edit", err)
		}
		if err != nil {
			badInput(err).write(w)
			return
		}
		e = &on
	}
	locked, err := design.LockedCells(in.maze.Board, in.locked)
	if err != nil {
		badInput(err).write(w)
		return
	}
	var a *design.Answer
	if _, herr := s.heavy(r, s.analysis, func() { a, err = s.bench.Answer(in.maze, e, in.from, locked...) }); herr != nil {
		herr.write(w)
		return
	}
	if err != nil {
		badInput(err).write(w)
		return
	}
	writeJSON(w, http.StatusOK, a)
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
	s.opt.Wasm.want() // the engine, built when first needed (wasm.go)
	blank, _ := design.Blank(maze.Board{Rows: 5, Cols: 5})
	s.writePage(w, http.StatusOK, "design.html", designPage{Title: "Design a maze", Variants: maze.VariantNames, MaxSide: MaxDesignSide,
		Board: template.HTML(design.Board(blank))}) // written by render, every value escaped
}
