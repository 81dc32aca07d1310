package web

import (
	"testing"

	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// TestTutorialTeachesTheDaysRule: the first visit's maze on the plain
// board and on each Sunday's variant is tiny (at most 4×4), has a unique
// shortest solution of 3 to 5 moves, is the same for the same date, and
// on a variant's board is one the rule changes: the same jumps on the
// plain board have another shortest solution, or none.
func TestTutorialTeachesTheDaysRule(t *testing.T) {
	for _, name := range []string{"", "queen", "torus", "no-u-turn"} {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, date := range []string{"2026-11-08", "2026-11-22", "2026-11-29"} {
			m := tutorialMaze(v, date)
			if m == nil {
				t.Fatalf("%q %s: no lesson", name, date)
			}
			again := tutorialMaze(v, date)
			id, _ := m.ID()
			if id2, _ := again.ID(); id2 != id {
				t.Errorf("%q %s: two lessons, %s and %s", name, date, id, id2)
			}
			s := solve.Solve(graph.MustCompile(m.Board), m)
			if m.Rows > 4 || m.Cols > 4 || s.GoalDepth < 3 || s.GoalDepth > 5 || !s.Unique() {
				t.Errorf("%q %s: %s solves in %d (unique %v)", name, date, id, s.GoalDepth, s.Unique())
			}
			if name == "" {
				continue
			}
			plain := &maze.Maze{Board: maze.Board{Rows: m.Rows, Cols: m.Cols}, Jumps: m.Jumps, Start: m.Start, Goal: m.Goal}
			if p := solve.Solve(graph.MustCompile(plain.Board), plain); p.GoalDepth == s.GoalDepth {
				t.Errorf("%q %s: %s solves in %d on the plain board too: the rule makes no difference", name, date, id, p.GoalDepth)
			}
		}
	}
}
