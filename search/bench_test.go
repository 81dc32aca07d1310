package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"rjm/graph"
	"rjm/maze"
	"rjm/search"
)

func benchHill(b *testing.B, n int) {
	board := maze.Board{Rows: n, Cols: n}
	g := graph.MustCompile(board)
	p := search.Problem{Graph: g, Start: 0, Goal: n*n - 1}
	const iters = 25_000
	rng := rand.New(rand.NewPCG(1, 2))
	b.ResetTimer()
	for b.Loop() {
		if _, err := (search.HillDescent{Iterations: iters}).Search(context.Background(), p, rng); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*iters), "ns/iteration")
	b.ReportMetric(float64(b.N*iters)/b.Elapsed().Seconds()/1e6, "Miterations/s")
}

// BenchmarkHillDescent5x5 measures the assignment's hill descent with the
// simple objective on its 5×5 maze, which should run at least 10 million
// iterations per second on one core: every other energy is measured
// against it.
func BenchmarkHillDescent5x5(b *testing.B) { benchHill(b, 5) }

// BenchmarkHillDescent10x10 must stay within 3× the 5×5 cost per iteration.
func BenchmarkHillDescent10x10(b *testing.B) { benchHill(b, 10) }
