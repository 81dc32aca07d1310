package web

import (
	"bytes"
	"fmt"
	"html"
	"html/template"
	"net/http"
	"regexp"
	"strings"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
)

// pagePrint is a maze for paper: rjm render's picture of the maze on the
// first page, and with its solution on the second.
func (s *server) pagePrint(w http.ResponseWriter, r *http.Request) {
	s.mazePage(w, r, s.printPage)
}

// printPage renders the print page of m.
func (s *server) printPage(m *maze.Maze) ([]byte, error) {
	g := graph.MustCompile(m.Board)
	sol := solve.Solve(g, m)
	id, _ := m.ID()
	p := render.Picture{Maze: m, Features: analysis.Analyze(g, m)}
	board, err := picture(p, render.PictureOptions{}, fmt.Sprintf("Maze %s, %d rows by %d columns", id, m.Rows, m.Cols))
	if err != nil {
		return nil, err
	}
	solved, err := picture(p, render.PictureOptions{Solution: true}, "Its solution, the moves numbered")
	if err != nil {
		return nil, err
	}
	return s.pages.render("print.html", struct {
		Title, ID, Variant, Solution string
		Shortest                     int
		Unique                       bool
		Rules                        []string
		Board, Solved                template.HTML
	}{"Print " + id, id, m.Variant.String(), sol.Letters(), sol.GoalDepth, sol.Unique(), render.Rules(m.Board), board, solved})
}

// picture is rjm render's SVG picture of p with options o, to show in a
// page: the printer's own drawing, with a role and a name.
func picture(p render.Picture, o render.PictureOptions, label string) (template.HTML, error) {
	var b bytes.Buffer
	if err := p.WritePicture(&b, "svg", o); err != nil {
		return "", err
	}
	svg := b.String()
	svg = svg[strings.Index(svg, "<svg"):] // no XML declaration or comment inside HTML
	svg = strings.Replace(svg, "<svg", `<svg class="picture" role="img" aria-label="`+html.EscapeString(label)+`"`, 1)
	// The site's Content-Security-Policy allows no inline style: the same
	// properties, as presentation attributes.
	svg = styleAttr.ReplaceAllStringFunc(svg, func(a string) string {
		var out []string
		for _, decl := range strings.Split(a[len(`style="`):len(a)-1], ";") {
			if k, v, ok := strings.Cut(decl, ":"); ok {
				out = append(out, strings.TrimSpace(k)+`="`+strings.TrimSpace(v)+`"`)
			}
		}
		return strings.Join(out, " ")
	})
	return template.HTML(svg), nil // written by render, every text escaped
}

// styleAttr matches the style attributes of render's SVG pictures.
var styleAttr = regexp.MustCompile(`style="[^"]*"`)
