package difficulty_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"rjm/difficulty"
	"rjm/rng"
)

// honestPlays are 40 plays of maze "m" (a typical player's median 95 s,
// shortest solution 12 moves) and 20 plays of each of 9 other mazes by
// 60 players, lognormal about each maze's difficulty.
func honestPlays(seed uint64) []difficulty.Play {
	r := rng.NewRand(seed)
	skill := make([]float64, 60)
	for j := range skill {
		skill[j] = 0.5 * r.NormFloat64()
	}
	var plays []difficulty.Play
	add := func(maze string, beta float64, n int) {
		for j := range n {
			p := difficulty.Play{Maze: maze, Player: fmt.Sprint("p", j), Shortest: 12,
				Seconds: math.Exp(beta - skill[j] + 0.4*r.NormFloat64())}
			if p.Seconds > 900 {
				p.Seconds, p.Outcome = 900, difficulty.GaveUp
			}
			plays = append(plays, p)
		}
	}
	add("m", math.Log(95), 40)
	for k := range 9 {
		add(fmt.Sprint("o", k), math.Log(40+30*float64(k)), 20)
	}
	return plays
}

// Forged plays — a time no person makes, a burst from one client, a
// time far beyond any give-up — move a maze of 40 honest plays by a few
// percent at most, and none of its figures is ever 0 or infinite.
func TestForgedPlaysPowerless(t *testing.T) {
	honest := honestPlays(3)
	base, err := difficulty.Fit(context.Background(), nil, honest, difficulty.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := base.Estimate("m")
	burst := func(p difficulty.Play, n int) []difficulty.Play {
		var out []difficulty.Play
		for range n {
			out = append(out, p)
		}
		return out
	}
	cases := []struct {
		name   string
		forged []difficulty.Play
		most   float64 // the largest change of the estimate allowed, as a ratio
	}{
		{"1e-300 s", burst(difficulty.Play{Maze: "m", Player: "f", Seconds: 1e-300, Shortest: 12}, 1), 0},
		{"0.01 s", burst(difficulty.Play{Maze: "m", Player: "f", Seconds: 0.01, Shortest: 12}, 1), 0},
		{"0.01 s, its shortest solution unknown", burst(difficulty.Play{Maze: "m", Seconds: 0.3}, 1), 0.05},
		{"20 plays at 0.5 s from one player", burst(difficulty.Play{Maze: "m", Player: "f", Seconds: 0.5}, 20), 0.05},
		{"20 anonymous plays at 3 s", burst(difficulty.Play{Maze: "m", Seconds: 3, Shortest: 12}, 20), 0.15},
		{"one play at 3 s", burst(difficulty.Play{Maze: "m", Player: "f", Seconds: 3, Shortest: 12}, 1), 0.05},
		{"one give-up after 4 hours", burst(difficulty.Play{Maze: "m", Player: "f", Seconds: difficulty.MaxSeconds, Outcome: difficulty.GaveUp}, 1), 0.05},
		{"one solve after 4 hours", burst(difficulty.Play{Maze: "m", Player: "f", Seconds: difficulty.MaxSeconds}, 1), 0.05},
		{"one give-up after 7 days", burst(difficulty.Play{Maze: "m", Player: "f", Seconds: 7 * 24 * 3600, Outcome: difficulty.GaveUp}, 1), 0},
	}
	for _, c := range cases {
		m, err := difficulty.Fit(context.Background(), nil, append(append([]difficulty.Play(nil), honest...), c.forged...), difficulty.Settings{})
		if err != nil {
			t.Fatal(err)
		}
		e, _ := m.Estimate("m")
		change := math.Abs(math.Log(e.Seconds / b.Seconds))
		t.Logf("%s: %.1f s [%.1f–%.1f] against %.1f s [%.1f–%.1f]: %.1f%%", c.name, e.Seconds, e.Low, e.High, b.Seconds, b.Low, b.High, 100*(math.Exp(change)-1))
		if change > math.Log1p(c.most)+1e-9 || !(e.Low > 0) || math.IsInf(e.High, 0) {
			t.Errorf("%s: %.1f s [%.1f–%.1f], honest %.1f s: moved more than %.0f%%", c.name, e.Seconds, e.Low, e.High, b.Seconds, 100*c.most)
		}
	}
}

// Only a player's first attempt at a maze counts; the repeats are
// counted apart.
func TestFirstAttemptOnly(t *testing.T) {
	plays := honestPlays(4)
	first, _ := difficulty.Fit(context.Background(), nil, plays, difficulty.Settings{})
	for j := range 10 { // ten players come back and solve "m" in 20 s
		plays = append(plays, difficulty.Play{Maze: "m", Player: fmt.Sprint("p", j), Seconds: 20, Shortest: 12})
	}
	again, _ := difficulty.Fit(context.Background(), nil, plays, difficulty.Settings{})
	a, _ := first.Estimate("m")
	b, _ := again.Estimate("m")
	if again.Repeats != 10 || a.Seconds != b.Seconds || b.Plays != 40 {
		t.Errorf("repeats %d; first %.2f s, with the repeats %.2f s (%d plays)", again.Repeats, a.Seconds, b.Seconds, b.Plays)
	}
}

// Humanly is the floor per move and the ceiling on any play.
func TestHumanly(t *testing.T) {
	for _, c := range []struct {
		seconds  float64
		outcome  difficulty.Outcome
		shortest int
		want     bool
	}{
		{3, difficulty.Solved, 12, true},
		{2.9, difficulty.Solved, 12, false},
		{2.9, difficulty.Assisted, 12, false},
		{0.01, difficulty.GaveUp, 12, true},
		{difficulty.MaxSeconds, difficulty.GaveUp, 12, true},
		{difficulty.MaxSeconds + 1, difficulty.GaveUp, 12, false},
		{0.25, difficulty.Solved, 0, true},
		{1e-300, difficulty.Solved, 0, false},
	} {
		if got := difficulty.Humanly(c.seconds, c.outcome, c.shortest); got != c.want {
			t.Errorf("Humanly(%v, %v, %d) = %v, want %v", c.seconds, c.outcome, c.shortest, got, c.want)
		}
	}
}

// The prior's prediction grows with the shortest solution: a maze of a
// longer one is never predicted quicker.
func TestPriorMonotoneInShortestSolution(t *testing.T) {
	m := difficulty.PriorModel()
	mazes := append(facts(t, 12, 5), facts(t, 6, 7)...)
	for _, a := range mazes {
		for _, b := range mazes {
			la, lb := a.Facts.Features.GoalDepth, b.Facts.Features.GoalDepth
			if pa, pb := m.PredictSeconds(a.Facts), m.PredictSeconds(b.Facts); la < lb && !(pa < pb) {
				t.Errorf("%d moves predicted %.1f s, %d moves %.1f s", la, pa, lb, pb)
			}
		}
	}
}

// A maze unlike every maze played (a 9×9 board with black holes, its
// design energy in the hundreds of thousands) is predicted within the
// bounds, marked extrapolated, and encodes as JSON.
func TestPredictionBounded(t *testing.T) {
	mazes := facts(t, 10, 5)
	var plays []difficulty.Play
	for k, z := range mazes {
		for j := range 4 {
			plays = append(plays, difficulty.Play{Maze: z.ID, Player: fmt.Sprint("p", j), Seconds: 30 + 10*float64(k+j)})
		}
	}
	m, err := difficulty.Fit(context.Background(), mazes, plays, difficulty.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Prior.Source != difficulty.FromFeatures {
		t.Fatalf("prior %s", m.Prior.Source)
	}
	big := facts(t, 1, 9)[0]
	big.Facts.Features.BlackHoles += 3
	big.Facts.Features.Energy = 603636
	for _, mod := range []*difficulty.Model{m, difficulty.PriorModel()} {
		e := mod.Predict(big.ID, big.Facts)
		if !(e.Seconds >= difficulty.MinPrediction && e.Seconds <= difficulty.MaxPrediction) || math.IsInf(e.High, 0) || !(e.Low > 0) {
			t.Errorf("%s: %+v", mod.Prior.Source, e)
		}
		if mod == m && !e.Extrapolated {
			t.Errorf("a 9×9 maze rated from 5×5 ones: not marked extrapolated: %+v", e)
		}
		if _, err := json.Marshal(e); err != nil {
			t.Error(err)
		}
	}
}

// A game left mid-way and taken up again later is one attempt: the later
// play replaces the left one.
func TestLeftGameTakenUpAgain(t *testing.T) {
	plays := honestPlays(5)
	plays = append(plays,
		difficulty.Play{Maze: "m", Player: "back", Seconds: 30, Outcome: difficulty.GaveUp, Left: true},
		difficulty.Play{Maze: "m", Player: "back", Seconds: 400, Shortest: 12},
		difficulty.Play{Maze: "m", Player: "back", Seconds: 20, Shortest: 12})
	m, _ := difficulty.Fit(context.Background(), nil, plays, difficulty.Settings{})
	e, _ := m.Estimate("m")
	if e.Plays != 41 || e.GaveUp != 0 || m.Repeats != 2 {
		t.Errorf("%+v, %d repeats: want the 400 s solve to replace the game left", e, m.Repeats)
	}
}
