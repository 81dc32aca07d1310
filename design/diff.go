package design

import (
	"fmt"
	"math"

	"rjm/analysis"
)

// Change is one difference between a maze's features before an edit and
// after it, said in words.
type Change struct {
	// Feature names what changed: "solution", "unique", "black_holes",
	// "white_holes", "energy", "clusters", "forced", "decisions",
	// "reaching".
	Feature string  `json:"feature"`
	Before  float64 `json:"before"`
	After   float64 `json:"after"`
	Text    string  `json:"text"`
}

// Compare returns what changed from features before to features after,
// most telling first: the solution (found or lost, its length, its
// uniqueness), the holes, the cells that cannot reach the goal, the
// energy, the clusters, the forced moves and the decisions. It returns
// none when nothing the paper judges changed.
func Compare(before, after *analysis.Features) []Change {
	var out []Change
	add := func(feature string, b, a float64, text string) {
		out = append(out, Change{Feature: feature, Before: b, After: a, Text: text})
	}
	switch {
	case before.Solvable && !after.Solvable:
		add("solution", float64(before.GoalDepth), -1, "the goal can no longer be reached")
	case !before.Solvable && after.Solvable:
		add("solution", -1, float64(after.GoalDepth), fmt.Sprintf("the goal can be reached, in %s", analysis.Moves(after.GoalDepth)))
	case after.GoalDepth > before.GoalDepth:
		add("solution", float64(before.GoalDepth), float64(after.GoalDepth), fmt.Sprintf("the solution grew by %d, to %s", after.GoalDepth-before.GoalDepth, analysis.Moves(after.GoalDepth)))
	case after.GoalDepth < before.GoalDepth:
		add("solution", float64(before.GoalDepth), float64(after.GoalDepth), fmt.Sprintf("the solution shrank by %d, to %s", before.GoalDepth-after.GoalDepth, analysis.Moves(after.GoalDepth)))
	}
	switch {
	case after.Unique && !before.Unique:
		add("unique", 0, 1, "the shortest solution became unique")
	case before.Unique && !after.Unique && after.Solvable:
		add("unique", 1, 0, fmt.Sprintf("the shortest solution is no longer unique (%s)", paths(after)))
	}
	holes := func(feature, kind string, b, a int, by string) {
		switch d := a - b; {
		case d == 1:
			add(feature, float64(b), float64(a), "a "+kind+" hole appeared"+by)
		case d > 1:
			add(feature, float64(b), float64(a), fmt.Sprintf("%d %s holes appeared%s", d, kind, by))
		case d == -1:
			add(feature, float64(b), float64(a), "a "+kind+" hole vanished"+by)
		case d < -1:
			add(feature, float64(b), float64(a), fmt.Sprintf("%d %s holes vanished%s", -d, kind, by))
		}
	}
	// Where a state is more than a cell, black holes and n are counted by
	// state, and the texts say so.
	byState, trapped := "", ""
	if after.HolesByState {
		byState = " (counted by states: " + analysis.StateWords + ")"
		trapped = " from some way of arriving"
	}
	holes("black_holes", "black", before.BlackHoles, after.BlackHoles, byState)
	holes("white_holes", "white", before.WhiteHoles, after.WhiteHoles, "")
	if d := after.NonReaching - before.NonReaching; d != 0 {
		add("reaching", float64(before.NonReaching), float64(after.NonReaching), fmt.Sprintf("%s cannot reach the goal%s (was %d)", cellCount(after.NonReaching), trapped, before.NonReaching))
	}
	if d := after.Energy - before.Energy; d != 0 {
		verb := "fell"
		if d > 0 {
			verb = "rose"
		}
		add("energy", before.Energy, after.Energy, fmt.Sprintf("the energy %s by %s, to %s", verb, num(math.Abs(d)), num(after.Energy)))
	}
	if after.ClusterPenalty != before.ClusterPenalty {
		add("clusters", float64(before.ClusterPenalty), float64(after.ClusterPenalty), fmt.Sprintf("the cluster penalty went from %d to %d", before.ClusterPenalty, after.ClusterPenalty))
	}
	if after.InitialForcedMoves != before.InitialForcedMoves {
		add("forced", float64(before.InitialForcedMoves), float64(after.InitialForcedMoves), fmt.Sprintf("the initial forced moves went from %d to %d", before.InitialForcedMoves, after.InitialForcedMoves))
	}
	bd, ad := decisions(before), decisions(after)
	if before.Unique && after.Unique && bd != ad {
		add("decisions", bd, ad, fmt.Sprintf("the decisions min(d_f, d_b) went from %s to %s", num(bd), num(ad)))
	}
	return out
}

func decisions(f *analysis.Features) float64 { return min(f.ForwardDecisions, f.BackwardDecisions) }

func paths(f *analysis.Features) string {
	if f.Saturated {
		return "very many shortest solutions"
	}
	return fmt.Sprintf("%d shortest solutions", f.ShortestPaths)
}

func cellCount(n int) string {
	if n == 1 {
		return "1 cell"
	}
	return fmt.Sprintf("%d cells", n)
}

// num writes x without a fraction when it has none.
func num(x float64) string {
	if x == math.Trunc(x) && math.Abs(x) < 1e15 {
		return fmt.Sprintf("%d", int64(x))
	}
	return fmt.Sprintf("%.2f", x)
}
