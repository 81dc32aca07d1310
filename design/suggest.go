package design

import (
	"cmp"
	"fmt"
	"slices"

	"rjm/analysis"
	"rjm/energy"
	"rjm/graph"
	"rjm/maze"
)

// Suggestion is an edit, with what it would make of the maze: a jump
// changed (Kind "jump"), the start or the goal moved to Cell ("start",
// "goal"), or two jumps changed at once ("pair": Cell's and Cell2's).
type Suggestion struct {
	Kind string `json:"kind"`
	Cell [2]int `json:"cell"` // 1-based [row, col]
	// Index is the cell's row-major index, for Edits.
	Index int `json:"-"`
	// From and Jump are a jump's before and after (a start or goal
	// move's From is the moved cell's jump, Jump 0).
	From int `json:"from"`
	Jump int `json:"jump"`
	// Cell2, From2 and Jump2 are a pair's second jump changed.
	Cell2  *[2]int `json:"cell2,omitempty"`
	Index2 int     `json:"-"`
	From2  int     `json:"from2,omitempty"`
	Jump2  int     `json:"jump2,omitempty"`
	// Maze is the maze's ID after the suggestion, which a page asks for
	// to make it (one undo step, whatever the kind).
	Maze string `json:"maze"`
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

// Edits returns the suggestion as the edits to Apply, in order.
func (s Suggestion) Edits() []Edit {
	switch s.Kind {
	case "start":
		return []Edit{{Op: MoveStart, Cell: s.Index}}
	case "goal":
		return []Edit{{Op: MoveGoal, Cell: s.Index}}
	case "pair":
		return []Edit{{Op: SetJump, Cell: s.Index, Jump: s.Jump}, {Op: SetJump, Cell: s.Index2, Jump: s.Jump2}}
	}
	return []Edit{{Op: SetJump, Cell: s.Index, Jump: s.Jump}}
}

// Suggestions are the best edits of a maze, four ways.
type Suggestions struct {
	// Energy are single-cell edits that lower the design energy, most
	// first.
	Energy []Suggestion `json:"energy"`
	// Longer are single-cell edits that leave a unique shortest solution
	// longer than the maze's shortest (unique or not; any solution when
	// the maze has none) and no more cells that cannot reach the goal,
	// longest first: what the page's heading "Longer unique solution"
	// says of each (LongerUnique).
	Longer []Suggestion `json:"longer"`
	// Move are moves of the start or the goal that lower the design
	// energy, most first.
	Move []Suggestion `json:"move"`
	// Pair are two jumps changed at once that reach a design energy
	// lower than the maze's and than any single-cell edit's, lowest
	// first.
	Pair []Suggestion `json:"pair"`
	// MorePending says all four are still to come (an answer made with
	// Request.Later, the figures first: Bench.Predict makes them, in
	// Predicted).
	MorePending bool `json:"more_pending,omitempty"`
}

// PairSeeds is how many single-cell edits, the lowest in energy, a pair
// suggestion starts from: Suggest tries each with every other single-cell
// edit, so pairs cost PairSeeds times the single-cell edits' work.
const PairSeeds = 4

// suggestTerms are the terms a suggestion is rated by: the design
// energy's and the goal depth.
var suggestTerms = []analysis.Term{analysis.NonReaching, analysis.NotUnique, analysis.GoalDepth, analysis.Decisions,
	analysis.ClusterPenalty, analysis.InitialForcedMoves}

// Suggest tries every legal jump of every open cell other than the goal
// and the locked cells of m (whose board g is compiled from; locked are
// row-major indices, the cells a designer keeps) and returns the best
// edits: at
// most b.Suggestions of each kind, ties broken by the solution's length,
// then by cell and jump, so that the same maze always gets the same
// suggestions. It rates each edit with the energies' incremental
// evaluator, which returns exactly what analysis.Analyze would.
//
// It also tries every open cell as the start and as the goal (Move: one
// evaluation each) and the PairSeeds lowest single-cell edits each with
// every other (Pair): these cost about PairSeeds times the single-cell
// edits, which is why a page's engine asks for them after the figures.
// No suggestion changes a locked cell: a locked start or goal stays, and
// neither moves onto a locked cell (Keeps).
func (b *Bench) Suggest(g *graph.Graph, m *maze.Maze, locked ...int) Suggestions {
	return b.suggest(g, m, true, locked)
}

// LongerUnique says whether suggestion s may be listed under "Longer
// unique solution" for a maze whose shortest solution is depth0 moves
// (-1: none) and where nonReaching0 cells cannot reach the goal: a unique
// shortest solution longer than depth0, and no more such cells.
func LongerUnique(s Suggestion, depth0, nonReaching0 int) bool {
	return s.Unique && s.GoalDepth > depth0 && s.NonReaching <= nonReaching0
}

// Keeps says whether maze after keeps every locked cell of m as it is:
// its jump, and whether it is the start or the goal.
func Keeps(m, after *maze.Maze, locked []int) bool {
	for _, i := range locked {
		if after.Jumps[i] != m.Jumps[i] || (after.Start == i) != (m.Start == i) || (after.Goal == i) != (m.Goal == i) {
			return false
		}
	}
	return true
}

// suggest is Suggest, every suggestion left to come unless more: rating
// every single-cell edit was a quarter of the page's engine's work for a
// typed digit (BenchmarkEngineEdit), which the figures need not wait for.
func (b *Bench) suggest(g *graph.Graph, m *maze.Maze, more bool, locked []int) Suggestions {
	if !more {
		return Suggestions{Energy: []Suggestion{}, Longer: []Suggestion{}, Move: []Suggestion{}, Pair: []Suggestion{}, MorePending: true}
	}
	isLocked := make([]bool, max(len(m.Jumps), m.Rows*m.Cols, m.Goal+1, m.Start+1)) // an exit ring's goal is past the grid
	for _, i := range locked {
		if i >= 0 && i < len(isLocked) {
			isLocked[i] = true
		}
	}
	n := cmp.Or(b.Suggestions, DefaultSuggestions)
	cells := analysis.CountCells(g, m.Start, m.Goal)
	var last analysis.Values
	ev := analysis.TermsEvaluator(g, m.Start, m.Goal, suggestTerms, func(v *analysis.Values) float64 {
		last = *v
		return analysis.DesignEnergy(v, cells)
	})
	jumps := slices.Clone(m.Jumps)
	e0 := ev.Reset(jumps)
	depth0, n0 := depthOf(&last), last[analysis.NonReaching]
	var all []Suggestion
	for i := range m.Rows * m.Cols {
		if i == m.Goal || !m.Open(i) || isLocked[i] {
			continue
		}
		for _, j := range g.Legal(i) {
			if j == m.Jumps[i] {
				continue
			}
			e := ev.Try(i, j)
			all = append(all, single(m, i, j, e, e0, &last))
		}
	}
	var out Suggestions
	ebest := e0
	for _, s := range all {
		ebest = min(ebest, s.Energy)
	}
	out.Pair = b.pairs(ev, &last, m, all, n, e0, ebest)
	out.Move = b.moves(g, m, n, e0, isLocked)
	out.Energy = best(all, n, func(s Suggestion) bool { return s.Delta < 0 }, func(a, b Suggestion) int {
		return cmp.Or(cmp.Compare(a.Energy, b.Energy), cmp.Compare(b.GoalDepth, a.GoalDepth))
	})
	out.Longer = best(all, n, func(s Suggestion) bool { return LongerUnique(s, depth0, n0) }, func(a, b Suggestion) int {
		return cmp.Or(cmp.Compare(b.GoalDepth, a.GoalDepth), cmp.Compare(a.Energy, b.Energy))
	})
	for _, l := range [][]Suggestion{out.Energy, out.Longer, out.Move, out.Pair} {
		for k := range l {
			l[k].Text = l[k].describe(e0, depth0)
			l[k].Maze = l[k].after(m)
		}
	}
	return out
}

// single returns the single-cell suggestion of cell i's jump set to j,
// rated e with terms v.
func single(m *maze.Maze, i, j int, e, e0 float64, v *analysis.Values) Suggestion {
	return Suggestion{Kind: "jump", Cell: m.CellJSON(i), Index: i, From: m.Jumps[i], Jump: j,
		Energy: e, Delta: e - e0, GoalDepth: depthOf(v), Unique: v[analysis.NotUnique] == 0, NonReaching: v[analysis.NonReaching]}
}

// pairs returns at most n pair suggestions of m (energy e0) below energy ebest: each of
// the PairSeeds lowest single-cell edits of all made (ev reset to it),
// then every single-cell edit of another cell tried on ev, whose rate
// writes the terms to last. It leaves ev reset to m.
func (b *Bench) pairs(ev energy.Evaluator, last *analysis.Values, m *maze.Maze, all []Suggestion, n int, e0, ebest float64) []Suggestion {
	seeds := slices.Clone(all)
	slices.SortStableFunc(seeds, func(a, b Suggestion) int {
		return cmp.Or(cmp.Compare(a.Energy, b.Energy), cmp.Compare(a.Index, b.Index), cmp.Compare(a.Jump, b.Jump))
	})
	seeds = seeds[:min(PairSeeds, len(seeds))]
	seen := map[[4]int]bool{}
	var out []Suggestion
	for _, s := range seeds {
		jumps := slices.Clone(m.Jumps)
		jumps[s.Index] = s.Jump
		ev.Reset(jumps)
		for _, t := range all {
			if t.Index == s.Index {
				continue
			}
			a, c := s, t
			if c.Index < a.Index {
				a, c = c, a
			}
			key := [4]int{a.Index, a.Jump, c.Index, c.Jump}
			if seen[key] {
				continue
			}
			e := ev.Try(t.Index, t.Jump)
			if e >= ebest {
				continue
			}
			seen[key] = true
			p := single(m, a.Index, a.Jump, e, e0, last)
			cell2 := c.Cell
			p.Kind, p.Cell2, p.Index2, p.From2, p.Jump2 = "pair", &cell2, c.Index, c.From, c.Jump
			out = append(out, p)
		}
	}
	ev.Reset(slices.Clone(m.Jumps))
	return best(out, n, func(Suggestion) bool { return true }, func(a, b Suggestion) int {
		return cmp.Or(cmp.Compare(a.Energy, b.Energy), cmp.Compare(b.GoalDepth, a.GoalDepth), cmp.Compare(a.Index2, b.Index2), cmp.Compare(a.Jump2, b.Jump2))
	})
}

// moves returns at most n moves of m's start or goal, on board g, that
// lower the design energy from e0: every open cell not locked tried as
// each (none when the start, or the goal, is locked), each
// rated by a fresh incremental evaluator for the new start and goal (one
// evaluation each: twice the cells' work).
func (b *Bench) moves(g *graph.Graph, m *maze.Maze, n int, e0 float64, locked []bool) []Suggestion {
	var out []Suggestion
	for _, op := range []Op{MoveStart, MoveGoal} {
		if op == MoveStart && locked[m.Start] || op == MoveGoal && locked[m.Goal] {
			continue
		}
		for i := range m.Rows * m.Cols {
			if i == m.Start || i == m.Goal || locked[i] {
				continue
			}
			after, err := Apply(m, Edit{Op: op, Cell: i})
			if err != nil {
				continue
			}
			var last analysis.Values
			cells := analysis.CountCells(g, after.Start, after.Goal)
			ev := analysis.TermsEvaluator(g, after.Start, after.Goal, suggestTerms, func(v *analysis.Values) float64 {
				last = *v
				return analysis.DesignEnergy(v, cells)
			})
			e := ev.Reset(slices.Clone(after.Jumps))
			if e >= e0 {
				continue
			}
			s := single(m, i, 0, e, e0, &last)
			s.Kind = op.String()
			out = append(out, s)
		}
	}
	return best(out, n, func(Suggestion) bool { return true }, func(a, b Suggestion) int {
		return cmp.Or(cmp.Compare(a.Energy, b.Energy), cmp.Compare(b.GoalDepth, a.GoalDepth), cmp.Compare(a.Kind, b.Kind))
	})
}

// after returns the ID of m with the suggestion made ("" if it cannot be,
// which Suggest never offers).
func (s Suggestion) after(m *maze.Maze) string {
	for _, e := range s.Edits() {
		var err error
		if m, err = Apply(m, e); err != nil {
			return ""
		}
	}
	id, _ := m.ID()
	return id
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

// describe says what the suggestion does, for a maze of energy e0 and
// goal depth depth0: the cell, as (row, column), the jump and the energy
// before and after, and the solution's length when it changes.
func (s Suggestion) describe(e0 float64, depth0 int) string {
	var t string
	switch s.Kind {
	case "start", "goal":
		t = fmt.Sprintf("%s to (%d,%d), energy %s → %s", s.Kind, s.Cell[0], s.Cell[1], num(e0), num(s.Energy))
	case "pair":
		t = fmt.Sprintf("(%d,%d): jump %d → %d and (%d,%d): jump %d → %d, energy %s → %s", s.Cell[0], s.Cell[1], s.From, s.Jump,
			s.Cell2[0], s.Cell2[1], s.From2, s.Jump2, num(e0), num(s.Energy))
	default:
		t = fmt.Sprintf("(%d,%d): jump %d → %d, energy %s → %s", s.Cell[0], s.Cell[1], s.From, s.Jump, num(e0), num(s.Energy))
	}
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
