package analysis_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"rjm/analysis"
	"rjm/analysis/internal/incremental"
	"rjm/energy"
	"rjm/graph"
	"rjm/maze"
	"rjm/search"
)

// walk is a fixed sequence of one-cell changes on a board, each with the
// decision whether to accept it, so that every energy is evaluated on
// exactly the same configurations.
type walk struct {
	g           *graph.Graph
	start, goal int
	jumps       []int
	steps       []step
}

type step struct {
	i, j   int
	accept bool
}

// newWalk draws a random maze and n random changes, half of them accepted.
func newWalk(rows, cols, n int, seed uint64) *walk {
	rng := rand.New(rand.NewPCG(seed, 1))
	b := maze.Board{Rows: rows, Cols: cols}
	return newBoardWalk(b, 0, rng.IntN(b.Cells()-1)+1, n, rng)
}

// newBoardWalk is newWalk on board b with the given start and goal.
func newBoardWalk(b maze.Board, start, goal, n int, rng *rand.Rand) *walk {
	g := graph.MustCompile(b)
	w := &walk{g: g, start: start, goal: goal}
	m, err := maze.Random(b, b.Cell(w.start), b.Cell(w.goal), rng)
	if err != nil {
		panic(err)
	}
	w.jumps = m.Jumps
	cur := append([]int(nil), m.Jumps...)
	for len(w.steps) < n {
		i, j, ok := incremental.RandomChange(rng, g, w.goal)
		if !ok {
			continue
		}
		if j == cur[i] {
			continue
		}
		s := step{i, j, rng.IntN(2) == 0}
		if s.accept {
			cur[i] = j
		}
		w.steps = append(w.steps, s)
	}
	return w
}

// benchTry measures one Try (and Accept for half of them) of energy e
// along the walk.
func benchTry(b *testing.B, e energy.Energy, w *walk) {
	ev := e.Evaluator(w.g, w.start, w.goal)
	ev.Reset(w.jumps)
	k := 0
	sink := 0.0
	for b.Loop() {
		s := w.steps[k]
		sink += ev.Try(s.i, s.j)
		if s.accept {
			ev.Accept()
		}
		if k++; k == len(w.steps) {
			k = 0
			ev.Reset(w.jumps)
		}
	}
	_ = sink
}

// BenchmarkTry5x5 compares one evaluation of the design energy with one
// of the simple objective (energy.Depth on graph.DepthTracker) on the same
// random one-cell changes of a 5×5 maze. The design energy should cost at
// most 8 times the simple objective, so that a search with it stays
// interactive.
func BenchmarkTry5x5(b *testing.B) {
	w := newWalk(5, 5, 1<<14, 1)
	b.Run("depth", func(b *testing.B) { benchTry(b, energy.Depth{}, w) })
	b.Run("design", func(b *testing.B) { benchTry(b, analysis.Design{}, w) })
}

// BenchmarkSearch5x5 compares the cost per iteration of the design paper's search
// (hill descent with random uphill steps, p = 0.005, 25,000 iterations)
// with the simple objective and with the design energy. Here the
// configurations are those each search visits.
func BenchmarkSearch5x5(b *testing.B) {
	for _, e := range []energy.Energy{energy.Depth{}, analysis.Design{}} {
		b.Run(e.Name(), func(b *testing.B) {
			board := maze.Board{Rows: 5, Cols: 5}
			p := search.Problem{Graph: graph.MustCompile(board), Start: 0, Goal: 13, Energy: e}
			const iters = 25_000
			rng := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				if _, err := (search.Uphill{Iterations: iters, P: 0.005}).Search(context.Background(), p, rng); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*iters), "ns/iteration")
		})
	}
}

// BenchmarkAnalyze measures the full analysis (every feature, exact
// averages, cell lists) of Figure 1.
func BenchmarkAnalyze(b *testing.B) {
	m, err := maze.ParseText([]byte(figure1), maze.ParseOptions{})
	if err != nil {
		b.Fatal(err)
	}
	g := graph.MustCompile(m.Board)
	for b.Loop() {
		analysis.Analyze(g, m)
	}
}

// BenchmarkTry10x10 measures evaluations on a board too large for the
// single-word evaluator.
func BenchmarkTry10x10(b *testing.B) {
	w := newWalk(10, 10, 1<<12, 1)
	b.Run("depth", func(b *testing.B) { benchTry(b, energy.Depth{}, w) })
	b.Run("design", func(b *testing.B) { benchTry(b, analysis.Design{}, w) })
}

// benchVariants are the variants measured at 7×7: every cell-based one
// (through the word evaluator) and the no-U-turn rule alone and with
// others (through the evaluator over states). Every variant should
// generate a 7×7 design-quality maze in under 200 ms, an answer a player
// waits for without noticing.
var benchVariants = []string{
	"rook", "queen", "torus", "hex", "triangle", "loops", "queen,exit",
	"no-u-turn", "queen,no-u-turn", "torus,no-u-turn", "hex,no-u-turn", "triangle,no-u-turn",
	"loops,no-u-turn", "queen,exit,no-u-turn", "queen,torus,no-u-turn",
}

