package analysis_test

import (
	"math/big"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"testing"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// Hand-made no-U-turn mazes with every feature worked out in the
// comments. A state is written cell+direction of arrival: bR is cell b
// entered moving right; "start" is the start state. Directions U D L R.
func TestNoUTurnHandMade(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		check      func(f *analysis.Features) bool
	}{
		{
			// a b c     a=(1,1) 2, b=(1,2) 1, c=(1,3) 1
			// G e f     G=(2,1),   e=(2,2) 1, f=(2,3) 1
			// Cell moves: a R→c; b L→a, R→c, D→e; c L→b, D→f; e U→b, L→G,
			// R→f; f U→c, L→e. Without the rule RLDL (a c b e G) and RDLL
			// (a c f e G) both take 4 moves.
			// States: on a 2×3 board a move can arrive R in columns 2–3, L
			// in columns 1–2, D in row 2, U in row 1, so besides the start
			// and G the states are aL aU bR bL bU cR cU eR eL eD fR fD.
			// σ (a state may not jump back the way it came): start→cR;
			// aL→∅ (a can only jump R); aU→cR; bR→cR,eD; bL→aL,eD;
			// bU→aL,cR; cR→fD; cU→bL; eR→bU,fR; eL→bU,G; eD→G,fR; fR→cU;
			// fD→eL. The rule forbids c→b after a→c (R then L): the only
			// shortest solution is start→cR→fD→eL→G, RDLL, 4 moves.
			// Reachable: start cR fD eL, then bU G, then aL: every cell.
			// Only aL cannot reach G; a's start state can, so every cell is
			// reaching, but aL is a black-hole state (entered moving left,
			// a may only jump back right): counted by cell a would be in no
			// hole, counted by state it is one black hole of one cell and
			// one state, and n = 1 (the cells with a black-hole state count).
			// Forward decisions: |σ| = 1, 1, 1, 2 along start cR fD eL: 1.
			// Backward: π(cR) = start, aU, bR, bU (4); π(fD) = cR;
			// π(eL) = fD; π(G) = eL, eD (2): 2. min = 1.
			// Initial forced moves: start→cR→fD→eL (2 successors): m = 3.
			// Clusters ignore the rule: the 1s b c e f reach each other:
			// one cluster of 4, penalty 9. |S| = 6.
			// Energy: 1·36 − 1 + 9 + 3² = 53 (17 counting traps by cell).
			"the rule makes the solution unique", "variant no-u-turn\n2 1 1\nG 1 1\n",
			func(f *analysis.Features) bool {
				return f.Solution == "RDLL" && f.Unique && f.GoalDepth == 4 && f.Reachable == 6 && f.Reaching == 6 &&
					f.NonReaching == 1 && f.BlackHoles == 1 && f.BlackHoleStates == 1 && f.HolesByState &&
					reflect.DeepEqual(oneBasedSets(f, f.BlackHoleSets), []cells{{{1, 1}}}) && f.WhiteHoles == 0 &&
					f.ForwardDecisions == 1 && f.BackwardDecisions == 2 && f.UTurns == 0 &&
					f.InitialForcedMoves == 3 && f.ClusterPenalty == 9 && f.LargestCluster == 4 && f.Energy == 53
			},
		},
		{
			// x1 G x3 x4 = 2 G 1 1 (1×4). Without the rule x1 R→x3 L→G.
			// States: start, x1L, x3R, x3L, x4R, G (a move arrives R in
			// columns 2–4 and L in columns 1–3). σ: start→x3R; x3R→x4R (L
			// to G would reverse R); x4R→∅ (its only jump, L, reverses R);
			// x3L→G; x1L→∅. G cannot be reached: no solution.
			// Reachable cells x1, x3, x4; reaching states G and x3L (x3L's
			// only predecessor would be x4 jumping L, which x4R may not):
			// reaching cells G, x3.
			// Black-hole states (reachable, non-reaching): start, x3R, x4R,
			// one in each of x1, x3, x4, which moves of the graph of cells
			// connect (x1 R→x3, x3 R→x4): one black hole of three cells and
			// three states (by cell, x3 would be in none: two holes of one
			// cell). n = 3: x1 and x4 reach nothing, x3 holds x3R.
			// White-hole cells (unreachable, reaching): G, one white hole.
			// Forced: start→x3R→x4R (no successor): m = 2. Cluster x3-x4
			// (1s): penalty 1. |S| = 4.
			// Energy: 4³ + 3·4² + 1 + 2² = 117 (101 counting by cell).
			"a dead end only under the rule", "variant no-u-turn\n2 G 1 1\n",
			func(f *analysis.Features) bool {
				return !f.Solvable && f.ShortestPaths == 0 && f.Reachable == 3 && f.Reaching == 2 && f.NonReaching == 3 &&
					reflect.DeepEqual(oneBasedSets(f, f.BlackHoleSets), []cells{{{1, 1}, {1, 3}, {1, 4}}}) && f.BlackHoleStates == 3 &&
					reflect.DeepEqual(oneBasedSets(f, f.WhiteHoleSets), []cells{{{1, 2}}}) &&
					f.InitialForcedMoves == 2 && f.ClusterPenalty == 1 && f.Energy == 117
			},
		},
		{
			// examples/no-u-turn.txt: RDRDLURRU, 9 moves, unique (see the
			// file). Along it (state: successors under the rule):
			// start (1,1): R, D → decision; (1,4)R: D only (L reverses);
			// (3,4)D: D, L, R → decision; (3,5)R: U, D → decision;
			// (5,5)D: L only (U reverses); (5,1)L: U only; (3,1)U: U, R →
			// decision; (3,2)R: U, D, R → decision; (3,4)R: U, D, R →
			// decision. Forward decisions 6.
			// Predecessor states: (1,4)R ← (1,1) start and (1,1)U (2);
			// (3,4)D ← (1,4)R, (1,4)L (2); (3,5)R ← (3,4)U, D, R (3);
			// (5,5)D ← (3,5)D, R and (2,5)D, R (4); (5,1)L ← (5,3)D, L
			// and (5,5)D (3); (3,1)U ← (5,1)L (1); (3,2)R ← (3,1)U, D (2);
			// (3,4)R ← (3,3)U, D, R and (3,2)U, D, R (6); G ← (3,4)U, L, R
			// (3). Backward decisions 8.
			// (4,5) can only be entered by (4,2) jumping R, and (4,2) only
			// by (4,3) jumping L: (4,2)L may not jump R, so (4,5) is
			// unreachable (reachable on the graph of cells); it reaches G
			// ((4,5) U→(2,5) L→... every cell does): one white hole.
			// (2,3) entered moving up (from (3,3), jump 1) may only jump
			// down, the way back: a black-hole state, which by cell would
			// not count ((2,3) entered any other way may jump down to
			// (5,3), from which G is reached): one black hole {(2,3)}, n = 1.
			// Clusters as without the rule: penalty 12. Energy
			// 1·25² − min(6, 8) + 12 + 0 = 631.
			"examples/no-u-turn.txt", "",
			func(f *analysis.Features) bool {
				return f.Solution == "RDRDLURRU" && f.Unique && f.ForwardDecisions == 6 && f.BackwardDecisions == 8 &&
					f.UTurns == 0 && f.Reachable == 24 && f.Reaching == 25 &&
					reflect.DeepEqual(oneBasedSets(f, f.WhiteHoleSets), []cells{{{4, 5}}}) &&
					reflect.DeepEqual(oneBasedSets(f, f.BlackHoleSets), []cells{{{2, 3}}}) && f.BlackHoleStates == 1 && f.NonReaching == 1 &&
					f.InitialForcedMoves == 0 && f.ClusterPenalty == 12 && f.Energy == 631 &&
					reflect.DeepEqual(oneBased(f, f.SolutionCells), cells{{1, 1}, {1, 4}, {3, 4}, {3, 5}, {5, 5}, {5, 1}, {3, 1}, {3, 2}, {3, 4}, {2, 4}})
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := tc.text
			if text == "" {
				data, err := readExample(tc.name)
				if err != nil {
					t.Fatal(err)
				}
				text = data
			}
			if f := analyze(t, text); !tc.check(f) {
				t.Errorf("%+v", *f)
			}
		})
	}
	// The first maze without the rule: two shortest solutions.
	if f := analyze(t, "2 1 1\nG 1 1\n"); f.ShortestPaths != 2 || f.Solution != "RLDL" {
		t.Errorf("without the rule: %d solutions, %s", f.ShortestPaths, f.Solution)
	}
}

