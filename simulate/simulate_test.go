package simulate_test

import (
	"testing"

	"rjm/graph"
	"rjm/maze"
	"rjm/rng"
	"rjm/simulate"
	"rjm/solve"
)

func TestANoviceNeverBeatsTheShortestSolution(t *testing.T) {
	m, err := maze.ParseID("5x5:3413133302312234233341432")
	if err != nil {
		t.Fatal(err)
	}
	g := graph.MustCompile(m.Board)
	depth := solve.Solve(g, m).GoalDepth
	for i := range 200 {
		p := simulate.Novice{}.Play(g, m, rng.NewRand(uint64(i)))
		if p.Solved && p.Moves < depth || p.Moves > 250 {
			t.Fatalf("play %d: %+v; the shortest solution takes %d, the budget is 250", i, p, depth)
		}
	}
}

func TestMemoryHelps(t *testing.T) {
	m, err := maze.ParseID("5x5:3413133302312234233341432")
	if err != nil {
		t.Fatal(err)
	}
	g := graph.MustCompile(m.Board)
	remembering := simulate.Novice{MaxMoves: 40}.Run(g, m, 400, 1)
	forgetting := simulate.Novice{MaxMoves: 40, Forget: 1}.Run(g, m, 400, 1)
	if remembering.SolveRate() <= forgetting.SolveRate() {
		t.Errorf("a novice with memory solves %.2f, without %.2f: memory should help", remembering.SolveRate(), forgetting.SolveRate())
	}
	if again := (simulate.Novice{MaxMoves: 40}).Run(g, m, 400, 1); again != remembering {
		t.Errorf("the same seed gave %+v, then %+v", remembering, again)
	}
}

func TestAGoalOneJumpAwayIsAlwaysFound(t *testing.T) {
	// 1 G: the only jump from the start lands on the goal.
	m, err := maze.ParseText([]byte("1 G\n"), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := simulate.Novice{}.Run(graph.MustCompile(m.Board), m, 50, 3)
	if s.Solved != 50 || s.MedianMoves != 1 {
		t.Errorf("%+v, want all 50 solved in 1 move", s)
	}
}

func TestNoviceKeepsTheNoUTurnRule(t *testing.T) {
	m, err := maze.ParseID("5x5-no-u-turn:3221413224201242333141433")
	if err != nil {
		t.Fatal(err)
	}
	g := graph.MustCompile(m.Board)
	depth := solve.Solve(g, m).GoalDepth
	if s := (simulate.Novice{}).Run(g, m, 300, 2); s.Solved == 0 || s.MedianMoves < float64(depth) {
		t.Errorf("%+v; want some solved, none under the shortest %d", s, depth)
	}
}
