package incremental

import (
	"math/rand/v2"
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
	checkHandState(t, "variant no-u-turn\nstart 1,2\n3 1 1 2 1 G\n", 3, 1, 2)
}

// checkHandState checks that Analyze, stateEval and stateWordEval find
// the maze text's unique shortest solution of depth moves with df forward
// and db backward decisions, counted by hand, and every other design term
// alike.
func checkHandState(t *testing.T, text string, depth, df, db int) {
	t.Helper()
	m, err := maze.ParseText([]byte(text), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := graph.MustCompile(m.Board)
	want := Analyze(g, m)
	if want[GoalDepth] != depth || want[NotUnique] != 0 || want[ForwardDecisions] != df || want[BackwardDecisions] != db {
		t.Fatalf("Analyze: %d moves, not unique %d, decisions %d forward, %d backward; want %d, 0, %d, %d",
			want[GoalDepth], want[NotUnique], want[ForwardDecisions], want[BackwardDecisions], depth, df, db)
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

// The design energy's evaluator over words answers every try the same,
// bounded or not, with search4 and with the plain search, on boards of
// the rook's directions, through hill descents and random changes.
func TestStateWordSearch4(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 24))
	for _, bd := range []struct {
		variant    string
		rows, cols int
	}{{"no-u-turn", 5, 5}, {"no-u-turn", 7, 7}, {"no-u-turn", 4, 9}, {"torus,no-u-turn", 6, 6}, {"no-u-turn", 8, 8}} {
		g, start, goal, jumps := stateMaze(t, rng, bd.variant, bd.rows, bd.cols)
		fast, plain := newStateWordEval(g, start, goal, designNeeds), newStateWordEval(g, start, goal, designNeeds)
		if fast == nil || len(fast.dir) != 4 {
			t.Fatalf("%s: no evaluator over words of four directions", bd.variant)
		}
		plain.plain = true
		df, dp := newDesignEval(g, start, goal, fast), newDesignEval(g, start, goal, plain)
		cur := df.Reset(jumps)
		if p := dp.Reset(jumps); p != cur {
			t.Fatalf("%s: reset %v against %v", bd.variant, cur, p)
		}
		for range 3000 {
			i, j, ok := RandomChange(rng, g, goal)
			if !ok {
				continue
			}
			bound := cur + float64(rng.IntN(20)) - 5
			ef, xf := df.TryBound(i, j, bound)
			ep, xp := dp.TryBound(i, j, bound)
			if ef != ep || xf != xp {
				t.Fatalf("%s: try %d→%d under %v: %v (exact %v) against %v (exact %v)", bd.variant, i, j, bound, ef, xf, ep, xp)
			}
			if fast.found != plain.found || fast.depth != plain.depth || fast.reach != plain.reach {
				t.Fatalf("%s: try %d→%d: the searches stopped at different states", bd.variant, i, j)
			}
			if xf && (ef <= cur || rng.IntN(4) == 0) {
				df.Accept()
				dp.Accept()
				cur = ef
			}
		}
	}
}

// The goal's predecessor states are those that may make the moves landing
// on it, each but the one entered moving the reverse way. In this row the
// only move onto the goal is the start's jump of 3 to the right; the
// start cell's other state, entered moving left (from the second and
// third cells' jumps), may not make it. So the goal has one predecessor
// state and the solution R, counted by hand, no backward decision.
func TestStateGoalPredecessors(t *testing.T) {
	checkHandState(t, "variant no-u-turn\n3 1 2 G\n", 1, 0, 0)
}
