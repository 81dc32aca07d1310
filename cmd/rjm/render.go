package main

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/spf13/cobra"
	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/fault"
	"rjm/internal/cli"
	"rjm/internal/safefile"
	"rjm/render"
	"rjm/solve"
)

func newRenderCmd(e *cli.Env) *cobra.Command {
	var (
		mf                       cli.MazeFlags
		format, out, style, size string
		paper                    string
		solution, depths, holes  bool
		clusters                 bool
	)
	c := &cobra.Command{
		Use:  "render [FILE|-]",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o := render.PictureOptions{Solution: solution, Depths: depths, Holes: holes, Clusters: clusters}
			var err error
			if format, err = render.FormatOf(format, out); err != nil {
				return fault.Invalid("--format", "%w (or -o with one of those extensions)", err)
			}
			if o.Style, err = render.ParseStyle(style); err != nil {
				return fault.In("--style", err)
			}
			if o.Cell, err = render.ParseLength(size); err != nil {
				return fault.In("--cell", err)
			}
			if out != "" {
				if err := safefile.Check(out); err != nil {
					return fault.In("-o", err)
				}
			}
			m, g, err := mf.Read(e, args)
			if err != nil {
				return err
			}
			p := render.Picture{Maze: m, Features: analysis.Analyze(g, m), Depth: solve.Solve(g, m).Depth}
			if !strings.EqualFold(paper, "none") {
				pp, err := render.ParsePaper(paper)
				if err != nil {
					return fault.Invalid("--paper", "%w (or none)", err)
				}
				fit, ok := p.FitCell(o, pp)
				switch {
				case !ok && cmd.Flags().Changed("cell"):
					w, h := p.Size(o)
					return fault.Invalid("--cell", "%s: the picture is %.0f×%.0f mm, larger than %s within its %.0f mm margins; give --cell %.1fmm or less, or --paper none",
						size, w/vg.Millimeter, h/vg.Millimeter, pp.Name, render.PrintMargin/vg.Millimeter, math.Floor(float64(fit/vg.Millimeter)*10)/10)
				case !ok:
					fmt.Fprintf(e.Stderr, "rjm: drawn at %.2fmm a cell to fit %s (--cell or --paper none to choose)\n", float64(fit/vg.Millimeter), pp.Name)
					o.Cell = fit
				}
			}
			var buf bytes.Buffer
			if err := p.WritePicture(&buf, format, o); err != nil {
				return err
			}
			if out == "" {
				_, err = e.Stdout.Write(buf.Bytes())
				return err
			}
			return writeOut(out, buf.Bytes())
		},
	}
	mf.Register(c)
	fl := c.Flags()
	fl.StringVar(&format, "format", "", "picture `format`: svg, png or pdf (default: from -o, else svg)")
	fl.StringVarP(&out, "output", "o", "", "write to `FILE` (default: standard output)")
	fl.StringVar(&style, "style", "print", "`style`: print (black and white) or color")
	fl.StringVar(&size, "cell", "10mm", "size of a cell: a `length` in mm, cm, in, pt or px (96 px to the inch)")
	fl.StringVar(&paper, "paper", "a4", "`paper` the picture must fit within 10 mm margins: a4, letter or none (a larger picture is drawn smaller, or refused when --cell is given)")
	fl.BoolVar(&solution, "solution", false, "draw the solution key: each cell's step numbered, the moves as arrows")
	fl.BoolVar(&depths, "depths", false, "write each cell's distance from the start")
	fl.BoolVar(&holes, "holes", false, "shade the black holes (B) and white holes (W)")
	fl.BoolVar(&clusters, "clusters", false, "letter the cells of each same-jump cluster alike (a, b, ...)")
	return c
}

// writeOut writes a picture or a book to the -o file, whole or not at
// all; a failure is the user's to mend (a folder, a full disc, no
// permission) and names their path only: status 2.
func writeOut(out string, data []byte) error {
	if err := safefile.WriteBytes(out, data); err != nil {
		return fault.In("-o", err)
	}
	return nil
}
