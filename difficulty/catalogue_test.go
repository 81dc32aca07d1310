package difficulty_test

import (
	"math"
	"slices"
	"testing"

	"rjm/analysis"
	"rjm/difficulty"
	"rjm/graph"
	"rjm/maze"
)

// The regression's inputs, read from the feature catalogue, keep their
// names and order: a fitted model's coefficients stay where they were.
func TestFeatureNamesFromCatalogue(t *testing.T) {
	want := []string{"cells", "not_unique", "goal_depth", "log shortest_paths", "non_reaching", "unreachable",
		"black_holes", "black_hole_cells", "white_holes", "white_hole_cells",
		"forward_decisions", "backward_decisions", "decisions", "uturns",
		"clusters", "largest_cluster", "cluster_penalty", "initial_forced_moves",
		"mean forward_decisions", "mean backward_decisions", "mean uturns", "log design energy",
		"log novice moves", "novice solve rate"}
	if !slices.Equal(difficulty.FeatureNames, want) {
		t.Errorf("FeatureNames = %q,\nwant %q", difficulty.FeatureNames, want)
	}
}

// Vector reads the same numbers as it did when it named each field.
func TestVectorFromCatalogue(t *testing.T) {
	for _, id := range []string{"5x5:3413133302312234233341432", "5x5:4431442231132042332114332"} {
		m, err := maze.ParseID(id)
		if err != nil {
			t.Fatal(err)
		}
		ft := analysis.Analyze(graph.MustCompile(m.Board), m)
		if !ft.Solvable {
			continue
		}
		facts := difficulty.Facts{Features: ft}
		want := []float64{float64(ft.Cells)}
		terms := ft.Terms()
		for tm := analysis.Term(1); tm < analysis.NumTerms; tm++ {
			if tm == analysis.ShortestPaths {
				want = append(want, math.Log(float64(max(1, ft.ShortestPaths))))
				continue
			}
			want = append(want, float64(terms[tm]))
		}
		want = append(want, ft.ForwardDecisions, ft.BackwardDecisions, ft.UTurns, math.Log1p(max(0, ft.Energy)), 0, 0)
		if got := facts.Vector(); !slices.Equal(got, want) {
			t.Errorf("%s: Vector() = %v,\nwant %v", id, got, want)
		}
	}
}
