package analysis_test

import (
	"os"
	"path/filepath"
	"testing"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
)

// FuzzAnalyze feeds arbitrary text through the maze parser and analyses
// whatever parses: no panic, features consistent with each other, and the
// design evaluator agreeing with Analyze.
func FuzzAnalyze(f *testing.F) {
	files, _ := filepath.Glob("../examples/*.txt")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(figure1))
	f.Add([]byte(program1))
	f.Add([]byte("2 G 2\n"))
	f.Add([]byte("start 2,2\n1 2 1\n2 G 2\n1 2 9\n"))
	f.Add([]byte("1 1 1 2\n2 2 2 2\n2 2 1 G\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := maze.ParseText(data, maze.ParseOptions{})
		if err != nil {
			return
		}
		g, err := graph.Compile(m.Board)
		if err != nil {
			return
		}
		a := analysis.Analyze(g, m)
		if a.BlackHoleCells+a.WhiteHoleCells > a.Cells || a.Reaching < 1 || a.Reachable < 1 ||
			a.Unique != (a.ShortestPaths == 1) || a.Solvable != (a.GoalDepth >= 0) || a.LargestCluster < 1 {
			t.Fatalf("inconsistent features %+v", *a)
		}
		if e := (analysis.Design{}).Evaluator(g, m.Start, m.Goal).Reset(m.Jumps); e != a.Energy {
			t.Fatalf("design evaluator %v, Analyze %v", e, a.Energy)
		}
	})
}
