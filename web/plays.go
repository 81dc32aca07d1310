package web

import (
	"fmt"
	"math"
	"net/http"
	"net/url"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
	"rjm/store"
)

// playRequest is the body of POST /api/plays.
type playRequest struct {
	Maze    string  `json:"maze"`
	Moves   string  `json:"moves"`
	Seconds float64 `json:"seconds"`
	Hints   int     `json:"hints"`
	Rating  int     `json:"rating"`
}

// decodePlay reads and checks the body of POST /api/plays: the maze, the
// moves replayed on it by the rules, and the player's figures.
func decodePlay(body []byte) (store.Play, error) {
	var req playRequest
	if err := decodeJSON(body, &req); err != nil {
		return store.Play{}, err
	}
	switch {
	case req.Seconds < 0 || req.Seconds > 7*24*3600 || math.IsNaN(req.Seconds):
		return store.Play{}, fmt.Errorf("seconds %v: want 0 to %d", req.Seconds, 7*24*3600)
	case req.Hints < 0 || req.Hints > MaxMoves:
		return store.Play{}, fmt.Errorf("hints %d: want 0 to %d", req.Hints, MaxMoves)
	case req.Rating < 0 || req.Rating > 5:
		return store.Play{}, fmt.Errorf("rating %d: want 1 to 5, or 0 for none", req.Rating)
	case len(req.Moves) > 3*MaxMoves:
		return store.Play{}, fmt.Errorf("moves: at most %d", MaxMoves)
	}
	m, err := maze.ParseID(req.Maze)
	if err != nil {
		return store.Play{}, err
	}
	dirs, err := m.ParseNotation(req.Moves)
	if err != nil {
		return store.Play{}, err
	}
	if len(dirs) > MaxMoves {
		return store.Play{}, fmt.Errorf("moves: %d, at most %d", len(dirs), MaxMoves)
	}
	g := graph.MustCompile(m.Board)
	rep, err := solve.Play(g, m, dirs)
	if err != nil {
		return store.Play{}, err
	}
	id, err := m.ID()
	if err != nil {
		return store.Play{}, err
	}
	played := make([]maze.Move, len(dirs))
	for i, d := range dirs {
		played[i].Dir = d
	}
	return store.Play{
		Maze: id, Moves: m.Notation(played), Length: rep.Moves, Solved: rep.Solved,
		Shortest: solve.Solve(g, m).GoalDepth, Seconds: req.Seconds, Hints: req.Hints, Rating: req.Rating,
	}, nil
}

func (s *server) apiPlays(w http.ResponseWriter, r *http.Request) {
	p, ok := decodeBody(w, r, decodePlay)
	if !ok {
		return
	}
	p, err := s.store.AddPlay(r.Context(), p)
	if err != nil {
		s.internal(err).write(w)
		return
	}
	writeJSON(w, http.StatusCreated, struct {
		ID       int64 `json:"id"`
		Solved   bool  `json:"solved"`
		Moves    int   `json:"moves"`
		Shortest int   `json:"shortest"`
	}{p.ID, p.Solved, p.Length, p.Shortest})
}

func (s *server) apiStats(w http.ResponseWriter, r *http.Request) {
	m, err := maze.ParseID(r.URL.Query().Get("maze"))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	id, err := m.ID()
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	st, err := s.store.Stats(r.Context(), id)
	if err != nil {
		s.internal(err).write(w)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Maze string `json:"maze"`
		store.Stats
	}{id, st})
}

// hintView is the answer of GET /api/hint.
type hintView struct {
	// Distance is the fewest moves left to the goal, -1 from a black hole.
	Distance int `json:"distance"`
	// Next is a move on a shortest way, in the solver's notation ("" at
	// the goal or in a black hole).
	Next string `json:"next"`
}

// decodeHint reads the query of GET /api/hint: the maze ID and the moves
// played so far, and answers the hint for where they lead.
func decodeHint(q url.Values) (hintView, error) {
	moves := q.Get("moves")
	if len(moves) > 3*MaxMoves {
		return hintView{}, fmt.Errorf("moves: at most %d", MaxMoves)
	}
	m, err := maze.ParseID(q.Get("maze"))
	if err != nil {
		return hintView{}, err
	}
	dirs, err := m.ParseNotation(moves)
	if err != nil {
		return hintView{}, err
	}
	h, err := solve.NextHint(graph.MustCompile(m.Board), m, dirs)
	if err != nil {
		return hintView{}, err
	}
	v := hintView{Distance: h.Distance}
	if h.Distance > 0 {
		v.Next = m.Notation([]maze.Move{h.Next})
	}
	return v, nil
}

func (s *server) apiHint(w http.ResponseWriter, r *http.Request) {
	v, err := decodeHint(r.URL.Query())
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, v)
}
