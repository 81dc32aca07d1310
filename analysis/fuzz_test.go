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

// FuzzParseEnergy checks that energy texts either fail with an error or
// give an energy whose name, its canonical form, parses to the same name.
func FuzzParseEnergy(f *testing.F) {
	f.Add("design")
	f.Add("weighted:not_unique=15625,non_reaching=625,decisions=-1,cluster_penalty=1,initial_forced_moves^2=1")
	f.Add("priority:black_holes>not_unique>-decisions>uturns")
	f.Add("weighted:\n  uturns = 2 # comment\n  black_holes=1e3\n")
	f.Fuzz(func(t *testing.T, s string) {
		e, err := analysis.ParseEnergy(s)
		if err != nil {
			return
		}
		back, err := analysis.ParseEnergy(e.Name())
		if err != nil || back.Name() != e.Name() {
			t.Fatalf("%q parses to %q, which gives %v", s, e.Name(), err)
		}
	})
}
