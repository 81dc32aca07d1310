package difficulty

import (
	"math"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/simulate"
)

// Novices is how many simulated novices play each maze for its facts, all
// seeded from NoviceSeed (see Describe).
const (
	Novices    = 200
	NoviceSeed = 1
)

// Facts are what the model knows of a maze before anyone plays it: its
// design features and what simulated novices did with it.
type Facts struct {
	Features *analysis.Features
	Novices  simulate.Summary
}

// Describe computes the facts of m on its move graph g: analysis.Analyze
// and Novices simulated novices (simulate.Novice, seeded by NoviceSeed).
func Describe(g *graph.Graph, m *maze.Maze) Facts {
	return Facts{Features: analysis.Analyze(g, m), Novices: simulate.Novice{}.Run(g, m, Novices, NoviceSeed)}
}

// NoviceMoves is the simulated novices' effort on a maze: the median moves
// of their solved plays divided by their solve rate (the moves a novice
// who starts again after giving up expects to spend), or, when none
// solved it, every novice's whole budget.
func (f Facts) NoviceMoves() float64 {
	n := f.Novices
	switch {
	case n.Runs == 0:
		return 0
	case n.Solved == 0:
		cells := 0
		if f.Features != nil {
			cells = f.Features.Cells
		}
		return float64(10 * cells * n.Runs)
	}
	return n.MedianMoves / n.SolveRate()
}

// FeatureNames names the entries of Facts.Vector, in order: every design
// feature of package analysis (the energies' terms, the decisions and
// U-turns averaged over the shortest solutions, the board's cells, the
// design energy) and the simulated novices' effort and solve rate.
var FeatureNames = func() []string {
	names := []string{cellsFeature.Key}
	for t := analysis.Term(0); t < analysis.NumTerms; t++ {
		switch t {
		case analysis.Unsolvable:
			continue // only solvable mazes are rated
		case analysis.ShortestPaths:
			names = append(names, "log "+pathsFeature.Key)
			continue
		}
		names = append(names, t.String())
	}
	for _, ft := range averaged {
		names = append(names, "mean "+ft.Key)
	}
	return append(names, "log "+designFeature.Label, "log novice moves", "novice solve rate")
}()

// catalogue is the catalogue of design features the inputs are read
// from; cellsFeature, pathsFeature and designFeature are its features of
// those keys, averaged those averaged over the shortest solutions (the
// decisions and U-turns), in its order.
var (
	catalogue     = analysis.DefaultCatalogue()
	cellsFeature  = catalogue.Must("cells")
	pathsFeature  = catalogue.Must(analysis.ShortestPaths.String())
	designFeature = catalogue.Must("energy")
	averaged      = func() (out []analysis.Feature) {
		for _, ft := range catalogue {
			if ft.Averaged {
				out = append(out, ft)
			}
		}
		return out
	}()
)

// Vector returns the facts as the regression's inputs, named by
// FeatureNames, or nil when the maze is unsolvable or has no features.
func (f Facts) Vector() []float64 {
	if f.Features == nil || !f.Features.Solvable {
		return nil
	}
	ft := f.Features
	v := []float64{cellsFeature.Value(ft)}
	terms := ft.Terms()
	for t := analysis.Term(0); t < analysis.NumTerms; t++ {
		switch t {
		case analysis.Unsolvable:
			continue
		case analysis.ShortestPaths:
			v = append(v, math.Log(max(1, pathsFeature.Value(ft))))
			continue
		}
		v = append(v, float64(terms[t]))
	}
	for _, a := range averaged {
		v = append(v, a.Value(ft))
	}
	return append(v, logEnergy(designFeature.Value(ft)),
		math.Log(max(1, f.NoviceMoves())), f.Novices.SolveRate())
}

// logEnergy is the design energy as an input: ln(1+e), so that the
// hundreds of thousands a black hole adds stay a few units (0 for an
// energy that is not finite or is negative).
func logEnergy(e float64) float64 {
	if !(e > 0) || math.IsInf(e, 0) {
		return 0
	}
	return math.Log1p(e)
}

// Effort is the simulated novices' prior's measure of a maze: its
// shortest solution's moves L, plus a tie-break in [0, 1) that grows with
// how many more moves the novices took (ln(NoviceMoves/L), mapped by
// x/(1+x)). It is strictly increasing in L — a maze of a longer shortest
// solution is never predicted quicker — finite, and 0 when the maze has
// no shortest solution.
func (f Facts) Effort() float64 {
	if f.Features == nil || !f.Features.Solvable || f.Features.GoalDepth <= 0 {
		return 0
	}
	l := float64(f.Features.GoalDepth)
	x := 0.0
	if f.Novices.Runs > 0 {
		x = max(0, math.Log(max(1, f.NoviceMoves())/l))
	}
	return l + x/(1+x)
}
