package web

import (
	"bytes"
	"errors"
	"math"
	"mime"
	"net/http"
	"net/url"
	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
	"rjm/store"
	"slices"
	"strconv"
	"strings"
)

// playRequest is the body of POST /api/plays.
type playRequest struct {
	Maze    string  `json:"maze"`
	Moves   string  `json:"moves"`
	Seconds float64 `json:"seconds"`
	Hints   int     `json:"hints"`
	// Undos and Restarts are the rest of the game's account (optional, 0
	// for none): the moves undone and the times the game was begun again
	// since its first move; Hard says the game was played in hard mode.
	Undos    int  `json:"undos"`
	Restarts int  `json:"restarts"`
	Hard     bool `json:"hard"`
	Rating   int  `json:"rating"`
	// Client is the play's client-made ID (optional): a play sent again
	// with it is stored once.
	Client string `json:"client"`
	// Player is the player's ID (optional): made once by the page and
	// kept on the device, the same for all its plays.
	Player string `json:"player"`
	// Token is the token issued for the maze (GET /api/token): required.
	Token string `json:"token"`
	// Ending is how a game ended that the player did not solve alone:
	// "gave_up", "shown" (the solution was shown) or "left" (the page
	// was left mid-game); "" for a game played to its end. A play with
	// an ending is stored unsolved, whatever its moves reach.
	Ending string `json:"ending"`
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
		return store.Play{}, fault.Invalid("", "seconds %v: want 0 to %d", req.Seconds, 7*24*3600)
	case req.Hints < 0 || req.Hints > MaxMoves:
		return store.Play{}, fault.Invalid("", "hints %d: want 0 to %d", req.Hints, MaxMoves)
	case req.Undos < 0 || req.Undos > MaxMoves:
		return store.Play{}, fault.Invalid("", "undos %d: want 0 to %d", req.Undos, MaxMoves)
	case req.Restarts < 0 || req.Restarts > MaxMoves:
		return store.Play{}, fault.Invalid("", "restarts %d: want 0 to %d", req.Restarts, MaxMoves)
	case req.Hard && (req.Hints > 0 || req.Undos > 0):
		return store.Play{}, fault.Invalid("", "hard mode with %d hints and %d undos: hard mode has none", req.Hints, req.Undos)
	case req.Rating < 0 || req.Rating > 5:
		return store.Play{}, fault.Invalid("", "rating %d: want 1 to 5, or 0 for none", req.Rating)
	case len(req.Moves) > 3*MaxMoves:
		return store.Play{}, fault.Invalid("moves", "at most %d", MaxMoves)
	case req.Client != "" && !validClient(req.Client):
		return store.Play{}, fault.Invalid("", "client %q: want %d to %d characters of A-Z, a-z, 0-9, _ and -", req.Client, store.MinClient, store.MaxClient)
	case req.Player != "" && !validClient(req.Player):
		return store.Play{}, fault.Invalid("", "player %q: want %d to %d characters of A-Z, a-z, 0-9, _ and -", req.Player, store.MinClient, store.MaxClient)
	case req.Ending != "" && !slices.Contains(store.Endings, req.Ending):
		return store.Play{}, fault.Invalid("", "ending %.20q: want %s, or none for a game played to its end", req.Ending, strings.Join(store.Endings, ", "))
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
		return store.Play{}, fault.Invalid("moves", "%d, at most %d", len(dirs), MaxMoves)
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
	p := store.Play{
		Maze: id, Moves: m.Notation(played), Length: rep.Moves, Solved: rep.Solved && req.Ending == "",
		Shortest: solve.Solve(g, m).GoalDepth, Seconds: req.Seconds, Hints: req.Hints, Rating: req.Rating, Client: req.Client,
		Undos: req.Undos, Restarts: req.Restarts, Hard: req.Hard,
		Player: req.Player,
		Token:  req.Token,
		Ending: req.Ending,
	}
	// A solve quicker than a person can make (difficulty.Humanly) is
	// stored, for its stats and its token, and set aside by the model.
	return p, nil
}

