package analysis_test

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// randomMaze draws a maze of random size (up to maxSide per side), start
// and goal. Most are legal random mazes (the assignment's); some hold jumps drawn
// from a wider range, so that dead ends (jumps leaving the board) occur.
func randomMaze(rng *rand.Rand, maxSide int) *maze.Maze {
	for {
		b := maze.Board{Rows: 1 + rng.IntN(maxSide), Cols: 1 + rng.IntN(maxSide)}
		if b.Cells() < 2 {
			continue
		}
		s := rng.IntN(b.Cells())
		g := rng.IntN(b.Cells() - 1)
		if g >= s {
			g++
		}
		m, _ := maze.Random(b, b.Cell(s), b.Cell(g), rng)
		if rng.IntN(4) == 0 {
			for i := range m.Jumps {
				if i != m.Goal {
					m.Jumps[i] = 1 + rng.IntN(max(b.Rows, b.Cols))
				}
			}
		}
		return m
	}
}

func toBrute(m *maze.Maze) *brute {
	b := &brute{rows: m.Rows, cols: m.Cols, jump: map[cell]int{}}
	for i, j := range m.Jumps {
		c := m.Cell(i)
		b.jump[cell{c.Row, c.Col}] = j
	}
	s, g := m.Cell(m.Start), m.Cell(m.Goal)
	b.start, b.goal = cell{s.Row, s.Col}, cell{g.Row, g.Col}
	return b
}

// setOf converts a list of 1-based [row, col] pairs to a set.
func setOf(cs [][2]int) map[cell]bool {
	s := map[cell]bool{}
	for _, c := range cs {
		s[cell{c[0] - 1, c[1] - 1}] = true
	}
	return s
}

// sameSets reports whether two lists of sets hold the same sets.
func sameSets(got [][][2]int, want []map[cell]bool) bool {
	if len(got) != len(want) {
		return false
	}
	for _, g := range got {
		found := false
		for _, w := range want {
			found = found || sameSet(setOf(g), w)
		}
		if !found {
			return false
		}
	}
	return true
}

// Every feature of Analyze agrees with the brute-force model on random
// mazes of random sizes, starts and goals.
func TestAnalyzeMatchesDefinitions(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(3, 3))
	for k := range n {
		maxSide := 6
		if k%20 == 0 {
			maxSide = 11 // boards of more than 64 cells now and then
		}
		m := randomMaze(rng, maxSide)
		checkAgainstBrute(t, m)
		if t.Failed() {
			t.Fatalf("maze %d:\n%s", k, m)
		}
	}
}

