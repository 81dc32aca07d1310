// Package analysis computes the design features of Rook Jumping Mazes
// ("Rook Jumping Maze Design Considerations", the design paper, §3; the
// assignment "Rook Jumping Maze Generation for AI Education", "Maze
// Evaluation II") and the energies built from them: the design paper's example
// energy function (Design) and user-defined weighted (Weighted) or
// prioritised (Priority) combinations of the features.
//
// Everything works on the move graph (package graph), so it applies to any
// board the graph is compiled from. S, the set of cells, is the start, the
// goal and every cell that can hold a jump with a move (on the papers'
// boards, every cell). On boards whose state is a cell (every variant but
// Abbott's no-U-turn rule) the features are those of the graph of cells;
// under the no-U-turn rule they are computed on the graph of states and
// reported per cell (see "The no-U-turn rule" below). Analyze computes
// every feature of one maze from scratch; the energies' evaluators, in
// package incremental, update what they need after a one-cell change,
// which is what local search asks for.
//
// # Features
//
// With S the set of cells, σ the successor and π the predecessor function
// of 003 §1.1:
//
//   - Reachable cells can be reached from the start, reaching cells can
//     reach the goal (§3.1); n is the number of non-reaching cells.
//   - A black hole (§3.1) grows from a reachable, non-reaching cell by all
//     successors of its members and by their reachable, non-reaching
//     predecessors; a white hole grows from an unreachable, reaching cell by
//     all predecessors and by unreachable, reaching successors. We apply
//     the definitions literally. Since the successors of a reachable,
//     non-reaching cell are reachable and non-reaching (and the
//     predecessors of an unreachable, reaching cell unreachable and
//     reaching), each hole is a weakly connected component of its kind of
//     cells, and the holes partition them.
//   - The shortest solutions (§1.1, §3.3): their number and whether it is
//     one.
//   - Forward decisions: the non-goal cells of the shortest solution with
//     more than one successor; backward decisions: its non-start cells with
//     more than one predecessor (§3.5). When several shortest solutions
//     exist, the features report the average over all of them (footnote
//     10), computed exactly by counting paths through each cell rather than
//     by enumerating solutions.
//   - U-turns: moves of the shortest solution that reverse the move before
//     (§3.4's "sequences of U-turn moves within a row or column"; seed
//     Program 1: Search's "right-left-right-left"), averaged likewise. A move reverses
//     the one before when its direction is the opposite (maze.Dir.Opposite)
//     of the direction that move arrived in: back and forth along a row or
//     a column, and on boards with more directions along a diagonal or a
//     hexagonal or triangular line too. The direction of arrival differs
//     from the direction of departure only after a Surakarta loop, and is
//     what Abbott's rule forbids reversing; between two cells joined by
//     several moves, the first in direction order counts.
//   - Same jump clusters (§3.6): maximal strongly connected subgraphs whose
//     cells share one jump number. They partition S; the cluster penalty is
//     Σ(|J|−1)² over all of them.
//   - Initial forced moves m (§3.5): the moves from the start made while the
//     current cell has exactly one successor; a forced cycle is cut when the
//     walk returns to a cell it has left.
//   - The goal depth and the assignment's simple objective (package energy).
//
// # The no-U-turn rule
//
// Under Abbott's rule (maze.Variant.NoUTurn) a jump may not reverse the
// direction of the jump before, so what the player can do next depends on
// the cell and the direction that entered it: the design paper's state (§5), "the
// product of the row, the column, and the previous move direction". The
// features then follow the design paper's definitions on the graph of states, and
// are reported per cell, as the minimum over states:
//
//   - The states are the start state (the start cell, no jump made yet),
//     the goal (one state: reaching the goal cell ends the game, whatever
//     the direction), and the enterable states: a cell other than the goal
//     with a direction d such that some cell of the board, with some jump,
//     has a move arriving on it in direction d. Which states exist depends
//     on the board, not on the jumps.
//   - σ(s) is the set of distinct states the moves of s's cell land on,
//     leaving out the move that reverses the direction that entered s; π is
//     its inverse, over all states.
//   - The goal depth, the shortest solutions (distinct sequences of states,
//     which may revisit a cell) and their number are those of the graph of
//     states, the goal's states counting as one (the game ends there,
//     whatever the direction of arrival): a state with two moves onto the
//     goal, arriving in different directions (on exit rings, tori,
//     triangles, loops), adds one solution, as two jumps onto one cell do
//     in σ. solve.Solve finds the same goal depth, solution and count.
//   - A cell is reachable when one of its states is, and reaching when one
//     of its states can reach the goal.
//   - Black holes are counted by state (graph.Nodes.BlackHoleNodes, the one
//     definition): a black-hole state is a reachable state from which the
//     goal cannot be reached, and the black-hole cells are the cells
//     holding one, reaching or not. A cell reached one way may be a trap
//     and reached another way not (TestNoUTurnHandMade's first maze: (1,1)
//     entered moving left may only jump right, back; its start state
//     reaches the goal). White-hole cells are the unreachable, reaching
//     cells. The holes are the groups of such cells that moves of the graph
//     of cells (ignoring the rule) connect either way: on cell-based boards,
//     exactly the holes of the literal definition. Grouping states instead
//     and projecting the groups to cells would let two holes share a cell.
//   - n counts the cells of S a player cannot be sure to leave for the
//     goal: those with no reaching state (a cell no move can enter, other
//     than the start, has no state and counts among them) and the reaching
//     ones holding a black-hole state. On cell-based boards these are the
//     non-reaching cells; under the rule the design energy, and every
//     energy built on n, so penalizes traps by state.
//   - Forward decisions are the states of the shortest solution (not the
//     goal) with more than one successor state, backward decisions its
//     states (not the start state) with more than one predecessor state,
//     averaged over all shortest solutions exactly as on cells.
//   - U-turns are defined as above; the rule forbids them, so there are
//     none.
//   - Same jump clusters are a property of the numbers the player sees:
//     they are computed on the graph of cells, ignoring the rule.
//   - Initial forced moves are the moves from the start state made while
//     the current state has exactly one successor state, cut when the walk
//     returns to a state it has left.
//   - S, and with it |S| in the energies, stays the set of cells, so every
//     energy keeps its scale.
//
// # Energies
//
// Design is the design paper's example energy (§3.7):
//
//	e = n·|S|² − min(d_f, d_b) + Σ(|J|−1)² + m²    with a unique shortest solution,
//	e = |S|³ + n·|S|² + Σ(|J|−1)² + m²             otherwise.
//
// Combinations are built from the integer terms listed by Term, optionally
// squared (term^2):
//
//	unsolvable            1 if the goal cannot be reached, else 0
//	not_unique            1 if there is no unique shortest solution (also when unsolvable)
//	goal_depth            length of the shortest solution (0 if unsolvable)
//	shortest_paths        number of distinct shortest solutions, counted up to |S|
//	non_reaching          n: cells from which the goal cannot be reached (no-U-turn: also those holding a reachable state that cannot)
//	unreachable           cells that cannot be reached from the start
//	black_holes           number of black holes (no-U-turn: counted by state)
//	black_hole_cells      cells in black holes
//	white_holes           number of white holes
//	white_hole_cells      cells in white holes
//	forward_decisions     d_f along the unique shortest solution (0 if not unique)
//	backward_decisions    d_b along the unique shortest solution (0 if not unique)
//	decisions             min(d_f, d_b) (0 if not unique)
//	uturns                U-turns along the unique shortest solution (0 if not unique or under the no-U-turn rule)
//	clusters              same jump clusters of two or more cells
//	largest_cluster       cells in the largest same jump cluster
//	cluster_penalty       Σ(|J|−1)² over all same jump clusters
//	initial_forced_moves  m
//
// A weighted energy sums terms times weights:
//
//	weighted:black_holes=1000,uturns=2,decisions=-1
//
// A priority energy ranks terms, highest first, with the design paper's composition
// (r₂+1)·f₁ + f₂ (r₂ the range of f₂), so that the smallest change of a
// higher term outweighs the largest change of all lower ones; "-" before a
// term maximizes it:
//
//	priority:black_holes>not_unique>-decisions>cluster_penalty
//
// ParseEnergy reads both forms (and "design"), also from a file with one
// term per line and # comments. On 5×5 boards the design energy is
//
//	weighted:not_unique=15625,non_reaching=625,decisions=-1,cluster_penalty=1,initial_forced_moves^2=1
package analysis
