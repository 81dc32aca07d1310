package render

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// ChartPoint is one point of a scatter chart; Label names it (shown on
// hover and to screen readers) and Marked draws it as a ring, not a dot.
type ChartPoint struct {
	X, Y   float64
	Label  string
	Marked bool
}

// Chart is a scatter chart drawn as SVG. It uses presentation attributes
// only (no style attribute), so that a page whose Content-Security-Policy
// forbids inline styles shows it inline.
type Chart struct {
	Title, XLabel, YLabel string
	Points                []ChartPoint
	// LogX and LogY put an axis on a logarithmic scale (all values must
	// then be positive); Diagonal draws y = x, for observed against
	// predicted.
	LogX, LogY, Diagonal bool
}

// SVG returns the chart, 480 by 320 units.
func (c Chart) SVG() string {
	const w, h, left, right, top, bottom = 480.0, 320.0, 64.0, 16.0, 32.0, 48.0
	tx, ty := scale(c.LogX), scale(c.LogY)
	var xs, ys []float64
	for _, p := range c.Points {
		xs, ys = append(xs, tx(p.X)), append(ys, ty(p.Y))
	}
	x0, x1 := span(xs)
	y0, y1 := span(ys)
	if c.Diagonal {
		x0, y0 = min(x0, y0), min(x0, y0)
		x1, y1 = max(x1, y1), max(x1, y1)
	}
	px := func(v float64) float64 { return left + (v-x0)/(x1-x0)*(w-left-right) }
	py := func(v float64) float64 { return h - bottom - (v-y0)/(y1-y0)*(h-top-bottom) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" role="img" aria-label="%s" class="chart">`, w, h, html.EscapeString(c.Title))
	fmt.Fprintf(&b, `<title>%s</title>`, html.EscapeString(c.Title))
	fmt.Fprintf(&b, `<rect x="0" y="0" width="%g" height="%g" fill="#fff"/>`, w, h)
	fmt.Fprintf(&b, `<text x="%g" y="20" font-size="14" font-weight="bold" fill="#111">%s</text>`, left, html.EscapeString(c.Title))
	axis := func(lo, hi float64, log bool, horizontal bool) {
		for _, t := range ticks(lo, hi, log) {
			label := tickLabel(t, log)
			if horizontal {
				x := px(t)
				fmt.Fprintf(&b, `<line x1="%.1f" y1="%g" x2="%.1f" y2="%g" stroke="#ddd"/>`, x, top, x, h-bottom)
				fmt.Fprintf(&b, `<text x="%.1f" y="%g" font-size="11" text-anchor="middle" fill="#333">%s</text>`, x, h-bottom+14, label)
			} else {
				y := py(t)
				fmt.Fprintf(&b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="#ddd"/>`, left, y, w-right, y)
				fmt.Fprintf(&b, `<text x="%g" y="%.1f" font-size="11" text-anchor="end" fill="#333">%s</text>`, left-6, y+4, label)
			}
		}
	}
	axis(x0, x1, c.LogX, true)
	axis(y0, y1, c.LogY, false)
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#333"/>`, left, top, w-left-right, h-top-bottom)
	fmt.Fprintf(&b, `<text x="%g" y="%g" font-size="12" text-anchor="middle" fill="#111">%s</text>`, left+(w-left-right)/2, h-10, html.EscapeString(c.XLabel))
	fmt.Fprintf(&b, `<text x="14" y="%g" font-size="12" text-anchor="middle" fill="#111" transform="rotate(-90 14 %g)">%s</text>`, top+(h-top-bottom)/2, top+(h-top-bottom)/2, html.EscapeString(c.YLabel))
	if c.Diagonal {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="4 4"/>`, px(x0), py(x0), px(x1), py(x1))
	}
	for k, p := range c.Points {
		fill, stroke := "#1f5fbf", "none"
		if p.Marked {
			fill, stroke = "#fff", "#b3261e"
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="5" fill="%s" stroke="%s" stroke-width="2"><title>%s</title></circle>`,
			px(xs[k]), py(ys[k]), fill, stroke, html.EscapeString(p.Label))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// scale returns the transform of an axis: the logarithm or the identity.
func scale(log bool) func(float64) float64 {
	if log {
		return func(v float64) float64 { return math.Log10(math.Max(v, 1e-9)) }
	}
	return func(v float64) float64 { return v }
}

// span returns the range of vs, widened a little, and never empty.
func span(vs []float64) (lo, hi float64) {
	if len(vs) == 0 {
		return 0, 1
	}
	lo, hi = vs[0], vs[0]
	for _, v := range vs {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi-lo < 1e-9 {
		return lo - 1, hi + 1
	}
	pad := (hi - lo) * 0.08
	return lo - pad, hi + pad
}

// ticks returns about five round values in [lo, hi] (on a log axis, the
// logarithms of 1, 2, 5 times powers of ten).
func ticks(lo, hi float64, log bool) []float64 {
	var out []float64
	if log {
		for e := math.Floor(lo); e <= hi; e++ {
			for _, m := range []float64{1, 2, 5} {
				if v := e + math.Log10(m); v >= lo && v <= hi {
					out = append(out, v)
				}
			}
		}
		return out
	}
	step := math.Pow(10, math.Floor(math.Log10((hi-lo)/5)))
	for _, m := range []float64{1, 2, 5, 10} {
		if (hi-lo)/(step*m) <= 6 {
			step *= m
			break
		}
	}
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		out = append(out, v)
	}
	return out
}

func tickLabel(t float64, log bool) string {
	if log {
		t = math.Pow(10, t)
	}
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", t), "0"), ".")
}
