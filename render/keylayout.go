package render

import (
	"image/color"
	"math"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"rjm/maze"
)

// The key's clearances on the page: a step disc is at least MinStepDisc
// across where its cell has room (a cell of 12 mm and more), and keeps
// KeyGap clear of its cell's sides, the frame, the walls, its cell's
// number, the start's ring and the other discs (less in a picture whose
// cells are under 8 mm, a twenty-fifth of a cell).
const (
	MinStepDisc = 2.6 * vg.Millimeter
	KeyGap      = 0.3 * vg.Millimeter
	// MinStepFont is the least size of a shrunk disc's figures (where
	// its cell's figures are larger): 7 pt, 2.5 mm, as a key's numbers.
	MinStepFont = 7 * vg.Length(1)
)

// segment is a line on the canvas a disc keeps clear of, with half its
// width.
type segment struct {
	a, b vg.Point
	half vg.Length
}

// pill is a placed disc: the segment between its ends' centres and its
// radius.
type pill struct {
	a, b vg.Point
	r    vg.Length
}

// keyRoom is what the discs of one cell keep clear of, on the canvas.
type keyRoom struct {
	hard   []segment  // the cell's sides, the frame, walls, the ring
	box    [4]float64 // the number's ink: left, bottom, right, top
	soft   []segment  // the key's arrows: clear of them where there is room
	placed []pill
	ring   *ring // the start's
	gap    vg.Length
}

// ring is the start's ring: its centre, radius and half its width.
type ring struct {
	c       vg.Point
	r, half vg.Length
}

// clearance is how far the pill of half-length w and radius r at q lies
// beyond the gap from the hard lines and the number (negative within it),
// and from the arrows.
func (k *keyRoom) clearance(q vg.Point, w, r vg.Length) (hard, soft float64) {
	a, b := vg.Point{X: q.X - w, Y: q.Y}, vg.Point{X: q.X + w, Y: q.Y}
	hard, soft = math.Inf(1), math.Inf(1)
	for _, s := range k.hard {
		hard = min(hard, segDist(a, b, s.a, s.b)-float64(r+s.half+k.gap))
	}
	l, bo, ri, t := k.box[0], k.box[1], k.box[2], k.box[3]
	if ri > l {
		// The distance from the pill's segment to the box.
		dx := max(l-float64(b.X), float64(a.X)-ri, 0)
		dy := max(bo-float64(q.Y), float64(q.Y)-t, 0)
		hard = min(hard, math.Sqrt(dx*dx+dy*dy)-float64(r+k.gap))
	}
	if g := k.ring; g != nil {
		hard = min(hard, ringDist(a, b, g.c, float64(g.r))-float64(r+g.half+k.gap))
	}
	for _, p := range k.placed {
		hard = min(hard, segDist(a, b, p.a, p.b)-float64(r+p.r+k.gap))
	}
	for _, s := range k.soft {
		soft = min(soft, segDist(a, b, s.a, s.b)-float64(r+s.half+k.gap))
	}
	return hard, soft
}

