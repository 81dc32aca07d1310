package analysis_test

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
)

func analyze(t *testing.T, text string) *analysis.Features {
	t.Helper()
	m, err := maze.ParseText([]byte(text), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return analysis.Analyze(graph.MustCompile(m.Board), m)
}

type cells = [][2]int

// Figure 1 of the assignment and the design paper, worked by hand.
func TestFigure1(t *testing.T) {
	data, err := os.ReadFile("../examples/figure1.txt")
	if err != nil {
		t.Fatal(err)
	}
	f := analyze(t, string(data))
	// Footnote 3: the unique 13-move solution.
	if f.GoalDepth != 13 || f.Solution != "DRLUDLRULLRDU" || !f.Unique || f.ShortestPaths != 1 {
		t.Errorf("solution %d %s unique %v", f.GoalDepth, f.Solution, f.Unique)
	}
	// §4.3: "cells (1,1), (1,4), (4,4) ... form a same jump cluster". Every
	// other cell's jump differs from the jump of each cell it can reach
	// (checked cell by cell: e.g. (2,5)=2 reaches (4,5)=3 and (2,3)=3), so
	// it is the only cluster of two or more: penalty (3−1)² = 4.
	if want := []cells{{{1, 1}, {1, 4}, {4, 4}}}; !reflect.DeepEqual(oneBasedSets(f, f.Clusters), want) || f.ClusterPenalty != 4 || f.LargestCluster != 3 {
		t.Errorf("clusters %v penalty %d largest %d", oneBasedSets(f, f.Clusters), f.ClusterPenalty, f.LargestCluster)
	}
	// No cell jumps to (2,1) or to (4,3) (π is empty: e.g. for (2,1) the
	// cells of row 2 and column 1 would need jumps 1, 2, 1, 2, 3 and hold
	// 3, 3, 3, 4, 4), so they are unreachable; both reach the goal, and
	// their successors (5,1) and (1,3) are reachable: two white holes of
	// one cell. Every cell reaches the goal: no black hole, n = 0.
	if f.Reachable != 23 || f.NonReaching != 0 || f.BlackHoles != 0 || f.WhiteHoles != 2 || f.WhiteHoleCells != 2 ||
		!reflect.DeepEqual(oneBasedSets(f, f.WhiteHoleSets), []cells{{{2, 1}}, {{4, 3}}}) {
		t.Errorf("reachable %d n %d black %d white %v", f.Reachable, f.NonReaching, f.BlackHoles, oneBasedSets(f, f.WhiteHoleSets))
	}
	// Forward decisions: of the 13 non-goal cells of the solution, (4,1)
	// (jump 4: only right), (3,5) (jump 3: only left) and (3,1) (jump 3:
	// only right) are forced; the other 10 offer a choice.
	// U-turns in DRLUDLRULLRDU: RL, UD, LR, LR, DU = 5. (Backward
	// decisions, 10, are checked against the brute-force model.)
	if f.ForwardDecisions != 10 || f.BackwardDecisions != 10 || f.UTurns != 5 || f.InitialForcedMoves != 0 {
		t.Errorf("decisions %v/%v uturns %v forced %d", f.ForwardDecisions, f.BackwardDecisions, f.UTurns, f.InitialForcedMoves)
	}
	// Energy: unique, n = 0: −min(10, 10) + 4 + 0² = −6.
	if f.Energy != -6 || f.Objective != -13 {
		t.Errorf("energy %v objective %v", f.Energy, f.Objective)
	}
}

// The example maze of Program 1: Search and the assignment's web page.
func TestProgram1(t *testing.T) {
	data, err := os.ReadFile("../examples/program1.txt")
	if err != nil {
		t.Fatal(err)
	}
	f := analyze(t, string(data))
	if f.Solution != "RDLRUDRLRLUDLDRRUDD" || !f.Unique {
		t.Errorf("solution %s unique %v", f.Solution, f.Unique)
	}
	// 004: "The two leftmost 3s of the second row and the 3 of the bottom
	// row form a 3-jump cluster"; also the 3s at (1,1), (4,1), (4,4) and
	// the 1s at (1,3), (2,3): penalty 4 + 4 + 1 = 9.
	want := []cells{{{1, 1}, {4, 1}, {4, 4}}, {{1, 3}, {2, 3}}, {{2, 1}, {2, 4}, {5, 4}}}
	if !reflect.DeepEqual(oneBasedSets(f, f.Clusters), want) || f.ClusterPenalty != 9 {
		t.Errorf("clusters %v penalty %d", oneBasedSets(f, f.Clusters), f.ClusterPenalty)
	}
	// 004: the solution "begins at the second 3 in the third row and
	// proceeds right-left-right-left". U-turns in RDLRUDRLRLUDLDRRUDD:
	// LR, UD, RL, LR, RL, UD, UD = 7.
	if f.UTurns != 7 {
		t.Errorf("uturns %v, want 7", f.UTurns)
	}
	if f.Reachable != 25 || f.NonReaching != 0 || f.BlackHoles != 0 || f.WhiteHoles != 0 {
		t.Errorf("reachable %d n %d holes %d %d", f.Reachable, f.NonReaching, f.BlackHoles, f.WhiteHoles)
	}
}

// Hand-made mazes with every feature worked out in the comments.
func TestHandMade(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		check      func(f *analysis.Features) bool
	}{
		{
			// σ: (1,1)→(1,2),(2,1); (1,2)→(1,1),(1,3),(2,2); (1,3)→(1,2),
			// (1,4),(2,3); (1,4)→(3,4)G,(1,2); row 2 jumps 2: (2,1)↔(2,3) and
			// (2,2)↔(2,4) only; (3,1)→(1,1),(3,3); (3,2)→(1,2),G;
			// (3,3)→(2,3),(3,2),G.
			// Row 2 is reachable but never reaches G: two black holes,
			// {(2,1),(2,3)} and {(2,2),(2,4)} (their other predecessors, in
			// row 1, reach G). Nothing jumps to (3,1); (3,1)→(3,3)→(3,2):
			// one white hole of 3 cells. Unique solution RRRD; forward
			// decisions at (1,1),(1,2),(1,3),(1,4) = 4; backward at (1,2)
			// (π = (1,1),(1,3),(1,4)) and G (π = (1,4),(3,2),(3,3)) = 2.
			// Clusters: 1s (1,1)-(1,2)-(1,3), 2s (2,1)-(2,3) and (2,2)-(2,4):
			// 4+1+1 = 6. Energy: n = 4: 4·144 − min(4, 2) + 6 + 0 = 580.
			"two black holes and a white hole", "1 1 1 2\n2 2 2 2\n2 2 1 G\n",
			func(f *analysis.Features) bool {
				return f.Solution == "RRRD" && f.Unique && f.Reachable == 9 && f.Reaching == 8 && f.NonReaching == 4 &&
					reflect.DeepEqual(oneBasedSets(f, f.BlackHoleSets), []cells{{{2, 1}, {2, 3}}, {{2, 2}, {2, 4}}}) &&
					f.BlackHoles == 2 && f.BlackHoleCells == 4 &&
					reflect.DeepEqual(oneBasedSets(f, f.WhiteHoleSets), []cells{{{3, 1}, {3, 2}, {3, 3}}}) && f.WhiteHoleCells == 3 &&
					f.ForwardDecisions == 4 && f.BackwardDecisions == 2 && f.UTurns == 0 &&
					f.ClusterPenalty == 6 && f.LargestCluster == 3 && len(f.Clusters) == 3 &&
					f.InitialForcedMoves == 0 && f.Energy == 580
			},
		},
		{
			// Two shortest solutions of 4 moves: (1,1)→(1,2)→(3,2)→(3,1)→G
			// (RDLR: one U-turn, forward decisions at (1,1),(1,2),(3,2) = 3,
			// backward at (3,2) and G = 2) and ...→(3,2)→(3,3)→G (RDRR: no
			// U-turn, forward 4 with (3,3), backward 3 with (3,3), whose π
			// is (3,2),(2,3),(1,3)). Footnote 10's averages: 3.5, 2.5, 0.5.
			// (2,1)→(2,4)↔(2,2) is one black hole of 3 cells. Clusters: 1s
			// (2,3)-(3,3)-(3,2) and 2s (2,2)-(2,4): 4+1 = 5. Energy: not
			// unique: 12³ + 3·12² + 5 = 2165.
			"two shortest solutions", "1 2 2 1\n3 2 1 2\n3 1 1 G\n",
			func(f *analysis.Features) bool {
				return f.GoalDepth == 4 && f.ShortestPaths == 2 && !f.Unique &&
					f.ForwardDecisions == 3.5 && f.BackwardDecisions == 2.5 && f.UTurns == 0.5 &&
					reflect.DeepEqual(oneBasedSets(f, f.BlackHoleSets), []cells{{{2, 1}, {2, 2}, {2, 4}}}) && f.WhiteHoles == 0 &&
					f.ClusterPenalty == 5 && f.Energy == 2165
			},
		},
		{
			// Corners jump to corners: (1,1)→(1,3),(3,1), both →(1,1),G:
			// two solutions RD and DR, neither with a U-turn. The edge cells
			// swap with the opposite edge and the centre (1) feeds them;
			// none is reachable or reaching: n = 5, no holes. Forward
			// decisions 2 on each path, backward 1 (only G has two
			// predecessors). Clusters of 2s: (1,1)-(1,3)-(3,1), (1,2)-(3,2),
			// (2,1)-(2,3): 4+1+1 = 6. Energy 27·27 + 5·81 + 6 = 1140.
			"corners", "2 2 2\n2 1 2\n2 2 G\n",
			func(f *analysis.Features) bool {
				return f.ShortestPaths == 2 && f.Solution == "RD" && f.Reachable == 4 && f.NonReaching == 5 &&
					f.BlackHoles == 0 && f.WhiteHoles == 0 && f.ForwardDecisions == 2 && f.BackwardDecisions == 1 &&
					f.UTurns == 0 && f.ClusterPenalty == 6 && len(f.Clusters) == 3 && f.Energy == 1140
			},
		},
		{
			// 1×3: (1,1)→(1,3)→(1,1), a forced cycle; G unreachable. The walk
			// counts the two forced moves and stops on returning to (1,1):
			// m = 2. Black hole {(1,1),(1,3)}, white hole {G}; one cluster
			// of two 2s. Energy 3³ + 2·3² + 1 + 2² = 50.
			"forced cycle", "2 G 2\n",
			func(f *analysis.Features) bool {
				return !f.Solvable && f.GoalDepth == -1 && f.InitialForcedMoves == 2 &&
					reflect.DeepEqual(oneBasedSets(f, f.BlackHoleSets), []cells{{{1, 1}, {1, 3}}}) &&
					reflect.DeepEqual(oneBasedSets(f, f.WhiteHoleSets), []cells{{{1, 2}}}) &&
					f.ClusterPenalty == 1 && f.Energy == 50 && f.Objective == 1_000_000
			},
		},
		{
			// 1×5: (1,1) jumps 4 to (1,5) (forced), which jumps 3 to (1,2)
			// (forced), which offers (1,1) and (1,3): m = 2. Solution
			// RLRR; U-turns RL, LR = 2. Forward decisions (1,2),(1,3) = 2;
			// backward: (1,2) (π = (1,5),(1,3)) = 1. Cluster (1,2)-(1,3).
			// Energy 0 − min(2, 1) + 1 + 2² = 4.
			"initial forced moves", "4 1 1 G 3\n",
			func(f *analysis.Features) bool {
				return f.Solution == "RLRR" && f.Unique && f.InitialForcedMoves == 2 && f.UTurns == 2 &&
					f.ForwardDecisions == 2 && f.BackwardDecisions == 1 && f.ClusterPenalty == 1 && f.Energy == 4
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if f := analyze(t, tc.text); !tc.check(f) {
				t.Errorf("%+v", *f)
			}
		})
	}
}

