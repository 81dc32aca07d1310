package web

import (
	"bytes"
	"embed"
	"html/template"
	"math"
	"net/http"

	"rjm/fault"
	"rjm/maze"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// pages holds the parsed templates.
type pages struct {
	tmpl *template.Template
}

func newPages(a *assets) *pages {
	funcs := template.FuncMap{
		"sub":   func(a, b int) int { return a - b },
		"inc":   func(a int) int { return a + 1 },
		"ratio": func(a, b float64) float64 { return a / b },
		"exp":   math.Exp,
		"args":  func(v ...any) []any { return v },
		"asset": a.url, // a static file's fingerprinted path (assets.go)
	}
	return &pages{tmpl: template.Must(template.New("").Funcs(funcs).ParseFS(templateFS, "templates/*.html"))}
}

// render executes the named template into a buffer.
func (p *pages) render(name string, data any) ([]byte, error) {
	var b bytes.Buffer
	err := p.tmpl.ExecuteTemplate(&b, name, data)
	return b.Bytes(), err
}

// writePage renders a page and answers it.
func (s *server) writePage(w http.ResponseWriter, code int, name string, data any) {
	page, err := s.pages.render(name, data)
	if err != nil {
		s.internal(w.Header().Get("X-Request-ID"), err)
		code, page = http.StatusInternalServerError, []byte("internal error")
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	w.Write(page)
}

// pathMaze returns the maze whose ID is the request's {id}, or answers
// the error page and returns false.
func (s *server) pathMaze(w http.ResponseWriter, r *http.Request) (*maze.Maze, bool) {
	m, err := maze.ParseID(r.PathValue("id"))
	if err != nil {
		s.pageAnswer(w, badInput(fault.In("That is not a maze ID", err)))
		return nil, false
	}
	if m.Rows > MaxPageSide || m.Cols > MaxPageSide {
		s.pageAnswer(w, badInput(fault.Invalid("", "The maze is %d×%d: pages are drawn for mazes of up to %d rows and columns (its analysis is at /api/maze/ID).", m.Rows, m.Cols, MaxPageSide)))
		return nil, false
	}
	return m, true
}

// pageInternal logs err and answers the error page, which does not show
// it.
func (s *server) pageInternal(w http.ResponseWriter, err error) {
	herr := s.internal(w.Header().Get("X-Request-ID"), err)
	msg := "Something went wrong."
	if herr.code != http.StatusInternalServerError {
		msg = herr.msg
	}
	if herr.header[0] != "" {
		w.Header().Set(herr.header[0], herr.header[1])
	}
	s.pageError(w, herr.code, msg)
}

// pageAnswer answers herr as the error page: its status, its message and
// its headers (Retry-After).
func (s *server) pageAnswer(w http.ResponseWriter, herr *httpError) {
	if herr.header[0] != "" {
		w.Header().Set(herr.header[0], herr.header[1])
	}
	s.pageError(w, herr.code, herr.msg)
}

func (s *server) pageError(w http.ResponseWriter, code int, msg string) {
	s.writePage(w, code, "error.html", struct {
		Title, Message string
	}{http.StatusText(code), msg})
}
