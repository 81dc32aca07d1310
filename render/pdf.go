// The PDF back end is left out of the js/wasm build (see canvas.go).

//go:build !(js && wasm)

package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"sync"
	"time"
	"unicode"

	"codeberg.org/go-fonts/liberation/liberationsansbold"
	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"codeberg.org/go-pdf/fpdf"
	stdfnt "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// PDF is a vg.Canvas that writes a PDF of one or more pages, with
// Liberation Sans (regular and bold) embedded as Unicode fonts, so that
// text in Latin, Greek and Cyrillic script prints as written, and with
// the document's title, author, subject and creator set. Lines join in
// mitres. gonum's own PDF canvas (vgpdf) embeds fonts in one Western code
// page only and sets no title, hence this one; its drawing code follows
// vgpdf's.
type PDF struct {
	doc         *fpdf.Fpdf
	w, h        vg.Length   // the trim: the page as the reader holds it
	bleed       vg.Length   // added to the trim on each side (NewPrintPDF)
	width       []vg.Length // the line width of each level of Push
	fonts       bool
	font        *Font // the publisher's font, if any (SetFont)
	customAdded bool
	image       int
	rec         *Recorder // sent what is drawn, if not nil (Record)
}

// Record sends r everything drawn on the canvas from now on, as it lands
// on the page, with the layer each picture names (Recorder.Layer): the
// drawing a geometry test measures.
func (c *PDF) Record(r *Recorder) {
	c.rec = r
	r.page = max(c.doc.PageNo(), 1)
	// The page's own transform, as NextPage sets it.
	r.st = r.st[:1]
	r.Push()
	r.Translate(vg.Point{X: 0, Y: c.h})
	r.Scale(1, -1)
}

// Layer names the layer of the picture drawn next, for a Recorder.
func (c *PDF) Layer(name string) {
	if c.rec != nil {
		c.rec.Layer(name)
	}
}

// Epoch is the date every PDF of rjm carries, so that the same input
// gives the same bytes.
var Epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// PDFInfo is what a PDF says of itself (its document information).
type PDFInfo struct {
	Title, Author, Subject, Creator string
}

// NewPDF returns a PDF canvas whose pages are w by h, with one page
// begun.
func NewPDF(w, h vg.Length, info PDFInfo) *PDF { return NewPrintPDF(w, h, 0, info) }

// CropMarkGap is how far a crop mark stops short of the trim, as a part
// of the bleed: a third of it, so that a mark never reaches the trimmed
// page however the knife wanders within the bleed's other two thirds.
const CropMarkGap = 1.0 / 3

// NewPrintPDF returns a PDF canvas for a printer: each page w by h (the
// trim) enlarged by bleed on every side, with the trim box and bleed box
// set and crop marks drawn in the bleed at each corner, on the lines of
// the trim, stopping CropMarkGap of the bleed short of it. What is drawn
// is placed on the trim: the canvas's size and coordinates are the
// trim's. With no bleed it is NewPDF's page, byte for byte.
func NewPrintPDF(w, h, bleed vg.Length, info PDFInfo) *PDF {
	bleed = max(0, bleed)
	pw, ph := (w + 2*bleed).Points(), (h + 2*bleed).Points()
	doc := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: pw, Ht: ph}})
	doc.SetCreationDate(Epoch)
	doc.SetModificationDate(Epoch)
	doc.SetCompression(true)
	doc.SetCatalogSort(true) // fonts in a fixed order: the same bytes on every run
	doc.SetTitle(info.Title, true)
	doc.SetAuthor(info.Author, true)
	doc.SetSubject(info.Subject, true)
	doc.SetCreator(info.Creator, true)
	doc.SetProducer("rjm", true)
	doc.SetAutoPageBreak(false, 0)
	doc.SetLineJoinStyle("miter")
	doc.SetLineCapStyle("butt")
	if bleed > 0 {
		b := bleed.Points()
		doc.SetPageBox("bleed", 0, 0, pw, ph)
		doc.SetPageBox("trim", b, b, w.Points(), h.Points())
	}
	c := &PDF{doc: doc, w: w, h: h, bleed: bleed, width: []vg.Length{0}}
	c.NextPage()
	vg.Initialize(c)
	return c
}