// benchBoard returns the 7×7 board of a variant with its start and goal:
// the upper-left corner and the lower-right one, or on exit rings Loyd's
// kind of board (corners absent, start in the middle, the exit as goal).
func benchBoard(tb testing.TB, name string) (b maze.Board, start, goal int) {
	const size = 7
	b = maze.Board{Rows: size, Cols: size}
	if name != "rook" {
		v, err := maze.ParseVariant(name)
		if err != nil {
			tb.Fatal(err)
		}
		b.Variant = v
	}
	if b.Variant.Exit {
		for _, c := range []maze.Cell{{Row: 0, Col: 0}, {Row: 0, Col: size - 1}, {Row: size - 1, Col: 0}, {Row: size - 1, Col: size - 1}} {
			_ = b.SetKind(c, maze.Absent)
		}
		return b, b.Index(maze.Cell{Row: size / 2, Col: size / 2}), b.Exit()
	}
	return b, b.Index(maze.DefaultStart(b)), b.Index(maze.DefaultGoal(b))
}

// BenchmarkDesignNoUTurn7x7 measures one evaluation (Try, and Accept for
// half of them) of the design energy on random one-cell changes of a 7×7
// no-U-turn maze, over states, next to the simple objective on the same
// board. The 200 ms a 7×7 maze may take (see benchVariants), over 25,000
// iterations, leave about 6 µs per evaluation.
func BenchmarkDesignNoUTurn7x7(b *testing.B) {
	board, start, goal := benchBoard(b, "no-u-turn")
	w := newBoardWalk(board, start, goal, 1<<14, rand.New(rand.NewPCG(1, 1)))
	b.Run("depth", func(b *testing.B) { benchTry(b, energy.Depth{}, w) })
	b.Run("design", func(b *testing.B) { benchTry(b, analysis.Design{}, w) })
}

// BenchmarkDesignVariants7x7 measures one evaluation of the design energy
// on random one-cell changes of a 7×7 maze of every variant.
func BenchmarkDesignVariants7x7(b *testing.B) {
	for _, name := range benchVariants {
		board, start, goal := benchBoard(b, name)
		w := newBoardWalk(board, start, goal, 1<<14, rand.New(rand.NewPCG(1, 1)))
		b.Run(name, func(b *testing.B) { benchTry(b, analysis.Design{}, w) })
	}
}

// BenchmarkGenerateVariants7x7 times the default generation (hill descent
// with random uphill steps, p = 0.005, 25,000 iterations, the design
// energy) of one 7×7 maze of every variant, as rjm generate runs it.
func BenchmarkGenerateVariants7x7(b *testing.B) {
	for _, name := range benchVariants {
		board, start, goal := benchBoard(b, name)
		p := search.Problem{Graph: graph.MustCompile(board), Start: start, Goal: goal, Energy: analysis.Design{}}
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				if _, err := (search.Uphill{Iterations: 25_000, P: 0.005}).Search(context.Background(), p, rng); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(b.Elapsed().Seconds()*1000/float64(b.N), "ms/maze")
		})
	}
}

// BenchmarkSearchBoards measures what users run: a hill descent from a
// random maze to the end of its budget, start in the upper-left corner and
// goal in the far one, on 5×5, 10×10 and 20×20 boards (and 15×15 under the
// rook rule), with both energies, under the rook and the no-U-turn rules. It reports the CPU cost per
// iteration, to compare across energies and sizes. Every
// operation runs the same search (the same seed).
//
//	go test ./analysis -run '^$' -bench SearchBoards -benchtime 1x -count 5
func BenchmarkSearchBoards(b *testing.B) {
	for _, rule := range []string{"rook", "no-u-turn"} {
		sizes := []int{5, 10, 15, 20}
		if rule != "rook" {
			sizes = []int{5, 10, 20}
		}
		for _, size := range sizes {
			for _, e := range []energy.Energy{energy.Depth{}, analysis.Design{}} {
				b.Run(fmt.Sprintf("%s/%dx%d/%s", rule, size, size, e.Name()), func(b *testing.B) {
					iters := 100_000
					board := maze.Board{Rows: size, Cols: size}
					if rule != "rook" {
						iters = 20_000
						board.Variant = maze.Variant{NoUTurn: true}
					}
					p := search.Problem{Graph: graph.MustCompile(board), Start: 0, Goal: board.Cells() - 1, Energy: e}
					for b.Loop() {
						rng := rand.New(rand.NewPCG(1, 2))
						if _, err := (search.HillDescent{Iterations: iters}).Search(context.Background(), p, rng); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*iters), "ns/iteration")
				})
			}
		}
	}
}
