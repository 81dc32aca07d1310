package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/maze"
	"rjm/render"
	"rjm/web"
)

// drawing is what a picture of a maze shows, read back from an SVG, in
// the picture's units with y downwards: the number drawn in each place,
// the walls, the loops' arcs (their two ends) and the wrap-around frame.
type drawing struct {
	numbers map[[2]float64]string
	walls   [][4]float64
	arcs    [][4]float64
	wrap    [][4]float64
}

var (
	vgText  = regexp.MustCompile(`<text x="([-0-9.e]+)" y="([-0-9.e]+)"[^>]*font-size:([0-9.e]+)px[^>]*>([^<]*)</text>`)
	vgPath  = regexp.MustCompile(`<path d="([^"]*)" style="[^"]*stroke-width:([0-9.e]+)(;stroke-dasharray[^"]*)?"`)
	vgSize  = regexp.MustCompile(`viewBox="0 0 ([0-9.e]+) ([0-9.e]+)"`)
	numbers = regexp.MustCompile(`[-0-9.e]+`)
)

// readPicture reads rjm render's SVG picture (gonum's vgsvg: y upwards,
// numbers as text placed by their baseline's left end) drawn with cell
// side cell.
func readPicture(t *testing.T, svg string, cell float64) drawing {
	t.Helper()
	size := vgSize.FindStringSubmatch(svg)
	height, _ := strconv.ParseFloat(size[2], 64)
	d := drawing{numbers: map[[2]float64]string{}}
	var big float64
	texts := vgText.FindAllStringSubmatch(svg, -1)
	for _, m := range texts {
		fs, _ := strconv.ParseFloat(m[3], 64)
		big = max(big, fs)
	}
	for _, m := range texts {
		fs, _ := strconv.ParseFloat(m[3], 64)
		if fs < big*0.99 {
			continue // the overlays' small text
		}
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		// The text stands on its baseline at y, flipped twice; its centre
		// is about a third of the font size above it and half its width
		// (Liberation Sans digits are 0.556 em wide) right of x.
		d.numbers[[2]float64{x + 0.278*fs*float64(len(m[4])), height + y - 0.35*fs}] = m[4]
	}
	flip := func(v []float64) [4]float64 { return [4]float64{v[0], height - v[1], v[2], height - v[3]} }
	for _, m := range vgPath.FindAllStringSubmatch(svg, -1) {
		w, _ := strconv.ParseFloat(m[2], 64)
		v := floats(m[1])
		switch {
		case m[3] != "" && strings.Contains(m[1], "Z"):
			// A dashed frame (a dashed Surakarta loop is not closed).
			d.wrap = append(d.wrap, flip([]float64{v[0], v[1], v[4], v[5]}))
		case near(w, cell/10) && strings.Count(m[1], "L") == 1:
			d.walls = append(d.walls, flip(v))
		case near(w, cell/20) && strings.Count(m[1], "A") == 1 && !strings.Contains(m[1], "Z"):
			d.arcs = append(d.arcs, flip([]float64{v[0], v[1], v[len(v)-2], v[len(v)-1]}))
		}
	}
	return d
}

// readBoard reads the player's board (render.WriteBoard, y downwards).
func readBoard(t *testing.T, svg string) drawing {
	t.Helper()
	d := drawing{numbers: map[[2]float64]string{}}
	for _, m := range regexp.MustCompile(`<g data-cell="[^"]*"[^>]*>.*?<text x="([-0-9.]+)" y="([-0-9.]+)"[^>]*>([^<]*)</text>`).FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		d.numbers[[2]float64{x, y}] = m[3]
	}
	for _, m := range regexp.MustCompile(`<line data-wall="[^"]*" class="wall" x1="([-0-9.]+)" y1="([-0-9.]+)" x2="([-0-9.]+)" y2="([-0-9.]+)"`).FindAllStringSubmatch(svg, -1) {
		d.walls = append(d.walls, [4]float64(floats(strings.Join(m[1:], " "))))
	}
	for _, loop := range regexp.MustCompile(`<g data-loop="\d+"[^>]*>(.*?)</g>`).FindAllStringSubmatch(svg, -1) {
		for _, m := range regexp.MustCompile(`<path d="([^"]*)"`).FindAllStringSubmatch(loop[1], -1) {
			v := floats(m[1])
			d.arcs = append(d.arcs, [4]float64{v[0], v[1], v[len(v)-2], v[len(v)-1]})
		}
	}
	for _, m := range regexp.MustCompile(`<rect data-wrap="true" class="wrap" x="([-0-9.]+)" y="([-0-9.]+)" width="([-0-9.]+)" height="([-0-9.]+)"`).FindAllStringSubmatch(svg, -1) {
		v := floats(strings.Join(m[1:], " "))
		d.wrap = append(d.wrap, [4]float64{v[0], v[1], v[0] + v[2], v[1] + v[3]})
	}
	return d
}

