package web

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"rjm/analysis"
	"rjm/daily"
	"rjm/generate"
	"rjm/graph"
	"rjm/internal/buildinfo"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
	"rjm/store"
)

func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": buildinfo.Version()})
}

// dailyView is the answer of GET /api/daily: the maze without its
// solution.
type dailyView struct {
	Date string `json:"date"`
	render.Head
	Shortest   int    `json:"shortest"`
	Difficulty string `json:"difficulty"`
}

// dateParam returns the date asked for: ?date=YYYY-MM-DD, or today.
func (s *server) dateParam(r *http.Request) (time.Time, error) {
	q := r.URL.Query().Get("date")
	if q == "" {
		return s.sched.Today(), nil
	}
	return daily.ParseDate(q)
}

// day returns the date's maze of the day, from the cache or the schedule.
// Its error carries the status to answer.
func (s *server) day(ctx context.Context, date time.Time) (*day, *httpError) {
	key := date.Format(daily.DateLayout)
	if d, ok := s.days.get(key); ok {
		// A cached date is shown already, so not in the future: but the
		// clock may have been asked before midnight; check again.
		if !date.After(s.sched.Today()) {
			return d, nil
		}
	}
	st, err := s.sched.Get(ctx, date)
	switch {
	case errors.Is(err, daily.ErrFuture), errors.Is(err, daily.ErrBeforeFirst):
		return nil, &httpError{code: http.StatusNotFound, msg: strings.TrimPrefix(err.Error(), "daily: ")}
	case err != nil:
		return nil, s.internal(err)
	}
	m, err := maze.ParseID(st.Maze)
	if err != nil {
		return nil, s.internal(fmt.Errorf("stored maze of %s: %w", key, err))
	}
	d, err := newDay(s.pages, st, m)
	if err != nil {
		return nil, s.internal(err)
	}
	s.days.put(key, d)
	return d, nil
}

func (s *server) apiDaily(w http.ResponseWriter, r *http.Request) {
	date, err := s.dateParam(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), "daily: "))
		return
	}
	d, herr := s.day(r.Context(), date)
	if herr != nil {
		herr.write(w)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(d.json)
}

func (s *server) apiMaze(w http.ResponseWriter, r *http.Request) {
	m, err := maze.ParseID(r.PathValue("id"))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeAnalysis(w, m)
}

// writeAnalysis answers what "rjm analyze --json" prints for m.
func writeAnalysis(w http.ResponseWriter, m *maze.Maze) {
	g := graph.MustCompile(m.Board) // a parsed maze's board is valid
	writeJSON(w, http.StatusOK, render.NewAnalysis(m, analysis.Analyze(g, m), nil))
}

// analyzeRequest is a decoded POST /api/analyze: a maze, or the spec of
// a seeded ID to generate.
type analyzeRequest struct {
	maze *maze.Maze
	spec *generate.Spec
}

func (s *server) apiAnalyze(w http.ResponseWriter, r *http.Request) {
	req, ok := decodeBody(w, r, func(body []byte) (analyzeRequest, error) {
		m, spec, err := decodeAnalyze(body)
		return analyzeRequest{m, spec}, err
	})
	if !ok {
		return
	}
	m, spec := req.maze, req.spec
	if spec != nil {
		res, herr := s.generate(r, *spec)
		if herr != nil {
			herr.write(w)
			return
		}
		m = res.Maze
	}
	writeAnalysis(w, m)
}

// decodeAnalyze reads a maze for POST /api/analyze in any form maze.Read
// reads. A seeded ID comes back as its spec instead, held to the
// generation caps, for the caller to generate as generate.Read would.
func decodeAnalyze(body []byte) (*maze.Maze, *generate.Spec, error) {
	m, _, err := maze.Read(body, maze.ParseOptions{})
	if !errors.Is(err, maze.ErrSeededID) {
		return m, nil, err
	}
	spec, err := generate.ParseSpec(string(body), generate.Spec{})
	if err == nil {
		err = checkSpec(spec)
	}
	return nil, &spec, err
}

// generateRequest is the body of POST /api/generate; a field left out
// keeps rjm generate's default.
type generateRequest struct {
	Rows       *int    `json:"rows"`
	Cols       *int    `json:"cols"`
	Method     *string `json:"method"`
	Iterations *int    `json:"iterations"`
	Energy     *string `json:"energy"`
	Variant    *string `json:"variant"`
	Seed       *uint64 `json:"seed"`
}

// decodeGenerate reads the body of POST /api/generate into a spec with
// rjm generate's defaults (the design paper's good maze, a random seed),
// within the caps. An empty body asks for the defaults.
func decodeGenerate(body []byte) (generate.Spec, error) {
	var req generateRequest
	if len(strings.TrimSpace(string(body))) > 0 {
		if err := decodeJSON(body, &req); err != nil {
			return generate.Spec{}, err
		}
	}
	return req.spec()
}

