package incremental

import "fmt"

// Term is one integer-valued feature that energies are built from. Every
// term has a name (as the command line and the JSON form spell it), and
// on a board of |S| cells its values lie in 0..Term.Max(|S|). Each term
// but the two flags, unreachable and decisions counts the feature of its
// name in the catalogue of package analysis, whose tests check the list
// against it.
//
// The terms measured along the solution (forward_decisions,
// backward_decisions, decisions, uturns) count along the unique shortest
// solution and are 0 when there is none, as in the design paper's energy, where
// decisions count only "assuming there is a unique optimal solution". This
// keeps every term an integer, which priority composition needs; the
// Features report instead averages them over all shortest solutions.
type Term uint8

// The terms, in the order help lists them.
const (
	Unsolvable         Term = iota // 1 if the goal cannot be reached, else 0
	NotUnique                      // 1 if there is no unique shortest solution (also when unsolvable), else 0
	GoalDepth                      // length of the shortest solution, 0 if unsolvable
	ShortestPaths                  // number of shortest solutions, counted up to |S|
	NonReaching                    // n: cells from which the goal cannot be reached
	Unreachable                    // cells that cannot be reached from the start
	BlackHoles                     // number of black holes
	BlackHoleCells                 // cells in black holes (reachable, non-reaching)
	WhiteHoles                     // number of white holes
	WhiteHoleCells                 // cells in white holes (unreachable, reaching)
	ForwardDecisions               // d_f: non-goal cells of the unique shortest solution with more than one successor
	BackwardDecisions              // d_b: non-start cells of the unique shortest solution with more than one predecessor
	Decisions                      // min(d_f, d_b)
	UTurns                         // moves of the unique shortest solution that reverse the move before
	Clusters                       // same jump clusters of two or more cells
	LargestCluster                 // cells in the largest same jump cluster
	ClusterPenalty                 // Σ(|J|−1)² over the same jump clusters
	InitialForcedMoves             // m: forced moves from the start
	NumTerms                       // the number of terms
)

// Values holds one value per term, indexed by Term.
type Values [NumTerms]int

var termNames = [NumTerms]string{
	"unsolvable", "not_unique", "goal_depth", "shortest_paths", "non_reaching", "unreachable",
	"black_holes", "black_hole_cells", "white_holes", "white_hole_cells",
	"forward_decisions", "backward_decisions", "decisions", "uturns",
	"clusters", "largest_cluster", "cluster_penalty", "initial_forced_moves",
}

var termDocs = [NumTerms]string{
	"1 if the goal cannot be reached, else 0",
	"1 if there is no unique shortest solution (also when unsolvable), else 0",
	"length of the shortest solution (0 if unsolvable)",
	"number of distinct shortest solutions, counted up to |S|",
	"n: cells from which the goal cannot be reached (no-U-turn: also those holding a reachable state that cannot)",
	"cells that cannot be reached from the start",
	"number of black holes (dead ends: sets of reachable, non-reaching cells; no-U-turn: cells with such a state)",
	"cells in black holes",
	"number of white holes (back-tracing dead ends: sets of unreachable, reaching cells)",
	"cells in white holes",
	"d_f: non-goal cells of the unique shortest solution with 2+ successors (0 if not unique)",
	"d_b: non-start cells of the unique shortest solution with 2+ predecessors (0 if not unique)",
	"min(d_f, d_b) (0 if not unique)",
	"moves of the unique shortest solution that reverse the move before (0 if not unique)",
	"same jump clusters of 2+ cells",
	"cells in the largest same jump cluster",
	"Σ(|J|−1)² over all same jump clusters J",
	"m: forced moves from the start (a forced cycle counts each move once)",
}

// String returns the term's name, e.g. "black_holes".
func (t Term) String() string {
	if t >= NumTerms {
		return fmt.Sprintf("Term(%d)", uint8(t))
	}
	return termNames[t]
}

// Doc returns a one-line description of the term.
func (t Term) Doc() string { return termDocs[t] }

// Max returns the largest value the term can take on a board of cells
// cells (a bound, not always attained): 1 for the two flags, cells² for
// the cluster penalty, cells for the others.
func (t Term) Max(cells int) int {
	switch t {
	case Unsolvable, NotUnique:
		return 1
	case ClusterPenalty:
		return cells * cells
	default:
		return cells
	}
}
