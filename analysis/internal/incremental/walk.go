package incremental

import (
	"rjm/graph"
	"rjm/maze"
)

// What the design features count along a walk of the solution, written
// once. Every evaluator walks the unique shortest solution over its own
// sets (words, several words, states in words or in lists) and feeds
// each node it leaves, each node it enters and each move to one
// walkCount, which alone says what counts; pathTerms turns the walk into
// the terms. The initial forced moves are one function, ForcedMoves, for
// the evaluators and for analysis.Analyze. Neither costs a call in the
// evaluators over cells: walkCount's methods, ForcedMoves and the
// functions the evaluators over cells pass it are inlined. Measured
// against the copies they replace: 7×7 generation as fast (rook 1.5%
// faster, no-U-turn 0.8% slower, within the noise), tries within 1.3% of
// the instructions. Each walk counts the node it stands on, whose
// predecessors load before the step to the next is known: counting the
// node it steps to cost 1% on 7×7 rook generation.

// walkCount counts along a walk of the shortest solution, from the
// start: its forward decisions (the nodes it leaves with more than one
// successor: every node but the goal), its backward decisions (the nodes
// it enters with more than one predecessor: every node but the start)
// and its U-turns (moves that reverse the direction the move before
// arrived in).
//
// Its methods take and return it by value, and it has four fields at
// most, so that the compiler keeps it in registers through a walk: with
// pointer methods, or a fifth field (the direction and a flag apart),
// every count went through memory, and a 7×7 rook generation took 2–3%
// longer.
type walkCount struct {
	df, db, ut int
	// back is one more than the reverse of the direction the last move
	// arrived in, 0 before the first move.
	back uint8
}

// leave returns w with a node the walk leaves counted, one with more
// than one successor when manySuccs.
func (w walkCount) leave(manySuccs bool) walkCount {
	if manySuccs {
		w.df++
	}
	return w
}

// enter returns w with a node the walk enters counted, one with more
// than one predecessor when manyPreds.
func (w walkCount) enter(manyPreds bool) walkCount {
	if manyPreds {
		w.db++
	}
	return w
}

// turn returns w with a move counted, made in direction dir and arriving
// in direction arrive (they differ only after a Surakarta loop; see
// moveDirs).
func (w walkCount) turn(dir, arrive maze.Dir) walkCount {
	if w.back == 1+uint8(dir) {
		w.ut++
	}
	w.back = 1 + uint8(arrive.Opposite())
	return w
}

// pathTerms fills the along-the-solution terms given the start's
// distance D to the goal (-1: unsolvable): the number of shortest
// solutions by countPaths when need asks for it, and when the shortest
// solution may be unique, walk's answer: whether it is, and its
// decisions and, when asked (uturns), its U-turns.
func pathTerms(v *Values, D int, need needs, countPaths func(D int) int, walk func(D int, uturns bool) (walkCount, bool)) {
	v[NotUnique] = 1
	if D < 0 {
		v[Unsolvable] = 1
		return
	}
	v[GoalDepth] = D
	if need&needPaths != 0 {
		if v[ShortestPaths] = countPaths(D); v[ShortestPaths] != 1 {
			return
		}
	}
	w, unique := walk(D, need&needUTurns != 0)
	if !unique {
		return
	}
	v[NotUnique] = 0
	v[ForwardDecisions], v[BackwardDecisions], v[Decisions] = w.df, w.db, min(w.df, w.db)
	v[UTurns] = w.ut
}

// ForcedMoves returns the design paper's number of initial forced moves
// (§3.5), for analysis.Analyze and for every evaluator: following the
// solver from the start while the node it stands on (a cell, or under
// the no-U-turn rule a state) has exactly one successor, the number of
// moves it is forced to make. only(u) returns node u's one successor, or
// -1 when it has none (the goal, or a dead end) or several (a choice);
// leave(u) notes that the walk leaves u and reports whether it had not
// yet.
//
// A chain of forced moves can close into a cycle (a forced move from a
// to b and back), which would never end; the walk stops when it comes
// back to a node it has already left, so every forced move is counted
// once and the count is at most the number of nodes.
func ForcedMoves(start int, leave func(u int) bool, only func(u int) int) int {
	m := 0
	for u := start; leave(u); m++ {
		if u = only(u); u < 0 {
			break
		}
	}
	return m
}

// moveDirs returns the direction of the first move (in direction order)
// from cell u that lands on cell v, and its direction of travel on
// arrival, which differs only after a Surakarta loop; u must have such a
// move. A move in the reverse of the arrival direction is a U-turn, as
// Abbott's rule reads it (see package analysis, "U-turns").
func moveDirs(g *graph.Graph, jumps []int, u, v int) (dir, arrive maze.Dir) {
	for _, m := range g.Moves(u, jumps[u]) {
		if m.To == v {
			_, arrive, _ = g.Board().Jump(u, m.Dir, jumps[u])
			return m.Dir, arrive
		}
	}
	panic("incremental: no move between the cells")
}
