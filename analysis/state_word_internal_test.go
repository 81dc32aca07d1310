package analysis

import (
	"testing"

	"rjm/graph"
	"rjm/maze"
)

// A move no state of its cell may make is no predecessor. In this row
// the first cell is entered only moving left, so under the no-U-turn rule
// its jump of 3 to the right, onto the state (1,4) entered moving right,
// can never be made: that state, on the solution R R R, has one
// predecessor state, (1,3) entered moving right, and no backward
// decision. The decisions are counted by hand: forward, the start (two
// ways); backward, (1,3) entered moving right (from the start and from
// (1,2) entered moving right, which the first cell's jump of 1 could
// make) and the goal (from (1,4) and (1,5) entered moving right).
func TestStateMovesNoStateMayMake(t *testing.T) {
	m, err := maze.ParseText([]byte("variant no-u-turn\nstart 1,2\n3 1 1 2 1 G\n"), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := graph.MustCompile(m.Board)
	want := Analyze(g, m).Terms()
	if want[GoalDepth] != 3 || want[NotUnique] != 0 || want[ForwardDecisions] != 1 || want[BackwardDecisions] != 2 {
		t.Fatalf("Analyze: %d moves, not unique %d, decisions %d forward, %d backward; want 3, 0, 1, 2",
			want[GoalDepth], want[NotUnique], want[ForwardDecisions], want[BackwardDecisions])
	}
	w := newStateWordEval(g, m.Start, m.Goal, designNeeds)
	if w == nil {
		t.Fatal("no evaluator over words for a row")
	}
	for _, ev := range []termsEvaluator{newStateEval(g, m.Start, m.Goal, designNeeds), w} {
		if got := mask(*ev.reset(m.Jumps), designNeeds); got != mask(want, designNeeds) {
			t.Errorf("%T:\ngot  %v\nwant %v", ev, got, mask(want, designNeeds))
		}
	}
}
