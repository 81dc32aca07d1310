package experiment

import (
	"image/color"
	"math"
	"rjm/stats"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// series is one line of a plot: the mean of y at every x, drawn with its
// 95% confidence interval as error bars.
type series struct {
	name  string
	x     []float64
	y     []stats.Estimate
	color int // 1 + palette index; 0 means the series' position
	dash  int // 0 solid, 1 dashed, 2 dotted
}

// palette is a colour-blind-safe palette (Okabe and Ito).
func palette(i int) color.Color {
	p := []color.RGBA{
		{0, 114, 178, 255}, {213, 94, 0, 255}, {0, 158, 115, 255}, {204, 121, 167, 255},
		{230, 159, 0, 255}, {86, 180, 233, 255}, {0, 0, 0, 255}, {240, 228, 66, 255},
	}
	return p[i%len(p)]
}

// linePlot draws the series with error bars; logX puts x on a log scale.
// Points that a log scale cannot show are left out.
func linePlot(title, xLabel, yLabel string, logX bool, ss []series) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	if logX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	for i, s := range ss {
		var pts plotter.XYs
		var errs plotter.YErrors
		for k, x := range s.x {
			y, h := s.y[k].Mean(), s.y[k].HalfWidth(0.95)
			if math.IsNaN(h) || math.IsInf(h, 0) { // a single run
				h = 0
			}
			if math.IsNaN(x+y) || math.IsInf(x+y, 0) || logX && x <= 0 {
				continue
			}
			pts = append(pts, plotter.XY{X: x, Y: y})
			errs = append(errs, struct{ Low, High float64 }{h, h})
		}
		if len(pts) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		ci := s.color - 1
		if ci < 0 {
			ci = i
		}
		c := palette(ci)
		line.Color, points.Color = c, c
		line.Width = vg.Points(1.2)
		switch s.dash {
		case 1:
			line.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		case 2:
			line.Dashes = []vg.Length{vg.Points(1.5), vg.Points(2)}
		}
		points.Shape = draw.CircleGlyph{}
		points.Radius = vg.Points(2)
		bars, err := plotter.NewYErrorBars(struct {
			plotter.XYer
			plotter.YErrorer
		}{pts, errs})
		if err != nil {
			return nil, err
		}
		bars.Color = c
		p.Add(line, points, bars)
		if s.name != "" {
			p.Legend.Add(s.name, line, points)
		}
	}
	return p, nil
}
