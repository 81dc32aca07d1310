package maze

import (
	"fmt"
	"rjm/fault"
	"slices"
)

// Size limits. MinCells keeps a maze meaningful (a start and a distinct
// goal); MaxSide bounds every request so that the work it asks for is
// bounded (32×32 = 1024 cells).
const (
	MinCells = 2
	MaxSide  = 32
)

// LongestJump bounds the jumps of every board: no rule lets a jump go
// further than 31 cells, so that every maze has an ID (one character per
// jump). A plain 32×32 board needs exactly 31.
const LongestJump = 31

// Board is the maze's grid and its rules: Rows×Cols cells, numbered
// row-major from 0, the Variant's movement, tiling and topology, and the
// layout (cell kinds and walls). It is the one place that decides where a
// jump lands (Moves); the jump numbers themselves belong to a Maze. The
// zero Variant with an empty layout is the papers' plain rook rectangle,
// and Board{Rows: r, Cols: c} literals mean exactly that.
//
// Board is a comparable value: two boards are the same board when they
// are ==.
type Board struct {
	Rows, Cols int
	// Variant holds the movement, tiling and topology rules.
	Variant Variant
	// Kinds is "" (every cell open) or one CellKind byte per grid cell,
	// row-major: the board's shape (absent cells) and its blocked and
	// pass-over cells. Build it with SetKind.
	Kinds string
	// Walls is "" (no walls) or one byte per grid cell, row-major: bit d is
	// set when a wall lies on the side of the cell that a step in
	// direction d crosses. Walls are symmetric. Build it with AddWall.
	Walls string
}

// CellKind is what a cell of the grid is.
type CellKind byte

// The cell kinds; the bytes are how the maze text writes them (an open
// cell holds a jump number instead).
const (
	Open     CellKind = 'o' // an ordinary cell: holds a jump, may be landed on and passed over
	Blocked  CellKind = 'X' // impassable: neither landed on nor passed over
	PassOver CellKind = '*' // may be passed over, never landed on
	Absent   CellKind = '.' // not part of the board (Loyd's shapes); beyond the edge
)

func (k CellKind) valid() bool { return k == Open || k == Blocked || k == PassOver || k == Absent }

// String returns the kind's name: "open", "blocked", "pass-over" or
// "absent".
func (k CellKind) String() string {
	switch k {
	case Open:
		return "open"
	case Blocked:
		return "blocked"
	case PassOver:
		return "pass-over"
	case Absent:
		return "absent"
	}
	return fmt.Sprintf("kind %q", byte(k))
}

// ExitCell is the cell of the exit of an exit-ring board (see
// Variant.Exit): it lies beyond the edge and has no row or column.
var ExitCell = Cell{-1, -1}

// Plain reports whether b is the papers' plain rook rectangle: no variant
// rule, every cell open, no walls. Plain boards take the fast paths.
func (b Board) Plain() bool { return b.Variant == Variant{} && b.Kinds == "" && b.Walls == "" }