// spec returns the recipe req asks for, within the caps: generate.Settings
// checks it, with the command line's messages. One of rows and cols alone
// gives a square board.
func (req generateRequest) spec() (generate.Spec, error) {
	set := generate.Settings{
		Rows: cmp.Or(req.Rows, req.Cols), Cols: cmp.Or(req.Cols, req.Rows),
		Method: req.Method, Iterations: req.Iterations, Energy: req.Energy, Seed: req.Seed,
		MaxSide: MaxGenerateSide, MaxWork: MaxGenerateWork,
	}
	if req.Variant != nil {
		v, err := maze.ParseVariant(*req.Variant)
		if err != nil {
			return generate.Spec{}, err
		}
		set.Variant = v
	}
	return set.Spec()
}

// checkSpec holds a spec to the API's caps and validates it.
func checkSpec(s generate.Spec) error {
	if s.Rows < 1 || s.Cols < 1 || s.Rows > MaxGenerateSide || s.Cols > MaxGenerateSide {
		return fmt.Errorf("size %dx%d: rows and columns must be 1 to %d", s.Rows, s.Cols, MaxGenerateSide)
	}
	if s.Iterations > MaxGenerateWork || s.Work() > MaxGenerateWork || s.Work() < 0 {
		return fmt.Errorf("%d iterations in all: at most %d", s.Work(), MaxGenerateWork)
	}
	if strings.HasPrefix(strings.TrimSpace(s.Energy), "@") {
		return errors.New("energy: files are not read here; give the energy's text")
	}
	return s.Validate()
}

// generate runs spec for request r under the rate limit and the time
// limit.
func (s *server) generate(r *http.Request, spec generate.Spec) (*generate.Result, *httpError) {
	if ok, wait := s.limiter.allow(r); !ok {
		secs := int(math.Ceil(wait.Seconds()))
		return nil, &httpError{code: http.StatusTooManyRequests, msg: fmt.Sprintf("too many generations: try again in %d s", secs),
			header: [2]string{"Retry-After", strconv.Itoa(secs)}}
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opt.GenerateTimeout)
	defer cancel()
	res, err := generate.Run(ctx, spec, nil)
	if err != nil || res.Interrupted {
		if ctx.Err() != nil {
			return nil, &httpError{code: http.StatusUnprocessableEntity, msg: fmt.Sprintf("generation took longer than the server's limit of %v: ask for fewer iterations", s.opt.GenerateTimeout)}
		}
		return nil, &httpError{code: http.StatusBadRequest, msg: fmt.Sprint(err)}
	}
	return res, nil
}

func (s *server) apiGenerate(w http.ResponseWriter, r *http.Request) {
	spec, ok := decodeBody(w, r, decodeGenerate)
	if !ok {
		return
	}
	res, herr := s.generate(r, spec)
	if herr != nil {
		herr.write(w)
		return
	}
	writeJSON(w, http.StatusOK, render.NewGenerate(res))
}

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

// decodeJSON decodes one JSON object with no unknown fields.
func decodeJSON(body []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("body: %w", err)
	}
	if dec.More() {
		return errors.New("body: more than one JSON value")
	}
	return nil
}

// decodeBody reads r's body and decodes it; when either fails it answers
// the error (413 or 400) and returns false.
func decodeBody[T any](w http.ResponseWriter, r *http.Request, decode func([]byte) (T, error)) (T, bool) {
	var v T
	body, herr := readBody(r)
	if herr != nil {
		herr.write(w)
		return v, false
	}
	v, err := decode(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return v, false
	}
	return v, true
}

// readBody reads the request body, whose size guard limits.
func readBody(r *http.Request) ([]byte, *httpError) {
	body, err := io.ReadAll(r.Body)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, &httpError{code: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("body larger than %d bytes", tooBig.Limit)}
	}
	if err != nil {
		return nil, &httpError{code: http.StatusBadRequest, msg: "body: " + err.Error()}
	}
	return body, nil
}

// httpError is an error answer: a status, a message and extra headers.
type httpError struct {
	code   int
	msg    string
	header [2]string
}

func (e *httpError) write(w http.ResponseWriter) {
	if e.header[0] != "" {
		w.Header().Set(e.header[0], e.header[1])
	}
	writeError(w, e.code, e.msg)
}

// internal logs err and returns the 500 answer, which does not show it.
func (s *server) internal(err error) *httpError {
	s.log.Error("internal error", "err", err)
	return &httpError{code: http.StatusInternalServerError, msg: "internal error"}
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
