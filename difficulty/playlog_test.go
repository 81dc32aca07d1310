package difficulty_test

import (
	"context"
	"fmt"

	"rjm/difficulty"
	"rjm/store"
)

// FitLog fits the model to a store's play log as "rjm difficulty" does:
// here three players' plays of one maze, each solved.
func ExampleFitLog() {
	const id = "5x5:3413133302312234233341432"
	log := []store.Play{
		{Maze: id, Player: "ann", Solved: true, Seconds: 60, Shortest: 19},
		{Maze: id, Player: "bob", Solved: true, Seconds: 90, Shortest: 19},
		{Maze: id, Player: "cy", Solved: true, Seconds: 30, Shortest: 19},
	}
	m, err := difficulty.FitLog(context.Background(), log, map[string]string{id: "2026-11-01"})
	if err != nil {
		fmt.Println(err)
		return
	}
	e, _ := m.Estimate(id)
	fmt.Printf("%d plays, naive median %.0f s\n", e.Plays, e.Naive)
	// Output:
	// 3 plays, naive median 60 s
}