// Validate reports whether the board is supported: at least MinCells
// cells, at most MaxSide rows and columns, a valid variant and a layout
// that fits the grid.
func (b Board) Validate() error {
	switch {
	case b.Rows < 1 || b.Cols < 1:
		return fault.Invalid("", "size %dx%d: rows and columns must be at least 1", b.Rows, b.Cols)
	case b.Rows > MaxSide || b.Cols > MaxSide:
		return fault.Invalid("", "size %dx%d: at most %d rows and %d columns are supported", b.Rows, b.Cols, MaxSide, MaxSide)
	case b.Cells() < MinCells:
		return fault.Invalid("", "size %dx%d: a maze needs at least %d cells", b.Rows, b.Cols, MinCells)
	}
	if err := b.Variant.Validate(); err != nil {
		return err
	}
	if b.Variant.Loops && min(b.Rows, b.Cols) < 4 {
		return fault.Invalid("", "size %dx%d: loops need at least 4 rows and 4 columns", b.Rows, b.Cols)
	}
	n := b.Rows * b.Cols
	if b.Kinds != "" {
		if len(b.Kinds) != n {
			return fault.Invalid("", "%d cell kinds for a %dx%d board, want %d", len(b.Kinds), b.Rows, b.Cols, n)
		}
		for i := range n {
			if !CellKind(b.Kinds[i]).valid() {
				return fault.Invalid("", "cell %v has unknown kind %q", b.Cell(i), b.Kinds[i])
			}
		}
	}
	if b.Walls != "" {
		if len(b.Walls) != n {
			return fault.Invalid("", "%d wall entries for a %dx%d board, want %d", len(b.Walls), b.Rows, b.Cols, n)
		}
		for i := range n {
			w := b.Walls[i]
			for d := Dir(0); d < numDirs; d++ {
				if w&(1<<d) == 0 {
					continue
				}
				j, ok := b.neighbor(i, d)
				if !ok {
					return fault.Invalid("", "cell %v has a wall on its %s side, where it has no neighbour", b.Cell(i), d)
				}
				if b.Walls[j]&(1<<d.Opposite()) == 0 {
					return fault.Invalid("", "the wall between %v and %v is recorded on one side only", b.Cell(i), b.Cell(j))
				}
			}
		}
	}
	return nil
}

// Cells returns the number of cells: Rows×Cols, plus one for the exit of
// an exit-ring board.
func (b Board) Cells() int {
	if b.Variant.Exit {
		return b.Rows*b.Cols + 1
	}
	return b.Rows * b.Cols
}

// Exit returns the cell index of the exit (Rows×Cols) on an exit-ring
// board, and -1 on any other.
func (b Board) Exit() int {
	if b.Variant.Exit {
		return b.Rows * b.Cols
	}
	return -1
}

// Index returns the index of cell c (ExitCell is Exit()).
func (b Board) Index(c Cell) int {
	if c == ExitCell && b.Variant.Exit {
		return b.Rows * b.Cols
	}
	return c.Row*b.Cols + c.Col
}

// Cell returns the cell with index i (ExitCell for the exit).
func (b Board) Cell(i int) Cell {
	if i == b.Rows*b.Cols && b.Variant.Exit {
		return ExitCell
	}
	return Cell{i / b.Cols, i % b.Cols}
}

// Contains reports whether c lies on the grid.
func (b Board) Contains(c Cell) bool {
	return c.Row >= 0 && c.Row < b.Rows && c.Col >= 0 && c.Col < b.Cols
}

// Kind returns the kind of cell i. The exit counts as open.
func (b Board) Kind(i int) CellKind {
	if b.Kinds == "" || i >= len(b.Kinds) {
		return Open
	}
	return CellKind(b.Kinds[i])
}

// Open reports whether cell i is open: it holds a jump and may be a start,
// a goal or a landing place. The exit is open.
func (b Board) Open(i int) bool { return b.Kind(i) == Open }

// OpenCells returns the indices of the open cells of the grid, ascending
// (the exit excluded): the cells a start may be drawn from.
func (b Board) OpenCells() []int {
	out := make([]int, 0, b.Rows*b.Cols)
	for i := range b.Rows * b.Cols {
		if b.Open(i) {
			out = append(out, i)
		}
	}
	return out
}

// SetKind sets the kind of cell c, which must lie on the grid.
func (b *Board) SetKind(c Cell, k CellKind) error {
	if !b.Contains(c) {
		return fault.Invalid("", "cell %v is off the %dx%d board", c, b.Rows, b.Cols)
	}
	if !k.valid() {
		return fault.Invalid("", "unknown cell kind %q", byte(k))
	}
	kinds := []byte(b.Kinds)
	if len(kinds) != b.Rows*b.Cols {
		kinds = make([]byte, b.Rows*b.Cols)
		for i := range kinds {
			kinds[i] = byte(Open)
		}
	}
	kinds[b.Index(c)] = byte(k)
	b.Kinds = string(kinds)
	if allOpen(b.Kinds) {
		b.Kinds = ""
	}
	return nil
}