// A reversal along a diagonal is a U-turn too (maze.Dir.Opposite), and
// the rule forbids it.
func TestUTurnsDiagonal(t *testing.T) {
	// 2 2 2    Queen moves. (1,1) jumps 2: E (1,3), S (3,1), SE (3,3).
	// 2 G 2    (1,3) and (3,1) jump 2 to corners only; (3,3) jumps 1 to
	// 2 2 1    its neighbours, G among them (NW). Unique shortest
	// solution SE NW, one
	// U-turn: NW reverses SE.
	const text = "2 2 2\n2 G 2\n2 2 1\n"
	f := analyze(t, "variant queen\n"+text)
	if f.Solution != "SE NW" || !f.Unique || f.UTurns != 1 {
		t.Errorf("queen: %s unique %v, %v U-turns", f.Solution, f.Unique, f.UTurns)
	}
	// Under the rule (3,3) entered moving SE may not jump NW. Then
	// (1,1) E (1,3) S (3,3) NW G and (1,1) S (3,1) E (3,3) NW G, 3 moves
	// each (no other walk of 3 moves ends at G, none of 2 does), no
	// U-turn.
	f = analyze(t, "variant queen,no-u-turn\n"+text)
	if f.GoalDepth != 3 || f.ShortestPaths != 2 || f.UTurns != 0 {
		t.Errorf("queen, no-u-turn: %d moves, %d solutions, %v U-turns", f.GoalDepth, f.ShortestPaths, f.UTurns)
	}
}

