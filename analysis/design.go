package analysis

import (
	"rjm/analysis/internal/incremental"
	"rjm/energy"
	"rjm/graph"
)

// Design is the design paper's example energy function (§3.7), "design" on the
// command line. With |S| the number of cells, n the non-reaching cells,
// d_f and d_b the forward and backward decisions along the shortest
// solution, J the same jump clusters and m the initial forced moves:
//
//	e = n·|S|² − min(d_f, d_b) + Σ(|J|−1)² + m²          with a unique shortest solution,
//	e = |S|³ + n·|S|² + Σ(|J|−1)² + m²                   otherwise.
//
// Its evaluator costs a small multiple of the simple objective's (see
// package incremental and docs/perf-design.md); under the no-U-turn rule
// it works on states.
type Design struct{}

// Name returns "design".
func (Design) Name() string { return "design" }

// Evaluator returns an incremental evaluator of the design energy (see
// incremental.NewDesign).
func (Design) Evaluator(g *graph.Graph, start, goal int) energy.Evaluator {
	return incremental.NewDesign(g, start, goal)
}

// DesignEnergy returns the design energy of a maze of cells cells with
// terms v. Decisions count only with a unique shortest solution.
func DesignEnergy(v *Values, cells int) float64 { return incremental.DesignEnergy(v, cells) }

var _ energy.Energy = Design{}
