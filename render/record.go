package render

import (
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// Recorder is a vg.Canvas that keeps what is drawn on it, each line,
// fill and text as it lands on the page (every transform applied, arcs
// as short segments), named by the layer of the picture it belongs to:
// the drawing a geometry test measures. A PDF given a Recorder
// (PDF.Record) sends it everything it draws.
type Recorder struct {
	Marks []Mark
	page  int
	layer string
	st    []recState
	clip  []vg.Rectangle // on the page; a mark wholly outside the last is not kept
}

// recState is the drawing state of one level of Push.
type recState struct {
	m     [6]float64 // x' = m0·x + m2·y + m4, y' = m1·x + m3·y + m5
	width vg.Length
	color color.Color
}

// MarkKind is what a Mark is: a stroked line, a filled area or a text.
type MarkKind int

// The kinds of mark.
const (
	Stroked MarkKind = iota
	Filled
	Text
)

// Mark is one thing drawn: on page Page (from 1, as PDF.NextPage counts)
// in layer Layer (Layer names them), a path's subpaths as points on the
// page with its line's width, or a text with its size and the box from
// the left end of its baseline (Box.Min) across its width and up its
// font's height, in points.
type Mark struct {
	Page   int
	Layer  string
	Kind   MarkKind
	Color  color.Color
	Width  vg.Length
	Paths  [][]vg.Point
	Text   string
	Size   vg.Length
	Origin vg.Point // a text's baseline start
	Along  vg.Point // a text's baseline direction, of its width's length
	Up     vg.Point // a text's upward direction, of its size's length
}

// NewRecorder returns an empty Recorder on page 1.
func NewRecorder() *Recorder {
	return &Recorder{page: 1, st: []recState{{m: [6]float64{1, 0, 0, 1, 0, 0}, color: color.Black}}}
}

// The layers of a picture, in the order Picture.Draw draws them.
const (
	LayerExit    = "exit ring"
	LayerCells   = "cells"
	LayerFrame   = "frame"
	LayerWalls   = "walls"
	LayerTorus   = "torus edge"
	LayerLoops   = "loops"
	LayerArrows  = "key arrows"
	LayerNumbers = "numbers" // with the start's ring, stroked
	LayerSteps   = "step discs"
	LayerMarks   = "marks"
)

// Clip keeps from now on only what is drawn at least partly within rect
// (in the present coordinates), until Unclip.
func (r *Recorder) Clip(rect vg.Rectangle) {
	a, b := r.apply(rect.Min), r.apply(rect.Max)
	r.clip = append(r.clip, vg.Rectangle{Min: vg.Point{X: min(a.X, b.X), Y: min(a.Y, b.Y)}, Max: vg.Point{X: max(a.X, b.X), Y: max(a.Y, b.Y)}})
}

// Unclip ends the last Clip.
func (r *Recorder) Unclip() {
	if len(r.clip) > 0 {
		r.clip = r.clip[:len(r.clip)-1]
	}
}

// visible reports whether a mark touching the points pts shows within
// the clip.
func (r *Recorder) visible(pts ...vg.Point) bool {
	if len(r.clip) == 0 || len(pts) == 0 {
		return true
	}
	c := r.clip[len(r.clip)-1]
	lo, hi := pts[0], pts[0]
	for _, p := range pts {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	return hi.X >= c.Min.X && lo.X <= c.Max.X && hi.Y >= c.Min.Y && lo.Y <= c.Max.Y
}

// Layer names what is drawn next.
func (r *Recorder) Layer(name string) { r.layer = name }

// nextPage moves on to a new page.
func (r *Recorder) nextPage() { r.page++ }

func (r *Recorder) top() *recState { return &r.st[len(r.st)-1] }

func (r *Recorder) apply(p vg.Point) vg.Point {
	m := r.top().m
	x, y := float64(p.X), float64(p.Y)
	return vg.Point{X: vg.Length(m[0]*x + m[2]*y + m[4]), Y: vg.Length(m[1]*x + m[3]*y + m[5])}
}

// vector is p transformed without the translation.
func (r *Recorder) vector(p vg.Point) vg.Point {
	m := r.top().m
	x, y := float64(p.X), float64(p.Y)
	return vg.Point{X: vg.Length(m[0]*x + m[2]*y), Y: vg.Length(m[1]*x + m[3]*y)}
}

// scale is how much the transform stretches a length (its mean).
func (r *Recorder) scale() float64 {
	m := r.top().m
	return math.Sqrt(math.Abs(m[0]*m[3] - m[1]*m[2]))
}

func (r *Recorder) mul(a, b, c, d, e, f float64) {
	m := r.top().m
	r.top().m = [6]float64{
		m[0]*a + m[2]*b, m[1]*a + m[3]*b,
		m[0]*c + m[2]*d, m[1]*c + m[3]*d,
		m[0]*e + m[2]*f + m[4], m[1]*e + m[3]*f + m[5],
	}
}

func (r *Recorder) SetLineWidth(w vg.Length)               { r.top().width = w }
func (r *Recorder) SetLineDash(_ []vg.Length, _ vg.Length) {}
func (r *Recorder) SetColor(c color.Color)                 { r.top().color = c }
func (r *Recorder) Rotate(a float64) {
	s, c := math.Sin(a), math.Cos(a)
	r.mul(c, s, -s, c, 0, 0)
}
func (r *Recorder) Translate(p vg.Point) { r.mul(1, 0, 0, 1, float64(p.X), float64(p.Y)) }
func (r *Recorder) Scale(x, y float64)   { r.mul(x, 0, 0, y, 0, 0) }
func (r *Recorder) Push()                { r.st = append(r.st, *r.top()) }
func (r *Recorder) Pop() {
	if len(r.st) > 1 {
		r.st = r.st[:len(r.st)-1]
	}
}

func (r *Recorder) Stroke(p vg.Path) {
	if r.top().width > 0 {
		r.add(Stroked, p)
	}
}

func (r *Recorder) Fill(p vg.Path) { r.add(Filled, p) }

func (r *Recorder) add(kind MarkKind, p vg.Path) {
	var paths [][]vg.Point
	var cur []vg.Point
	flush := func() {
		if len(cur) > 0 {
			paths = append(paths, cur)
		}
		cur = nil
	}
	for _, c := range p {
		switch c.Type {
		case vg.MoveComp:
			flush()
			cur = []vg.Point{r.apply(c.Pos)}
		case vg.LineComp:
			cur = append(cur, r.apply(c.Pos))
		case vg.ArcComp:
			n := max(2, int(math.Ceil(math.Abs(c.Angle)/(math.Pi/36))))
			for k := range n + 1 {
				a := c.Start + c.Angle*float64(k)/float64(n)
				q := vg.Point{X: c.Pos.X + c.Radius*vg.Length(math.Cos(a)), Y: c.Pos.Y + c.Radius*vg.Length(math.Sin(a))}
				cur = append(cur, r.apply(q))
			}
		case vg.CurveComp:
			cur = append(cur, r.apply(c.Pos))
		case vg.CloseComp:
			if len(cur) > 0 {
				cur = append(cur, cur[0])
			}
		}
	}
	flush()
	var all []vg.Point
	for _, p := range paths {
		all = append(all, p...)
	}
	if !r.visible(all...) {
		return
	}
	st := r.top()
	r.Marks = append(r.Marks, Mark{Page: r.page, Layer: r.layer, Kind: kind, Color: st.color,
		Width: st.width * vg.Length(r.scale()), Paths: paths})
}

func (r *Recorder) FillString(f font.Face, p vg.Point, s string) {
	if f.Font.Size == 0 || s == "" {
		return
	}
	w := f.Width(s)
	if !r.visible(r.apply(p), r.apply(vg.Point{X: p.X + w, Y: p.Y + f.Font.Size})) {
		return
	}
	r.Marks = append(r.Marks, Mark{Page: r.page, Layer: r.layer, Kind: Text, Color: r.top().color, Text: s,
		Size: f.Font.Size * vg.Length(r.scale()), Origin: r.apply(p),
		Along: r.vector(vg.Point{X: w}), Up: r.vector(vg.Point{Y: f.Font.Size})})
}

func (r *Recorder) DrawImage(vg.Rectangle, image.Image) {}

var _ vg.Canvas = (*Recorder)(nil)

// layerer is a canvas that is told the layer of what is drawn next.
type layerer interface{ Layer(name string) }

// layer tells c, when it listens (a Recorder, a PDF recording), that
// what follows belongs to layer name.
func layer(c vg.Canvas, name string) {
	if l, ok := c.(layerer); ok {
		l.Layer(name)
	}
}
