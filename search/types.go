package search

import (
	"context"
	"errors"
	"math/rand/v2"

	"rjm/energy"
	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
)

// MaxIterations bounds the iterations one search may be asked for.
const MaxIterations = 1_000_000_000

// Problem is what a search works on.
type Problem struct {
	Graph       *graph.Graph
	Start, Goal int           // cell indices
	Energy      energy.Energy // nil means energy.Depth{}
	// Progress, if not nil, is called now and then (every CheckEvery(Graph)
	// iterations and at the end) with the iterations done, the total, and
	// the best energy so far. It must be quick.
	Progress func(done, total int, best float64)
}

// ProgressEvery is the most iterations that pass between Progress calls
// and checks for cancellation: the interval on boards of up to 32 cells
// (or states).
const ProgressEvery = 1 << 16

// checkWork is the work, in iterations times nodes of the searched graph,
// between Progress calls and checks for cancellation.
const checkWork = 1 << 21

// CheckEvery returns how many iterations of a search on g pass between
// Progress calls and checks for cancellation: a power of two, ProgressEvery
// on small boards and fewer as the number of nodes (cells, or states under
// the no-U-turn rule) grows, since an iteration's cost grows with it. On
// this project's machine that is at most about 0.1 s on every board up to
// 32×32 (a 32×32 queen,no-u-turn search takes about 0.1 ms an iteration
// and checks every 128), so that Ctrl-C is answered at once and progress
// bars move several times a second. The interval depends on the graph
// alone, never on the clock: a search's result does not depend on it.
func CheckEvery(g *graph.Graph) int {
	n := max(g.States(), g.Cells(), 1)
	every := ProgressEvery
	for every > 1 && every*n > checkWork {
		every /= 2
	}
	return every
}

// Method is a stochastic local search algorithm. Settings are the fields
// of the implementing struct.
type Method interface {
	// Search runs the method on p with random numbers from rng.
	Search(ctx context.Context, p Problem, rng *rand.Rand) (Result, error)
}

// Stats counts what a search did.
type Stats struct {
	Iterations int `json:"iterations"` // steps proposed
	Accepted   int `json:"accepted"`   // steps accepted, uphill ones included
	Uphill     int `json:"uphill"`     // accepted steps that raised the energy
	Restarts   int `json:"restarts"`   // random restarts after the first configuration
	Improved   int `json:"improved"`   // times the best energy strictly fell
}

// Result is the outcome of a search.
type Result struct {
	Best   *maze.Maze // the best configuration met
	Energy float64    // its energy
	Stats  Stats
	Status Status // how the search ended
}

// Status says how a search ended, as gonum's optimize.Status does. The
// zero value is NotRun: a search that did not start (invalid settings).
type Status int

// The ways a search ends.
const (
	NotRun      Status = iota // the search did not start: its settings are invalid
	BudgetSpent               // every iteration asked for was run
	Interrupted               // the context ended the search early; Best is the best so far
	NoStep                    // no cell of the board can change (ErrNoStep); Best is the one configuration
)

// String returns "not run", "budget spent", "interrupted" or "no step".
func (s Status) String() string {
	switch s {
	case BudgetSpent:
		return "budget spent"
	case Interrupted:
		return "interrupted"
	case NoStep:
		return "no step"
	}
	return "not run"
}

// ErrNoStep is returned when the board has no cell whose jump can change
// (every non-goal cell has a single legal jump, as on 2×2 boards); such a
// board has one configuration, returned as the best.
var ErrNoStep = errors.New("no cell of this board can change its jump")

func (p *Problem) validate() error {
	if p.Graph == nil {
		return errors.New("the search problem has no graph")
	}
	n := p.Graph.Cells()
	if p.Start < 0 || p.Start >= n || p.Goal < 0 || p.Goal >= n || p.Start == p.Goal {
		return fault.Invalid("", "start %d and goal %d must be distinct cells of the %d-cell board", p.Start, p.Goal, n)
	}
	b := p.Graph.Board()
	if !b.Open(p.Start) || p.Start == b.Exit() {
		return fault.Invalid("", "start %v is not an open cell", b.Cell(p.Start))
	}
	if !b.Open(p.Goal) {
		return fault.Invalid("", "goal %v is not an open cell", b.Cell(p.Goal))
	}
	for c := range n {
		if c != p.Goal && b.Open(c) && len(p.Graph.Legal(c)) == 0 && c != b.Exit() {
			return fault.Invalid("", "cell %v has no legal jump, so no legal maze exists", b.Cell(c))
		}
	}
	if p.Energy == nil {
		p.Energy = energy.Depth{}
	}
	return nil
}
