//go:build js && wasm

package render

import (
	"io"

	"gonum.org/v1/plot/vg"

	"rjm/fault"
	"rjm/maze"
)

// newCanvas: the js/wasm build (the workbench's engine in the page) draws
// no pictures; see canvas.go.
func newCanvas(format string, width, height vg.Length, m *maze.Maze) (interface {
	vg.Canvas
	io.WriterTo
}, error) {
	return nil, fault.Invalid("", "pictures (%s) are drawn by the server, not in the page", format)
}

func addFonts() {}
