// Package simulate plays mazes as simulated players, to fill the
// designer dashboard before real plays exist. Simulated plays are never
// stored and never mixed with real ones.
//
// The model is a novice who has learned the rule but not the maze: at
// each step they take a legal jump chosen at random, preferring a landing
// they have not visited yet (memory), and give up after a budget of
// moves. It is the simplest player that still tells a maze where the goal
// is easy to stumble on from one that hides it: compare its solve rate and
// moves with the shortest solution.
package simulate

import (
	"math/rand/v2"
	"slices"

	"rjm/graph"
	"rjm/maze"
	"rjm/rng"
)

// Novice is the simulated player's settings; the zero value is the
// default novice.
type Novice struct {
	// Forget is the probability that a step ignores memory and picks any
	// legal jump; 0 means the novice always prefers a landing not visited
	// yet when there is one.
	Forget float64
	// MaxMoves is the number of moves after which the novice gives up;
	// 0 means ten times the number of cells.
	MaxMoves int
}

// Play is one simulated game.
type Play struct {
	Moves  int
	Solved bool
}

// Play plays m once, g being m's compiled move graph. Under the no-U-turn
// rule the novice keeps to it (the moves come from graph.Nodes).
func (n Novice) Play(g *graph.Graph, m *maze.Maze, r *rand.Rand) Play {
	nd := g.Nodes(m.Jumps, m.Start, m.Goal)
	budget := n.MaxMoves
	if budget == 0 {
		budget = 10 * g.Cells()
	}
	visited := make([]bool, g.Cells())
	u := nd.Start
	visited[nd.Cell(u)] = true
	var all, fresh []int
	for k := 1; k <= budget; k++ {
		all, fresh = all[:0], fresh[:0]
		nd.Moves(u, func(_ maze.Move, v int, _ maze.Dir) bool {
			all = append(all, v)
			if !visited[nd.Cell(v)] {
				fresh = append(fresh, v)
			}
			return true
		})
		if len(all) == 0 {
			return Play{Moves: k - 1} // stuck on a dead end
		}
		pick := all
		if len(fresh) > 0 && r.Float64() >= n.Forget {
			pick = fresh
		}
		u = pick[r.IntN(len(pick))]
		visited[nd.Cell(u)] = true
		if u == nd.Goal {
			return Play{Moves: k, Solved: true}
		}
	}
	return Play{Moves: budget}
}

// Summary is what many novices did with one maze.
type Summary struct {
	Runs, Solved int
	// MedianMoves is the median number of moves of the solved plays (0
	// when none).
	MedianMoves float64
}

// SolveRate returns the fraction of plays solved.
func (s Summary) SolveRate() float64 {
	if s.Runs == 0 {
		return 0
	}
	return float64(s.Solved) / float64(s.Runs)
}

// Run plays m runs times, play i drawing from rng.NewRand(rng.RunSeed(seed,
// i)), so that a summary is reproducible.
func (n Novice) Run(g *graph.Graph, m *maze.Maze, runs int, seed uint64) Summary {
	s := Summary{Runs: runs}
	var moves []int
	for i := range runs {
		p := n.Play(g, m, rng.NewRand(rng.RunSeed(seed, i)))
		if p.Solved {
			s.Solved++
			moves = append(moves, p.Moves)
		}
	}
	if len(moves) > 0 {
		slices.Sort(moves)
		s.MedianMoves = float64(moves[(len(moves)-1)/2]+moves[len(moves)/2]) / 2
	}
	return s
}