func checkAgainstBrute(t *testing.T, m *maze.Maze) {
	t.Helper()
	g := graph.MustCompile(m.Board)
	f := analysis.Analyze(g, m)
	b := toBrute(m)
	cells := b.cells()
	reachable, reaching := b.reachable(), b.reaching()
	errorf := func(name string, got, want any) { t.Errorf("%s = %v, want %v", name, got, want) }

	// Reachable and reaching cells.
	if f.Reachable != len(reachable) {
		errorf("reachable", f.Reachable, len(reachable))
	}
	if f.Reaching != len(reaching) || f.NonReaching != len(cells)-len(reaching) {
		errorf("reaching", f.Reaching, len(reaching))
	}
	for _, c := range oneBased(f, f.UnreachableCells) {
		if reachable[cell{c[0] - 1, c[1] - 1}] {
			errorf("unreachable cell", c, "reachable")
		}
	}
	if len(f.UnreachableCells) != len(cells)-len(reachable) || len(f.NonReachingCells) != f.NonReaching {
		errorf("cell lists", len(f.UnreachableCells), len(cells)-len(reachable))
	}

	// Goal depth, shortest solutions, uniqueness.
	depth := b.depth()
	D, solvable := depth[b.goal]
	if !solvable {
		D = -1
	}
	if f.GoalDepth != D || f.Solvable != solvable {
		errorf("goal depth", f.GoalDepth, D)
	}
	count := new(big.Int)
	if solvable {
		count = b.countWalks(D)
	}
	if count.IsInt64() && f.ShortestPaths != count.Int64() || !count.IsInt64() && f.ShortestPaths != solve.Saturated {
		errorf("shortest paths", f.ShortestPaths, count)
	}
	if f.Unique != (count.Cmp(big.NewInt(1)) == 0) {
		errorf("unique", f.Unique, count)
	}
	if solvable && len(f.SolutionCells) != D+1 {
		errorf("solution cells", oneBased(f, f.SolutionCells), D+1)
	}
	// The solution shown is solve's.
	if s := solve.Solve(g, m); f.Solution != s.Letters() || f.ShortestPaths != s.Paths {
		errorf("solution", f.Solution, s.Letters())
	}

	// Decisions and U-turns, averaged over the enumerated solutions.
	if solvable {
		if paths, ok := b.shortestSolutions(D, 500); ok {
			checkDecisionAverages(t, f, paths, b.decisions)
		}
	} else if f.ForwardDecisions != 0 || f.BackwardDecisions != 0 || f.UTurns != 0 {
		t.Errorf("decisions of an unsolvable maze: %v %v %v", f.ForwardDecisions, f.BackwardDecisions, f.UTurns)
	}

	// Holes.
	black, white := b.holes()
	if !sameSets(oneBasedSets(f, f.BlackHoleSets), black) || f.BlackHoles != len(black) {
		errorf("black holes", oneBasedSets(f, f.BlackHoleSets), black)
	}
	if !sameSets(oneBasedSets(f, f.WhiteHoleSets), white) || f.WhiteHoles != len(white) {
		errorf("white holes", oneBasedSets(f, f.WhiteHoleSets), white)
	}
	bc, wc := 0, 0
	for _, c := range cells {
		if reachable[c] && !reaching[c] {
			bc++
		}
		if !reachable[c] && reaching[c] {
			wc++
		}
	}
	if f.BlackHoleCells != bc || f.WhiteHoleCells != wc {
		errorf("hole cells", [2]int{f.BlackHoleCells, f.WhiteHoleCells}, [2]int{bc, wc})
	}

	// Clusters: the recursive definition's sets partition the cells.
	clusters := b.clusters()
	var big2 []map[cell]bool
	total, penalty, largest := 0, 0, 1
	for _, c := range clusters {
		total += len(c)
		penalty += (len(c) - 1) * (len(c) - 1)
		largest = max(largest, len(c))
		if len(c) >= 2 {
			big2 = append(big2, c)
		}
	}
	if total != len(cells) {
		t.Errorf("brute clusters do not partition the cells")
	}
	if !sameSets(oneBasedSets(f, f.Clusters), big2) || f.ClusterPenalty != penalty || f.LargestCluster != largest {
		errorf("clusters", oneBasedSets(f, f.Clusters), big2)
	}

	// Forced moves and the energy, by the formula.
	mf := b.forced()
	if f.InitialForcedMoves != mf {
		errorf("initial forced moves", f.InitialForcedMoves, mf)
	}
	unique, minDecisions := count.Cmp(big.NewInt(1)) == 0, 0
	if unique {
		p, _ := b.shortestSolutions(D, 1)
		fw, bw, _ := b.decisions(p[0])
		minDecisions = min(fw, bw)
	}
	want := designFormula(len(cells), len(cells)-len(reaching), penalty, mf, unique, minDecisions)
	if f.Energy != want {
		errorf("energy", f.Energy, want)
	}
	if oneBasedCell(f, f.Start) != [2]int{b.start.r + 1, b.start.c + 1} {
		errorf("start", f.Start, b.start)
	}
}

// checkDecisionAverages checks the features' decisions and U-turns
// against their exact averages over the enumerated shortest solutions
// (the design paper, footnote 10), and returns the solutions' total of U-turns.
func checkDecisionAverages[P any](t *testing.T, f *analysis.Features, paths []P, decisions func(P) (fw, bw, ut int)) int64 {
	t.Helper()
	var sf, sb, su int64
	for _, p := range paths {
		fw, bw, ut := decisions(p)
		sf, sb, su = sf+int64(fw), sb+int64(bw), su+int64(ut)
	}
	avg := func(s int64) float64 {
		x, _ := big.NewRat(s, int64(len(paths))).Float64()
		return x
	}
	if f.ForwardDecisions != avg(sf) || f.BackwardDecisions != avg(sb) || f.UTurns != avg(su) {
		t.Errorf("decisions f/b/u = %v/%v/%v, want %v/%v/%v over %d solutions",
			f.ForwardDecisions, f.BackwardDecisions, f.UTurns, avg(sf), avg(sb), avg(su), len(paths))
	}
	return su
}

// designFormula is the design paper's energy written out: with |S| cells, n
// non-reaching cells, the cluster penalty and m initial forced moves,
// n·|S|² − min(d_f, d_b) + Σ(|J|−1)² + m² with a unique shortest
// solution, |S|³ + n·|S|² + Σ(|J|−1)² + m² otherwise.
func designFormula(cells, n, penalty, m int, unique bool, minDecisions int) float64 {
	S := float64(cells)
	e := float64(n)*S*S + float64(penalty) + float64(m*m)
	if unique {
		return e - float64(minDecisions)
	}
	return e + S*S*S
}