// readExample reads a maze file of examples/ by its path.
func readExample(name string) (string, error) {
	data, err := os.ReadFile("../" + name)
	return string(data), err
}

// randomStateMaze returns a random maze on variant v with 2..maxSide
// rows and columns (4.. with loops), a random start and goal, sometimes a
// few blocked and pass-over cells; jumps are legal ones (maze.Randomize)
// or, a quarter of the time, any of 1..JumpLimit, dead ends included.
func randomStateMaze(rng *rand.Rand, v maze.Variant, maxSide int) *maze.Maze {
	lo := 2
	if v.Loops {
		lo = 4
	}
	for {
		b := maze.Board{Rows: lo + rng.IntN(maxSide-lo+1), Cols: lo + rng.IntN(maxSide-lo+1), Variant: v}
		if rng.IntN(4) == 0 {
			for i := range b.Rows * b.Cols {
				switch rng.IntN(12) {
				case 0:
					_ = b.SetKind(b.Cell(i), maze.Blocked)
				case 1:
					_ = b.SetKind(b.Cell(i), maze.PassOver)
				}
			}
		}
		open := b.OpenCells()
		if len(open) < 2 {
			continue
		}
		start := b.Cell(open[rng.IntN(len(open))])
		goal := maze.DefaultGoal(b)
		if !v.Exit {
			goal = b.Cell(open[rng.IntN(len(open))])
		}
		m, err := maze.New(b, start, goal)
		if err != nil {
			continue // start == goal
		}
		m.Randomize(rng)
		if rng.IntN(4) == 0 {
			for _, i := range open {
				if i != m.Goal {
					m.Jumps[i] = 1 + rng.IntN(b.JumpLimit())
				}
			}
		}
		return m
	}
}