func floats(s string) []float64 {
	var v []float64
	for _, f := range numbers.FindAllString(s, -1) {
		x, err := strconv.ParseFloat(f, 64)
		if err == nil {
			v = append(v, x)
		}
	}
	return v
}

func near(a, b float64) bool { return math.Abs(a-b) < 0.02 }

// sameSegments reports whether a and b hold the same segments, either
// way round, to within a twentieth of a point.
func sameSegments(a, b [][4]float64) bool {
	if len(a) != len(b) {
		return false
	}
	close := func(p, q [4]float64) bool {
		eq := func(i, j int) bool { return math.Abs(p[i]-q[j]) < 0.05 }
		return eq(0, 0) && eq(1, 1) && eq(2, 2) && eq(3, 3) || eq(0, 2) && eq(1, 3) && eq(2, 0) && eq(3, 1)
	}
	for _, p := range a {
		if !slices.ContainsFunc(b, func(q [4]float64) bool { return close(p, q) }) {
			return false
		}
	}
	return true
}

// compareDrawings checks that the player's board shows what rjm render's
// picture shows: every number in its place (each of the picture's
// numbers lies in the board's cell whose number is nearest, with the same
// text), the same walls, loops and wrap-around frame.
func compareDrawings(t *testing.T, name, boardSVG string, m *maze.Maze) {
	t.Helper()
	var pic bytes.Buffer
	if err := (render.Picture{Maze: m}).WritePicture(&pic, "svg", render.PictureOptions{}); err != nil {
		t.Fatal(err)
	}
	cell := 72 / 25.4 * 10 // 10 mm in points
	want, got := readPicture(t, pic.String(), cell), readBoard(t, boardSVG)
	if m.Variant.Loops != (len(want.arcs) > 0) || m.Variant.Torus != (len(want.wrap) > 0) || len(m.WallList()) != len(want.walls) {
		t.Fatalf("%s: the picture read back has %d loop arcs, %d wrap frames, %d walls", name, len(want.arcs), len(want.wrap), len(want.walls))
	}
	if len(got.numbers) != len(want.numbers) || len(want.numbers) == 0 {
		t.Errorf("%s: the board shows %d numbers, the picture %d", name, len(got.numbers), len(want.numbers))
	}
	for p, text := range want.numbers {
		best, bestText := math.Inf(1), ""
		for q, s := range got.numbers {
			if d := math.Hypot(p[0]-q[0], p[1]-q[1]); d < best {
				best, bestText = d, s
			}
		}
		// Within a fifth of a cell of the number drawn there.
		if bestText != text || best > cell/5 {
			t.Errorf("%s: the picture's %q at %.1f,%.1f is nearest the board's %q (%.1f away)", name, text, p[0], p[1], bestText, best)
		}
	}
	for what, pair := range map[string][2][][4]float64{"walls": {want.walls, got.walls}, "loop arcs": {want.arcs, got.arcs}, "wrap-around frames": {want.wrap, got.wrap}} {
		if !sameSegments(pair[0], pair[1]) {
			t.Errorf("%s: %s differ: the picture's %v, the board's %v", name, what, pair[0], pair[1])
		}
	}
}

// boardOf returns the player's board, the <svg id="board"> of a page.
func boardOf(t *testing.T, page string) string {
	t.Helper()
	i := strings.Index(page, `<svg`)
	j := strings.Index(page, `</svg>`)
	if i < 0 || j < i || !strings.Contains(page[i:j], `id="board"`) {
		t.Fatal("the page has no board")
	}
	return page[i : j+len("</svg>")]
}

