package incremental

import (
	"math/rand/v2"

	"rjm/graph"
)

// RandomChange draws the one-cell change that the random walks of the
// evaluators' tests and benchmarks (here and in package analysis) try: a
// cell other than the goal with two legal jumps or more, and one of its
// legal jumps (perhaps its own). ok is false, after the first draw only,
// when the cell drawn is not such a cell: the walk goes on to the next
// step, so that every walk draws as it always did.
func RandomChange(rng *rand.Rand, g *graph.Graph, goal int) (i, j int, ok bool) {
	i = rng.IntN(g.Cells())
	legal := g.Legal(i)
	if i == goal || len(legal) < 2 {
		return i, 0, false
	}
	return i, legal[rng.IntN(len(legal))], true
}
