package experiment

import (
	"rjm/energy"
	"rjm/stats"
)

// outcome summarizes the best energies (simple objective) of many runs
// of one setting.
type outcome struct {
	energy      stats.Estimate
	depth       stats.Estimate // goal depth of the best maze, 0 without a solution
	unsolvable  int            // runs whose best maze has no solution
	satisficing int            // runs whose best maze has goal depth ≥ 18
}

func (o *outcome) add(e float64) {
	o.energy.Add(e)
	if e >= energy.Unsolvable {
		o.unsolvable++
		o.depth.Add(0)
	} else {
		o.depth.Add(-e)
	}
	if e <= -satisficing {
		o.satisficing++
	}
}

// depthHeader and depthCells are the columns of the mean goal depth,
// for tables where unsolvable mazes make the mean energy meaningless.
func depthHeader() []string { return meanHeader("mean_depth") }

func (o *outcome) depthCells() []string { return meanCells(o.depth, 3) }

// outcomeHeader and cells are the table columns of an outcome.
func outcomeHeader() []string {
	return append(append([]string{"runs"}, meanHeader("mean_energy")...), "unsolvable", "share_depth_ge_18")
}

func (o *outcome) cells() []string {
	n := o.energy.N()
	return append(append([]string{itoa(n)}, meanCells(o.energy, 3)...), itoa(o.unsolvable), ftoa(float64(o.satisficing)/float64(n), 3))
}