func allOpen(kinds string) bool {
	for i := range len(kinds) {
		if kinds[i] != byte(Open) {
			return false
		}
	}
	return true
}

// Wall reports whether a wall lies on the side of cell i that a step in
// direction d crosses.
func (b Board) Wall(i int, d Dir) bool {
	return b.Walls != "" && i < len(b.Walls) && b.Walls[i]&(1<<d) != 0
}

// AddWall puts a wall between the neighbouring cells a and c: cells that
// share a side in the board's tiling (on a torus, across the wrap too; on
// a torus two cells wide they share two sides, and the wall covers both).
func (b *Board) AddWall(a, c Cell) error {
	if !b.Contains(a) || !b.Contains(c) {
		return fault.Invalid("", "wall %v-%v: the cells must lie on the %dx%d board", a, c, b.Rows, b.Cols)
	}
	i, j := b.Index(a), b.Index(c)
	walls := []byte(b.Walls)
	found := false
	for d := Dir(0); d < numDirs; d++ {
		if k, ok := b.neighbor(i, d); ok && k == j {
			if len(walls) != b.Rows*b.Cols {
				walls = make([]byte, b.Rows*b.Cols)
			}
			walls[i] |= 1 << d
			walls[j] |= 1 << d.Opposite()
			found = true
		}
	}
	if !found {
		return fault.Invalid("", "wall %v-%v: the cells are not neighbours", a, c)
	}
	b.Walls = string(walls)
	return nil
}

