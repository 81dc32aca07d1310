package maze

import (
	"fmt"
	"strconv"
	"strings"
)

// The maze ID, in the spirit of Simon Tatham's game IDs, is a short
// printable string that holds everything needed to rebuild a maze:
//
//	5x5:3413133302312234233341432
//	7x6s3.2:...
//
// "RxC" is the size; an optional "sR.C" gives the start when it is not the
// upper-left corner (1-based); after the colon come the jumps row-major, one
// character each: 0 for the goal, 1-9, then a-v for 10-31. Parsing is
// lenient (case, surrounding space); printing is canonical. The format will
// not change once published: extend it, never alter it.

const idDigits = "0123456789abcdefghijklmnopqrstuv"

// ID returns the maze's canonical ID. It fails only for a maze holding a
// jump too large to encode (above 31), which no 32×32 board can use.
func (m *Maze) ID() (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d", m.Rows, m.Cols)
	if m.Start != 0 {
		s := m.Cell(m.Start)
		fmt.Fprintf(&b, "s%d.%d", s.Row+1, s.Col+1)
	}
	b.WriteByte(':')
	for i, j := range m.Jumps {
		if j < 0 || j >= len(idDigits) {
			return "", fmt.Errorf("maze: cell %v: jump %d cannot be written in an ID", m.Cell(i), j)
		}
		b.WriteByte(idDigits[j])
	}
	return b.String(), nil
}

// ParseID parses a maze ID (see Maze.ID) and validates the maze.
func ParseID(id string) (*Maze, error) {
	id = strings.ToLower(strings.TrimSpace(id))
	params, desc, ok := strings.Cut(id, ":")
	if !ok {
		return nil, fmt.Errorf("maze: ID %q has no ':' before the jumps", id)
	}
	size, startText, hasStart := strings.Cut(params, "s")
	rs, cs, ok := strings.Cut(size, "x")
	rows, err1 := strconv.Atoi(rs)
	cols, err2 := strconv.Atoi(cs)
	if !ok || err1 != nil || err2 != nil {
		return nil, fmt.Errorf("maze: ID size %q is not of the form RxC", size)
	}
	b := Board{Rows: rows, Cols: cols}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	start := DefaultStart(b)
	if hasStart {
		c, err := ParseCell(strings.Replace(startText, ".", ",", 1))
		if err != nil {
			return nil, fmt.Errorf("maze: ID start %q is not of the form sR.C", "s"+startText)
		}
		start = c
	}
	if len(desc) != b.Cells() {
		return nil, fmt.Errorf("maze: ID has %d jumps, want %d for %dx%d", len(desc), b.Cells(), rows, cols)
	}
	goal := -1
	jumps := make([]int, len(desc))
	for i := range len(desc) {
		v := strings.IndexByte(idDigits, desc[i])
		if v < 0 {
			return nil, fmt.Errorf("maze: ID character %d, %q, is not a jump (0-9, a-v)", i+1, desc[i])
		}
		if v == 0 {
			if goal >= 0 {
				return nil, fmt.Errorf("maze: ID marks two goals, at %v and %v", b.Cell(goal), b.Cell(i))
			}
			goal = i
		}
		jumps[i] = v
	}
	if goal < 0 {
		return nil, fmt.Errorf("maze: ID marks no goal (0)")
	}
	m, err := New(b, start, b.Cell(goal))
	if err != nil {
		return nil, err
	}
	m.Jumps = jumps
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}
