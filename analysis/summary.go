package analysis

import (
	"fmt"
	"strings"

	"rjm/energy"
)

// Summary returns the features on one line, e.g.
//
//	13 moves, unique; 0 black holes; 2 white holes (2 cells); decisions 10 forward, 10 backward; 5 U-turns; 1 cluster (largest 3, penalty 4); 0 initial forced moves; energy -6
func (f *Features) Summary() string { return DefaultCatalogue().Summary(f) }

// Summary is Features.Summary with, after the energy, "label value" for
// each feature of c marked InReport ("label none" for a maze without
// it).
func (c Catalogue) Summary(f *Features) string {
	var b strings.Builder
	switch {
	case !f.Solvable:
		b.WriteString("no solution")
	case f.Unique:
		fmt.Fprintf(&b, "%s, unique", Moves(f.GoalDepth))
	case f.Saturated:
		fmt.Fprintf(&b, "%s, at least %d shortest solutions", Moves(f.GoalDepth), f.ShortestPaths)
	default:
		fmt.Fprintf(&b, "%s, %d shortest solutions", Moves(f.GoalDepth), f.ShortestPaths)
	}
	fmt.Fprintf(&b, "; %s", count(f.BlackHoles, "black hole", "black holes"))
	if f.BlackHoles > 0 || f.HolesByState {
		fmt.Fprintf(&b, " (%s)", f.BlackHoleSize())
	}
	fmt.Fprintf(&b, "; %s", count(f.WhiteHoles, "white hole", "white holes"))
	if f.WhiteHoles > 0 {
		fmt.Fprintf(&b, " (%s)", count(f.WhiteHoleCells, "cell", "cells"))
	}
	fmt.Fprintf(&b, "; decisions %s forward, %s backward; %s", num(f.ForwardDecisions), num(f.BackwardDecisions), count2(f.UTurns, "U-turn", "U-turns"))
	fmt.Fprintf(&b, "; %s (largest %d, penalty %d)", count(len(f.Clusters), "cluster", "clusters"), f.LargestCluster, f.ClusterPenalty)
	fmt.Fprintf(&b, "; %s; energy %s", count(f.InitialForcedMoves, "initial forced move", "initial forced moves"), energy.Format(f.Energy))
	for _, ft := range c.OrDefault().In(InReport) {
		v := "none"
		if ft.Has(f) {
			v = num(ft.Value(f))
		}
		fmt.Fprintf(&b, "; %s %s", ft.Label, v)
	}
	return b.String()
}

// StateWords says what a state is where black holes are counted by state
// (Features.HolesByState: the no-U-turn rule).
const StateWords = "a cell and the direction you arrived from"

// BlackHoleSize says what f's black holes hold, for the texts that show
// their number: "2 cells" or, counted by state, "2 cells; 3 states: a
// cell and the direction you arrived from" ("counted by states: ..." when
// there are none).
func (f *Features) BlackHoleSize() string {
	switch {
	case !f.HolesByState:
		return count(f.BlackHoleCells, "cell", "cells")
	case f.BlackHoles == 0:
		return "counted by states: " + StateWords
	}
	return count(f.BlackHoleCells, "cell", "cells") + "; " + count(f.BlackHoleStates, "state", "states") + ": " + StateWords
}

// Moves returns a solution length in words: "1 move", "13 moves".
func Moves(n int) string { return count(n, "move", "moves") }

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// count2 is count for averages, which may be fractional.
func count2(x float64, one, many string) string {
	if x == 1 {
		return "1 " + one
	}
	return num(x) + " " + many
}

// num prints an average with at most two decimals: "10", "3.5", "2.33".
func num(x float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}