// WallList returns every wall once, as pairs of cell indices (a, c) with
// a < c, ordered by a then by c.
func (b Board) WallList() [][2]int {
	var out [][2]int
	for i := range len(b.Walls) {
		var seen []int
		for d := Dir(0); d < numDirs; d++ {
			if b.Walls[i]&(1<<d) == 0 {
				continue
			}
			if j, ok := b.neighbor(i, d); ok && i < j && !slices.Contains(seen, j) {
				seen = append(seen, j)
			}
		}
		slices.Sort(seen)
		for _, j := range seen {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// Dirs returns the board's move directions in the order the solver tries
// them. The slice must not be modified.
func (b Board) Dirs() []Dir { return b.Variant.dirs() }

// JumpLimit returns the largest jump the board's rules allow: max(Rows,
// Cols)−1 on a plain board or a torus, one more with an exit ring (to land
// beyond the far edge), twice the longest side minus one with loops or
// triangles (a line through a loop, or a slanted strip of triangles, is
// longer), and never above LongestJump.
func (b Board) JumpLimit() int {
	side := max(b.Rows, b.Cols)
	l := side - 1
	switch {
	case b.Variant.Exit:
		l = side
	case b.Variant.Loops || b.Variant.Tiling == Triangle:
		l = 2*side - 1
	}
	return min(l, LongestJump)
}

// MaxJump returns the largest jump cell i may hold that has a move. On a
// plain board this is the largest distance from i to an edge, max(r−1,
// rmax−r, c−1, cmax−c) in the words of the course assignment "Program 1:
// Search", and every jump from 1 to MaxJump has at least one move. With
// walls, blocked cells or a shape some smaller jumps may have none: see
// LegalJumps.
func (b Board) MaxJump(i int) int {
	if b.Plain() {
		c := b.Cell(i)
		return max(c.Row, b.Rows-1-c.Row, c.Col, b.Cols-1-c.Col)
	}
	for j := b.JumpLimit(); j >= 1; j-- {
		if b.Legal(i, j) {
			return j
		}
	}
	return 0
}

// LegalJumps appends to dst the jumps of cell i that have at least one
// move, ascending, and returns the extended slice.
func (b Board) LegalJumps(dst []int, i int) []int {
	if b.Plain() {
		for j := 1; j <= b.MaxJump(i); j++ {
			dst = append(dst, j)
		}
		return dst
	}
	for j := 1; j <= b.JumpLimit(); j++ {
		if b.Legal(i, j) {
			dst = append(dst, j)
		}
	}
	return dst
}

// Moves appends to dst the moves a jump of j from cell i allows, in
// direction order (see Dirs), and returns the extended slice. A jump of 0
// (the goal's) has no moves. Two moves may land on the same cell (on a
// torus, or through loops); σ, the set of cells landed on, counts it once.
func (b Board) Moves(dst []Move, i, j int) []Move {
	if j <= 0 {
		return dst
	}
	if b.Plain() {
		c := b.Cell(i)
		for d := Dir(0); d < Right+1; d++ {
			to := Cell{c.Row + j*dirDelta[d][0], c.Col + j*dirDelta[d][1]}
			if b.Contains(to) {
				dst = append(dst, Move{d, b.Index(to)})
			}
		}
		return dst
	}
	for _, d := range b.Variant.dirs() {
		if to, _, ok := b.Jump(i, d, j); ok {
			dst = append(dst, Move{d, to})
		}
	}
	return dst
}

// Legal reports whether a jump of j from cell i has at least one move.
func (b Board) Legal(i, j int) bool {
	if b.Plain() {
		return j >= 1 && j <= b.MaxJump(i)
	}
	if j < 1 || j > b.JumpLimit() {
		return false
	}
	for _, d := range b.Variant.dirs() {
		if _, _, ok := b.Jump(i, d, j); ok {
			return true
		}
	}
	return false
}

// Jump returns where a jump of j cells from cell i in direction d lands,
// and the direction of travel on arrival (which differs from d only after
// a Surakarta loop). ok is false when the rules forbid the jump: it would
// leave the board (or, with an exit ring, leave it before its last step),
// cross a wall, pass over a blocked or absent cell, land on a cell that is
// not open, land where it started, or exceed the torus's 1..size−1 along
// an axis. Cells that are not open, and the exit, have no jumps.
//
// The rules, step by step (docs/variants.md has pictures): a jump is j
// steps to the neighbouring cell in direction d, each step crossing one
// side (square diagonals cross a corner: blocked when walls close both
// ways round it). The tiling decides the neighbour; a torus wraps; a loop
// carries a step off a looped line end onto the perpendicular line.
func (b Board) Jump(i int, d Dir, j int) (to int, arrive Dir, ok bool) {
	n := b.Rows * b.Cols
	if j < 1 || j > b.JumpLimit() || i < 0 || i >= n || !b.Open(i) || !b.hasDir(d) {
		return 0, d, false
	}
	if b.Variant.Torus {
		limit := min(b.Rows, b.Cols) - 1
		switch d {
		case Up, Down:
			limit = b.Rows - 1
		case Left, Right:
			limit = b.Cols - 1
		}
		if j > limit {
			return 0, d, false
		}
	}
	cur, dir := i, d
	for k := 1; k <= j; k++ {
		next, nd, inside, ok := b.step(cur, dir)
		if !ok {
			return 0, d, false // a wall
		}
		if !inside || b.Kind(next) == Absent {
			if b.Variant.Exit && k == j {
				return n, nd, true
			}
			return 0, d, false
		}
		if k < j && b.Kind(next) == Blocked {
			return 0, d, false
		}
		cur, dir = next, nd
	}
	if cur == i || !b.Open(cur) {
		return 0, d, false
	}
	return cur, dir, true
}

func (b Board) hasDir(d Dir) bool {
	for _, e := range b.Variant.dirs() {
		if e == d {
			return true
		}
	}
	return false
}

// step takes one step from grid cell i in direction d. It returns the
// cell reached and the direction of travel there; inside is false when the
// step leaves the grid (next is then meaningless), and ok is false when a
// wall blocks the step.
func (b Board) step(i int, d Dir) (next int, nd Dir, inside, ok bool) {
	r, c := i/b.Cols, i%b.Cols
	switch b.Variant.Tiling {
	case Hex, Triangle:
		sd := b.subStep(r, c, d)
		if b.Wall(i, sd) {
			return 0, d, false, false
		}
		nr, nc := r+dirDelta[sd][0], c+dirDelta[sd][1]
		if sd.Diagonal() { // hex rows: the offset decides the column
			nr, nc = hexStep(r, c, sd)
		}
		if nr < 0 || nr >= b.Rows || nc < 0 || nc >= b.Cols {
			return 0, d, false, true
		}
		return nr*b.Cols + nc, d, true, true
	}
	if d.Diagonal() && b.Walls != "" && b.cornerBlocked(r, c, d) {
		return 0, d, false, false
	}
	if !d.Diagonal() && b.Wall(i, d) {
		return 0, d, false, false
	}
	nr, nc := r+dirDelta[d][0], c+dirDelta[d][1]
	if nr >= 0 && nr < b.Rows && nc >= 0 && nc < b.Cols {
		return nr*b.Cols + nc, d, true, true
	}
	switch {
	case b.Variant.Torus:
		nr, nc = (nr+b.Rows)%b.Rows, (nc+b.Cols)%b.Cols
		return nr*b.Cols + nc, d, true, true
	case b.Variant.Loops && !d.Diagonal():
		if lr, lc, ld, ok := b.loop(r, c, d); ok {
			return lr*b.Cols + lc, ld, true, true
		}
	}
	return 0, d, false, true
}

// subStep returns the single-side step that a move in direction d takes
// from (r, c) on a hexagonal or triangular board. On hexagons every
// direction crosses one side. On triangles (up-pointing when r+c is even)
// a slanted strip alternates: north-east leaves an up triangle by its right
// side and a down triangle by its top; north-west by the left side and the
// top; south-east by the bottom and the right side; south-west by the
// bottom and the left side.
func (b Board) subStep(r, c int, d Dir) Dir {
	if b.Variant.Tiling == Hex || d == Left || d == Right {
		return d
	}
	up := (r+c)%2 == 0
	switch d {
	case UpRight:
		if up {
			return Right
		}
		return Up
	case UpLeft:
		if up {
			return Left
		}
		return Up
	case DownRight:
		if up {
			return Down
		}
		return Right
	default: // DownLeft
		if up {
			return Down
		}
		return Left
	}
}

// hexStep returns the neighbour of (r, c) in diagonal direction d on the
// hexagonal tiling, whose odd rows (0-based) are shifted half a cell
// right.
func hexStep(r, c int, d Dir) (int, int) {
	odd := r & 1
	switch d {
	case UpLeft:
		return r - 1, c - 1 + odd
	case UpRight:
		return r - 1, c + odd
	case DownLeft:
		return r + 1, c - 1 + odd
	default: // DownRight
		return r + 1, c + odd
	}
}

// cornerBlocked reports whether walls close both ways round the corner a
// diagonal step from (r, c) in direction d passes: from a to the diagonal
// neighbour b via either orthogonal neighbour.
func (b Board) cornerBlocked(r, c int, d Dir) bool {
	vr, hc := dirDelta[d][0], dirDelta[d][1]
	vd, hd := Up, Left
	if vr > 0 {
		vd = Down
	}
	if hc > 0 {
		hd = Right
	}
	nr, nc := r+vr, c+hc
	if nr < 0 || nr >= b.Rows || nc < 0 || nc >= b.Cols {
		return false // leaves the grid; nothing to cross
	}
	a := r*b.Cols + c
	x := nr*b.Cols + c // the vertical neighbour
	y := r*b.Cols + nc // the horizontal neighbour
	viaX := b.Wall(a, vd) || b.Wall(x, hd)
	viaY := b.Wall(a, hd) || b.Wall(y, vd)
	return viaX && viaY
}

// loopCount returns K, the number of loops at each corner of a board with
// Surakarta loops: lines 1..K (0-based, counted from each edge) are
// looped, as the 6×6 Surakarta board loops its second and third lines.
func (b Board) loopCount() int { return (min(b.Rows, b.Cols) - 2) / 2 }

// loop follows a Surakarta loop: a step off the grid from (r, c) in
// orthogonal direction d. The loop at each corner joins the end of row k
// with the end of column k (counted from that corner), so that a line
// leaving upwards along column k re-enters along row k from the left edge
// moving right. The loop itself holds no cells: crossing it is one step.
func (b Board) loop(r, c int, d Dir) (nr, nc int, nd Dir, ok bool) {
	K := b.loopCount()
	R, C := b.Rows, b.Cols
	// low and high return k when x is looped line k counted from the low
	// edge (x = k) or from the high edge (x = size-1-k).
	low := func(x int) (int, bool) {
		if x >= 1 && x <= K {
			return x, true
		}
		return 0, false
	}
	high := func(x, size int) (int, bool) {
		if k := size - 1 - x; k >= 1 && k <= K {
			return k, true
		}
		return 0, false
	}
	switch d {
	case Up: // off the top of column c
		if k, ok := low(c); ok { // top-left loop: row k from the left
			return k, 0, Right, true
		}
		if k, ok := high(c, C); ok { // top-right loop: row k from the right
			return k, C - 1, Left, true
		}
	case Down: // off the bottom of column c
		if k, ok := low(c); ok { // bottom-left: row R-1-k from the left
			return R - 1 - k, 0, Right, true
		}
		if k, ok := high(c, C); ok { // bottom-right: row R-1-k from the right
			return R - 1 - k, C - 1, Left, true
		}
	case Left: // off the left end of row r
		if k, ok := low(r); ok { // top-left: column k from the top
			return 0, k, Down, true
		}
		if k, ok := high(r, R); ok { // bottom-left: column k from the bottom
			return R - 1, k, Up, true
		}
	case Right: // off the right end of row r
		if k, ok := low(r); ok { // top-right: column C-1-k from the top
			return 0, C - 1 - k, Down, true
		}
		if k, ok := high(r, R); ok { // bottom-right: column C-1-k from the bottom
			return R - 1, C - 1 - k, Up, true
		}
	}
	return 0, 0, d, false
}

// neighbor returns the cell that shares the side of grid cell i crossed
// by a step in direction d (a side direction of the tiling: U, D, L, R on
// squares and triangles, the six on hexagons), across a torus's wrap too.
func (b Board) neighbor(i int, d Dir) (int, bool) {
	r, c := i/b.Cols, i%b.Cols
	var nr, nc int
	switch b.Variant.Tiling {
	case Hex:
		if d == Up || d == Down {
			return 0, false
		}
		nr, nc = r+dirDelta[d][0], c+dirDelta[d][1]
		if d.Diagonal() {
			nr, nc = hexStep(r, c, d)
		}
	case Triangle:
		up := (r+c)%2 == 0
		if d.Diagonal() || (d == Up && up) || (d == Down && !up) {
			return 0, false
		}
		nr, nc = r+dirDelta[d][0], c+dirDelta[d][1]
	default:
		if d.Diagonal() {
			return 0, false
		}
		nr, nc = r+dirDelta[d][0], c+dirDelta[d][1]
		if b.Variant.Torus {
			nr, nc = (nr+b.Rows)%b.Rows, (nc+b.Cols)%b.Cols
			if nr*b.Cols+nc == i {
				return 0, false
			}
		}
	}
	if nr < 0 || nr >= b.Rows || nc < 0 || nc >= b.Cols {
		return 0, false
	}
	return nr*b.Cols + nc, true
}
