package render

import (
	"bufio"
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"

	"rjm/maze"
)

// BoardElement names an element of a board drawn by WriteBoard, so that a
// front end can add attributes of its own to it: the board itself, one
// cell, or the exit ring.
type BoardElement struct {
	Kind string // "board", "cell" or "exit"
	Cell int    // the cell's row-major index, for "cell"
}

// Attr is an attribute of an SVG element; WriteBoard escapes its value.
type Attr struct{ Name, Value string }

// BoardOptions say how WriteBoard draws a board. The zero value draws it
// at 10 mm a square cell, as WritePicture does.
type BoardOptions struct {
	// Cell is the side of a square cell, as in PictureOptions; zero
	// means 10 mm.
	Cell vg.Length
	// Attrs, when not nil, returns the attributes a front end adds to an
	// element (an id, a role, an accessible name, more classes).
	Attrs func(BoardElement) []Attr
}

// WriteBoard writes maze m as an SVG made to be styled and played: the
// same drawing as WritePicture's SVG — the same layout, scale and
// positions in points — but with one element for each thing a player
// points at, named by data attributes, and its colours left to a style
// sheet through class names:
//
//   - every cell a <g data-cell="r,c"> (1-based) holding its outline
//     (<polygon>), its number (<text>: the jump, G, or * on a pass-over
//     cell) and, on the start, a <circle class="ring">; classes cell,
//     start, goal, blocked, pass-over, absent (not drawn);
//   - the board's outline a <path class="outline">, closed polygons with
//     mitred corners;
//   - every wall a <line data-wall="r,c r,c"> (its two cells in the order
//     of the maze text's wall lines);
//   - every Surakarta loop a <g data-loop="k"> (1 innermost) of four arcs;
//   - the torus's wrap-around frame a <rect data-wrap="true">;
//   - the exit ring of an exit-ring board a <g data-exit="true"> under
//     the cells.
//
// The <svg> element carries data-unit (a square cell's side in the
// drawing's units) and data-size (the size numbers are drawn at), for a
// script that adds marks of its own. Line widths are written as
// attributes, in the same proportions as WritePicture's.
func WriteBoard(w io.Writer, m *maze.Maze, o BoardOptions) error {
	if m == nil {
		return errors.New("a board without a maze")
	}
	l := NewLayout(m.Board)
	cell := float64(o.Cell)
	if cell <= 0 {
		cell = float64(10 * vg.Millimeter)
	}
	at := func(q Point) (x, y float64) { return (l.Margin + q.X) * cell, (l.Margin + q.Y) * cell }
	width, height := (l.Width+2*l.Margin)*cell, (l.Height+2*l.Margin)*cell
	thin := cell / 40
	size := l.Size * cell
	attrs := func(e BoardElement) string {
		if o.Attrs == nil {
			return ""
		}
		var b strings.Builder
		for _, a := range o.Attrs(e) {
			fmt.Fprintf(&b, ` %s="%s"`, a.Name, html.EscapeString(a.Value))
		}
		return b.String()
	}

	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" data-unit="%s" data-size="%s"%s>`,
		num(width), num(height), num(width), num(height), num(cell), num(size), attrs(BoardElement{Kind: "board"}))
	if l.Exit {
		fmt.Fprintf(bw, "\n"+`<g data-exit="true" class="exit"%s><rect x="0" y="0" width="%s" height="%s"/><text x="%s" y="%s" font-size="%s">EXIT</text></g>`,
			attrs(BoardElement{Kind: "exit"}), num(width), num(height), num(width/2), num(l.Margin*cell/2), num(0.45*size))
	}
	for i, s := range l.Shapes {
		c := m.Cell(i)
		class := "cell"
		switch {
		case s.Corners == nil:
			class += " absent"
		case m.Kind(i) == maze.Blocked:
			class += " blocked"
		case m.Kind(i) == maze.PassOver:
			class += " pass-over"
		}
		if i == m.Goal {
			class += " goal"
		}
		if i == m.Start {
			class += " start"
		}
		fmt.Fprintf(bw, "\n"+`<g data-cell="%d,%d" class="%s"%s>`, c.Row+1, c.Col+1, class, attrs(BoardElement{Kind: "cell", Cell: i}))
		if s.Corners != nil {
			bw.WriteString(`<polygon points="`)
			for k, q := range s.Corners {
				x, y := at(q)
				if k > 0 {
					bw.WriteByte(' ')
				}
				fmt.Fprintf(bw, "%s,%s", num(x), num(y))
			}
			fmt.Fprintf(bw, `" stroke-width="%s"/>`, num(thin))
			x, y := at(s.Center)
			if i == m.Start && m.Open(i) {
				fmt.Fprintf(bw, `<circle class="ring" cx="%s" cy="%s" r="%s" stroke-width="%s"/>`, num(x), num(y), num(0.34*size), num(2*thin))
			}
			if text := cellText(m, i); text != "" {
				fmt.Fprintf(bw, `<text x="%s" y="%s" font-size="%s">%s</text>`, num(x), num(y), num(0.5*size), text)
			}
		}
		bw.WriteString("</g>")
	}
	if len(l.Outline) > 0 {
		fmt.Fprintf(bw, "\n"+`<path class="outline" stroke-width="%s" stroke-linejoin="miter" d="`, num(3*thin))
		for _, poly := range l.Outline {
			for k, q := range poly {
				x, y := at(q)
				op := "L"
				if k == 0 {
					op = "M"
				}
				fmt.Fprintf(bw, "%s%s %s", op, num(x), num(y))
			}
			bw.WriteString("Z")
		}
		bw.WriteString(`"/>`)
	}
	for _, wl := range l.Walls {
		a, b := m.Cell(wl.Cells[0]), m.Cell(wl.Cells[1])
		x1, y1 := at(wl.A)
		x2, y2 := at(wl.B)
		fmt.Fprintf(bw, "\n"+`<line data-wall="%d,%d %d,%d" class="wall" x1="%s" y1="%s" x2="%s" y2="%s" stroke-width="%s"/>`,
			a.Row+1, a.Col+1, b.Row+1, b.Col+1, num(x1), num(y1), num(x2), num(y2), num(4*thin))
	}
	if l.Wrap != nil {
		x1, y1 := at(l.Wrap[0])
		x2, y2 := at(l.Wrap[1])
		fmt.Fprintf(bw, "\n"+`<rect data-wrap="true" class="wrap" x="%s" y="%s" width="%s" height="%s" stroke-width="%s" stroke-dasharray="%s"/>`,
			num(x1), num(y1), num(x2-x1), num(y2-y1), num(2*thin), num(cell/8))
	}
	for k, lp := range l.Loops {
		fmt.Fprintf(bw, "\n"+`<g data-loop="%d" class="loop" stroke-width="%s">`, k+1, num(2*thin))
		r := lp.Radius * cell
		for j, corner := range lp.Corners {
			cx, cy := at(corner)
			a0, a1 := lp.Starts[j], lp.Starts[j]+1.5*math.Pi
			// Angles are measured with y upwards, as on paper: y flips.
			fmt.Fprintf(bw, `<path d="M%s %sA%s %s 0 1 0 %s %s"/>`,
				num(cx+r*math.Cos(a0)), num(cy-r*math.Sin(a0)), num(r), num(r), num(cx+r*math.Cos(a1)), num(cy-r*math.Sin(a1)))
		}
		bw.WriteString("</g>")
	}
	bw.WriteString("\n</svg>")
	return bw.Flush()
}

// cellText is what cell i shows: its jump, G on the goal, * on a
// pass-over cell, nothing on a blocked or absent one.
func cellText(m *maze.Maze, i int) string {
	switch {
	case i == m.Goal:
		return "G"
	case m.Kind(i) == maze.PassOver:
		return "*"
	case !m.Open(i):
		return ""
	}
	return strconv.Itoa(m.Jumps[i])
}

// num writes a length of a drawing to a hundredth of a point.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}
