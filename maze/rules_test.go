package maze_test

import (
	"strings"
	"testing"

	"rjm/graph"
	"rjm/maze"
)

// ruleBoard returns a board on which rule r is on: its variant's name on
// 6×6, or a layout with blocked, pass-over and absent cells and a wall.
func ruleBoard(t *testing.T, r maze.Rule) maze.Board {
	t.Helper()
	if r.Variant {
		v, err := maze.ParseVariant(r.Name)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		return maze.Board{Rows: 6, Cols: 6, Variant: v}
	}
	m, err := maze.ParseText([]byte("wall 1,1 1,2\n1 X 1 .\n* 1 1 1\n1 1 1 G\n"), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return m.Board
}

// Every row of the rule catalogue has every entry the code reads: a
// name, whether a board plays it, a short line, something said to the
// player, and for a rule of the variant its help, its setter and its
// aliases parsed; its conflicts name rules of the catalogue and are
// refused with their message; a rule whose state is a cell and a
// direction compiles to a graph of states.
func TestRuleCatalogue(t *testing.T) {
	names := map[string]bool{}
	for _, r := range maze.Rules {
		if r.Name == "" || r.On == nil || r.Line == nil {
			t.Fatalf("row %+v lacks its name, On or Line", r)
		}
		if names[r.Name] {
			t.Errorf("%s: two rows", r.Name)
		}
		names[r.Name] = true
		b := ruleBoard(t, r)
		if !r.On(b) {
			t.Errorf("%s: not on its own board", r.Name)
		}
		if r.Directions == "" && r.Edge == "" && r.Goal == "" && (r.Sentences == nil || len(r.Sentences(b)) == 0) {
			t.Errorf("%s: says nothing to a player", r.Name)
		}
		if r.PlacesGoal != (r.Goal != "") || r.PlacesGoal != (b.Exit() >= 0) {
			t.Errorf("%s: places the goal %v, says a goal %q, has an exit %v", r.Name, r.PlacesGoal, r.Goal, b.Exit() >= 0)
		}
		if r.Edge != "" && r.Without != nil && r.Round == "" {
			t.Errorf("%s: carries a jump round the edge but does not say how", r.Name)
		}
		if r.Without != nil && r.On(r.Without(b)) {
			t.Errorf("%s: still on without it", r.Name)
		}
		if !r.Variant {
			continue
		}
		if r.Help == "" {
			t.Errorf("%s: no help", r.Name)
		}
		if (r.Cells == "") == (r.With == "") {
			t.Errorf("%s: a book's title names it by its cells %q or what boards come with %q: want one", r.Name, r.Cells, r.With)
		}
		for _, alias := range append(r.Aliases, r.Name, strings.ToUpper(r.Name)) {
			if v, err := maze.ParseVariant(alias); err != nil || v != b.Variant {
				t.Errorf("%s: %q parses to %v, %v", r.Name, alias, v, err)
			}
		}
		if v := b.Variant.String(); v != r.Name {
			t.Errorf("%s: written %q", r.Name, v)
		}
		g, err := graph.Compile(b)
		if err != nil {
			t.Fatal(err)
		}
		if want := 1; !r.Arrival && g.StatesPerCell() != want || r.Arrival && g.StatesPerCell() == 1 {
			t.Errorf("%s: %d states a cell, arrival %v", r.Name, g.StatesPerCell(), r.Arrival)
		}
	}
	for _, r := range maze.Rules {
		for _, c := range r.Conflicts {
			if !names[c.With] {
				t.Errorf("%s conflicts with %q, no rule of the catalogue", r.Name, c.With)
			}
			_, err := maze.ParseVariant(r.Name + "," + c.With)
			if err == nil || err.Error() != c.Why {
				t.Errorf("%s with %s: %v, want %q", r.Name, c.With, err, c.Why)
			}
		}
	}
	if len(maze.VariantNames) != strings.Count(maze.VariantList(), ",")+1 {
		t.Errorf("VariantNames %v against VariantList %q", maze.VariantNames, maze.VariantList())
	}
}
