package maze

import (
	"fmt"
	"rjm/fault"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The maze ID, in the spirit of Simon Tatham's game IDs, is a short
// printable string that holds everything needed to rebuild a maze:
//
//	5x5:3413133302312234233341432
//	7x6s3.2:...
//	7x7-queen,torus:...
//	5x5-hex:...:walls
//
// "RxC" is the size; an optional "sR.C" gives the start when it is not the
// default (the upper-left corner on a plain board; 1-based); an optional
// "-NAMES" gives the variant (as ParseVariant reads it); after the colon
// come the jumps row-major, one character each: 0 for the goal, 1-9, then
// a-v for 10-31, and x, y, z for blocked, pass-over and absent cells. A
// board with walls adds a second colon and one digit per cell, row-major:
// the walls on the cell's "forward" sides, bit 0 its right side, bit 1
// its lower side (on hexagons: bit 1 lower-left, bit 2 lower-right). An
// exit-ring maze marks no goal: its goal is the exit. Parsing is lenient
// (case, surrounding space); printing is canonical. The format will not
// change once published: extend it, never alter it. Every ID of a plain
// maze reads as it always did.

const idDigits = "0123456789abcdefghijklmnopqrstuv"

// idKinds maps the cell kinds that are not open to their ID characters.
var idKinds = map[CellKind]byte{Blocked: 'x', PassOver: 'y', Absent: 'z'}

// forward returns the board's "forward" sides, the wall bits of the ID.
func (b Board) forward() []Dir {
	if b.Variant.Tiling == Hex {
		return []Dir{Right, DownLeft, DownRight}
	}
	return []Dir{Right, Down}
}

// ID returns the maze's canonical ID. It fails only for a maze holding a
// jump too large to encode (above 31), a dead end that no rule of rjm
// produces.
func (m *Maze) ID() (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d", m.Rows, m.Cols)
	if m.Start != m.Index(DefaultStart(m.Board)) {
		s := m.Cell(m.Start)
		fmt.Fprintf(&b, "s%d.%d", s.Row+1, s.Col+1)
	}
	if v := m.Variant.String(); v != "" {
		b.WriteString("-" + v)
	}
	b.WriteByte(':')
	for i := range m.Rows * m.Cols {
		if k := m.Kind(i); k != Open {
			b.WriteByte(idKinds[k])
			continue
		}
		j := m.Jumps[i]
		if j < 0 || j >= len(idDigits) {
			return "", fault.Invalid("", "cell %v: jump %d cannot be written in an ID", m.Cell(i), j)
		}
		b.WriteByte(idDigits[j])
	}
	if m.Walls != "" {
		b.WriteByte(':')
		b.WriteString(m.wallDigits())
	}
	return b.String(), nil
}

// ParseID parses a maze ID (see Maze.ID) and validates the maze.
func ParseID(id string) (*Maze, error) {
	id = strings.ToLower(strings.TrimSpace(id))
	params, desc, ok := strings.Cut(id, ":")
	if !ok {
		return nil, fault.Invalid("", "ID %q has no ':' before the jumps", Short(id))
	}
	desc, wallText, hasWalls := strings.Cut(desc, ":")
	params, variantText, hasVariant := strings.Cut(params, "-")
	size, startText, hasStart := strings.Cut(params, "s")
	if size == "" {
		return nil, fault.Invalid("", "ID %q does not begin with its size RxC", Short(id))
	}
	rs, cs, ok := strings.Cut(size, "x")
	rows, err1 := strconv.Atoi(rs)
	cols, err2 := strconv.Atoi(cs)
	if !ok || err1 != nil || err2 != nil {
		return nil, fault.Invalid("", "ID size %q is not of the form RxC", Short(size))
	}
	b := Board{Rows: rows, Cols: cols}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	if hasVariant {
		v, err := ParseVariant(variantText)
		if err != nil {
			return nil, err
		}
		if v == (Variant{}) {
			return nil, fault.Invalid("", "ID variant %q names no rule", Short(variantText))
		}
		b.Variant = v
	}
	n := rows * cols
	for i, r := range []rune(desc) {
		if r >= utf8.RuneSelf {
			return nil, fault.Invalid("", "ID character %d, %q, is not a jump (0-9, a-v) or a cell kind (x, y, z)", i+1, r)
		}
	}
	if len(desc) != n {
		return nil, fault.Invalid("", "ID has %d jumps, want %d for %dx%d", len(desc), n, rows, cols)
	}
	goal := -1
	jumps := make([]int, b.Cells())
	kinds := make([]byte, n)
	for i := range n {
		kinds[i] = byte(Open)
		if k := strings.IndexByte("xyz", desc[i]); k >= 0 {
			kinds[i] = byte([]CellKind{Blocked, PassOver, Absent}[k])
			continue
		}
		v := strings.IndexByte(idDigits, desc[i])
		if v < 0 {
			return nil, fault.Invalid("", "ID character %d, %q, is not a jump (0-9, a-v) or a cell kind (x, y, z)", i+1, desc[i])
		}
		if v == 0 {
			if b.Variant.Exit {
				return nil, fault.Invalid("", "ID marks a goal at %v, but an exit-ring maze's goal is the exit", b.Cell(i))
			}
			if goal >= 0 {
				return nil, fault.Invalid("", "ID marks two goals, at %v and %v", b.Cell(goal), b.Cell(i))
			}
			goal = i
		}
		jumps[i] = v
	}
	if !allOpen(string(kinds)) {
		b.Kinds = string(kinds)
	}
	if hasWalls {
		if err := b.setWallDigits(wallText); err != nil {
			return nil, err
		}
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	start := DefaultStart(b)
	if hasStart {
		c, err := ParseCell(strings.Replace(startText, ".", ",", 1))
		if err != nil {
			return nil, fault.Invalid("", "ID start %q is not of the form sR.C", "s"+Short(startText))
		}
		start = c
	}
	goalCell := ExitCell
	if !b.Variant.Exit {
		if goal < 0 {
			return nil, fault.Invalid("", "ID marks no goal (0)")
		}
		goalCell = b.Cell(goal)
	}
	m, err := New(b, start, goalCell)
	if err != nil {
		return nil, err
	}
	m.Jumps = jumps
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// wallDigits returns the walls in the ID's form: one digit per cell,
// row-major, the walls on the cell's forward sides.
func (b Board) wallDigits() string {
	fwd := b.forward()
	digits := make([]byte, b.Rows*b.Cols)
	for i := range digits {
		bits := 0
		for k, d := range fwd {
			if b.Wall(i, d) {
				bits |= 1 << k
			}
		}
		digits[i] = byte('0' + bits)
	}
	return string(digits)
}

// setWallDigits adds the walls that digits (see wallDigits) give.
func (b *Board) setWallDigits(digits string) error {
	n := b.Rows * b.Cols
	if len(digits) != n {
		return fault.Invalid("", "ID has %d wall digits, want %d for %dx%d", len(digits), n, b.Rows, b.Cols)
	}
	fwd := b.forward()
	for i := range n {
		bits := int(digits[i]) - '0'
		if bits < 0 || bits >= 1<<len(fwd) {
			return fault.Invalid("", "ID wall character %d, %q, is not a digit 0-%d", i+1, digits[i], 1<<len(fwd)-1)
		}
		for k, d := range fwd {
			if bits&(1<<k) == 0 {
				continue
			}
			j, ok := b.neighbor(i, d)
			if !ok {
				return fault.Invalid("", "ID wall on the %s side of %v, where it has no neighbour", d, b.Cell(i))
			}
			if err := b.AddWall(b.Cell(i), b.Cell(j)); err != nil {
				return err
			}
		}
	}
	if b.Walls == "" {
		return fault.Invalid("", "ID has a wall section without walls")
	}
	return nil
}

// LayoutID returns the board's layout, its cell kinds and walls, in the
// maze ID's notation: one character per cell, row-major, o for an open
// cell and x, y, z for blocked, pass-over and absent cells, then, with
// walls, a colon and the wall digits. It is "" for a board with every cell
// open and no walls. SetLayoutID reads it back.
func (b Board) LayoutID() string {
	if b.Kinds == "" && b.Walls == "" {
		return ""
	}
	cells := make([]byte, b.Rows*b.Cols)
	for i := range cells {
		cells[i] = 'o'
		if k := b.Kind(i); k != Open {
			cells[i] = idKinds[k]
		}
	}
	if b.Walls == "" {
		return string(cells)
	}
	return string(cells) + ":" + b.wallDigits()
}

// SetLayoutID sets the cell kinds and walls of b, whose size and variant
// must already be set, from a layout ID (see LayoutID), and validates the
// board.
func (b *Board) SetLayoutID(id string) error {
	cells, walls, hasWalls := strings.Cut(strings.ToLower(strings.TrimSpace(id)), ":")
	n := b.Rows * b.Cols
	if len(cells) != n {
		return fault.Invalid("", "layout has %d cells, want %d for %dx%d", len(cells), n, b.Rows, b.Cols)
	}
	kinds := make([]byte, n)
	for i := range n {
		switch k := strings.IndexByte("oxyz", cells[i]); k {
		case -1:
			return fault.Invalid("", "layout character %d, %q, is not a cell kind (o, x, y, z)", i+1, cells[i])
		default:
			kinds[i] = byte([]CellKind{Open, Blocked, PassOver, Absent}[k])
		}
	}
	b.Kinds, b.Walls = "", ""
	if !allOpen(string(kinds)) {
		b.Kinds = string(kinds)
	}
	if hasWalls {
		if err := b.setWallDigits(walls); err != nil {
			return err
		}
	}
	return b.Validate()
}

// Short cuts s to its first 40 characters (marking the cut with "...")
// for an error message, so that a huge input is never echoed whole.
func Short(s string) string {
	n := 0
	for i := range s {
		if n == 40 {
			return s[:i] + "..."
		}
		n++
	}
	return s
}
