package render_test

import (
	"strings"
	"testing"

	"rjm/maze"
	"rjm/render"
)

// RuleBoards are boards of every rule the rules describe: each variant
// alone, some combinations, and layouts with walls, blocked, pass-over
// and absent cells. The web's and the book's rule-text tests use the same
// kinds of board.
func ruleBoards(t *testing.T) map[string]maze.Board {
	t.Helper()
	boards := map[string]maze.Board{}
	for _, v := range []string{"", "queen", "torus", "loops", "exit", "no-u-turn", "hex", "triangle", "queen,torus", "hex,exit", "triangle,no-u-turn", "queen,exit"} {
		variant, err := maze.ParseVariant(v)
		if err != nil {
			t.Fatal(err)
		}
		boards[v] = maze.Board{Rows: 6, Cols: 6, Variant: variant}
	}
	for name, text := range map[string]string{
		"walls":         "wall 1,1 1,2\n1 1 1\n1 1 1\n1 1 G\n",
		"cells":         "1 X 1\n* 1 1\n1 1 G\n",
		"shape":         ". 1 1\n1 1 1\n1 1 G\n",
		"klondike-like": "variant queen,exit\nwall 2,2 2,3\n. 1 .\n1 1 1\n. 1 .\n",
	} {
		m, err := maze.ParseText([]byte(text), maze.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		boards[name] = m.Board
	}
	return boards
}

// Each board's rules say its own moves and marks and nothing else: a
// phrase of each rule is in the sentences exactly when the rule applies.
func TestRules(t *testing.T) {
	phrases := []struct {
		phrase  string
		applies func(b maze.Board) bool
	}{
		{"up, down, left or right", func(b maze.Board) bool { return b.Variant.Tiling == maze.Square && !b.Variant.Queen }},
		{"diagonally", func(b maze.Board) bool { return b.Variant.Queen }},
		{"six lines through the hexagon", func(b maze.Board) bool { return b.Variant.Tiling == maze.Hex }},
		{"strips of triangles", func(b maze.Board) bool { return b.Variant.Tiling == maze.Triangle }},
		{"wraps around", func(b maze.Board) bool { return b.Variant.Torus }},
		{"loops drawn at the corners", func(b maze.Board) bool { return b.Variant.Loops }},
		{"exit", func(b maze.Board) bool { return b.Variant.Exit }},
		{"may not leave the board", func(b maze.Board) bool { return !b.Variant.Torus && !b.Variant.Loops && !b.Variant.Exit }},
		{"marked G", func(b maze.Board) bool { return !b.Variant.Exit }},
		{"blocked", func(b maze.Board) bool { return strings.Contains(b.Kinds, "X") }},
		{"marked *", func(b maze.Board) bool { return strings.Contains(b.Kinds, "*") }},
		{"gaps", func(b maze.Board) bool { return strings.Contains(b.Kinds, ".") && !b.Variant.Exit }},
		{"wall", func(b maze.Board) bool { return b.Walls != "" }},
		{"U-turn", func(b maze.Board) bool { return b.Variant.NoUTurn }},
		{"north or south", func(b maze.Board) bool { return b.Variant.Tiling == maze.Hex }}, // "there is no ... north or south"
	}
	for name, b := range ruleBoards(t) {
		text := strings.Join(render.Rules(b), " ")
		for _, p := range phrases {
			if got, want := strings.Contains(text, p.phrase), p.applies(b); got != want {
				t.Errorf("%s: says %q: %v, want %v\n%s", name, p.phrase, got, want, text)
			}
		}
		notation := render.Notation(b)
		for _, d := range []maze.Dir{maze.Up, maze.Down} {
			if b.Variant.Tiling == maze.Hex && strings.Contains(notation, " "+d.Compass()+",") {
				t.Errorf("%s: the notation names %s: %s", name, d.Compass(), notation)
			}
		}
	}
}

// Adding a rule is adding a row of maze.Rules: a rule added here (a
// square board's, which any board's shape decides) is said by Rules and
// RuleLine, on its boards only, and gone with its row.
func TestRuleAddedAsARow(t *testing.T) {
	rules := maze.Rules
	t.Cleanup(func() { maze.Rules = rules })
	square := maze.Rule{
		Name: "square board",
		On:   func(b maze.Board) bool { return b.Rows == b.Cols },
		Sentences: func(maze.Board) []string {
			return []string{"The board is as wide as it is tall."}
		},
		Line: func(maze.Board) string { return "A square board" },
	}
	maze.Rules = append(append([]maze.Rule(nil), rules...), square)
	for _, b := range []maze.Board{{Rows: 5, Cols: 5}, {Rows: 4, Cols: 6, Variant: maze.Variant{Torus: true}}} {
		says := strings.Contains(strings.Join(render.Rules(b), " "), "as wide as it is tall") && strings.Contains(render.RuleLine(b), "A square board")
		if says != (b.Rows == b.Cols) {
			t.Errorf("%d×%d %v with the row: says the square rule %v", b.Rows, b.Cols, b.Variant, says)
		}
	}
	maze.Rules = rules
	b := maze.Board{Rows: 5, Cols: 5}
	if strings.Contains(strings.Join(render.Rules(b), " "), "as wide") || render.RuleLine(b) != maze.PlainLine {
		t.Errorf("without the row the plain board says %q, %q", render.Rules(b), render.RuleLine(b))
	}
}
