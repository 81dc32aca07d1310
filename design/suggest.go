package design

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
)

// Suggestion is a single-cell edit, a jump changed, with what it would
// make of the maze.
type Suggestion struct {
	Cell [2]int `json:"cell"` // 1-based [row, col]
	// Index is the cell's row-major index, for Edit.
	Index int `json:"-"`
	From  int `json:"from"`
	Jump  int `json:"jump"`
	// Energy is the design energy after the edit, Delta its change.
	Energy float64 `json:"energy"`
	Delta  float64 `json:"delta"`
	// GoalDepth is the shortest solution's length after the edit (-1: no
	// solution), Unique whether it is then unique.
	GoalDepth int  `json:"goal_depth"`
	Unique    bool `json:"unique"`
	// NonReaching is n after the edit: the cells that cannot reach the
	// goal.
	NonReaching int    `json:"non_reaching"`
	Text        string `json:"text"`
}

// Edit returns the suggestion as an edit to Apply.
func (s Suggestion) Edit() Edit { return Edit{Op: SetJump, Cell: s.Index, Jump: s.Jump} }

// Suggestions are the best single-cell edits of a maze, two ways.
type Suggestions struct {
	// Energy lowers the design energy, most first.
	Energy []Suggestion `json:"energy"`
	// Longer leaves a unique shortest solution longer than the maze's
	// (any, when the maze has no unique one) and no more cells that
	// cannot reach the goal, longest first.
	Longer []Suggestion `json:"longer"`
}

// suggestTerms are the terms a suggestion is rated by: the design
// energy's and the goal depth.
var suggestTerms = []analysis.Term{analysis.NonReaching, analysis.NotUnique, analysis.GoalDepth, analysis.Decisions,
	analysis.ClusterPenalty, analysis.InitialForcedMoves}

// Suggest tries every legal jump of every open cell other than the goal
// of m (whose board g is compiled from) and returns the best edits: at
// most b.Suggestions of each kind, ties broken by the solution's length,
// then by cell and jump, so that the same maze always gets the same
// suggestions. It rates each edit with the energies' incremental
// evaluator, which returns exactly what analysis.Analyze would.
func (b *Bench) Suggest(g *graph.Graph, m *maze.Maze) Suggestions {
	n := cmp.Or(b.Suggestions, DefaultSuggestions)
	cells := analysis.CountCells(g, m.Start, m.Goal)
	var last analysis.Values
	ev := analysis.TermsEvaluator(g, m.Start, m.Goal, suggestTerms, func(v *analysis.Values) float64 {
		last = *v
		return analysis.DesignEnergy(v, cells)
	})
	jumps := slices.Clone(m.Jumps)
	e0 := ev.Reset(jumps)
	depth0, unique0, n0 := depthOf(&last), last[analysis.NotUnique] == 0, last[analysis.NonReaching]
	var all []Suggestion
	for i := range m.Rows * m.Cols {
		if i == m.Goal || !m.Open(i) {
			continue
		}
		for _, j := range g.Legal(i) {
			if j == m.Jumps[i] {
				continue
			}
			e := ev.Try(i, j)
			all = append(all, Suggestion{Cell: m.CellJSON(i), Index: i, From: m.Jumps[i], Jump: j,
				Energy: e, Delta: e - e0, GoalDepth: depthOf(&last), Unique: last[analysis.NotUnique] == 0, NonReaching: last[analysis.NonReaching]})
		}
	}
	var out Suggestions
	out.Energy = best(all, n, func(s Suggestion) bool { return s.Delta < 0 }, func(a, b Suggestion) int {
		return cmp.Or(cmp.Compare(a.Energy, b.Energy), cmp.Compare(b.GoalDepth, a.GoalDepth))
	})
	out.Longer = best(all, n, func(s Suggestion) bool { return s.Unique && (!unique0 || s.GoalDepth > depth0) && s.NonReaching <= n0 }, func(a, b Suggestion) int {
		return cmp.Or(cmp.Compare(b.GoalDepth, a.GoalDepth), cmp.Compare(a.Energy, b.Energy))
	})
	for _, l := range [][]Suggestion{out.Energy, out.Longer} {
		for k := range l {
			l[k].Text = l[k].describe(depth0)
		}
	}
	return out
}

// depthOf is the goal depth of terms v, -1 when unsolvable.
func depthOf(v *analysis.Values) int {
	if v[analysis.Unsolvable] != 0 {
		return -1
	}
	return v[analysis.GoalDepth]
}

// best returns the first n suggestions that keep, in the order by (ties
// broken by cell and jump).
func best(all []Suggestion, n int, keep func(Suggestion) bool, by func(a, b Suggestion) int) []Suggestion {
	out := []Suggestion{}
	for _, s := range all {
		if keep(s) {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b Suggestion) int {
		return cmp.Or(by(a, b), cmp.Compare(a.Index, b.Index), cmp.Compare(a.Jump, b.Jump))
	})
	return out[:min(n, len(out))]
}

// describe says what the suggestion does, for a maze whose goal depth is
// depth0.
func (s Suggestion) describe(depth0 int) string {
	sign := "+"
	if s.Delta < 0 {
		sign = "−"
	}
	t := fmt.Sprintf("(%d,%d): %d → %d, energy %s%s", s.Cell[0], s.Cell[1], s.From, s.Jump, sign, num(math.Abs(s.Delta)))
	switch {
	case s.GoalDepth < 0:
		t += ", no solution"
	case depth0 < 0:
		t += fmt.Sprintf(", solvable in %d", s.GoalDepth)
	case s.GoalDepth != depth0:
		t += fmt.Sprintf(", solution %d → %d", depth0, s.GoalDepth)
	}
	if s.Unique {
		t += " (unique)"
	}
	return t
}