// NextPage begins a new page; what is drawn after goes on it.
func (c *PDF) NextPage() {
	if c.doc.PageNo() > 0 {
		c.Pop()
		if c.bleed > 0 {
			c.doc.TransformEnd()
		}
	}
	c.doc.SetMargins(0, 0, 0)
	c.doc.AddPage()
	if c.rec != nil {
		c.rec.nextPage()
	}
	if c.bleed > 0 {
		c.cropMarks()
		// The trim's origin, below which the page's own transform
		// (the next Push) is undone by the last Pop of the page.
		c.doc.TransformBegin()
		c.doc.TransformTranslate(c.bleed.Points(), c.bleed.Points())
	}
	c.Push()
	c.Translate(vg.Point{X: 0, Y: c.h})
	c.Scale(1, -1)
}

// cropMarks draws the crop marks of the page begun: at each corner of
// the trim, its two edges carried on into the bleed, a hairline in black,
// from CropMarkGap of the bleed beyond the trim to the page's edge.
func (c *PDF) cropMarks() {
	b := c.bleed.Points()
	w, h := c.w.Points(), c.h.Points()
	gap := b * CropMarkGap
	r, g, bl := c.doc.GetDrawColor()
	c.doc.TransformBegin()
	c.doc.SetDrawColor(0, 0, 0)
	c.doc.SetLineWidth(0.25)
	for _, x := range []float64{b, b + w} {
		c.doc.Line(x, 0, x, b-gap)       // above the trim
		c.doc.Line(x, b+h+gap, x, 2*b+h) // below it
	}
	for _, y := range []float64{b, b + h} {
		c.doc.Line(0, y, b-gap, y)       // left of the trim
		c.doc.Line(b+w+gap, y, 2*b+w, y) // right of it
	}
	c.doc.TransformEnd()
	c.doc.SetDrawColor(r, g, bl)
	c.doc.SetLineWidth(c.unit(c.width[len(c.width)-1]))
}

// Pages returns the number of pages begun.
func (c *PDF) Pages() int { return c.doc.PageNo() }

// Size returns the size of a page.
func (c *PDF) Size() (w, h vg.Length) { return c.w, c.h }

// WriteTo writes the PDF to w.
func (c *PDF) WriteTo(w io.Writer) (int64, error) {
	c.Pop()
	if c.bleed > 0 {
		c.doc.TransformEnd()
	}
	var buf bytes.Buffer
	err := c.doc.Output(&buf)
	if c.font != nil {
		// fpdf embeds a subset of the font but names it as the whole
		// ("utf8subfont"); a subset's name starts with a tag of six
		// capitals and a plus (PDF 32000 9.6.4), here in as many bytes,
		// so that no offset moves.
		b := bytes.ReplaceAll(buf.Bytes(), []byte("/utf8subfont"), []byte("/"+c.font.tag+"+font"))
		buf = *bytes.NewBuffer(b)
	}
	if c.bleed > 0 {
		c.doc.TransformBegin()
		c.doc.TransformTranslate(c.bleed.Points(), c.bleed.Points())
	}
	c.Push() // the canvas stays usable, as vgpdf's does
	if err != nil {
		return 0, fmt.Errorf("writing the PDF: %w", err)
	}
	return buf.WriteTo(w)
}

func (c *PDF) unit(l vg.Length) float64 { return l.Points() }

func (c *PDF) SetLineWidth(w vg.Length) {
	if c.rec != nil {
		c.rec.SetLineWidth(w)
	}
	c.width[len(c.width)-1] = w
	c.doc.SetLineWidth(c.unit(w))
}

func (c *PDF) SetLineDash(dashes []vg.Length, offs vg.Length) {
	ds := make([]float64, len(dashes))
	for i, d := range dashes {
		ds[i] = c.unit(d)
	}
	c.doc.SetDashPattern(ds, c.unit(offs))
}

func (c *PDF) SetColor(clr color.Color) {
	if c.rec != nil {
		c.rec.SetColor(clr)
	}
	if clr == nil {
		clr = color.Black
	}
	r, g, b, a := clr.RGBA()
	c.doc.SetFillColor(int(r>>8), int(g>>8), int(b>>8))
	c.doc.SetDrawColor(int(r>>8), int(g>>8), int(b>>8))
	c.doc.SetTextColor(int(r>>8), int(g>>8), int(b>>8))
	c.doc.SetAlpha(float64(a)/0xffff, "Normal")
}

func (c *PDF) Rotate(r float64) {
	if c.rec != nil {
		c.rec.Rotate(r)
	}
	c.doc.TransformRotate(-r*180/math.Pi, 0, 0)
}

