package analysis_test

import (
	"fmt"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
)

// The features of Figure 1 of the design paper.
func ExampleAnalyze() {
	m, _ := maze.ParseText([]byte(figure1), maze.ParseOptions{})
	f := analysis.Analyze(graph.MustCompile(m.Board), m)
	fmt.Println("solution:", f.Solution, "unique:", f.Unique)
	// Cells are cell indices; m.Cell names them as the seeds do.
	cells := func(sets [][]int) (out [][]maze.Cell) {
		for _, s := range sets {
			var named []maze.Cell
			for _, c := range s {
				named = append(named, m.Cell(c))
			}
			out = append(out, named)
		}
		return out
	}
	fmt.Println("black holes:", f.BlackHoles, "white holes:", cells(f.WhiteHoleSets))
	fmt.Println("decisions:", f.ForwardDecisions, f.BackwardDecisions, "U-turns:", f.UTurns)
	fmt.Println("clusters:", cells(f.Clusters), "penalty:", f.ClusterPenalty)
	fmt.Println("forced:", f.InitialForcedMoves, "energy:", f.Energy)
	// Output:
	// solution: DRLUDLRULLRDU unique: true
	// black holes: 0 white holes: [[(2,1)] [(4,3)]]
	// decisions: 10 10 U-turns: 5
	// clusters: [[(1,1) (1,4) (4,4)]] penalty: 4
	// forced: 0 energy: -6
}

// The design energy as a local search sees it: Reset rates a
// configuration, Try a one-cell change, Accept commits it.
func ExampleDesign() {
	m, _ := maze.ParseText([]byte(figure1), maze.ParseOptions{})
	g := graph.MustCompile(m.Board)
	ev := analysis.Design{}.Evaluator(g, m.Start, m.Goal)
	fmt.Println(ev.Reset(m.Jumps))
	// Jump 4 instead of 3 at (1,1): (1,1) leaves its cluster, and the
	// shortest solution changes.
	fmt.Println(ev.Try(m.Index(maze.Cell{Row: 0, Col: 0}), 4))
	// Output:
	// -6
	// -3
}

// A user-defined energy: no black holes first, then a unique shortest
// solution, then as many decisions as possible.
func ExampleParseEnergy() {
	e, err := analysis.ParseEnergy("priority: black_holes > not_unique > -decisions")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _ := maze.ParseText([]byte(figure1), maze.ParseOptions{})
	g := graph.MustCompile(m.Board)
	fmt.Println(e.Name())
	fmt.Println(e.Evaluator(g, m.Start, m.Goal).Reset(m.Jumps))
	// Output:
	// priority:black_holes>not_unique>-decisions
	// -10
}

// One line for a generated maze, as "rjm generate" prints it.
func ExampleFeatures_Summary() {
	m, _ := maze.ParseText([]byte(program1), maze.ParseOptions{})
	fmt.Println(analysis.Analyze(graph.MustCompile(m.Board), m).Summary())
	// Output:
	// 19 moves, unique; 0 black holes; 0 white holes; decisions 14 forward, 13 backward; 7 U-turns; 3 clusters (largest 3, penalty 9); 0 initial forced moves; energy -4
}
