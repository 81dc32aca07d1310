package incremental

import (
	"rjm/graph"
	"rjm/maze"
)

// Analyze returns the terms package analysis's Analyze computes from
// scratch for m on g, against which the tests check every evaluator.
// Package analysis imports this one, so only an external test can import
// it: TestMain (analyze_test.go) sets Analyze before the tests run.
var Analyze func(g *graph.Graph, m *maze.Maze) Values