func (c *PDF) Translate(pt vg.Point) {
	if c.rec != nil {
		c.rec.Translate(pt)
	}
	c.doc.TransformTranslate(c.unit(pt.X), c.unit(pt.Y))
}

func (c *PDF) Scale(x, y float64) {
	if c.rec != nil {
		c.rec.Scale(x, y)
	}
	c.doc.TransformScale(x*100, y*100, 0, 0)
}

func (c *PDF) Push() {
	if c.rec != nil {
		c.rec.Push()
	}
	c.width = append(c.width, c.width[len(c.width)-1])
	c.doc.TransformBegin()
}

func (c *PDF) Pop() {
	if c.rec != nil {
		c.rec.Pop()
	}
	c.doc.TransformEnd()
	c.width = c.width[:len(c.width)-1]
	c.doc.SetLineWidth(c.unit(c.width[len(c.width)-1]))
}

func (c *PDF) Stroke(p vg.Path) {
	if c.rec != nil {
		c.rec.Stroke(p)
	}
	if c.width[len(c.width)-1] > 0 {
		c.path(p, "D")
	}
}

func (c *PDF) Fill(p vg.Path) {
	if c.rec != nil {
		c.rec.Fill(p)
	}
	c.path(p, "F")
}

// SetFont sets the publisher's font, before any text is written: f,
// embedded as a subset, in its one weight, writes the text of f's Face
// (Font.Face), and any character of other text that Liberation Sans
// lacks and f has; nil means none.
func (c *PDF) SetFont(f *Font) { c.font = f }

// FillString writes s in the font of SetFont, or else in Liberation Sans (bold when f is), whatever
// typeface f names: the one font the PDF embeds, with every glyph of
// Latin, Greek and Cyrillic script.
func (c *PDF) FillString(f font.Face, pt vg.Point, s string) {
	if f.Font.Size == 0 || s == "" {
		return
	}
	if c.rec != nil {
		c.rec.FillString(f, pt, s)
	}
	size := c.unit(f.Font.Size)
	runs := c.runs(f, s)
	c.doc.SetFont(runs[0].family, runs[0].style, size)
	c.Push()
	defer c.Pop()
	c.Translate(pt)
	c.Scale(1, -1) // fpdf's text grows downwards
	x := -c.doc.GetCellMargin()
	for i, r := range runs {
		if i > 0 {
			c.doc.SetFont(r.family, r.style, size)
		}
		d := c.doc.GetFontDesc(r.family, r.style)
		top := -float64(d.Ascent) * size / float64(d.Ascent-d.Descent)
		c.doc.MoveTo(x, top)
		w := c.doc.GetStringWidth(r.text)
		c.doc.CellFormat(w, size, r.text, "", 0, "BL", false, 0, "")
		x += w
	}
}

// A run is a piece of a string written in one font of the PDF.
type run struct{ family, style, text string }

// runs splits s into the runs of the fonts it is written in: the font of
// SetFont where f is its Face, else Liberation Sans (bold when f is);
// a character the one lacks and the other has is written in the other.
func (c *PDF) runs(f font.Face, s string) []run {
	lib := run{family: "LiberationSans"}
	if f.Font.Weight >= stdfnt.WeightBold {
		lib.style = "B"
	}
	if c.font == nil {
		c.addFonts(false)
		lib.text = s
		return []run{lib}
	}
	custom := run{family: "subfont"}
	primary, other := lib, custom
	hasPrimary, hasOther := liberationSans().Has, c.font.Has
	if f.Font.Typeface == c.font.typeface() {
		primary, other = custom, lib
		hasPrimary, hasOther = hasOther, hasPrimary
	}
	var out []run
	for _, ch := range s {
		r := primary
		if !unicode.IsSpace(ch) && !hasPrimary(ch) && hasOther(ch) {
			r = other
		}
		if n := len(out); n > 0 && out[n-1].family == r.family {
			out[n-1].text += string(ch)
			continue
		}
		r.text = string(ch)
		out = append(out, r)
	}
	for _, r := range out {
		c.addFonts(r.family == "subfont")
	}
	return out
}

