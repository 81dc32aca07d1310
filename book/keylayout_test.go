package book

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"rjm/render"
)

// The clearances of a key, measured on the page: every step disc at
// least MinDisc across, and at least MinGap from the start's ring, the
// board's frame, a wall, a cell's number and every other disc.
const (
	MinDisc = 2.5 * vg.Millimeter
	MinGap  = 0.25 * vg.Millimeter
)

// keyBooks are the books the key layout is measured on, one of each
// board (testdata/keys/NAME.txt: the four puzzles of rjm book --count 4
// --seed 1 on it, 6×6 or the example layout).
var keyBooks = []string{"plain", "torus", "queen", "queentorus", "nouturn", "hex", "triangle",
	"loops", "exit", "hexexit", "klondike", "walls"}

// recordBook writes the book of the maze list in file and returns what
// it drew.
func recordBook(t *testing.T, s Settings, file string) []render.Mark {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	listed, err := ReadList(f)
	if err != nil {
		t.Fatal(file, err)
	}
	puzzles, s, err := FromList(context.Background(), s, listed)
	if err != nil {
		t.Fatal(file, err)
	}
	rec := render.NewRecorder()
	if err := writePuzzles(context.Background(), io.Discard, s, puzzles, rec); err != nil {
		t.Fatal(file, err)
	}
	return rec.Marks
}

// TestKeyClearances measures every solution key of a book on each board
// in what the PDF draws (the marks it is made of, as a Recorder keeps
// them): no step disc is under MinDisc across, and none comes within
// MinGap of the start's ring, the frame, a wall, a number or another
// disc.
// Three boards are measured on A5 as well (Klondike's spread and hex+exit's
// worked example do not yet keep the clearances there: cells of 7 mm).
func TestKeyClearances(t *testing.T) {
	type run struct {
		name  string
		paper Paper
	}
	var runs []run
	for _, name := range keyBooks {
		runs = append(runs, run{name, A4})
	}
	for _, name := range []string{"queen", "triangle", "walls"} {
		runs = append(runs, run{name, A5})
	}
	for _, r := range runs {
		name := r.name
		t.Run(name+" "+r.paper.Name, func(t *testing.T) {
			marks := recordBook(t, Settings{Paper: r.paper}, filepath.Join("testdata", "keys", name+".txt"))
			problems := keyProblems(marks)
			if len(problems) == 0 {
				return
			}
			for _, p := range problems[:min(len(problems), 8)] {
				t.Error(p)
			}
			if len(problems) > 8 {
				t.Errorf("and %d more", len(problems)-8)
			}
		})
	}
}

// keyProblems returns, for the pages of marks, each step disc that is too
// small or too close to something.
func keyProblems(marks []render.Mark) []string {
	type shape struct {
		what   string
		pts    []vg.Point // a polyline; closed when its ends meet
		half   vg.Length  // half its line's width
		inside bool       // a disc or a number: nothing may be within it
	}
	byPage := map[int][]render.Mark{}
	var pages []int
	for _, m := range marks {
		if _, ok := byPage[m.Page]; !ok {
			pages = append(pages, m.Page)
		}
		byPage[m.Page] = append(byPage[m.Page], m)
	}
	var out []string
	for _, page := range pages {
		var discs, others []shape
		for _, m := range byPage[page] {
			switch {
			case m.Layer == render.LayerSteps && m.Kind == render.Filled:
				for _, p := range m.Paths {
					discs = append(discs, shape{what: "disc", pts: p, inside: true})
				}
			case m.Layer == render.LayerFrame && m.Kind == render.Stroked,
				m.Layer == render.LayerWalls && m.Kind == render.Stroked,
				m.Layer == render.LayerNumbers && m.Kind == render.Stroked:
				what := map[string]string{render.LayerFrame: "the frame", render.LayerWalls: "a wall", render.LayerNumbers: "the start's ring"}[m.Layer]
				for _, p := range m.Paths {
					others = append(others, shape{what: what, pts: p, half: m.Width / 2})
				}
			case m.Layer == render.LayerNumbers && m.Kind == render.Text:
				// The figures' ink: from the baseline up to 0.72 of the
				// size (Liberation Sans's figures are 0.70 em tall).
				at := func(a, u float64) vg.Point {
					return vg.Point{X: m.Origin.X + vg.Length(a)*m.Along.X + vg.Length(u)*m.Up.X, Y: m.Origin.Y + vg.Length(a)*m.Along.Y + vg.Length(u)*m.Up.Y}
				}
				box := []vg.Point{at(0, 0), at(1, 0), at(1, 0.72), at(0, 0.72), at(0, 0)}
				others = append(others, shape{what: fmt.Sprintf("the number %q", m.Text), pts: box, inside: true})
			}
		}
		for i, d := range discs {
			lo, hi := bounds(d.pts)
			across := min(hi.X-lo.X, hi.Y-lo.Y)
			where := fmt.Sprintf("page %d: the disc at (%.1f, %.1f) mm", page, mm(lo.X+hi.X)/2, mm(lo.Y+hi.Y)/2)
			if across < MinDisc-0.01 {
				out = append(out, fmt.Sprintf("%s is %.2f mm across, under %.1f", where, mm(across), mm(MinDisc)))
			}
			near := others
			for j, e := range discs {
				if j != i {
					near = append(near, e)
				}
			}
			for _, o := range near {
				olo, ohi := bounds(o.pts)
				pad := o.half + MinGap
				if olo.X > hi.X+pad || ohi.X < lo.X-pad || olo.Y > hi.Y+pad || ohi.Y < lo.Y-pad {
					continue
				}
				gap := distance(d.pts, o.pts) - o.half
				if o.inside && within(centre(d.pts), o.pts) || within(o.pts[0], d.pts) && o.inside {
					gap = -1
				}
				if gap < MinGap {
					out = append(out, fmt.Sprintf("%s is %.2f mm from %s (want %.2f)", where, mm(max(gap, 0)), o.what, mm(MinGap)))
				}
			}
		}
	}
	return out
}

