package render_test

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// pictureExamples are mazes of every geometry: squares, a shaped board
// with blocked and pass-over cells, hexagons, triangles, loops, a torus
// and Loyd's circle, and for the solution key a 7×7 maze of 30 moves
// and long mazes on triangles, hexagons, loops and a torus (the default
// recipe's; their keys number the steps without arrows).
var pictureExamples = []string{"figure1", "layout", "hex", "triangle", "loops", "torus", "klondike", "key7", "wide", "key-triangle", "key-hex", "key-loops", "key-torus"}

func examplePicture(t *testing.T, name string) render.Picture {
	t.Helper()
	file := filepath.Join("..", "examples", name+".txt")
	if _, err := os.Stat(file); err != nil {
		file = filepath.Join("testdata", name+".txt") // the key's own examples
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := generate.Read(t.Context(), data, maze.ParseOptions{})
	if err != nil {
		t.Fatal(name, err)
	}
	g := graph.MustCompile(m.Board)
	return render.Picture{Maze: m, Features: analysis.Analyze(g, m), Depth: solve.Solve(g, m).Depth}
}

// The SVG pictures are pinned by golden files (reviewed by eye as PNGs:
// go test ./render -run Golden -update rewrites them).
func TestPictureGolden(t *testing.T) {
	for _, name := range pictureExamples {
		p := examplePicture(t, name)
		var buf bytes.Buffer
		if err := p.WritePicture(&buf, "svg", render.PictureOptions{Solution: true, Holes: true}); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join("testdata", name+".svg")
		if *update {
			if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s: the SVG differs from %s (rerun with -update after looking at it)", name, file)
		}
	}
}

// textElement matches the SVG text elements vgsvg writes.
var textElement = regexp.MustCompile(`<text x="([-0-9.e]+)" y="([-0-9.e]+)"[^>]*font-size:([0-9.e]+)px[^>]*>([^<]*)</text>`)

// Numbers stay text in the SVG, and reading them back, each in the cell
// whose centre is nearest, rebuilds the maze: every jump, the goal, and
// nothing else at the numbers' sizes.
func TestPictureReadsBack(t *testing.T) {
	for _, name := range pictureExamples {
		p := examplePicture(t, name)
		o := render.PictureOptions{Cell: 12 * vg.Millimeter}
		var buf bytes.Buffer
		if err := p.WritePicture(&buf, "svg", o); err != nil {
			t.Fatal(err)
		}
		m := p.Maze
		geo := render.NewGeometry(m.Board)
		_, height := p.Size(o)
		cell := float64(o.Cell.Points())
		// The board's origin: the picture is centred on the board.
		w, _ := p.Size(o)
		margin := (float64(w.Points())/cell - geo.Width) / 2
		got := map[int]string{}
		biggest := 0.0
		for _, t := range textElement.FindAllStringSubmatch(buf.String(), -1) {
			biggest = math.Max(biggest, atof(t[3]))
		}
		for _, el := range textElement.FindAllStringSubmatch(buf.String(), -1) {
			// The numbers: the overlays' marks are at most 0.54 of their
			// size, and a number set smaller (a wide one on the start)
			// at least 0.7.
			if atof(el[3]) < 0.6*biggest || el[4] == "*" {
				continue
			}
			x := atof(el[1])/cell - margin
			y := (float64(height.Points())+atof(el[2]))/cell - margin
			best, dist := -1, math.Inf(1)
			for i, s := range geo.Shapes {
				if s.Corners == nil {
					continue
				}
				if d := math.Hypot(s.Center.X-x, s.Center.Y-y); d < dist {
					best, dist = i, d
				}
			}
			if _, dup := got[best]; dup {
				t.Fatalf("%s: two numbers in cell %v", name, m.Cell(best))
			}
			got[best] = el[4]
		}
		for i := range m.Rows * m.Cols {
			want := ""
			switch {
			case !m.Open(i):
			case i == m.Goal:
				want = "G"
			default:
				want = strconv.Itoa(m.Jumps[i])
			}
			if got[i] != want {
				t.Errorf("%s: cell %v reads %q, want %q", name, m.Cell(i), got[i], want)
			}
		}
	}
}

func atof(s string) float64 {
	x, _ := strconv.ParseFloat(s, 64)
	return x
}

// Every format is written, PNG and PDF from the same drawing; bad
// requests are errors, not panics.
func TestPictureFormats(t *testing.T) {
	p := examplePicture(t, "figure1")
	for _, f := range render.Formats {
		var buf bytes.Buffer
		if err := p.WritePicture(&buf, f, render.PictureOptions{Depths: true, Style: render.Color}); err != nil {
			t.Fatal(f, err)
		}
		magic := map[string]string{"svg": "<?xml", "png": "\x89PNG", "pdf": "%PDF"}[f]
		if !strings.HasPrefix(buf.String(), magic) {
			t.Errorf("%s starts %q", f, buf.String()[:8])
		}
	}
	var buf bytes.Buffer
	if err := p.WritePicture(&buf, "gif", render.PictureOptions{}); err == nil || !strings.Contains(err.Error(), "gif") {
		t.Errorf("gif: %v", err)
	}
	bare := render.Picture{Maze: p.Maze}
	if err := bare.WritePicture(&buf, "svg", render.PictureOptions{Solution: true}); err == nil {
		t.Error("solution without features: no error")
	}
}

// TestExitRing checks that an exit board prints its ring, a grey band
// round the board a cell deep (#D7D7D7, beyond every cell), and that
// other boards do not: without it an exit puzzle has neither a G nor a
// place to land, and looks misprinted.
func TestExitRing(t *testing.T) {
	for _, tc := range []struct {
		name string
		ring bool
	}{{"klondike", true}, {"figure1", false}, {"loops", false}} {
		p := examplePicture(t, tc.name)
		var buf bytes.Buffer
		if err := p.WritePicture(&buf, "svg", render.PictureOptions{}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(buf.String(), "fill:#D7D7D7"); got != tc.ring {
			t.Errorf("%s: exit ring drawn %v, want %v", tc.name, got, tc.ring)
		}
	}
	m, err := maze.ParseID("4x4-exit:3411113341232331")
	if err != nil {
		t.Fatal(err)
	}
	g := graph.MustCompile(m.Board)
	p := render.Picture{Maze: m, Features: analysis.Analyze(g, m)}
	var buf bytes.Buffer
	if err := p.WritePicture(&buf, "svg", render.PictureOptions{Cell: 10 * vg.Millimeter}); err != nil {
		t.Fatal(err)
	}
	// The ring's path spans the board and most of its margin (a cell on
	// each side): 4 + 2·0.85 cells = 57 mm ≈ 161.6 pt.
	re := regexp.MustCompile(`<path d="M([0-9.]+),([0-9.]+)L([0-9.]+),[0-9.]+L[0-9.]+,[0-9.]+L[0-9.]+,[0-9.]+Z" style="fill:#D7D7D7"`)
	sub := re.FindStringSubmatch(buf.String())
	if sub == nil {
		t.Fatalf("exit 4×4: no ring in\n%s", buf.String()[:min(buf.Len(), 600)])
	}
	x0, _ := strconv.ParseFloat(sub[1], 64)
	x1, _ := strconv.ParseFloat(sub[3], 64)
	if w := (x1 - x0) / 72 * 25.4; math.Abs(w-57) > 0.5 {
		t.Errorf("exit 4×4: the ring is %.1f mm wide, want 57", w)
	}
}