// addFonts registers Liberation Sans, or the font of SetFont, with the
// document once.
func (c *PDF) addFonts(custom bool) {
	if custom && !c.customAdded {
		c.doc.AddUTF8FontFromBytes("subfont", "", c.font.ttf)
		c.customAdded = true
	}
	if !custom && !c.fonts {
		c.doc.AddUTF8FontFromBytes("LiberationSans", "", liberationsansregular.TTF)
		c.doc.AddUTF8FontFromBytes("LiberationSans", "B", liberationsansbold.TTF)
		c.fonts = true
	}
}

// Clip limits what is drawn from now on to rect (in the canvas's present
// coordinates) until Unclip: half a key on each page of a spread.
func (c *PDF) Clip(rect vg.Rectangle) {
	if c.rec != nil {
		c.rec.Clip(rect)
	}
	c.doc.ClipRect(c.unit(rect.Min.X), c.unit(rect.Min.Y), c.unit(rect.Max.X-rect.Min.X), c.unit(rect.Max.Y-rect.Min.Y), false)
}

// Unclip ends the last Clip.
func (c *PDF) Unclip() {
	if c.rec != nil {
		c.rec.Unclip()
	}
	c.doc.ClipEnd()
}

// DrawImage draws img in rect.
func (c *PDF) DrawImage(rect vg.Rectangle, img image.Image) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return
	}
	c.image++
	name := fmt.Sprintf("image%d", c.image)
	opts := fpdf.ImageOptions{ImageType: "png"}
	c.doc.RegisterImageOptionsReader(name, opts, &buf)
	c.doc.ImageOptions(name, c.unit(rect.Min.X), c.unit(rect.Min.Y), c.unit(rect.Max.X-rect.Min.X), c.unit(rect.Max.Y-rect.Min.Y), false, opts, 0, "")
}

func (c *PDF) path(p vg.Path, style string) {
	var x0, y0 float64
	for _, comp := range p {
		switch comp.Type {
		case vg.MoveComp:
			x0, y0 = c.unit(comp.Pos.X), c.unit(comp.Pos.Y)
			c.doc.MoveTo(x0, y0)
		case vg.LineComp:
			c.doc.LineTo(c.unit(comp.Pos.X), c.unit(comp.Pos.Y))
		case vg.ArcComp:
			c.arc(comp)
		case vg.CurveComp:
			px, py := c.unit(comp.Pos.X), c.unit(comp.Pos.Y)
			switch len(comp.Control) {
			case 1:
				c.doc.CurveTo(c.unit(comp.Control[0].X), c.unit(comp.Control[0].Y), px, py)
			case 2:
				c.doc.CurveBezierCubicTo(c.unit(comp.Control[0].X), c.unit(comp.Control[0].Y), c.unit(comp.Control[1].X), c.unit(comp.Control[1].Y), px, py)
			}
		case vg.CloseComp:
			c.doc.ClosePath()
		}
	}
	c.doc.DrawPath(style)
}

// arc draws an arc of a path as cubic Bézier curves of at most 90° each
// (the usual control points, 4/3·tan(θ/4) of the radius along the
// tangents), in the drawing's own coordinates.
func (c *PDF) arc(comp vg.PathComp) {
	cx, cy, r := float64(comp.Pos.X), float64(comp.Pos.Y), float64(comp.Radius)
	at := func(a float64) (float64, float64) { return cx + r*math.Cos(a), cy + r*math.Sin(a) }
	x, y := at(comp.Start)
	pt := func(v float64) float64 { return c.unit(vg.Length(v)) }
	c.doc.LineTo(pt(x), pt(y))
	n := int(math.Ceil(math.Abs(comp.Angle) / (math.Pi / 2)))
	step := comp.Angle / float64(max(n, 1))
	k := 4.0 / 3 * math.Tan(step/4) * r
	for i := range n {
		a0 := comp.Start + float64(i)*step
		a1 := a0 + step
		x0, y0 := at(a0)
		x1, y1 := at(a1)
		c.doc.CurveBezierCubicTo(pt(x0-k*math.Sin(a0)), pt(y0+k*math.Cos(a0)), pt(x1+k*math.Sin(a1)), pt(y1-k*math.Cos(a1)), pt(x1), pt(y1))
	}
}

var _ vg.CanvasSizer = (*PDF)(nil)

// liberationSans is Liberation Sans regular, to ask which characters it has.
var liberationSans = sync.OnceValue(func() *Font {
	f, err := ParseFont("LiberationSans-Regular.ttf", liberationsansregular.TTF)
	if err != nil {
		panic(err) // an embedded font
	}
	return f
})
