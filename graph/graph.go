// Package graph compiles a board and its movement rules into a move
// graph: for every cell and every jump it may hold, the moves that jump
// allows and the set of cells they land on. The solver, the design
// analysis and the local search all work on this graph, so every board
// and rule set reuses them unchanged.
//
// The graph does not depend on the jumps themselves: a maze configuration
// is a slice of jumps, and a search changes it one cell at a time while the
// graph stays fixed. Successor sets are bit sets (one uint64 for boards of
// up to 64 cells), which makes breadth-first search a few OR operations per
// reached cell.
package graph

import (
	"rjm/maze"
)

// Graph is the move graph of one board. It is immutable and safe for
// concurrent use.
type Graph struct {
	board   maze.Board
	n       int // cells
	words   int // uint64 words per Set
	maxJump int // largest jump any cell may use
	stride  int // slots per cell: jumps 0..maxJump, then one empty slot for larger jumps
	// moves[slot] and succ[slot*words:...] describe the jump of slot
	// slot = cell*stride + min(jump, maxJump+1).
	moves [][]maze.Move
	succ  []uint64
	legal [][]int // legal jumps per cell, ascending
}

// Compile builds the move graph of board b. It fails only for a board
// that does not validate.
func Compile(b maze.Board) (*Graph, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	n := b.Cells()
	g := &Graph{board: b, n: n, words: (n + 63) / 64}
	for i := range n {
		g.maxJump = max(g.maxJump, b.MaxJump(i))
	}
	g.stride = g.maxJump + 2
	g.moves = make([][]maze.Move, n*g.stride)
	g.succ = make([]uint64, n*g.stride*g.words)
	g.legal = make([][]int, n)
	var buf []maze.Move
	for i := range n {
		for j := 1; j <= g.maxJump; j++ {
			buf = b.Moves(buf[:0], i, j)
			if len(buf) == 0 {
				continue
			}
			slot := i*g.stride + j
			g.moves[slot] = append([]maze.Move(nil), buf...)
			s := Set(g.succ[slot*g.words : (slot+1)*g.words])
			for _, m := range buf {
				s.Add(m.To)
			}
			g.legal[i] = append(g.legal[i], j)
		}
	}
	return g, nil
}

// MustCompile is Compile for boards known to be valid; it panics otherwise.
func MustCompile(b maze.Board) *Graph {
	g, err := Compile(b)
	if err != nil {
		panic(err)
	}
	return g
}

// Board returns the board the graph was compiled from.
func (g *Graph) Board() maze.Board { return g.board }

// Cells returns the number of cells.
func (g *Graph) Cells() int { return g.n }

// NewSet returns an empty set of this graph's cells.
func (g *Graph) NewSet() Set { return make(Set, g.words) }

// Legal returns the jumps cell i may hold, ascending: those with at least
// one move. The slice must not be modified.
func (g *Graph) Legal(i int) []int { return g.legal[i] }

// Slot returns the table slot of jump j at cell i. Jumps that cannot move
// (0, or beyond every edge) share an empty slot.
func (g *Graph) Slot(i, j int) int {
	if j < 0 || j > g.maxJump {
		j = g.maxJump + 1
	}
	return i*g.stride + j
}

// Moves returns the moves of jump j from cell i in direction order. The
// slice must not be modified.
func (g *Graph) Moves(i, j int) []maze.Move { return g.moves[g.Slot(i, j)] }

// Succ returns σ: the set of cells a jump of j from cell i lands on. The
// set must not be modified.
func (g *Graph) Succ(i, j int) Set {
	s := g.Slot(i, j)
	return Set(g.succ[s*g.words : (s+1)*g.words])
}

// Slots fills dst (which must have one entry per cell) with the slot of
// every cell's jump.
func (g *Graph) Slots(dst []int32, jumps []int) {
	for i, j := range jumps {
		dst[i] = int32(g.Slot(i, j))
	}
}
