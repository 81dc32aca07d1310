package book

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"rjm/difficulty"
	"rjm/generate"
	"rjm/maze"
)

// claimBoards are the boards of the claim matrix: the plain board, every
// rule alone, the combinations the books of docs/variants.md print, and a
// layout of walls and blocked and pass-over cells.
func claimBoards(t *testing.T) map[string]maze.Board {
	t.Helper()
	boards := map[string]maze.Board{}
	names := []string{""}
	for _, n := range maze.VariantNames {
		names = append(names, n[0])
	}
	names = append(names, "hex,exit", "queen,torus", "queen,loops", "no-u-turn,exit", "hex,no-u-turn")
	for _, name := range names {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		boards[name] = maze.Board{Rows: 6, Cols: 6, Variant: v}
	}
	b := maze.Board{Rows: 6, Cols: 6}
	for _, c := range []maze.Cell{{Row: 1, Col: 2}, {Row: 3, Col: 1}} {
		if err := b.SetKind(c, maze.Blocked); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.SetKind(maze.Cell{Row: 2, Col: 4}, maze.PassOver); err != nil {
		t.Fatal(err)
	}
	for _, w := range [][2]maze.Cell{{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, {{Row: 4, Col: 3}, {Row: 5, Col: 3}}, {{Row: 2, Col: 0}, {Row: 3, Col: 0}}} {
		if err := b.AddWall(w[0], w[1]); err != nil {
			t.Fatal(err)
		}
	}
	boards["walls and cells"] = b
	return boards
}

// claimPuzzles makes puzzles of board b as a book keeps them (a unique
// shortest solution, no black holes), aimed at 8 moves by a short search.
func claimPuzzles(t *testing.T, b maze.Board) []*maze.Maze {
	t.Helper()
	spec := difficulty.AimedSpec(generate.DefaultOn(b), len(b.OpenCells()), 8)
	spec.Iterations = 4000
	keep := generate.Constraints{MinLength: 3, Unique: true, NoBlackHoles: true}
	var out []*maze.Maze
	for seed := uint64(1); seed <= 12 && len(out) < 4; seed++ {
		spec.Seed = seed
		r, err := generate.Run(context.Background(), spec, nil)
		if err != nil {
			t.Fatal(err)
		}
		if keep.Meets(r.Features) {
			out = append(out, r.Maze)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%v: no puzzle a book keeps in 12 seeds", b)
	}
	return out
}

// trapStates counts, by brute force over Board.Jump, the positions a
// player can reach from the start from which the goal cannot be reached:
// a position is a cell and, under the no-U-turn rule, the direction of
// arrival too.
func trapStates(m *maze.Maze) int {
	type pos struct {
		cell   int
		arrive int // 1 + the direction of arrival, 0 at the start
	}
	next := func(p pos) []pos {
		var out []pos
		if p.cell == m.Goal {
			return nil
		}
		for _, d := range m.Dirs() {
			if m.Variant.NoUTurn && p.arrive > 0 && d.Opposite() == maze.Dir(p.arrive-1) {
				continue
			}
			to, arrive, ok := m.Jump(p.cell, d, m.Jumps[p.cell])
			if !ok {
				continue
			}
			q := pos{to, 0}
			if m.Variant.NoUTurn {
				q.arrive = 1 + int(arrive)
			}
			out = append(out, q)
		}
		return out
	}
	reach := func(from pos) map[pos]bool {
		seen := map[pos]bool{from: true}
		for queue := []pos{from}; len(queue) > 0; queue = queue[1:] {
			for _, q := range next(queue[0]) {
				if !seen[q] {
					seen[q] = true
					queue = append(queue, q)
				}
			}
		}
		return seen
	}
	traps := 0
	for p := range reach(pos{m.Start, 0}) {
		goal := false
		for q := range reach(p) {
			goal = goal || q.cell == m.Goal
		}
		if !goal {
			traps++
		}
	}
	return traps
}

// oneJump counts, by brute force over Board.Jump, the open cells other
// than the goal with a jump that lands on the goal, and the open cells
// on board b.
func oneJump(m *maze.Maze) (n, open int) {
	for _, c := range m.OpenCells() {
		if c == m.Goal {
			continue
		}
		open++
		for _, d := range m.Dirs() {
			if to, _, ok := m.Jump(c, d, m.Jumps[c]); ok && to == m.Goal {
				n++
				break
			}
		}
	}
	return n, len(m.OpenCells())
}

// fromGoal counts, by brute force over Board.Jump, the cells whose
// fewest jumps to the goal are one and two, whatever the direction of
// arrival (under the no-U-turn rule, a cell whose first jump may be any).
func fromGoal(m *maze.Maze) (one, two int) {
	near := map[int]bool{}
	for _, c := range m.OpenCells() {
		for _, d := range m.Dirs() {
			if to, _, ok := m.Jump(c, d, m.Jumps[c]); ok && to == m.Goal && c != m.Goal {
				near[c] = true
			}
		}
	}
	for _, c := range m.OpenCells() {
		if c == m.Goal || near[c] {
			continue
		}
		for _, d := range m.Dirs() {
			if to, _, ok := m.Jump(c, d, m.Jumps[c]); ok && near[to] {
				two++
				break
			}
		}
	}
	return len(near), two
}

// claimPredicates are the promises a rules page may make of every puzzle
// of its book, each a phrase of the page and the brute-force predicate
// that makes it true of one puzzle ("" when it holds).
var claimPredicates = []struct {
	phrase string
	holds  func(m *maze.Maze) string
}{
	{"No cell is a trap", func(m *maze.Maze) string {
		if n := trapStates(m); n > 0 {
			return fmt.Sprintf("%d positions reached from the start never reach the goal", n)
		}
		return ""
	}},
	{"only a few cells reach the goal in one jump", func(m *maze.Maze) string {
		if n, open := oneJump(m); 6*n > open {
			return fmt.Sprintf("%d of %d cells reach the goal in one jump", n, open)
		}
		return ""
	}},
	{"fewer still reach those", func(m *maze.Maze) string {
		if one, two := fromGoal(m); two >= one {
			return fmt.Sprintf("%d cells reach the goal in one jump and %d in two", one, two)
		}
		return ""
	}},
	{"only a few cells reach the exit in one jump", func(m *maze.Maze) string {
		if n, open := oneJump(m); 6*n > open {
			return fmt.Sprintf("%d of %d cells reach the exit in one jump", n, open)
		}
		return ""
	}},
}

// rulesText is the rules page's text on board b for a book of puzzles:
// its paragraphs and its hints.
func rulesText(b maze.Board, puzzles []*maze.Maze, bands []Band) []string {
	return append(paragraphs(b, puzzles), Hints(b, bands, puzzles))
}

// TestClaimMatrix holds every promise of the rules page (its paragraphs,
// hints included) of a book of every rule and combination against the
// engine: each promise the page makes holds, by brute force, on every
// puzzle a book of that board keeps, and a board whose positions are more
// than cells says that its traps are counted by position.
func TestClaimMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("generates puzzles on every board")
	}
	for name, b := range claimBoards(t) {
		puzzles := claimPuzzles(t, b)
		text := strings.Join(rulesText(b, puzzles, []Band{Medium}), "\n")
		made := 0
		for _, c := range claimPredicates {
			if !strings.Contains(text, c.phrase) {
				continue
			}
			made++
			for k, m := range puzzles {
				if why := c.holds(m); why != "" {
					id, _ := m.ID()
					t.Errorf("%q board: the rules page says %q, but of puzzle %d (%s) %s", name, c.phrase, k+1, id, why)
				}
			}
		}
		if b.Variant.NoUTurn && !strings.Contains(text, "direction") {
			t.Errorf("%q board: the rules page does not say that a position is a cell and a direction of arrival:\n%s", name, text)
		}
		if made == 0 && !b.Variant.NoUTurn {
			t.Errorf("%q board: the rules page makes no promise the matrix checks:\n%s", name, text)
		}
	}
}

// bruteDepth returns, by brute force over Board.Jump, the fewest moves
// from the start to the goal of maze m (-1 when there is none).
func bruteDepth(m *maze.Maze) int {
	type pos struct{ cell, arrive int }
	dist := map[pos]int{{m.Start, 0}: 0}
	for queue := []pos{{m.Start, 0}}; len(queue) > 0; queue = queue[1:] {
		p := queue[0]
		if p.cell == m.Goal {
			return dist[p]
		}
		for _, d := range m.Dirs() {
			if m.Variant.NoUTurn && p.arrive > 0 && d.Opposite() == maze.Dir(p.arrive-1) {
				continue
			}
			to, arrive, ok := m.Jump(p.cell, d, m.Jumps[p.cell])
			if !ok {
				continue
			}
			q := pos{to, 0}
			if m.Variant.NoUTurn {
				q.arrive = 1 + int(arrive)
			}
			if _, seen := dist[q]; !seen {
				dist[q] = dist[p] + 1
				queue = append(queue, q)
			}
		}
	}
	return -1
}

// TestExamplesNeedTheirRules is the claim matrix's column of worked
// examples: the example of every rule's book is chosen so that the rule
// changes its answer — the same maze without the rule has, by brute
// force, a shorter shortest solution or none, or is not solved by the
// example's moves (a diagonal, a move round a loop or across the torus's
// edge).
func TestExamplesNeedTheirRules(t *testing.T) {
	if testing.Short() {
		t.Skip("generates examples on every board")
	}
	ctx := context.Background()
	specs := map[string]generate.Spec{}
	for _, name := range []string{"queen", "torus", "loops", "no-u-turn", "queen,torus", "hex,no-u-turn", "no-u-turn,exit"} {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		specs[name] = generate.DefaultOn(maze.Board{Rows: 6, Cols: 6, Variant: v})
	}
	m, _, err := generate.ReadFile(ctx, "../examples/walls.txt", maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if specs["walls.txt"], err = (generate.Settings{Layout: m}).Spec(); err != nil {
		t.Fatal(err)
	}
	for name, spec := range specs {
		m, f := exampleOf(ctx, spec)
		offs := map[string]func(*maze.Board){
			"torus":     func(b *maze.Board) { b.Variant.Torus = false },
			"loops":     func(b *maze.Board) { b.Variant.Loops = false },
			"queen":     func(b *maze.Board) { b.Variant.Queen = false },
			"no-u-turn": func(b *maze.Board) { b.Variant.NoUTurn = false },
			"walls":     func(b *maze.Board) { b.Walls = "" },
			"blocked and pass-over cells": func(b *maze.Board) {
				b.Kinds = strings.NewReplacer(string(maze.Blocked), string(maze.Open), string(maze.PassOver), string(maze.Open)).Replace(b.Kinds)
			},
		}
		checked := 0
		for rule, off := range offs {
			o := m.Clone()
			off(&o.Board)
			if o.Board == m.Board {
				continue
			}
			checked++
			if bruteDepth(o) != f.GoalDepth {
				continue
			}
			dirs, err := m.ParseNotation(f.Solution)
			if err != nil {
				t.Fatal(err)
			}
			cell, arrive, ok := o.Start, maze.Dir(0), true
			for k, d := range dirs {
				if o.Variant.NoUTurn && k > 0 && d.Opposite() == arrive {
					ok = false
					break
				}
				if cell, arrive, ok = o.Jump(cell, d, o.Jumps[cell]); !ok {
					break
				}
			}
			if ok && cell == o.Goal {
				id, _ := m.ID()
				t.Errorf("%s book: the worked example %s (%s, %d moves) is solved as well without %s", name, id, f.Solution, f.GoalDepth, rule)
			}
		}
		if checked == 0 {
			t.Errorf("%s book: no rule of the example %v checked", name, m.Variant)
		}
	}
}