func mm(l vg.Length) float64 { return float64(l / vg.Millimeter) }

func bounds(pts []vg.Point) (lo, hi vg.Point) {
	lo, hi = pts[0], pts[0]
	for _, p := range pts {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	return lo, hi
}

func centre(pts []vg.Point) vg.Point {
	lo, hi := bounds(pts)
	return vg.Point{X: (lo.X + hi.X) / 2, Y: (lo.Y + hi.Y) / 2}
}

// within reports whether q lies inside the closed polygon pts (even-odd).
func within(q vg.Point, pts []vg.Point) bool {
	in := false
	for k := 1; k < len(pts); k++ {
		a, b := pts[k-1], pts[k]
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < a.X+(q.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
			in = !in
		}
	}
	return in
}

// distance is the least distance between two polylines.
func distance(a, b []vg.Point) vg.Length {
	best := math.Inf(1)
	seg := func(p []vg.Point) [][2]vg.Point {
		if len(p) == 1 {
			return [][2]vg.Point{{p[0], p[0]}}
		}
		var s [][2]vg.Point
		for k := 1; k < len(p); k++ {
			s = append(s, [2]vg.Point{p[k-1], p[k]})
		}
		return s
	}
	sb := seg(b)
	for _, s := range seg(a) {
		for _, t := range sb {
			best = min(best, segDist(s, t))
		}
	}
	return vg.Length(best)
}

// segDist is the least distance between two segments.
func segDist(s, t [2]vg.Point) float64 {
	cross := func(o, a, b vg.Point) float64 {
		return float64((a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X))
	}
	if d1, d2, d3, d4 := cross(s[0], s[1], t[0]), cross(s[0], s[1], t[1]), cross(t[0], t[1], s[0]), cross(t[0], t[1], s[1]); d1*d2 < 0 && d3*d4 < 0 {
		return 0
	}
	return min(ptSeg(s[0], t), ptSeg(s[1], t), ptSeg(t[0], s), ptSeg(t[1], s))
}

func ptSeg(p vg.Point, s [2]vg.Point) float64 {
	dx, dy := float64(s[1].X-s[0].X), float64(s[1].Y-s[0].Y)
	px, py := float64(p.X-s[0].X), float64(p.Y-s[0].Y)
	l := dx*dx + dy*dy
	u := 0.0
	if l > 0 {
		u = max(0, min(1, (px*dx+py*dy)/l))
	}
	return math.Hypot(px-u*dx, py-u*dy)
}

// TestKeyProblemsFindsTouches checks the measure on made-up marks: a disc
// on a number, one crossing the frame, one too small, and one clear.
func TestKeyProblemsFindsTouches(t *testing.T) {
	circle := func(x, y, r vg.Length) []vg.Point {
		var p []vg.Point
		for k := 0; k <= 36; k++ {
			a := 2 * math.Pi * float64(k) / 36
			p = append(p, vg.Point{X: x + r*vg.Length(math.Cos(a)), Y: y + r*vg.Length(math.Sin(a))})
		}
		return p
	}
	frame := render.Mark{Page: 1, Layer: render.LayerFrame, Kind: render.Stroked, Width: 1,
		Paths: [][]vg.Point{{{X: 0, Y: 0}, {X: 100, Y: 0}, {X: 100, Y: 100}, {X: 0, Y: 100}, {X: 0, Y: 0}}}}
	number := render.Mark{Page: 1, Layer: render.LayerNumbers, Kind: render.Text, Text: "5",
		Origin: vg.Point{X: 50, Y: 50}, Along: vg.Point{X: 6}, Up: vg.Point{Y: 10}}
	disc := func(x, y, r vg.Length) render.Mark {
		return render.Mark{Page: 1, Layer: render.LayerSteps, Kind: render.Filled, Paths: [][]vg.Point{circle(x, y, r)}}
	}
	for _, tc := range []struct {
		disc render.Mark
		want string
	}{
		{disc(53, 54, 5), "from the number"},
		{disc(3, 50, 5), "from the frame"},
		{disc(20, 20, 3), "across, under"},
		{disc(20, 20, 5), ""},
	} {
		got := strings.Join(keyProblems([]render.Mark{frame, number, tc.disc}), "; ")
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("disc %v: %q, want %q", centre(tc.disc.Paths[0]), got, tc.want)
		}
	}
}

// readKeys reads the maze list testdata/keys/NAME.txt.
func readKeys(tb testing.TB, name string) []Listed {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", "keys", name+".txt"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	listed, err := ReadList(f)
	if err != nil {
		tb.Fatal(name, err)
	}
	return listed
}
