package analysis

import (
	"fmt"
	"strings"

	"rjm/analysis/internal/incremental"
	"rjm/fault"
)

// Term is one integer-valued feature that energies are built from. Every
// term has a name (as the command line and the JSON form spell it), and
// on a board of |S| cells its values lie in 0..Term.Max(|S|).
//
// The terms measured along the solution (forward_decisions,
// backward_decisions, decisions, uturns) count along the unique shortest
// solution and are 0 when there is none, as in the design paper's energy, where
// decisions count only "assuming there is a unique optimal solution". This
// keeps every term an integer, which priority composition needs; the
// Features report instead averages them over all shortest solutions.
//
// The terms are defined with the evaluators that compute them fast
// (package incremental), which this package's energies are built on.
type Term = incremental.Term

// The terms, in the order help lists them.
const (
	Unsolvable         = incremental.Unsolvable         // 1 if the goal cannot be reached, else 0
	NotUnique          = incremental.NotUnique          // 1 if there is no unique shortest solution (also when unsolvable), else 0
	GoalDepth          = incremental.GoalDepth          // length of the shortest solution, 0 if unsolvable
	ShortestPaths      = incremental.ShortestPaths      // number of shortest solutions, counted up to |S|
	NonReaching        = incremental.NonReaching        // n: cells from which the goal cannot be reached
	Unreachable        = incremental.Unreachable        // cells that cannot be reached from the start
	BlackHoles         = incremental.BlackHoles         // number of black holes
	BlackHoleCells     = incremental.BlackHoleCells     // cells in black holes (reachable, non-reaching)
	WhiteHoles         = incremental.WhiteHoles         // number of white holes
	WhiteHoleCells     = incremental.WhiteHoleCells     // cells in white holes (unreachable, reaching)
	ForwardDecisions   = incremental.ForwardDecisions   // d_f: non-goal cells of the unique shortest solution with more than one successor
	BackwardDecisions  = incremental.BackwardDecisions  // d_b: non-start cells of the unique shortest solution with more than one predecessor
	Decisions          = incremental.Decisions          // min(d_f, d_b)
	UTurns             = incremental.UTurns             // moves of the unique shortest solution that reverse the move before
	Clusters           = incremental.Clusters           // same jump clusters of two or more cells
	LargestCluster     = incremental.LargestCluster     // cells in the largest same jump cluster
	ClusterPenalty     = incremental.ClusterPenalty     // Σ(|J|−1)² over the same jump clusters
	InitialForcedMoves = incremental.InitialForcedMoves // m: forced moves from the start
	NumTerms           = incremental.NumTerms           // the number of terms
)

// Values holds one value per term, indexed by Term.
type Values = incremental.Values

// ParseTerm returns the term with the given name.
func ParseTerm(name string) (Term, error) {
	names := make([]string, NumTerms)
	for t := range NumTerms {
		if names[t] = t.String(); names[t] == name {
			return t, nil
		}
	}
	return 0, fault.Invalid("", "unknown term %q (want one of %s)", cut(name, 40), strings.Join(names, ", "))
}

// TermHelp returns one line per term, "name  description", for help texts.
func TermHelp() string {
	var b strings.Builder
	for t := range NumTerms {
		fmt.Fprintf(&b, "  %-21s %s\n", t, t.Doc())
	}
	return b.String()
}
