package solve_test

import (
	"math/big"
	"math/rand/v2"
	"os"
	"sort"
	"testing"

	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// The example mazes of examples/, with their known shortest solutions:
// Loyd's published puzzle and hand-verified ones (each file says how).
func TestVariantExamples(t *testing.T) {
	for _, tc := range []struct {
		file     string
		depth    int
		solution string
		paths    int64
	}{
		{"klondike.txt", 9, "SW SW NE NE NE SW SW SW NW", 1},
		{"torus.txt", 3, "LUD", 4},
		{"queen.txt", 2, "SE SE", 1},
		{"layout.txt", 2, "RD", 1},
		{"hex.txt", 3, "SE E E", 1},
		{"triangle.txt", 3, "E SE SE", 3},
		{"loops.txt", 4, "RDLR", 1},
		{"no-u-turn.txt", 9, "RDRDLURRU", 1},
	} {
		data, err := os.ReadFile("../examples/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := maze.ParseText(data, maze.ParseOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		r := solve.Solve(graph.MustCompile(m.Board), m)
		if r.GoalDepth != tc.depth || r.Letters() != tc.solution || r.Paths != tc.paths {
			t.Errorf("%s: %d moves %q, %d solutions; want %d moves %q, %d", tc.file,
				r.GoalDepth, r.Letters(), r.Paths, tc.depth, tc.solution, tc.paths)
		}
		checkAgainstBrute(t, tc.file, m, r)
	}
}

// Loyd's puzzle (the published grid and its solution): the moves of the
// solution land where Loyd says, ending one cell beyond the circle.
func TestKlondikeLoydSolution(t *testing.T) {
	data, err := os.ReadFile("../examples/klondike.txt")
	if err != nil {
		t.Fatal(err)
	}
	m, err := maze.ParseText(data, maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bm := newBrute(m)
	s := bm.startState()
	for _, name := range []string{"SW", "SW", "NE", "NE", "NE", "SW", "SW", "SW", "SE"} {
		d, _ := maze.ParseDir(name)
		next, ok := bm.move(s, d)
		if !ok {
			t.Fatalf("Loyd's move %s from %v is not allowed", name, s)
		}
		s = next
	}
	if !s.exit {
		t.Fatalf("Loyd's solution ends at %v, not beyond the edge", s)
	}
}

// Random mazes on every variant, with random shapes, blocked and
// pass-over cells and walls, agree with an independent brute-force solver
// over an explicit state graph: depths (per cell, the minimum over its
// states), goal depth, number of shortest solutions (distinct state
// sequences) and a valid shortest solution.
func TestVariantsAgainstBruteForce(t *testing.T) {
	variants := []string{
		"", "queen", "torus", "queen,torus", "hex", "triangle", "loops", "queen,loops",
		"exit", "queen,exit", "no-u-turn", "queen,no-u-turn", "torus,no-u-turn",
		"hex,no-u-turn", "triangle,no-u-turn", "loops,no-u-turn", "queen,exit,no-u-turn",
	}
	rng := rand.New(rand.NewPCG(5, 5))
	trials := 60
	if testing.Short() {
		trials = 15
	}
	for _, name := range variants {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		for trial := range trials {
			m := randomVariantMaze(rng, v, trial%3 != 0)
			if m == nil {
				continue
			}
			r := solve.Solve(graph.MustCompile(m.Board), m)
			checkAgainstBrute(t, name, m, r)
		}
	}
}

// randomVariantMaze returns a random maze on variant v, 2..6 rows and
// columns, with (when layout) random blocked, pass-over and absent cells
// and walls; jumps are drawn from the legal ones (maze.Randomize) or, a
// third of the time, from 1..JumpLimit, dead ends included.
func randomVariantMaze(rng *rand.Rand, v maze.Variant, layout bool) *maze.Maze {
	lo := 2
	if v.Loops {
		lo = 4
	}
	b := maze.Board{Rows: lo + rng.IntN(7-lo), Cols: lo + rng.IntN(7-lo), Variant: v}
	n := b.Rows * b.Cols
	if layout {
		for i := range n {
			switch x := rng.IntN(20); {
			case x == 0:
				_ = b.SetKind(b.Cell(i), maze.Blocked)
			case x == 1:
				_ = b.SetKind(b.Cell(i), maze.PassOver)
			case x <= 3 && v.Exit:
				_ = b.SetKind(b.Cell(i), maze.Absent)
			}
		}
		for range 2 * n {
			a := b.Cell(rng.IntN(n))
			c := b.Cell(rng.IntN(n)) // a wall only when they are neighbours
			if rng.IntN(2) == 0 {
				_ = b.AddWall(a, c)
			}
		}
	}
	open := b.OpenCells()
	if len(open) < 2 {
		return nil
	}
	start := b.Cell(open[rng.IntN(len(open))])
	goal := maze.DefaultGoal(b)
	if !v.Exit {
		goal = b.Cell(open[rng.IntN(len(open))])
		if goal == start {
			return nil
		}
	}
	m, err := maze.New(b, start, goal)
	if err != nil {
		panic(err)
	}
	if rng.IntN(3) > 0 {
		m.Randomize(rng) // legal jumps where there are any
	} else {
		for _, i := range open {
			if i != m.Goal {
				m.Jumps[i] = 1 + rng.IntN(b.JumpLimit())
			}
		}
	}
	if err := m.Validate(); err != nil {
		panic(err)
	}
	return m
}

func checkAgainstBrute(t *testing.T, name string, m *maze.Maze, r *solve.Result) {
	t.Helper()
	bm := newBrute(m)
	depth, goalDepth, reached := bm.bfs()
	for i := range m.Rows * m.Cols {
		if r.Depth[i] != depth[i] {
			t.Fatalf("%s: cell %v depth %d, brute force %d\n%s", name, m.Cell(i), r.Depth[i], depth[i], m)
		}
	}
	if r.GoalDepth != goalDepth || r.Reachable != reached {
		t.Fatalf("%s: goal depth %d reachable %d, brute force %d, %d\n%s", name, r.GoalDepth, r.Reachable, goalDepth, reached, m)
	}
	if goalDepth < 0 {
		return
	}
	want := bm.walks(goalDepth)
	if got := big.NewInt(r.Paths); r.Paths != solve.Saturated && got.Cmp(want) != 0 {
		t.Fatalf("%s: %d shortest solutions, brute force %v\n%s", name, r.Paths, want, m)
	}
	s := bm.startState()
	for k, mv := range r.Solution {
		next, ok := bm.move(s, mv.Dir)
		if !ok || bm.cellIndex(next) != mv.To {
			t.Fatalf("%s: move %d (%v to %v) of %s is not a move of the brute force\n%s", name, k+1, mv.Dir, m.Cell(mv.To), r.Letters(), m)
		}
		s = next
	}
	if bm.cellIndex(s) != m.Goal || len(r.Solution) != goalDepth {
		t.Fatalf("%s: the solution %s does not end at the goal\n%s", name, r.Letters(), m)
	}
}

// brute is an independent model of the variants: positions as (row,
// column) pairs, each straight line computed from the geometry of its
// tiling (offset rows converted to axial coordinates for hexagons; strips
// of triangles found by the slanted grid lines they lie between), the
// rules applied to the list of cells a jump crosses, and the state graph
// made explicit.
type brute struct {
	m       *maze.Maze
	rows    int
	cols    int
	v       maze.Variant
	wall    map[[2]int]bool // unordered pairs of cell indices
	strips  map[[2]int][]int
	stripOf map[[2]int]int // (cell, family) -> band
}

type bstate struct {
	r, c int
	exit bool
	in   int // direction of arrival + 1, 0 for none (no-U-turn only)
}

func newBrute(m *maze.Maze) *brute {
	b := &brute{m: m, rows: m.Rows, cols: m.Cols, v: m.Variant, wall: map[[2]int]bool{}}
	for _, w := range m.WallList() {
		b.wall[[2]int{w[0], w[1]}] = true
	}
	if b.v.Tiling == maze.Triangle {
		b.buildStrips()
	}
	return b
}

func (b *brute) kind(r, c int) maze.CellKind { return b.m.Kind(r*b.cols + c) }
func (b *brute) inGrid(r, c int) bool        { return r >= 0 && r < b.rows && c >= 0 && c < b.cols }
func (b *brute) walled(p, q [2]int) bool {
	i, j := p[0]*b.cols+p[1], q[0]*b.cols+q[1]
	return b.wall[[2]int{min(i, j), max(i, j)}]
}

func (b *brute) startState() bstate {
	s := b.m.Cell(b.m.Start)
	return bstate{r: s.Row, c: s.Col}
}

func (b *brute) cellIndex(s bstate) int {
	if s.exit {
		return b.m.Exit()
	}
	return s.r*b.cols + s.c
}

// dirs are the directions of the variant, compass-named.
func (b *brute) dirs() []maze.Dir {
	switch {
	case b.v.Tiling != maze.Square:
		return []maze.Dir{maze.Left, maze.Right, maze.UpLeft, maze.UpRight, maze.DownLeft, maze.DownRight}
	case b.v.Queen:
		return []maze.Dir{maze.Up, maze.Down, maze.Left, maze.Right, maze.UpLeft, maze.UpRight, maze.DownLeft, maze.DownRight}
	}
	return []maze.Dir{maze.Up, maze.Down, maze.Left, maze.Right}
}

// pos is one position of a line: the cell, whether it is off the grid,
// the direction of travel there, and whether the step into it crossed a
// wall.
type pos struct {
	r, c   int
	off    bool
	dir    maze.Dir
	walled bool
}

// line returns the positions a jump of j in direction d from (r, c)
// passes through, step by step; a position off the grid ends it.
func (b *brute) line(r, c int, d maze.Dir, j int) []pos {
	var out []pos
	switch b.v.Tiling {
	case maze.Hex:
		// Axial coordinates of odd-r offset rows.
		q, ar := c-(r-(r&1))/2, r
		axial := map[maze.Dir][2]int{maze.Left: {-1, 0}, maze.Right: {1, 0}, maze.UpLeft: {0, -1},
			maze.UpRight: {1, -1}, maze.DownLeft: {-1, 1}, maze.DownRight: {0, 1}}[d]
		dq, dr := axial[0], axial[1]
		pr, pc := r, c
		for k := 1; k <= j; k++ {
			nq, nr := q+k*dq, ar+k*dr
			nc := nq + (nr-(nr&1))/2
			p := pos{r: nr, c: nc, dir: d, off: !b.inGrid(nr, nc)}
			if !p.off {
				p.walled = b.walled([2]int{pr, pc}, [2]int{nr, nc})
			}
			out = append(out, p)
			if p.off {
				return out
			}
			pr, pc = nr, nc
		}
		return out
	case maze.Triangle:
		fam, dirn := 0, 1
		switch d {
		case maze.Left:
			dirn = -1
		case maze.UpRight:
			fam, dirn = 1, -1
		case maze.DownLeft:
			fam, dirn = 1, 1
		case maze.UpLeft:
			fam, dirn = 2, -1
		case maze.DownRight:
			fam, dirn = 2, 1
		}
		cell := r*b.cols + c
		band := b.stripOf[[2]int{cell, fam}]
		strip := b.strips[[2]int{fam, band}]
		k0 := -1
		for k, x := range strip {
			if x == cell {
				k0 = k
			}
		}
		prev := cell
		for k := 1; k <= j; k++ {
			idx := k0 + k*dirn
			if idx < 0 || idx >= len(strip) || !b.triAdjacent(prev, strip[idx]) {
				return append(out, pos{off: true, dir: d})
			}
			x := strip[idx]
			out = append(out, pos{r: x / b.cols, c: x % b.cols, dir: d,
				walled: b.walled([2]int{prev / b.cols, prev % b.cols}, [2]int{x / b.cols, x % b.cols})})
			prev = x
		}
		return out
	}
	dd := map[maze.Dir][2]int{maze.Up: {-1, 0}, maze.Down: {1, 0}, maze.Left: {0, -1}, maze.Right: {0, 1},
		maze.UpLeft: {-1, -1}, maze.UpRight: {-1, 1}, maze.DownLeft: {1, -1}, maze.DownRight: {1, 1}}
	pr, pc, dir := r, c, d
	for k := 1; k <= j; k++ {
		delta := dd[dir]
		nr, nc := pr+delta[0], pc+delta[1]
		p := pos{r: nr, c: nc, dir: dir}
		switch {
		case b.inGrid(nr, nc):
			if delta[0] != 0 && delta[1] != 0 {
				// A corner: blocked when walls close both ways round it.
				x, y := [2]int{nr, pc}, [2]int{pr, nc}
				a, z := [2]int{pr, pc}, [2]int{nr, nc}
				p.walled = (b.walled(a, x) || b.walled(x, z)) && (b.walled(a, y) || b.walled(y, z))
			} else {
				p.walled = b.walled([2]int{pr, pc}, [2]int{nr, nc})
			}
		case b.v.Torus:
			p.r, p.c = (nr+b.rows)%b.rows, (nc+b.cols)%b.cols
			if delta[0] == 0 || delta[1] == 0 {
				p.walled = b.walled([2]int{pr, pc}, [2]int{p.r, p.c})
			}
		case b.v.Loops && (delta[0] == 0 || delta[1] == 0):
			if lr, lc, ld, ok := b.loopEntry(pr, pc, dir); ok {
				p.r, p.c, p.dir = lr, lc, ld
			} else {
				p.off = true
			}
		default:
			p.off = true
		}
		out = append(out, p)
		if p.off {
			return out
		}
		pr, pc, dir = p.r, p.c, p.dir
	}
	return out
}

// loopEntry is the Surakarta loop table: for K lines per corner, the
// upper-left loop joins the top of column k and the left of row k, the
// upper-right the top of column C-1-k and the right of row k, the
// lower-left the bottom of column k and the left of row R-1-k, the
// lower-right the bottom of column C-1-k and the right of row R-1-k.
func (b *brute) loopEntry(r, c int, d maze.Dir) (int, int, maze.Dir, bool) {
	R, C := b.rows, b.cols
	K := (min(R, C) - 2) / 2
	type end struct {
		r, c int
		d    maze.Dir
	}
	table := map[end]end{}
	for k := 1; k <= K; k++ {
		pairs := [][2]end{
			{{0, k, maze.Up}, {k, 0, maze.Right}},
			{{k, 0, maze.Left}, {0, k, maze.Down}},
			{{0, C - 1 - k, maze.Up}, {k, C - 1, maze.Left}},
			{{k, C - 1, maze.Right}, {0, C - 1 - k, maze.Down}},
			{{R - 1, k, maze.Down}, {R - 1 - k, 0, maze.Right}},
			{{R - 1 - k, 0, maze.Left}, {R - 1, k, maze.Up}},
			{{R - 1, C - 1 - k, maze.Down}, {R - 1 - k, C - 1, maze.Left}},
			{{R - 1 - k, C - 1, maze.Right}, {R - 1, C - 1 - k, maze.Up}},
		}
		for _, p := range pairs {
			table[p[0]] = p[1]
		}
	}
	e, ok := table[end{r, c, d}]
	return e.r, e.c, e.d, ok
}

// buildStrips groups the triangles by the three families of grid lines:
// rows (family 0), the "/" lines x + y/2 (family 1) and the "\" lines
// x − y/2 (family 2), in coordinates where triangle (r, c) spans x from
// c/2 to c/2+1 and y from r to r+1. Each strip is ordered by x (rows) or
// by y (slanted strips).
func (b *brute) buildStrips() {
	b.strips, b.stripOf = map[[2]int][]int{}, map[[2]int]int{}
	floorDiv := func(a, n int) int {
		q := a / n
		if a%n != 0 && a < 0 {
			q--
		}
		return q
	}
	type key struct{ fam, band, order int }
	var keys []key
	cellOf := map[key]int{}
	for r := range b.rows {
		for c := range b.cols {
			up := (r+c)%2 == 0
			x6, y6 := 3*c+3, 6*r+2 // centroid, in sixths
			if up {
				y6 = 6*r + 4
			}
			bands := [3]int{r, floorDiv(x6+y6/2-3, 6), floorDiv(x6-y6/2-3, 6)}
			orders := [3]int{c, y6, y6}
			for fam := range 3 {
				k := key{fam, bands[fam], orders[fam]}
				keys = append(keys, k)
				cellOf[k] = r*b.cols + c
				b.stripOf[[2]int{r*b.cols + c, fam}] = bands[fam]
			}
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].fam != keys[j].fam {
			return keys[i].fam < keys[j].fam
		}
		if keys[i].band != keys[j].band {
			return keys[i].band < keys[j].band
		}
		return keys[i].order < keys[j].order
	})
	for _, k := range keys {
		s := [2]int{k.fam, k.band}
		b.strips[s] = append(b.strips[s], cellOf[k])
	}
}

// triAdjacent reports whether two triangles share a side.
func (b *brute) triAdjacent(x, y int) bool {
	r1, c1, r2, c2 := x/b.cols, x%b.cols, y/b.cols, y%b.cols
	if r1 == r2 {
		return c1-c2 == 1 || c2-c1 == 1
	}
	if c1 != c2 {
		return false
	}
	up := (r1+c1)%2 == 0
	return (up && r2 == r1+1) || (!up && r2 == r1-1)
}

// move returns the state a jump in direction d leads to from s.
func (b *brute) move(s bstate, d maze.Dir) (bstate, bool) {
	if s.exit {
		return s, false
	}
	if b.v.NoUTurn && s.in > 0 && maze.Dir(s.in-1).Opposite() == d {
		return s, false
	}
	i := s.r*b.cols + s.c
	j := b.m.Jumps[i]
	if j <= 0 || j > b.m.JumpLimit() || b.kind(s.r, s.c) != maze.Open {
		return s, false
	}
	if b.v.Torus {
		lim := min(b.rows, b.cols) - 1
		if d == maze.Up || d == maze.Down {
			lim = b.rows - 1
		} else if d == maze.Left || d == maze.Right {
			lim = b.cols - 1
		}
		if j > lim {
			return s, false
		}
	}
	l := b.line(s.r, s.c, d, j)
	for k, p := range l {
		last := k == j-1
		if p.walled {
			return s, false
		}
		if p.off || b.kind(p.r, p.c) == maze.Absent {
			if b.v.Exit && last {
				return bstate{exit: true, in: b.in(p.dir)}, true
			}
			return s, false
		}
		if !last && b.kind(p.r, p.c) == maze.Blocked {
			return s, false
		}
		if last {
			if b.kind(p.r, p.c) != maze.Open || (p.r == s.r && p.c == s.c) {
				return s, false
			}
			return bstate{r: p.r, c: p.c, in: b.in(p.dir)}, true
		}
	}
	return s, false
}

func (b *brute) in(d maze.Dir) int {
	if b.v.NoUTurn {
		return int(d) + 1
	}
	return 0
}

// succ returns σ of a state: the set of states its moves reach.
func (b *brute) succ(s bstate) []bstate {
	var out []bstate
	for _, d := range b.dirs() {
		if t, ok := b.move(s, d); ok && !containsState(out, t) {
			out = append(out, t)
		}
	}
	return out
}

func containsState(ss []bstate, s bstate) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// bfs returns each cell's depth (minimum over its states), the goal depth
// and the number of reachable cells.
func (b *brute) bfs() (depth []int, goalDepth, reached int) {
	dist := map[bstate]int{b.startState(): 0}
	queue := []bstate{b.startState()}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, t := range b.succ(s) {
			if _, ok := dist[t]; !ok {
				dist[t] = dist[s] + 1
				queue = append(queue, t)
			}
		}
	}
	depth = make([]int, b.m.Cells())
	for i := range depth {
		depth[i] = -1
	}
	for s, d := range dist {
		i := b.cellIndex(s)
		if depth[i] < 0 {
			reached++
		}
		if depth[i] < 0 || d < depth[i] {
			depth[i] = d
		}
	}
	return depth, depth[b.m.Goal], reached
}

// walks counts the state sequences of exactly n moves from the start to a
// state of the goal cell. Reaching the goal ends the game, so the goal's
// states are one: two moves from one state onto the goal count once.
func (b *brute) walks(n int) *big.Int {
	cur := map[bstate]*big.Int{b.startState(): big.NewInt(1)}
	for range n {
		next := map[bstate]*big.Int{}
		for s, k := range cur {
			targets := map[bstate]bool{}
			for _, t := range b.succ(s) {
				if b.cellIndex(t) == b.m.Goal {
					t.in = 0
				}
				if targets[t] {
					continue
				}
				targets[t] = true
				if next[t] == nil {
					next[t] = new(big.Int)
				}
				next[t].Add(next[t], k)
			}
		}
		cur = next
	}
	total := new(big.Int)
	for s, k := range cur {
		if b.cellIndex(s) == b.m.Goal {
			total.Add(total, k)
		}
	}
	return total
}
