package web

import (
	"bytes"
	"errors"
	"html/template"
	"io"
	"net/http"
	"rjm/analysis"
	"rjm/fault"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"strings"
)

// apiMaze answers the analysis of a maze ID, made once per ID (see
// answers.go).
func (s *server) apiMaze(w http.ResponseWriter, r *http.Request) {
	if s.fromCache(w, r, r.URL.Path) || !s.canonicalPath(w, r, false) {
		return
	}
	m, err := maze.ParseID(r.PathValue("id"))
	if err != nil {
		badInput(err).write(w)
		return
	}
	s.makeCached(w, r, r.URL.Path, s.analysis, immutable, false, func() ([]byte, string, *httpError) {
		var b bytes.Buffer
		if err := writeJSONTo(&b, s.analysisOf(m)); err != nil {
			return nil, "", s.internal(requestID(r.Context()), err)
		}
		return b.Bytes(), jsonType, nil
	})
}

// analysisOf is what "rjm analyze --json" prints for m, with the
// features of the server's catalogue.
func (s *server) analysisOf(m *maze.Maze) render.Analysis {
	g := graph.MustCompile(m.Board) // a parsed maze's board is valid
	a := render.NewAnalysis(m, analysis.Analyze(g, m), nil)
	a.Catalogue = s.opt.Catalogue
	return a
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
	var a render.Analysis
	if _, herr := s.heavy(r, s.analysis, func() { a = s.analysisOf(m) }); herr != nil {
		herr.write(w)
		return
	}
	writeJSON(w, http.StatusOK, a)
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

func (s *server) pageAnalyzeForm(w http.ResponseWriter, r *http.Request) {
	s.writePage(w, http.StatusOK, "analyze.html", analyzePage{Title: "Analyse a maze"})
}

// analyzePage is the data of /analyze: the maze given, and its analysis.
type analyzePage struct {
	Title, Input, Error, ID, Report string
	Board                           template.HTML
}

// pageAnalyze analyses a pasted or uploaded maze (any form rjm analyze
// reads): the board with the solution's moves and the holes marked, and
// the text report of rjm analyze.
func (s *server) pageAnalyze(w http.ResponseWriter, r *http.Request) {
	page := analyzePage{Title: "Analyse a maze"}
	input, herr := analyzeInput(r)
	page.Input = string(input)
	var m *maze.Maze
	var spec *generate.Spec
	if herr == nil {
		var err error
		if m, spec, err = decodeAnalyze(input); err != nil {
			herr = badInput(err)
		}
	}
	if herr != nil {
		page.Error = herr.msg
		s.writePage(w, herr.code, "analyze.html", page)
		return
	}
	if spec != nil {
		res, herr := s.generate(r, *spec)
		if herr != nil {
			page.Error = herr.msg
			s.writePage(w, herr.code, "analyze.html", page)
			return
		}
		m = res.Maze
	}
	var err error
	_, herr = s.heavy(r, s.analysis, func() {
		g := graph.MustCompile(m.Board)
		f := analysis.Analyze(g, m)
		page.ID, _ = m.ID()
		page.Board, err = picture(render.Picture{Maze: m, Features: f}, render.PictureOptions{Solution: true, Holes: true},
			"Maze "+page.ID+", its solution and holes marked")
		page.Report = render.AnalysisTextWith(m, f, nil, false, s.opt.Catalogue)
	})
	if herr != nil {
		page.Error = herr.msg
		s.writePage(w, herr.code, "analyze.html", page)
		return
	}
	if err != nil {
		s.pageInternal(w, err)
		return
	}
	s.writePage(w, http.StatusOK, "analyze.html", page)
}

// analyzeInput returns the maze of the analyse form: the uploaded file
// when one is given, else the pasted text. A form over MaxBody is 413.
func analyzeInput(r *http.Request) ([]byte, *httpError) {
	// ParseForm first: ParseMultipartForm drops its error on a form
	// that is not multipart.
	err := r.ParseForm()
	if err == nil {
		err = r.ParseMultipartForm(MaxBody)
	}
	if err != nil && !errors.Is(err, http.ErrNotMultipart) {
		return nil, formError(r, err)
	}
	if f, _, err := r.FormFile("file"); err == nil {
		defer f.Close()
		data, err := io.ReadAll(io.LimitReader(f, MaxBody+1))
		if err != nil || len(data) > MaxBody {
			return nil, badInput(fault.New(fault.ErrTooLarge, "", "The file could not be read or is larger than %d bytes.", MaxBody))
		}
		if len(strings.TrimSpace(string(data))) > 0 {
			return data, nil
		}
	}
	return []byte(r.FormValue("maze")), nil
}
