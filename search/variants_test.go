package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"rjm/graph"
	"rjm/maze"
	"rjm/search"
)

// variantNames are the variants generation is checked and timed on; the
// "layout" boards add blocked and pass-over cells and walls.
var variantNames = []string{"rook", "queen", "torus", "hex", "triangle", "loops", "queen,exit", "no-u-turn", "queen,no-u-turn", "layout"}

func variantProblem(tb testing.TB, name string, size int) search.Problem {
	b := maze.Board{Rows: size, Cols: size}
	if name == "layout" {
		_ = b.SetKind(maze.Cell{Row: 2, Col: 3}, maze.Blocked)
		_ = b.SetKind(maze.Cell{Row: 4, Col: 1}, maze.PassOver)
		_ = b.AddWall(maze.Cell{Row: 1, Col: 1}, maze.Cell{Row: 1, Col: 2})
		_ = b.AddWall(maze.Cell{Row: 5, Col: 5}, maze.Cell{Row: 6, Col: 5})
	} else {
		v, err := maze.ParseVariant(name)
		if err != nil {
			tb.Fatal(err)
		}
		b.Variant = v
	}
	if b.Variant.Exit { // Loyd's shape: the corners are absent
		for _, c := range []maze.Cell{{Row: 0, Col: 0}, {Row: 0, Col: size - 1}, {Row: size - 1, Col: 0}, {Row: size - 1, Col: size - 1}} {
			_ = b.SetKind(c, maze.Absent)
		}
	}
	g, err := graph.Compile(b)
	if err != nil {
		tb.Fatal(err)
	}
	start := b.Index(maze.DefaultStart(b))
	if b.Variant.Exit {
		start = b.Index(maze.Cell{Row: size / 2, Col: size / 2})
	}
	return search.Problem{Graph: g, Start: start, Goal: b.Index(maze.DefaultGoal(b))}
}

// The assignment: generation yields legal mazes (a legal move from every
// non-goal cell) on every variant, and the same seed the same maze.
func TestVariantGenerationLegal(t *testing.T) {
	for _, name := range variantNames {
		p := variantProblem(t, name, 7)
		run := func() search.Result {
			res, err := search.HillDescent{Iterations: 2000}.Search(context.Background(), p, rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return res
		}
		res := run()
		if err := res.Best.ValidateStrict(); err != nil {
			t.Errorf("%s: generated maze is not legal: %v\n%s", name, err, res.Best)
		}
		if d := p.Graph.GoalDepth(res.Best.Jumps, p.Start, p.Goal); d < 1 || float64(-d) != res.Energy {
			t.Errorf("%s: goal depth %d, energy %v", name, d, res.Energy)
		}
		if again := run(); !again.Best.Equal(res.Best) {
			t.Errorf("%s: the same seed gave another maze", name)
		}
	}
}

// A board where some open cell can jump nowhere has no legal maze: the
// search says so instead of producing one.
func TestVariantStuckCell(t *testing.T) {
	b := maze.Board{Rows: 3, Cols: 3}
	for _, c := range []maze.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 0, Col: 2}, {Row: 2, Col: 0}} {
		_ = b.SetKind(c, maze.Blocked)
	}
	p := search.Problem{Graph: graph.MustCompile(b), Start: 0, Goal: 8}
	if _, err := (search.HillDescent{Iterations: 10}).Search(context.Background(), p, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Fatal("no error for a board whose start cannot move")
	}
}

// BenchmarkVariantGenerate7x7 times a 7×7 maze of every variant with the
// default 25,000 iterations of hill descent, which should take under
// 200 ms, an answer a player waits for without noticing.
func BenchmarkVariantGenerate7x7(b *testing.B) {
	for _, name := range variantNames {
		b.Run(name, func(b *testing.B) {
			p := variantProblem(b, name, 7)
			rng := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				if _, err := (search.HillDescent{Iterations: 25_000}).Search(context.Background(), p, rng); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/maze")
		})
	}
}
