// Package energy defines how a maze configuration is rated. An energy is a
// measure of a maze's badness that local search minimizes (the design
// paper, "Rook Jumping Maze Design Considerations", section 2): the simple
// objective of the assignment, "Rook Jumping Maze Generation for AI
// Education" ("depth"), is here; the design paper's energy and user-defined
// combinations of features live with the design analysis (package
// analysis), and analysis.ParseEnergy, the one registry of energies, finds
// each by its name.
//
// An Energy makes Evaluators. An Evaluator follows one configuration as the
// search changes it a cell at a time, so that an energy may update itself
// incrementally; the search sees only Reset, Try and Accept.
package energy

import (
	"strconv"

	"rjm/graph"
	"rjm/maze"
)

// Energy rates maze configurations; lower is better.
type Energy interface {
	// Name returns the energy's name, as the command line spells it.
	Name() string
	// Evaluator returns a new evaluator for mazes on g with the given start
	// and goal cells.
	Evaluator(g *graph.Graph, start, goal int) Evaluator
}

// BoardChecker is an Energy that is exact only on some boards, such as a
// priority combination whose levels overflow float64's integers on a
// large board. Whoever runs a search checks the board first.
type BoardChecker interface {
	Energy
	// Check returns an error saying why the energy is not exact on b, or
	// nil when it is.
	Check(b maze.Board) error
}

// Check returns e's error for board b when e is a BoardChecker, else nil.
func Check(e Energy, b maze.Board) error {
	if c, ok := e.(BoardChecker); ok {
		return c.Check(b)
	}
	return nil
}

// Evaluator follows the energy of one configuration through one-cell
// changes. Implementations must return exactly what a fresh evaluation of
// the configuration would.
type Evaluator interface {
	// Reset makes jumps the current configuration and returns its energy.
	// The evaluator may keep jumps and modify it on Accept.
	Reset(jumps []int) float64
	// Try returns the energy of the current configuration with cell i's
	// jump set to j, leaving the configuration unchanged.
	Try(i, j int) float64
	// Accept commits the change last passed to Try.
	Accept()
}

// BoundedEvaluator is an Evaluator that can save work when the caller
// only needs to know that a change is worse than a bound, as hill descent
// does: it rejects every change that raises the energy.
type BoundedEvaluator interface {
	Evaluator
	// TryBound is Try, except that when the energy would be above bound it
	// may return any value above bound instead, with exact false. Accept
	// may follow only an exact answer.
	TryBound(i, j int, bound float64) (e float64, exact bool)
}

// Func adapts a plain function of a whole configuration into an Energy.
// Its evaluator recomputes the function from scratch on every Try; use it
// for energies where incremental evaluation does not pay.
func Func(name string, f func(g *graph.Graph, jumps []int, start, goal int) float64) Energy {
	return funcEnergy{name, f}
}

type funcEnergy struct {
	name string
	f    func(g *graph.Graph, jumps []int, start, goal int) float64
}

func (e funcEnergy) Name() string { return e.name }

func (e funcEnergy) Evaluator(g *graph.Graph, start, goal int) Evaluator {
	return &funcEvaluator{f: e.f, g: g, start: start, goal: goal}
}

type funcEvaluator struct {
	f           func(g *graph.Graph, jumps []int, start, goal int) float64
	g           *graph.Graph
	start, goal int
	jumps       []int
	ti, tj      int
}

func (e *funcEvaluator) Reset(jumps []int) float64 {
	e.jumps = append(e.jumps[:0], jumps...)
	return e.f(e.g, e.jumps, e.start, e.goal)
}

func (e *funcEvaluator) Try(i, j int) float64 {
	old := e.jumps[i]
	e.jumps[i] = j
	v := e.f(e.g, e.jumps, e.start, e.goal)
	e.jumps[i] = old
	e.ti, e.tj = i, j
	return v
}

func (e *funcEvaluator) Accept() { e.jumps[e.ti] = e.tj }

// Format prints an energy without exponent or needless decimals:
// "-13", "1000000", "2.5".
func Format(e float64) string { return strconv.FormatFloat(e, 'f', -1, 64) }
