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
	// The cells of succ's set of slot s, ascending, are
	// cells[cellsAt[s]:cellsAt[s+1]].
	cells   []int32
	cellsAt []int32
	legal   [][]int // legal jumps per cell, ascending

	// With Abbott's no-U-turn rule (spc > 1): arrive[slot][k] is the
	// direction of travel on arrival of moves[slot][k], and a state is a
	// cell and the direction it was entered by (see StatesPerCell).
	spc    int
	arrive [][]maze.Dir
}

// Compile builds the move graph of board b. It fails only for a board
// that does not validate.
func Compile(b maze.Board) (*Graph, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	n := b.Cells()
	g := &Graph{board: b, n: n, words: (n + 63) / 64, spc: 1}
	if b.Variant.Arrival() {
		g.spc = 1 + maze.NumDirs
	}
	for i := range n {
		g.maxJump = max(g.maxJump, b.MaxJump(i))
	}
	g.stride = g.maxJump + 2
	g.moves = make([][]maze.Move, n*g.stride)
	g.succ = make([]uint64, n*g.stride*g.words)
	g.legal = make([][]int, n)
	if g.spc > 1 {
		g.arrive = make([][]maze.Dir, n*g.stride)
	}
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
			if g.spc > 1 {
				for _, m := range buf {
					_, in, _ := b.Jump(i, m.Dir, j)
					g.arrive[slot] = append(g.arrive[slot], in)
				}
			}
		}
	}
	g.cellsAt = make([]int32, len(g.moves)+1)
	for slot := range g.moves {
		for _, c := range Set(g.succ[slot*g.words : (slot+1)*g.words]).Cells() {
			g.cells = append(g.cells, int32(c))
		}
		g.cellsAt[slot+1] = int32(len(g.cells))
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

// SuccCells returns the cells of Succ(i, j) as a list, ascending: for
// the few successors of a cell, cheaper to read than every word of a
// set. The slice must not be modified.
func (g *Graph) SuccCells(i, j int) []int32 {
	s := g.Slot(i, j)
	return g.cells[g.cellsAt[s]:g.cellsAt[s+1]]
}

// Succ returns σ: the set of cells a jump of j from cell i lands on. The
// set must not be modified. Under the no-U-turn rule it is the cells any
// state of i may reach (see StateMoves for the rule's successors).
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

// StatesPerCell returns how many search states each cell has: 1 on every
// board whose state is a cell, and 1+maze.NumDirs under Abbott's no-U-turn
// rule, where a state is a cell and the direction of travel that entered
// it. State s belongs to cell s/StatesPerCell; its part s%StatesPerCell is
// 0 for the start ("no jump yet") and 1+d for "entered moving in
// direction d", from which a jump in direction d.Opposite() is forbidden.
func (g *Graph) StatesPerCell() int { return g.spc }

// States returns the number of states, Cells()×StatesPerCell().
func (g *Graph) States() int { return g.n * g.spc }

// StateMoves calls f for every move a state s may take when its cell
// holds jump j, in direction order, with the state each lands on. Under
// the no-U-turn rule a move reversing the direction that entered s is
// skipped; two moves may land on the same state. On cell-based boards
// states are cells and every move of the cell is taken.
func (g *Graph) StateMoves(s, j int, f func(m maze.Move, to int)) {
	if g.spc == 1 {
		for _, m := range g.Moves(s, j) {
			f(m, m.To)
		}
		return
	}
	cell, k := s/g.spc, s%g.spc
	slot := g.Slot(cell, j)
	for x, m := range g.moves[slot] {
		if k > 0 && m.Dir == maze.Dir(k-1).Opposite() {
			continue
		}
		f(m, m.To*g.spc+1+int(g.arrive[slot][x]))
	}
}
