package web

import (
	"hash/fnv"
	"html/template"
	"math/rand/v2"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
)

// tutorial is a first visit's lesson: a tiny maze on the day's rules,
// tapped through on the page, that teaches the jump, the goal and, on a
// variant's board, the rule that sets it apart (a maze the rule changes:
// its shortest solution on the plain board differs, or is none).
type tutorial struct {
	Board template.HTML
	Game  string // the maze's game as JSON (newGame: its moves and refused jumps)
	Rule  string // the board's rule in one line (render.RuleLine), "" on the plain board
}

// tutorialTries bounds the random mazes tried for a lesson: a few on
// 3×3 (where a rule seldom matters), more on 4×4.
var tutorialTries = map[int]int{3: 200, 4: 3000}

// newTutorial returns the lesson for the maze of date on board b's
// variant, or nil when none is found (a tiling with no plain board to
// differ from is taught as it is).
func newTutorial(b maze.Board, date string) *tutorial {
	m := tutorialMaze(b.Variant, date)
	if m == nil {
		return nil
	}
	t := &tutorial{Board: boardAs(m, "tutorial-board", "board tutorial-board", "tutorial-say"), Game: gameJSON(newGame(m, ""))}
	if b.Variant != (maze.Variant{}) {
		t.Rule = render.RuleLine(m.Board)
	}
	return t
}

// tutorialMaze returns a tiny maze (3×3, else 4×4) on variant v with a
// unique shortest solution of 3 to 5 moves that, on a variant's board,
// the variant's rule changes; the same for the same date.
func tutorialMaze(v maze.Variant, date string) *maze.Maze {
	h := fnv.New64a()
	h.Write([]byte("rjm tutorial " + date))
	rng := rand.New(rand.NewPCG(h.Sum64(), 53))
	for _, n := range []int{3, 4} {
		b := maze.Board{Rows: n, Cols: n, Variant: v}
		if b.Validate() != nil {
			continue
		}
		g := graph.MustCompile(b)
		for range tutorialTries[n] {
			m, err := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rng)
			if err != nil {
				return nil
			}
			f := analysis.Analyze(g, m)
			if f.GoalDepth < 3 || f.GoalDepth > 5 || !f.Unique {
				continue
			}
			if len(analysis.Unneeded(m, f)) > 0 {
				continue // a rule of the day makes no difference here
			}
			return m
		}
	}
	return nil
}
