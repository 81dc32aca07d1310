package incremental_test

import (
	"testing"

	"rjm/analysis"
	"rjm/analysis/internal/incremental"
	"rjm/graph"
	"rjm/maze"
)

// TestMain gives the internal tests the from-scratch analysis to check
// the evaluators against (see incremental.Analyze).
func TestMain(m *testing.M) {
	incremental.Analyze = func(g *graph.Graph, mz *maze.Maze) incremental.Values {
		return analysis.Analyze(g, mz).Terms()
	}
	m.Run()
}
