package difficulty_test

import (
	"context"
	"fmt"

	"rjm/difficulty"
)

// Three players on two mazes: maze B's plays given up and helped by hints
// make it harder than the median of its solved plays says.
func ExampleFit() {
	plays := []difficulty.Play{
		{Maze: "A", Player: "ann", Seconds: 60}, {Maze: "A", Player: "bob", Seconds: 90}, {Maze: "A", Player: "cy", Seconds: 30},
		{Maze: "B", Player: "ann", Seconds: 300, Outcome: difficulty.GaveUp}, {Maze: "B", Player: "bob", Seconds: 400, Outcome: difficulty.Assisted},
		{Maze: "B", Player: "cy", Seconds: 100},
	}
	m, err := difficulty.Fit(context.Background(), nil, plays, difficulty.Settings{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, id := range []string{"A", "B"} {
		e, _ := m.Estimate(id)
		fmt.Printf("%s: %.0f s (95%% interval %.0f–%.0f s) from %d %s; naive median %.0f s\n", id, e.Seconds, e.Low, e.High, e.Plays, e.Source, e.Naive)
	}
	// Output:
	// A: 61 s (95% interval 26–143 s) from 3 plays; naive median 60 s
	// B: 262 s (95% interval 97–709 s) from 3 plays; naive median 250 s
}
