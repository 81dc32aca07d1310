//go:build !(js && wasm)

package render

import (
	"io"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"rjm/fault"
	"rjm/maze"
)

// The pictures' back ends (SVG, PNG, PDF) and their fonts are left out
// of the js/wasm build (canvas_js.go): the workbench's engine in the page
// (cmd/rjmwasm) draws only the board (WriteBoard), and the back ends
// would more than double its download.

// newCanvas returns the canvas WritePicture draws a picture of m in
// format on, width by height.
func newCanvas(format string, width, height vg.Length, m *maze.Maze) (interface {
	vg.Canvas
	io.WriterTo
}, error) {
	switch format {
	case "svg":
		return vgsvg.New(width, height), nil
	case "png":
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(300))}, nil
	case "pdf":
		title := "Rook Jumping Maze"
		if id, err := m.ID(); err == nil {
			title += " " + id
		}
		return NewPDF(width, height, PDFInfo{Title: title, Creator: "rjm"}), nil
	}
	return nil, fault.Invalid("", "unknown picture format %q (want %s)", format, strings.Join(Formats, ", "))
}

// addFonts puts the faces a picture is drawn in into gonum's default
// cache, from which the PDF back end embeds them (gonum/plot itself fills
// it the same way).
func addFonts() {
	if !font.DefaultCache.Has(font.Font{Typeface: "Liberation", Variant: "Sans"}) {
		font.DefaultCache.Add(liberation.Collection())
	}
}