// validClient reports whether c is a client-made play or player ID:
// MinClient to MaxClient characters of [A-Za-z0-9_-].
func validClient(c string) bool {
	if len(c) < store.MinClient || len(c) > store.MaxClient {
		return false
	}
	for _, r := range c {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

// apiPlays stores a play: JSON only (a cross-site form cannot send it
// without the browser asking first), within the client's and its
// network's rate of plays, with a valid token for its maze (403 without;
// see token.go). A play whose client ID is stored already is answered 200
// with the first play; a new one 201; a token that recorded another play
// already 403.
func (s *server) apiPlays(w http.ResponseWriter, r *http.Request) {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "Content-Type "+strconv.Quote(r.Header.Get("Content-Type"))+": want application/json")
		return
	}
	if ok, wait := s.playRate.allow(s, r); !ok {
		retryLater(http.StatusTooManyRequests, wait, "too many plays from your address or network: try again in %d s").write(w)
		return
	}
	p, ok := decodeBody(w, r, decodePlay)
	if !ok {
		return
	}
	if p.Token == "" {
		writeError(w, http.StatusForbidden, `token: a play needs the "token" of GET /api/token?maze=ID, asked when the game starts`)
		return
	}
	key, err := s.tokens.forToken(r.Context(), s, p.Token)
	if err != nil {
		s.internal(requestID(r.Context()), err).write(w)
		return
	}
	if p.Token, err = checkToken(key, p.Token, p.Maze, s.opt.Now()); err != nil {
		writeError(w, http.StatusForbidden, err.Error())
		return
	}
	// A maze's first play computes its facts, as its client's heavy work
	// (facts.go): a flood of plays of new large mazes is held to the
	// flooder's work rate (429; the page keeps the play and sends it
	// again).
	if m, err := maze.ParseID(p.Maze); err == nil {
		if _, herr := s.describe(r, p.Maze, m); herr != nil {
			herr.write(w)
			return
		}
	}
	code := http.StatusCreated
	p, err = s.store.AddPlay(r.Context(), p)
	switch {
	case errors.Is(err, store.ErrDuplicate):
		code = http.StatusOK
	case errors.Is(err, store.ErrTokenUsed):
		writeError(w, http.StatusForbidden, "token: this token has recorded a play already; a new game asks for a new one")
		return
	case err != nil:
		s.internal(requestID(r.Context()), err).write(w)
		return
	default:
		s.playsAdded.Add(1)
	}
	writeJSON(w, code, struct {
		ID       int64 `json:"id"`
		Solved   bool  `json:"solved"`
		Moves    int   `json:"moves"`
		Shortest int   `json:"shortest"`
	}{p.ID, p.Solved, p.Length, p.Shortest})
}

func (s *server) apiStats(w http.ResponseWriter, r *http.Request) {
	_, id, ok := queryMaze(w, r.URL.Query().Get("maze"))
	if !ok {
		return
	}
	st, herr := s.statsOf(r, id) // kept, and charged (cost.go)
	if herr != nil {
		herr.write(w)
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

// hintParams are the query parameters GET /api/hint takes.
var hintParams = []string{"maze", "moves"}

// hintQuery is a decoded GET /api/hint: the maze, the moves played so far
// and the canonical key of its answer.
type hintQuery struct {
	m    *maze.Maze
	dirs []maze.Dir
	key  string
}

// decodeHint reads the query of GET /api/hint: the maze ID and the moves
// played so far, each at most once, and no other parameter.
func decodeHint(q url.Values) (hintQuery, error) {
	for k, v := range q {
		if !slices.Contains(hintParams, k) {
			return hintQuery{}, fault.Invalid("", "query parameter %.40q: want only maze and moves", k)
		}
		if len(v) > 1 {
			return hintQuery{}, fault.Invalid("", "query parameter %s given %d times: want it once", k, len(v))
		}
	}
	moves := q.Get("moves")
	if len(moves) > 3*MaxMoves {
		return hintQuery{}, fault.Invalid("moves", "at most %d", MaxMoves)
	}
	m, err := maze.ParseID(q.Get("maze"))
	if err != nil {
		return hintQuery{}, err
	}
	dirs, err := m.ParseNotation(moves)
	if err != nil {
		return hintQuery{}, err
	}
	if len(dirs) > MaxMoves {
		return hintQuery{}, fault.Invalid("moves", "%d, at most %d", len(dirs), MaxMoves)
	}
	id, err := m.ID()
	if err != nil {
		return hintQuery{}, err
	}
	played := make([]maze.Move, len(dirs))
	for i, d := range dirs {
		played[i].Dir = d
	}
	key := "/api/hint?" + url.Values{"maze": {id}, "moves": {m.Notation(played)}}.Encode()
	return hintQuery{m: m, dirs: dirs, key: key}, nil
}

// hint answers the hint for where h's moves lead.
func (h hintQuery) hint() (hintView, error) {
	res, err := solve.NextHint(graph.MustCompile(h.m.Board), h.m, h.dirs)
	if err != nil {
		return hintView{}, err
	}
	v := hintView{Distance: res.Distance}
	if res.Distance > 0 {
		v.Next = h.m.Notation([]maze.Move{res.Next})
	}
	return v, nil
}

// apiHint answers a hint, made once per maze and moves (see answers.go)
// as heavy work (bound.go): a breadth-first search, which on the largest
// boards and variants takes milliseconds. Every hint asked counts against
// the client's rate of hints, answered from the cache or not.
func (s *server) apiHint(w http.ResponseWriter, r *http.Request) {
	// Every hint asked, kept or not, well formed or not, takes a token of
	// the hints' rate, before the query is read.
	if ok, wait := s.hintRate.allow(s, r); !ok {
		s.metrics.refused.WithLabelValues("hint", "rate").Inc()
		retryLater(http.StatusTooManyRequests, wait, "too many hints from your address or network: try again in %d s").write(w)
		return
	}
	h, err := decodeHint(r.URL.Query())
	if err != nil {
		badInput(err).write(w)
		return
	}
	if s.fromCache(w, r, h.key) {
		return
	}
	s.makeCached(w, r, h.key, s.hint, immutable, false, func() ([]byte, string, *httpError) {
		v, err := h.hint()
		if err != nil {
			return nil, "", badInput(err)
		}
		var b bytes.Buffer
		if err := writeJSONTo(&b, v); err != nil {
			return nil, "", s.internal(requestID(r.Context()), err)
		}
		return b.Bytes(), jsonType, nil
	})
}