// stateVariants are the variants the state-graph tests draw from: the
// no-U-turn rule alone and with other rules, and (for the definitions that
// changed with it: U-turns in every direction, holes) cell-based variants.
var stateVariants = []string{
	"no-u-turn", "queen,no-u-turn", "torus,no-u-turn", "hex,no-u-turn", "triangle,no-u-turn",
	"loops,no-u-turn", "queen,exit,no-u-turn", "queen", "torus", "hex", "loops", "queen,exit",
}

// Every feature of Analyze agrees with the brute-force model over an
// explicit state graph on random small mazes of every variant, and the
// goal depth, the solution and (when the goal's states are one either
// way) the number of shortest solutions agree with solve.Solve.
func TestStatesMatchDefinitions(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(11, 11))
	for _, name := range stateVariants {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		for k := range n {
			m := randomStateMaze(rng, v, 5)
			checkStates(t, m)
			if t.Failed() {
				t.Fatalf("%s maze %d:\n%s", name, k, m)
			}
		}
	}
}

func checkStates(t *testing.T, m *maze.Maze) {
	t.Helper()
	g := graph.MustCompile(m.Board)
	f := analysis.Analyze(g, m)
	b := newSBrute(m)
	errorf := func(name string, got, want any) { t.Errorf("%s = %v, want %v", name, got, want) }

	S := b.openCells()
	reachableS, reachingS := b.reachableStates(), b.reachingStates()
	reachable, reaching := cellsOf(reachableS), cellsOf(reachingS)
	// Black-hole states: reachable states that cannot reach the goal; the
	// cells holding one are the black-hole cells, and n counts them with
	// the cells no state of which reaches the goal.
	trapped := map[sstate]bool{}
	for s := range reachableS {
		if !reachingS[s] {
			trapped[s] = true
		}
	}
	blackCells := cellsOf(trapped)
	if f.Cells != len(S) {
		errorf("cells", f.Cells, len(S))
	}
	if f.Reachable != len(reachable) {
		errorf("reachable", f.Reachable, len(reachable))
	}
	unreachable, nonReaching := 0, 0
	for _, c := range S {
		if !reachable[c] {
			unreachable++
		}
		if !reaching[c] || blackCells[c] {
			nonReaching++
		}
	}
	if f.Reaching != len(reaching) || f.NonReaching != nonReaching {
		errorf("reaching, n", [2]int{f.Reaching, f.NonReaching}, [2]int{len(reaching), nonReaching})
	}
	if states := len(trapped); f.HolesByState != m.Variant.NoUTurn || m.Variant.NoUTurn && f.BlackHoleStates != states || !m.Variant.NoUTurn && f.BlackHoleStates != 0 {
		errorf("black-hole states", [2]any{f.HolesByState, f.BlackHoleStates}, [2]any{m.Variant.NoUTurn, states})
	}
	if len(f.UnreachableCells) != unreachable || len(f.NonReachingCells) != nonReaching {
		errorf("cell lists", [2]int{len(f.UnreachableCells), len(f.NonReachingCells)}, [2]int{unreachable, nonReaching})
	}

	// Goal depth and shortest solutions, over states.
	depth := b.depth()
	D, solvable := depth[b.goalState()]
	if !solvable {
		D = -1
	}
	if f.GoalDepth != D || f.Solvable != solvable {
		errorf("goal depth", f.GoalDepth, D)
	}
	count := new(big.Int)
	if solvable {
		count, _ = b.countWalks(D)
	}
	if count.IsInt64() && f.ShortestPaths != count.Int64() || !count.IsInt64() && f.ShortestPaths != solve.Saturated {
		errorf("shortest paths", f.ShortestPaths, count)
	}
	if f.Unique != (count.Cmp(big.NewInt(1)) == 0) {
		errorf("unique", f.Unique, count)
	}
	s := solve.Solve(g, m)
	if s.GoalDepth != f.GoalDepth {
		errorf("solve's goal depth", s.GoalDepth, f.GoalDepth)
	}
	// solve.Solve counts the same shortest solutions: the goal's states
	// are one there too.
	if s.Paths != f.ShortestPaths {
		errorf("solve's shortest paths", s.Paths, f.ShortestPaths)
	}
	// The solution shown is solve's, and a shortest solution here.
	st := b.startState()
	for k, mv := range s.Solution {
		if f.Solution != m.Notation(s.Solution) || oneBased(f, f.SolutionCells)[k+1] != m.CellJSON(mv.To) {
			errorf("solution", f.Solution, s.Letters())
		}
		next := sstate{-1, -1}
		for _, d := range m.Dirs() {
			if to, arrive, ok := m.Jump(st.cell, d, m.Jumps[st.cell]); ok && d == mv.Dir && b.allowed(st, d) && to == mv.To {
				next = b.land(to, arrive)
			}
		}
		if !slices.Contains(b.succ(st), next) {
			t.Fatalf("move %d of %s is not a move of the brute force", k+1, s.Letters())
		}
		st = next
	}
	if solvable && (st != b.goalState() || len(f.SolutionCells) != D+1) {
		errorf("solution's end", st, b.goalState())
	}

	// Decisions and U-turns, averaged over the enumerated solutions.
	if solvable {
		if paths, ok := b.shortestSolutions(D, 300); ok {
			su := checkDecisionAverages(t, f, paths, b.decisions)
			if m.Variant.NoUTurn && su != 0 {
				t.Errorf("%d U-turns under the rule", su)
			}
		}
	} else if f.ForwardDecisions != 0 || f.BackwardDecisions != 0 || f.UTurns != 0 {
		t.Errorf("decisions of an unsolvable maze: %v %v %v", f.ForwardDecisions, f.BackwardDecisions, f.UTurns)
	}

	// Holes: groups of the cells holding a black-hole state (of
	// unreachable, reaching cells).
	black, white := blackCells, map[int]bool{}
	for _, c := range S {
		if !reachable[c] && reaching[c] {
			white[c] = true
		}
	}
	for _, h := range []struct {
		name  string
		got   [][][2]int
		n, nc int
		want  map[int]bool
	}{{"black holes", oneBasedSets(f, f.BlackHoleSets), f.BlackHoles, f.BlackHoleCells, black}, {"white holes", oneBasedSets(f, f.WhiteHoleSets), f.WhiteHoles, f.WhiteHoleCells, white}} {
		groups := b.groups(h.want)
		if !sameCellSets(m, h.got, groups) || h.n != len(groups) || h.nc != len(h.want) {
			errorf(h.name, h.got, groups)
		}
	}

	// Clusters on the graph of cells.
	var big2 []map[int]bool
	penalty, largest := 0, 1
	for _, c := range b.clusters() {
		penalty += (len(c) - 1) * (len(c) - 1)
		largest = max(largest, len(c))
		if len(c) >= 2 {
			big2 = append(big2, c)
		}
	}
	if !sameCellSets(m, oneBasedSets(f, f.Clusters), big2) || f.ClusterPenalty != penalty || f.LargestCluster != largest {
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
	want := designFormula(len(S), nonReaching, penalty, mf, unique, minDecisions)
	if f.Energy != want {
		errorf("energy", f.Energy, want)
	}
	if e := (analysis.Design{}).Evaluator(g, m.Start, m.Goal).Reset(m.Jumps); e != want {
		errorf("design evaluator", e, want)
	}
}

// sameCellSets reports whether the 1-based cell lists hold the sets of
// cell indices of want.
func sameCellSets(m *maze.Maze, got [][][2]int, want []map[int]bool) bool {
	if len(got) != len(want) {
		return false
	}
	for _, g := range got {
		set := map[int]bool{}
		for _, c := range g {
			if c == [2]int{0, 0} { // the exit
				set[m.Exit()] = true
			} else {
				set[m.Index(maze.Cell{Row: c[0] - 1, Col: c[1] - 1})] = true
			}
		}
		found := false
		for _, w := range want {
			found = found || reflect.DeepEqual(set, w)
		}
		if !found {
			return false
		}
	}
	return true
}
