package analysis

import (
	"math"

	"rjm/analysis/internal/incremental"
	"rjm/energy"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// Features are the design features of one maze (the design paper, §3; the assignment,
// "Maze Evaluation II"). Cells are cell indices of the maze's board
// (maze.Board.Index; the exit of an exit-ring board is Rows×Cols); only
// the JSON form writes them in the papers' 1-based [row, col] form, as
// every view does. Lists of cells are in row-major order, lists of sets
// ordered by their first cell.
type Features struct {
	Rows  int `json:"rows"`
	Cols  int `json:"cols"`
	Cells int `json:"cells"` // |S|, the number of cells (see incremental.OpenCells)
	Start int `json:"start"`
	Goal  int `json:"goal"`

	// Solvable reports whether the goal can be reached from the start.
	Solvable bool `json:"solvable"`
	// GoalDepth is the length of a shortest solution, -1 when unsolvable.
	GoalDepth int `json:"goal_depth"`
	// Objective is the assignment's simple objective: -GoalDepth, or
	// energy.Unsolvable.
	Objective float64 `json:"objective"`
	// Solution is one shortest solution, the one solve.Solve reports, in
	// its notation (maze.Board.Notation: U/D/L/R letters on rook boards,
	// compass codes separated by spaces on the others), and
	// SolutionCells the cells it visits, start and goal included (under
	// the no-U-turn rule a cell may come twice); both empty when
	// unsolvable.
	Solution      string `json:"solution"`
	SolutionCells []int  `json:"solution_cells"`
	// ShortestPaths is the number of distinct shortest solutions (as
	// sequences of cells, or under the no-U-turn rule of states), 0 when
	// unsolvable; it saturates at solve.Saturated, and Saturated says so.
	ShortestPaths int64 `json:"shortest_paths"`
	Saturated     bool  `json:"shortest_paths_saturated,omitempty"`
	// Unique reports whether exactly one shortest solution exists (§3.3).
	Unique bool `json:"unique"`

	// Reachable counts the cells reachable from the start and Reaching the
	// cells from which the goal can be reached (§3.1), each including the
	// start or goal itself; NonReaching is n = Cells − Reaching, the cells
	// NonReachingCells lists. Under the no-U-turn rule a cell is reachable
	// (reaching) when one of its states is, and n also counts the reaching
	// cells that hold a black-hole state (see BlackHoles): n is then the
	// cells of S with no state that reaches the goal or a reachable state
	// that does not, so that the energies built on n count traps by state.
	Reachable        int   `json:"reachable"`
	Reaching         int   `json:"reaching"`
	NonReaching      int   `json:"non_reaching"`
	UnreachableCells []int `json:"unreachable_cells"`
	NonReachingCells []int `json:"non_reaching_cells"`

	// BlackHoles is the number of black holes, BlackHoleCells the number of
	// cells in them, BlackHoleSets the holes themselves; likewise for white
	// holes (§3.1; see holes.go). A black hole's members are the black-hole
	// nodes of graph.Nodes.BlackHoleNodes, the one definition: reachable
	// cells from which the goal cannot be reached or, where a state is more
	// than a cell (the no-U-turn rule), the cells holding a reachable state
	// from which the goal cannot be reached. HolesByState says that they
	// were counted by state, BlackHoleStates how many such states there
	// are (both left out of the JSON on boards whose state is a cell).
	BlackHoles      int     `json:"black_holes"`
	BlackHoleCells  int     `json:"black_hole_cells"`
	BlackHoleSets   [][]int `json:"black_hole_sets"`
	BlackHoleStates int     `json:"black_hole_states,omitempty"`
	HolesByState    bool    `json:"holes_by_state,omitempty"`
	WhiteHoles      int     `json:"white_holes"`
	WhiteHoleCells  int     `json:"white_hole_cells"`
	WhiteHoleSets   [][]int `json:"white_hole_sets"`

	// ForwardDecisions counts the non-goal cells (under the no-U-turn rule,
	// states) of the shortest solution with more than one successor,
	// BackwardDecisions its non-start cells (states) with more than one
	// predecessor (§3.5), and UTurns its moves that reverse the direction
	// the move before arrived in (§3.4; see doc.go). With several shortest
	// solutions each is their average (footnote 10); all are 0 when
	// unsolvable.
	ForwardDecisions  float64 `json:"forward_decisions"`
	BackwardDecisions float64 `json:"backward_decisions"`
	UTurns            float64 `json:"uturns"`

	// Clusters lists the same jump clusters of two or more cells (§3.6;
	// the other cells are clusters of one, which add nothing to the
	// penalty), LargestCluster the size of the largest cluster (1 when
	// every cluster is a single cell) and ClusterPenalty Σ(|J|−1)² over all
	// clusters.
	Clusters       [][]int `json:"clusters"`
	LargestCluster int     `json:"largest_cluster"`
	ClusterPenalty int     `json:"cluster_penalty"`

	// InitialForcedMoves is m, the number of forced moves from the start
	// (§3.5; see initialForcedMoves).
	InitialForcedMoves int `json:"initial_forced_moves"`

	// Energy is the design paper's example energy function (§3.7; see Design).
	Energy float64 `json:"energy"`
}

// Analyze computes the features of m on its move graph g, which must be
// compiled from m's board. m must validate (see maze.Maze.Validate); cells
// whose jump leaves the board are dead ends with no successor. On boards
// whose state is a cell the features are those of the graph of cells, σ
// and π; under Abbott's no-U-turn rule they are computed on the states and
// reported per cell (see doc.go, "The no-U-turn rule"). The solution shown
// is the one solve.Solve reports.
func Analyze(g *graph.Graph, m *maze.Maze) *Features {
	return AnalyzeSolved(g, m, nil)
}

// AnalyzeSolved is Analyze for a maze already solved as s (solve.Solve
// on g and m), so that a caller that needs both solves once; a nil s
// solves m when the features need it.
func AnalyzeSolved(g *graph.Graph, m *maze.Maze, s *solve.Result) *Features {
	jumps := m.Jumps
	// One code path for cells and states: the graph of nodes, searched
	// forwards from the start and backwards from the goal.
	nd := g.Nodes(jumps, m.Start, m.Goal)
	ds, fromStart := nd.Distances(nd.Start, nd.Succ)
	dg, toGoal := nd.Distances(nd.Goal, nd.Pred)
	reachable, reaching := nodeCells(g, nd, fromStart), nodeCells(g, nd, toGoal)
	paths, D := shortestPaths(nd, ds, dg), ds[nd.Goal]
	open := incremental.OpenCells(g, m.Start, m.Goal)

	f := &Features{
		Rows: m.Rows, Cols: m.Cols, Cells: open.Len(),
		Start: m.Start, Goal: m.Goal,
		Solvable: D >= 0, GoalDepth: D, Objective: energy.Objective(D),
		Reachable: reachable.Len(), Reaching: reaching.Len(),
		ForwardDecisions: paths.forward, BackwardDecisions: paths.backward, UTurns: paths.uturns,
		InitialForcedMoves: initialForcedMoves(nd),
		LargestCluster:     1,
	}
	f.SolutionCells, f.UnreachableCells, f.NonReachingCells = []int{}, []int{}, []int{}
	trapped := nd.BlackHoleNodes(ds, dg)
	black := g.NewSet()
	for _, u := range trapped {
		black.Add(nd.Cell(u))
	}
	if f.HolesByState = nd.ByState(); f.HolesByState {
		f.BlackHoleStates = len(trapped)
	}
	if paths.count.IsInt64() {
		f.ShortestPaths = paths.count.Int64()
	} else {
		f.ShortestPaths = solve.Saturated
	}
	f.Saturated = f.ShortestPaths == solve.Saturated
	f.Unique = f.ShortestPaths == 1
	if f.Solvable {
		if s == nil {
			s = solve.Solve(g, m)
		}
		sol := s.Solution
		f.SolutionCells = append(f.SolutionCells, m.Start)
		for _, mv := range sol {
			f.SolutionCells = append(f.SolutionCells, mv.To)
		}
		f.Solution = m.Notation(sol)
	}
	for _, c := range open.Cells() {
		if !reachable.Has(c) {
			f.UnreachableCells = append(f.UnreachableCells, c)
		}
		if !reaching.Has(c) || black.Has(c) {
			f.NonReachingCells = append(f.NonReachingCells, c)
		}
	}
	f.NonReaching = len(f.NonReachingCells)
	preds := g.Preds(jumps)
	white := g.NewSet()
	white.Copy(reaching)
	white.AndNot(reachable)
	f.BlackHoleSets, f.BlackHoles, f.BlackHoleCells = cellSets(holes(g, jumps, preds, black), 1)
	f.WhiteHoleSets, f.WhiteHoles, f.WhiteHoleCells = cellSets(holes(g, jumps, preds, white), 1)
	clusters := sameJumpClusters(g, jumps, preds)
	f.ClusterPenalty = clusterPenalty(clusters)
	f.Clusters, _, _ = cellSets(clusters, 2)
	for _, c := range clusters {
		f.LargestCluster = max(f.LargestCluster, len(c))
	}
	terms := f.Terms()
	f.Energy = DesignEnergy(&terms, f.Cells)
	return f
}

// nodeCells returns the cells of the given nodes: under the no-U-turn
// rule a cell counts when one of its states does.
func nodeCells(g *graph.Graph, nd *graph.Nodes, nodes []int) graph.Set {
	s := g.NewSet()
	for _, u := range nodes {
		s.Add(nd.Cell(u))
	}
	return s
}

// cellSets returns the sets of at least least cells, with their number
// and their total number of cells.
func cellSets(sets [][]int, least int) (out [][]int, n, cells int) {
	out = [][]int{}
	for _, s := range sets {
		if len(s) < least {
			continue
		}
		out = append(out, s)
		cells += len(s)
	}
	return out, len(out), cells
}

// Terms returns the integer terms of f that energies are built from (see
// Term). Along-the-solution terms count along the unique shortest solution
// and are 0 without one.
func (f *Features) Terms() Values {
	var v Values
	v[NotUnique] = 1
	if !f.Solvable {
		v[Unsolvable] = 1
	} else {
		v[GoalDepth] = f.GoalDepth
		v[ShortestPaths] = int(min(f.ShortestPaths, int64(f.Cells)))
	}
	if f.Unique {
		v[NotUnique] = 0
		v[ForwardDecisions] = int(math.Round(f.ForwardDecisions))
		v[BackwardDecisions] = int(math.Round(f.BackwardDecisions))
		v[Decisions] = min(v[ForwardDecisions], v[BackwardDecisions])
		v[UTurns] = int(math.Round(f.UTurns))
	}
	v[NonReaching] = f.NonReaching
	v[Unreachable] = f.Cells - f.Reachable
	v[BlackHoles], v[BlackHoleCells] = f.BlackHoles, f.BlackHoleCells
	v[WhiteHoles], v[WhiteHoleCells] = f.WhiteHoles, f.WhiteHoleCells
	v[Clusters], v[LargestCluster], v[ClusterPenalty] = len(f.Clusters), f.LargestCluster, f.ClusterPenalty
	v[InitialForcedMoves] = f.InitialForcedMoves
	return v
}