// place finds where the pill of half-length w and radius r goes in the
// cell whose corners are poly, nearest to want among the places clear of
// everything, else clear of all but the arrows and farthest from them,
// else farthest from what it comes nearest. It returns the place and its
// hard clearance.
func (k *keyRoom) place(poly []vg.Point, want vg.Point, w, r vg.Length, cell vg.Length) (vg.Point, float64) {
	lo, hi := poly[0], poly[0]
	for _, p := range poly {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	type cand struct {
		q          vg.Point
		hard, soft float64
	}
	better := func(x, y cand) bool { // x before y
		xok, yok := x.hard >= 0, y.hard >= 0
		if xok != yok {
			return xok
		}
		if !xok {
			return x.hard > y.hard
		}
		xs, ys := x.soft >= 0, y.soft >= 0
		if xs != ys {
			return xs
		}
		if !xs && x.soft != y.soft {
			return x.soft > y.soft
		}
		return dist(x.q, want) < dist(y.q, want)
	}
	var best *cand
	try := func(q vg.Point) {
		if !inside(q, poly) {
			return
		}
		h, s := k.clearance(q, w, r)
		c := cand{q, h, s}
		if best == nil || better(c, *best) {
			best = &c
		}
	}
	try(want)
	step := cell / 30
	for y := lo.Y + step/2; y < hi.Y; y += step {
		for x := lo.X + step/2; x < hi.X; x += step {
			try(vg.Point{X: x, Y: y})
		}
	}
	if best == nil {
		return want, math.Inf(-1)
	}
	// Finer, round the best.
	c := best.q
	fine := step / 5
	for dy := -5; dy <= 5; dy++ {
		for dx := -5; dx <= 5; dx++ {
			try(vg.Point{X: c.X + vg.Length(dx)*fine, Y: c.Y + vg.Length(dy)*fine})
		}
	}
	return best.q, best.hard
}

func dist(a, b vg.Point) float64 {
	x, y := float64(a.X-b.X), float64(a.Y-b.Y)
	return math.Sqrt(x*x + y*y)
}

// inside reports whether q lies inside the polygon poly (even-odd).
func inside(q vg.Point, poly []vg.Point) bool {
	in := false
	for k := range poly {
		a, b := poly[k], poly[(k+1)%len(poly)]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < a.X+(q.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
			in = !in
		}
	}
	return in
}

// segDist is the least distance between the segments ab and cd.
func segDist(a, b, c, d vg.Point) float64 {
	cross := func(o, p, q vg.Point) float64 {
		return float64((p.X-o.X)*(q.Y-o.Y) - (p.Y-o.Y)*(q.X-o.X))
	}
	if d1, d2, d3, d4 := cross(a, b, c), cross(a, b, d), cross(c, d, a), cross(c, d, b); d1*d2 < 0 && d3*d4 < 0 {
		return 0
	}
	return math.Sqrt(min(ptSeg2(a, c, d), ptSeg2(b, c, d), ptSeg2(c, a, b), ptSeg2(d, a, b)))
}

// ptSeg2 is the square of the distance from p to the segment ab.
func ptSeg2(p, a, b vg.Point) float64 {
	dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
	px, py := float64(p.X-a.X), float64(p.Y-a.Y)
	l := dx*dx + dy*dy
	u := 0.0
	if l > 0 {
		u = max(0, min(1, (px*dx+py*dy)/l))
	}
	x, y := px-u*dx, py-u*dy
	return x*x + y*y
}

// ringDist is the least distance between the segment ab and the circle
// of radius r about c.
func ringDist(a, b, c vg.Point, r float64) float64 {
	da, db := dist(a, c), dist(b, c)
	near := math.Sqrt(ptSeg2(c, a, b))
	switch {
	case max(da, db) < r: // inside
		return r - max(da, db)
	case near > r: // outside
		return near - r
	}
	return 0 // across it
}

// lines are the lines every disc keeps clear of: the frame, the walls and
// a torus's dashed edge, with half their widths (as boardOutline, walls
// and torusEdge draw them).
func (d *drawing) lines() []segment {
	var out []segment
	for _, poly := range d.l.Outline {
		for k := range poly {
			out = append(out, segment{d.at(poly[k]), d.at(poly[(k+1)%len(poly)]), d.thin * 3 / 2})
		}
	}
	for _, w := range d.l.Walls {
		out = append(out, segment{d.at(w.A), d.at(w.B), d.thin * 2})
	}
	if w := d.l.Wrap; w != nil {
		a, b := w[0], w[1]
		corners := []Point{a, {b.X, a.Y}, b, {a.X, b.Y}}
		for k := range corners {
			out = append(out, segment{d.at(corners[k]), d.at(corners[(k+1)%4]), d.thin})
		}
	}
	return out
}

// placedDisc is a step disc where it is drawn: its centre, radius,
// half-length (a pill's), face and text.
type placedDisc struct {
	q    vg.Point
	r, w vg.Length
	f    font.Face
	text string
}

// numberScales are the sizes, against its own, at which a cell's number
// is tried when its discs find no clear place beside it (a key's small
// cells: Klondike's on A5); a number is never set under MinStepFont.
var numberScales = []float64{1, 0.85, 0.7, 0.55}

// placeSteps lays out the step discs of the key (steps draws them): each
// as Geometry.StepDiscs places and sizes it where that is clear, else
// moved within the cell, and shrunk down to MinStepDisc, to the place
// nearest it that keeps KeyGap clear of the cell's sides, the frame, the
// walls, the number, the start's ring and the other discs, and of the
// key's arrows where there is room; where a cell has no such place, its
// number is set smaller (numberScales) until it has. It sets d.discs and
// d.numberScale, which numbers reads.
func (d *drawing) placeSteps() {
	lines := d.lines()
	number := d.face(0.5)
	d.discs = make([][]placedDisc, len(d.key.steps))
	d.numberScale = make([]float64, len(d.key.steps))
	for i, steps := range d.key.steps {
		if len(d.g.StepDiscs(d.m.Board, i, steps)) == 0 {
			continue
		}
		// Each disc near its place, the number smaller as need be;
		// else anywhere in the cell.
		ok := false
		for _, near := range []bool{true, false} {
			for _, scale := range numberScales {
				if d.m.Open(i) && scale < 1 {
					d.numberScale[i] = 1
					f := d.numberFace(number, i, cellText(d.m, i))
					if f.Font.Size*vg.Length(scale) < MinStepFont {
						break
					}
				}
				d.numberScale[i] = scale
				var placed []placedDisc
				placed, ok = d.placeCell(i, steps, lines, number, near)
				d.discs[i] = placed
				if ok || !d.m.Open(i) {
					break
				}
			}
			if ok {
				break
			}
		}
		if !ok {
			d.numberScale[i] = 1
			d.discs[i], _ = d.placeCell(i, steps, lines, number, false)
		}
	}
}

// placeCell places the discs of cell i (placeSteps) with its number at
// d.numberScale[i], and reports whether each is clear (and, when near is
// nearOnly is set, near its place).
func (d *drawing) placeCell(i int, steps []int, lines []segment, number font.Face, nearOnly bool) ([]placedDisc, bool) {
	gap := min(KeyGap, d.cell/25)
	discs := d.g.StepDiscs(d.m.Board, i, steps)
	s := d.g.Shapes[i]
	ctr := d.at(s.Center)
	poly := make([]vg.Point, len(s.Corners))
	for k, q := range s.Corners {
		poly[k] = d.at(q)
	}
	lo, hi := poly[0], poly[0]
	for _, p := range poly {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	room := &keyRoom{gap: gap}
	for k := range poly {
		room.hard = append(room.hard, segment{poly[k], poly[(k+1)%len(poly)], d.thin / 2})
	}
	near := func(s segment) bool {
		pad := s.half + d.cell/2
		return max(s.a.X, s.b.X) >= lo.X-pad && min(s.a.X, s.b.X) <= hi.X+pad &&
			max(s.a.Y, s.b.Y) >= lo.Y-pad && min(s.a.Y, s.b.Y) <= hi.Y+pad
	}
	for _, s := range lines {
		if near(s) {
			room.hard = append(room.hard, s)
		}
	}
	for _, s := range d.arrows {
		if near(s) {
			room.soft = append(room.soft, s)
		}
	}
	if d.m.Open(i) {
		text := cellText(d.m, i)
		f := d.numberFace(number, i, text)
		ext := f.Extents()
		w := f.Width(text)
		base := ctr.Y - (ext.Ascent-ext.Descent)/2
		room.box = [4]float64{float64(ctr.X - w/2), float64(base), float64(ctr.X + w/2), float64(base + f.Font.Size*0.72)}
		if i == d.m.Start {
			rr := ringRadius(f, text, d.g.Size, d.cell)
			half := d.thin
			if d.m.Variant.Tiling == maze.Triangle {
				half = d.thin / 2
			}
			room.ring = &ring{ctr, rr, half}
		}
	}
	least := min(MinStepDisc/2, d.cell/5)
	var out []placedDisc
	ok := true
	for _, disc := range discs {
		r0 := vg.Length(disc.R) * d.cell
		want := d.at(Point{s.Center.X + disc.X, s.Center.Y + disc.Y})
		// Full size near its place, else smaller there, else full
		// size or smaller wherever the cell has room, else where it
		// comes least near anything.
		type try struct {
			placedDisc
			clear float64
		}
		var tries []try
		for _, rr := range []vg.Length{max(r0, least), least} {
			f0 := vg.Length(disc.Font) * d.cell
			f := font.DefaultCache.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, max(f0*rr/r0, min(f0, MinStepFont)))
			w := max(0, f.Width(disc.Text())-1.3*rr) / 2
			q, clear := room.place(poly, want, w, rr, d.cell)
			tries = append(tries, try{placedDisc{q, rr, w, f, disc.Text()}, clear})
		}
		pick := tries[0]
		switch {
		case tries[0].clear >= 0 && dist(tries[0].q, want) <= float64(d.cell)*0.12:
		case tries[1].clear >= 0 && dist(tries[1].q, want) <= float64(d.cell)*0.12:
			pick = tries[1]
		case tries[0].clear >= 0:
		case tries[1].clear >= 0 || tries[1].clear > tries[0].clear:
			pick = tries[1]
		}
		ok = ok && pick.clear >= 0 && (!nearOnly || dist(pick.q, want) <= float64(d.cell)*0.12)
		p := pick.placedDisc
		room.placed = append(room.placed, pill{vg.Point{X: p.q.X - p.w, Y: p.q.Y}, vg.Point{X: p.q.X + p.w, Y: p.q.Y}, p.r})
		out = append(out, p)
	}
	return out, ok
}

// steps draws the step discs placeSteps laid out, white figures on dark
// discs (a pill where the text is wide).
func (d *drawing) steps() {
	for _, discs := range d.discs {
		for _, p := range discs {
			var path vg.Path
			left, right := vg.Point{X: p.q.X - p.w, Y: p.q.Y}, vg.Point{X: p.q.X + p.w, Y: p.q.Y}
			path.Move(vg.Point{X: right.X, Y: right.Y + p.r})
			path.Arc(right, p.r, math.Pi/2, -math.Pi)
			path.Line(vg.Point{X: left.X, Y: left.Y - p.r})
			path.Arc(left, p.r, 3*math.Pi/2, -math.Pi)
			path.Close()
			d.c.SetColor(d.pal.path)
			d.c.Fill(path)
			d.c.SetColor(color.White)
			centre(d.c, p.f, p.q, p.text)
		}
	}
}
