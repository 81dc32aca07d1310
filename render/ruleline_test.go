package render_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"rjm/maze"
	"rjm/render"
)

// RuleLine says each board's own rules in a line that a phone shows
// whole: a phrase of each rule exactly when the rule applies, and the
// plain rule only on the plain board.
func TestRuleLine(t *testing.T) {
	phrases := []struct {
		phrase  string
		applies func(b maze.Board) bool
	}{
		{"diagonally", func(b maze.Board) bool { return b.Variant.Queen && b.Variant.Tiling == maze.Square }},
		{"six lines", func(b maze.Board) bool { return b.Variant.Tiling == maze.Hex }},
		{"slanted strips", func(b maze.Board) bool { return b.Variant.Tiling == maze.Triangle }},
		{"wrap round", func(b maze.Board) bool { return b.Variant.Torus }},
		{"loops", func(b maze.Board) bool { return b.Variant.Loops }},
		{"exit", func(b maze.Board) bool { return b.Variant.Exit }},
		{"No U-turns", func(b maze.Board) bool { return b.Variant.NoUTurn }},
		{"wall", func(b maze.Board) bool { return b.Walls != "" }},
		{"Dark cells", func(b maze.Board) bool { return strings.Contains(b.Kinds, "X") }},
		{"*", func(b maze.Board) bool { return strings.Contains(b.Kinds, "*") }},
		{"reach G", func(b maze.Board) bool {
			return b.Variant == maze.Variant{} && b.Walls == "" && !strings.ContainsAny(b.Kinds, "X*")
		}},
	}
	for name, b := range ruleBoards(t) {
		line := render.RuleLine(b)
		for _, p := range phrases {
			if got, want := strings.Contains(line, p.phrase), p.applies(b); got != want {
				t.Errorf("%s: %q says %q: %v, want %v", name, line, p.phrase, got, want)
			}
		}
		// One rule fits a 360 px phone's line; two, two lines.
		if n, rules := utf8.RuneCountInString(line), strings.Count(line, " · ")+1; n > 48*rules {
			t.Errorf("%s: %q is %d characters for %d rules", name, line, n, rules)
		}
	}
}
