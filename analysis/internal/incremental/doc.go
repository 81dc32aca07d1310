// Package incremental keeps the energies of package analysis fast: it
// holds their evaluators (energy.Evaluator: Reset, Try, Accept; the
// design energy's also energy.BoundedEvaluator's TryBound), which follow
// one maze through the one-cell changes a local search makes and update
// only what a change touches. What the features are, and Analyze, which
// computes every one of them from scratch, stay in package analysis; the
// tests here check every evaluator against Analyze after every tried and
// every accepted change.
//
// The terms energies are built from (Term, Values) are defined here,
// with what every evaluator and Analyze share: S, the cells that count
// (OpenCells), and the walk of the initial forced moves (ForcedMoves).
// What is counted along the solution is written once for every
// evaluator (walk.go): each walks it over its own sets and feeds one
// walkCount the nodes it leaves and enters and the moves it makes.
//
// # Which evaluator takes which boards
//
// An energy asks only for the terms it uses (needs), and NewTerms and
// NewDesign pick the evaluator of those terms (newTermsEvaluator) by the
// board:
//
//   - wordEval (word.go): boards of cells (every variant but the no-U-turn
//     rule) of up to 64 cells, every set of cells one uint64. It is a fast
//     path of its own, not a copy of the next: the several-word evaluator
//     on 5×5 measured 4.6 times slower.
//   - multiEval (multi.go): boards of cells past 64 cells, sets of several
//     words. Under the design energy it keeps the current unique shortest
//     solution (solution.go), which rates most changes without a search,
//     and a graph.DepthTracker for shortcut proofs and kept distances to
//     the goal.
//   - stateWordEval (state_word.go): the no-U-turn rule on boards of up to
//     64 cells whose moves land on the state of their own direction (every
//     variant but loops), for the terms of a design energy
//     (stateWordNeeds); the states of each direction as one word of
//     cells. search4 is its fast path for the rook's four directions,
//     checked against the plain search.
//   - stateEval (state_eval.go; its searches in state_terms.go): the
//     no-U-turn rule everywhere else: past 64 cells, on loops boards, and
//     for the terms stateWordEval does not compute (path counts, reachable
//     cells, holes), over lists of states;
//     the lists cost 2.1 times the words on 7×7. Under the design energy it
//     keeps its own unique shortest solution (state_solution.go) and
//     distances to the goal (state_kept.go), which take most changes off
//     it instead of a search.
//
// Over states the same jump clusters, a property of the graph of cells,
// come from a wordEval or multiEval asked for them alone (cellPart).
//
// The design energy's evaluator, designEval (design_eval.go), runs over
// any of them through their stages (designStages), one rate for all,
// and stops as soon as a lower bound of the energy passes the caller's
// bound; past one word it reads the kept solution through one interface
// (keptSolution). What each term needs is in eval.go.
package incremental
