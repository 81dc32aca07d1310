package web

import (
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"rjm/analysis"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"strings"
)

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
	input, err := analyzeInput(r)
	page.Input = string(input)
	var m *maze.Maze
	var spec *generate.Spec
	if err == nil {
		m, spec, err = decodeAnalyze(input)
	}
	if err != nil {
		page.Error = err.Error()
		s.writePage(w, http.StatusBadRequest, "analyze.html", page)
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
	g := graph.MustCompile(m.Board)
	f := analysis.Analyze(g, m)
	page.ID, _ = m.ID()
	board, err := picture(render.Picture{Maze: m, Features: f}, render.PictureOptions{Solution: true, Holes: true},
		"Maze "+page.ID+", its solution and holes marked")
	if err != nil {
		s.pageInternal(w, err)
		return
	}
	page.Board = board
	page.Report = render.AnalysisText(m, f, nil, false)
	s.writePage(w, http.StatusOK, "analyze.html", page)
}

// analyzeInput returns the maze of the analyse form: the uploaded file
// when one is given, else the pasted text.
func analyzeInput(r *http.Request) ([]byte, error) {
	if err := r.ParseMultipartForm(MaxBody); err != nil && !errors.Is(err, http.ErrNotMultipart) {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, fmt.Errorf("the maze is larger than %d bytes", MaxBody)
		}
		return nil, fmt.Errorf("the form could not be read: %w", err)
	}
	if f, _, err := r.FormFile("file"); err == nil {
		defer f.Close()
		data, err := io.ReadAll(io.LimitReader(f, MaxBody+1))
		if err != nil || len(data) > MaxBody {
			return nil, fmt.Errorf("the file could not be read or is larger than %d bytes", MaxBody)
		}
		if len(strings.TrimSpace(string(data))) > 0 {
			return data, nil
		}
	}
	return []byte(r.FormValue("maze")), nil
}
