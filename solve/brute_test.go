package solve_test

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// bruteMaze is an independent model of the assignment's definitions: plain
// (row, col) coordinates, σ computed from the four formulas, no bit sets.
type bruteMaze struct {
	rows, cols  int
	jump        [][]int
	start, goal [2]int
}

func (b *bruteMaze) succ(r, c int) [][2]int {
	j := b.jump[r][c]
	var out [][2]int
	seen := map[[2]int]bool{}
	for _, s := range [][2]int{{r + j, c}, {r - j, c}, {r, c + j}, {r, c - j}} {
		if j > 0 && s[0] >= 0 && s[0] < b.rows && s[1] >= 0 && s[1] < b.cols && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// depths relaxes d(s') ≤ d(s)+1 until nothing changes (Bellman-Ford).
func (b *bruteMaze) depths() [][]int {
	d := make([][]int, b.rows)
	for r := range d {
		d[r] = make([]int, b.cols)
		for c := range d[r] {
			d[r][c] = -1
		}
	}
	d[b.start[0]][b.start[1]] = 0
	for changed := true; changed; {
		changed = false
		for r := range b.rows {
			for c := range b.cols {
				if d[r][c] < 0 {
					continue
				}
				for _, s := range b.succ(r, c) {
					if x := d[s[0]][s[1]]; x < 0 || x > d[r][c]+1 {
						d[s[0]][s[1]] = d[r][c] + 1
						changed = true
					}
				}
			}
		}
	}
	return d
}

// walks counts the walks of exactly n moves from start to goal with
// arbitrary precision. When n is the goal depth every such walk is a
// shortest solution and vice versa.
func (b *bruteMaze) walks(n int) *big.Int {
	cur := map[[2]int]*big.Int{b.start: big.NewInt(1)}
	for range n {
		next := map[[2]int]*big.Int{}
		for s, k := range cur {
			for _, t := range b.succ(s[0], s[1]) {
				if next[t] == nil {
					next[t] = new(big.Int)
				}
				next[t].Add(next[t], k)
			}
		}
		cur = next
	}
	if k := cur[b.goal]; k != nil {
		return k
	}
	return new(big.Int)
}

func randomBruteCase(rng *rand.Rand, maxSide int) (*maze.Maze, *bruteMaze) {
	for {
		b := maze.Board{Rows: 1 + rng.IntN(maxSide), Cols: 1 + rng.IntN(maxSide)}
		if b.Cells() < 2 {
			continue
		}
		s, g := rng.IntN(b.Cells()), rng.IntN(b.Cells())
		if s == g {
			continue
		}
		m, _ := maze.Random(b, b.Cell(s), b.Cell(g), rng)
		// Now and then plant a dead end, as published puzzles may hold.
		if rng.IntN(4) == 0 {
			if i := rng.IntN(b.Cells()); i != m.Goal {
				m.Jumps[i] = max(b.Rows, b.Cols) + rng.IntN(3)
			}
		}
		bm := &bruteMaze{rows: b.Rows, cols: b.Cols, start: [2]int{b.Cell(s).Row, b.Cell(s).Col}, goal: [2]int{b.Cell(g).Row, b.Cell(g).Col}}
		for r := range b.Rows {
			bm.jump = append(bm.jump, m.Jumps[r*b.Cols:(r+1)*b.Cols])
		}
		return m, bm
	}
}

// The solver agrees with the brute force on thousands of random mazes of
// many sizes, starts and goals: every depth, the goal depth, the number of
// shortest solutions, and the solution is a real shortest path.
func TestSolveMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	n := 4000
	if testing.Short() {
		n = 500
	}
	for k := range n {
		maxSide := 8
		if k%10 == 0 {
			maxSide = 16
		}
		m, bm := randomBruteCase(rng, maxSide)
		g := graph.MustCompile(m.Board)
		r := solve.Solve(g, m)
		d := bm.depths()
		for i, got := range r.Depth {
			c := m.Cell(i)
			if want := d[c.Row][c.Col]; got != want {
				t.Fatalf("maze\n%sdepth of %v = %d, want %d", m, c, got, want)
			}
		}
		if gd := g.GoalDepth(m.Jumps, m.Start, m.Goal); gd != r.GoalDepth {
			t.Fatalf("GoalDepth %d, Solve %d", gd, r.GoalDepth)
		}
		if r.GoalDepth < 0 {
			if r.Paths != 0 || len(r.Solution) != 0 {
				t.Fatalf("unsolvable maze with %d paths", r.Paths)
			}
			continue
		}
		want := bm.walks(r.GoalDepth)
		if want.IsInt64() && r.Paths != want.Int64() || !want.IsInt64() && r.Paths != solve.Saturated {
			t.Fatalf("maze\n%spaths = %d, want %v", m, r.Paths, want)
		}
		// Replay the solution.
		at := m.Cell(m.Start)
		for _, mv := range r.Solution {
			j := m.Jumps[m.Index(at)]
			next := map[maze.Dir]maze.Cell{maze.Up: {Row: at.Row - j, Col: at.Col}, maze.Down: {Row: at.Row + j, Col: at.Col}, maze.Left: {Row: at.Row, Col: at.Col - j}, maze.Right: {Row: at.Row, Col: at.Col + j}}[mv.Dir]
			if !m.Contains(next) || m.Index(next) != mv.To {
				t.Fatalf("maze\n%ssolution %s has an illegal move %v from %v", m, r.Letters(), mv.Dir, at)
			}
			at = next
		}
		if m.Index(at) != m.Goal || len(r.Solution) != r.GoalDepth {
			t.Fatalf("solution %s ends at %v", r.Letters(), at)
		}
	}
}

// Counts are exact up to the largest board: a 1-jump 32×32 board has
// C(62, 31) shortest paths from corner to corner; beyond int64 they
// saturate (see TestSaturatingAdd).
func TestPathCountSaturates(t *testing.T) {
	b := maze.Board{Rows: 32, Cols: 32}
	m, _ := maze.New(b, maze.DefaultStart(b), maze.DefaultGoal(b))
	for i := range m.Jumps {
		m.Jumps[i] = 1
	}
	m.Jumps[m.Goal] = 0
	r := solve.Solve(graph.MustCompile(b), m)
	if r.GoalDepth != 62 || r.Paths != 465428353255261088 {
		t.Fatalf("depth %d paths %d", r.GoalDepth, r.Paths)
	}
	// 10×10: C(18, 9) = 48620 exactly.
	b = maze.Board{Rows: 10, Cols: 10}
	m, _ = maze.New(b, maze.DefaultStart(b), maze.DefaultGoal(b))
	for i := range m.Jumps {
		m.Jumps[i] = 1
	}
	m.Jumps[m.Goal] = 0
	if r := solve.Solve(graph.MustCompile(b), m); r.Paths != 48620 {
		t.Fatalf("paths %d, want 48620", r.Paths)
	}
}

func TestSaturatingAdd(t *testing.T) {
	for _, tc := range []struct{ a, b, want int64 }{
		{1, 2, 3},
		{solve.Saturated - 1, 1, solve.Saturated},
		{solve.Saturated, 1, solve.Saturated},
		{solve.Saturated / 2, solve.Saturated / 2, solve.Saturated - 1},
		{solve.Saturated / 2, solve.Saturated/2 + 2, solve.Saturated},
	} {
		if got := solve.SatAdd(tc.a, tc.b); got != tc.want {
			t.Errorf("satAdd(%d, %d) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
