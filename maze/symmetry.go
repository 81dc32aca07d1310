package maze

// Symmetries returns the images of m under the symmetries of its board,
// m itself first: each image moves the jumps, the start and the goal
// together, so it is the same puzzle seen turned or mirrored, with the
// same goal depth and the same design features.
//
// Which symmetries a board has: a square grid without blocked, pass-over
// or absent cells and without walls, under the rook, queen, torus and loop
// rules, has the 8 of the square (turns by 90°, mirrors) when it is
// square and the 4 of the rectangle (turn by 180°, the two mirrors)
// otherwise: each maps every line of movement onto a line of the same
// rule, and a jump onto a jump of the same length. Hexagonal and
// triangular tilings, shaped boards, walls and the exit ring are left as
// they are (only m itself): their offsets and layouts would need a
// symmetry of their own, and "distinct" then means "not identical".
func (m *Maze) Symmetries() []*Maze {
	out := []*Maze{m}
	if m.Variant.Tiling != Square || m.Kinds != "" || m.Walls != "" || m.Variant.Exit {
		return out
	}
	R, C := m.Rows, m.Cols
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, C - 1 - c },         // mirror left-right
		func(r, c int) (int, int) { return R - 1 - r, c },         // mirror top-bottom
		func(r, c int) (int, int) { return R - 1 - r, C - 1 - c }, // turn by 180°
	}
	if R == C {
		maps = append(maps,
			func(r, c int) (int, int) { return c, r },                 // transpose
			func(r, c int) (int, int) { return C - 1 - c, R - 1 - r }, // anti-transpose
			func(r, c int) (int, int) { return c, R - 1 - r },         // turn by 90°
			func(r, c int) (int, int) { return C - 1 - c, r },         // turn by 270°
		)
	}
	for _, f := range maps {
		img := &Maze{Board: m.Board, Jumps: make([]int, len(m.Jumps))}
		for i, j := range m.Jumps {
			r, c := f(i/C, i%C)
			img.Jumps[r*C+c] = j
		}
		r, c := f(m.Start/C, m.Start%C)
		img.Start = r*C + c
		r, c = f(m.Goal/C, m.Goal%C)
		img.Goal = r*C + c
		out = append(out, img)
	}
	return out
}

// Canonical returns a key that two mazes share exactly when one is an
// image of the other under a symmetry of Symmetries: the least ID among
// the images (the text form for a maze without an ID).
func (m *Maze) Canonical() string {
	best := ""
	for k, img := range m.Symmetries() {
		id, err := img.ID()
		if err != nil {
			id = img.String()
		}
		if k == 0 || id < best {
			best = id
		}
	}
	return best
}

// Differing returns the open cells in which mazes a and b, on the same
// board, differ: a different jump, or the start or the goal in one and
// not the other. It is len(a.OpenCells()) at most, plus the exit.
func Differing(a, b *Maze) int {
	n := 0
	for i := range a.Jumps {
		if !a.Open(i) {
			continue
		}
		role := func(m *Maze) int {
			switch i {
			case m.Start:
				return -1
			case m.Goal:
				return -2
			}
			return m.Jumps[i]
		}
		if role(a) != role(b) {
			n++
		}
	}
	return n
}

// Near reports whether a and b, on the same board, are too alike to be two
// puzzles of one collection: some image of b under the board's symmetries
// (Symmetries) differs from a in fewer than a quarter of the open cells.
func Near(a, b *Maze) bool {
	if a.Board != b.Board {
		return false
	}
	cells := len(a.OpenCells())
	for _, img := range b.Symmetries() {
		if 4*Differing(a, img) < cells {
			return true
		}
	}
	return false
}
