package difficulty_test

import (
	"context"
	"fmt"
	"testing"

	"rjm/difficulty"
)

// benchPlays are n plays over 60 mazes, by players of the given number
// (0: every play anonymous), a third given up.
func benchPlays(n, players int) []difficulty.Play {
	p := simulatePopulation(1, 60, max(players, 1), n, 0.5, 0.8, 1)
	for i := range p.plays {
		if players == 0 {
			p.plays[i].Player = ""
		}
	}
	return p.plays
}

// BenchmarkFit fits 50,000 plays over 60 mazes, as the dashboard does:
// go test ./difficulty -run '^$' -bench Fit -benchtime 5x
func BenchmarkFit(b *testing.B) {
	for _, players := range []int{0, 2000} {
		plays := benchPlays(50_000, players)
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			var m *difficulty.Model
			for b.Loop() {
				var err error
				if m, err = difficulty.Fit(context.Background(), nil, plays, difficulty.Settings{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(m.Iterations), "iterations")
		})
	}
}
