package incremental

import "rjm/graph"

// OpenCells returns S, the maze's cells: the start, the goal and every
// cell that can hold a jump with a move. On the papers' boards that is every
// cell; boards with cells that cannot be landed on or jumped from (variants
// with blocked or pass-over cells, or cells outside Loyd's circle) leave
// those out, so they count neither in |S| nor as non-reaching.
func OpenCells(g *graph.Graph, start, goal int) graph.Set {
	s := g.NewSet()
	for c := range g.Cells() {
		if c == start || c == goal || len(g.Legal(c)) > 0 {
			s.Add(c)
		}
	}
	return s
}