// playerMazes are mazes of every variant the engine supports (each
// alone, and queen moves on a torus and with loops), and the examples:
// walls, blocked and pass-over cells, Loyd's shaped board in its exit ring.
func playerMazes(t *testing.T) map[string]*maze.Maze {
	t.Helper()
	mazes := map[string]*maze.Maze{}
	names := []string{"rook", "queen,torus", "queen,loops"}
	for _, v := range maze.VariantNames {
		names = append(names, v[0])
	}
	for _, name := range names {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		s := generate.Default()
		s.Rows, s.Cols, s.Variant, s.Seed, s.Iterations = 6, 6, v, 1, 200
		s.RandomGoal = !v.Exit
		r, err := generate.Run(context.Background(), s, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		mazes[name] = r.Maze
	}
	files, _ := filepath.Glob(filepath.Join("..", "examples", "*.txt"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := maze.Read(data, maze.ParseOptions{})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		mazes[filepath.Base(f)] = m
	}
	return mazes
}

// TestPlayerShowsThePicture checks, for a maze of every variant and every
// example, that the player's board shows every number, wall, loop and
// wrap-around mark rjm render's picture shows, in the same places.
func TestPlayerShowsThePicture(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for name, m := range playerMazes(t) {
		id, err := m.ID()
		if err != nil {
			t.Fatal(err)
		}
		a := do(t, ts, "GET", "/m/"+id, "")
		if a.code != 200 {
			t.Fatalf("%s: GET /m/%s: %d", name, id, a.code)
		}
		board := boardOf(t, a.body)
		compareDrawings(t, name, board, m)
		if n, want := strings.Count(board, "data-wall="), len(m.WallList()); n != want {
			t.Errorf("%s: %d walls drawn, want %d", name, n, want)
		}
		if m.Variant.Exit != strings.Contains(board, `data-exit="true"`) {
			t.Errorf("%s: exit ring drawn: %v", name, !m.Variant.Exit)
		}
	}
}

// TestPlayerWalls checks the walls of a maze ID with a layout: each an
// element naming its two cells as the maze text's wall lines do, and no
// jump across one offered to the player.
func TestPlayerWalls(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	const id = "5x5:1314433324201332233314221:1000002000000001000000000"
	m, err := maze.ParseID(id)
	if err != nil {
		t.Fatal(err)
	}
	a := do(t, ts, "GET", "/m/"+id, "")
	board := boardOf(t, a.body)
	var want []string
	for _, line := range strings.Split(m.String(), "\n") {
		if w, ok := strings.CutPrefix(line, "wall "); ok {
			want = append(want, fmt.Sprintf(`data-wall="%s"`, w))
		}
	}
	if len(want) != 3 {
		t.Fatalf("the maze has %d walls, want 3", len(want))
	}
	for _, w := range want {
		if !strings.Contains(board, w) {
			t.Errorf("the board lacks %s", w)
		}
	}
	game := regexp.MustCompile(`data-game="([^"]*)"`).FindStringSubmatch(a.body)
	if game == nil {
		t.Fatal("no game")
	}
	g := unescapeGame(t, game[1])
	for u, node := range g.Nodes {
		for _, mv := range node.M {
			from, to := m.Cell(node.C), m.Cell(g.Nodes[mv.T].C)
			if crossesWall(m, from, to) {
				t.Errorf("node %d: the move %s from %v to %v crosses a wall", u, mv.D, from, to)
			}
		}
	}
}

// crossesWall reports whether the straight line from a to b (same row or
// column) crosses a wall of m, by m's walls written as text.
func crossesWall(m *maze.Maze, a, b maze.Cell) bool {
	for _, w := range m.WallList() {
		p, q := m.Cell(w[0]), m.Cell(w[1])
		between := func(x, lo, hi int) bool { return min(lo, hi) <= x && x <= max(lo, hi) }
		if a.Row == b.Row && p.Row == a.Row && q.Row == a.Row && between(p.Col, a.Col, b.Col) && between(q.Col, a.Col, b.Col) {
			return true
		}
		if a.Col == b.Col && p.Col == a.Col && q.Col == a.Col && between(p.Row, a.Row, b.Row) && between(q.Row, a.Row, b.Row) {
			return true
		}
	}
	return false
}

// playerGame is the player's data-game: its nodes, each a cell and its
// legal moves (token, landing node).
type playerGame struct {
	Start int `json:"start"`
	Nodes []struct {
		C int `json:"c"`
		M []struct {
			D string       `json:"d"`
			T int          `json:"t"`
			R render.Route `json:"r"`
		} `json:"m"`
	} `json:"nodes"`
}

func unescapeGame(t *testing.T, attr string) playerGame {
	t.Helper()
	var g playerGame
	if err := json.Unmarshal([]byte(html.UnescapeString(attr)), &g); err != nil {
		t.Fatal(err)
	}
	return g
}