// Terms agree with the features they come from, and decisions count only
// along a unique solution.
func TestTerms(t *testing.T) {
	v := analyze(t, "1 2 2 1\n3 2 1 2\n3 1 1 G\n").Terms()
	if v[analysis.NotUnique] != 1 || v[analysis.ForwardDecisions] != 0 || v[analysis.UTurns] != 0 || v[analysis.ShortestPaths] != 2 {
		t.Errorf("not unique: %v", v)
	}
	v = analyze(t, figure1).Terms()
	if v[analysis.Decisions] != 10 || v[analysis.UTurns] != 5 || v[analysis.GoalDepth] != 13 || v[analysis.WhiteHoles] != 2 || v[analysis.Unreachable] != 2 {
		t.Errorf("figure 1: %v", v)
	}
	for tm := range analysis.NumTerms {
		back, err := analysis.ParseTerm(tm.String())
		if err != nil || back != tm || tm.Doc() == "" {
			t.Errorf("term %d: %q %v", tm, tm, err)
		}
	}
}

// Features round-trip through JSON, with goal_depth null when unsolvable.
func TestFeaturesJSON(t *testing.T) {
	fig, err := os.ReadFile("../examples/figure1.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{string(fig), "2 1 2\n1 G 1\n2 1 2\n"} {
		f := analyze(t, text)
		data, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if f.Solvable != !strings.Contains(string(data), `"goal_depth":null`) {
			t.Errorf("solvable %v: %s", f.Solvable, data)
		}
		var back analysis.Features
		if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(&back, f) {
			t.Errorf("round trip: %v\n%+v\n%+v", err, back, *f)
		}
	}
}
