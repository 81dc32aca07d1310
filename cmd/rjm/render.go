package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/render"
	"rjm/solve"
)

func newRenderCmd(e *env) *cobra.Command {
	var (
		mf                       mazeFlags
		format, out, style, size string
		solution, depths, holes  bool
		clusters                 bool
	)
	c := &cobra.Command{
		Use:  "render [FILE|-]",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format == "" {
				format = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
			}
			if format == "" {
				format = "svg"
			}
			if !slices.Contains(render.Formats, format) {
				return badInput(fmt.Errorf("--format %q: want %s (or -o with one of those extensions)", format, strings.Join(render.Formats, ", ")))
			}
			o := render.PictureOptions{Solution: solution, Depths: depths, Holes: holes, Clusters: clusters}
			switch style {
			case "print":
			case "color", "colour":
				o.Style = render.Color
			default:
				return badInput(fmt.Errorf("--style %q: want print or color", style))
			}
			var err error
			if o.Cell, err = lengthFlag(size); err != nil {
				return badInput(err)
			}
			m, g, err := mf.readGraph(e, args)
			if err != nil {
				return err
			}
			p := render.Picture{Maze: m, Features: analysis.Analyze(g, m), Depth: solve.Solve(g, m).Depth}
			var buf bytes.Buffer
			if err := p.WritePicture(&buf, format, o); err != nil {
				return err
			}
			if out == "" {
				_, err = e.stdout.Write(buf.Bytes())
				return err
			}
			return os.WriteFile(out, buf.Bytes(), 0o644)
		},
	}
	mf.register(c)
	fl := c.Flags()
	fl.StringVar(&format, "format", "", "picture `format`: svg, png or pdf (default: from -o, else svg)")
	fl.StringVarP(&out, "output", "o", "", "write to `FILE` (default: standard output)")
	fl.StringVar(&style, "style", "print", "`style`: print (black and white) or color")
	fl.StringVar(&size, "cell", "10mm", "size of a cell: a `length` in mm, cm, in, pt or px (96 px to the inch)")
	fl.BoolVar(&solution, "solution", false, "draw the shortest solution: move numbers and arrows")
	fl.BoolVar(&depths, "depths", false, "write each cell's distance from the start")
	fl.BoolVar(&holes, "holes", false, "shade the black holes (B) and white holes (W)")
	fl.BoolVar(&clusters, "clusters", false, "letter the cells of each same-jump cluster alike (a, b, ...)")
	return c
}

// lengthFlag parses a --cell length such as "10mm", "0.5in" or "40px"
// (between 2 mm and 100 mm).
func lengthFlag(s string) (vg.Length, error) {
	units := []struct {
		suffix string
		unit   vg.Length
	}{{"mm", vg.Millimeter}, {"cm", vg.Centimeter}, {"in", vg.Inch}, {"pt", vg.Points(1)}, {"px", vg.Inch / 96}}
	for _, u := range units {
		if v, ok := strings.CutSuffix(strings.TrimSpace(s), u.suffix); ok {
			x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if l := vg.Length(x) * u.unit; err == nil && l >= 2*vg.Millimeter && l <= 100*vg.Millimeter {
				return l, nil
			}
			break
		}
	}
	return 0, fmt.Errorf("--cell %q: want a length from 2mm to 100mm, e.g. 10mm, 0.5in or 40px", s)
}
