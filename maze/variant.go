package maze

import (
	"rjm/fault"
	"strings"
)

// Tiling is the shape of the board's cells.
type Tiling uint8

// The tilings. Square is the zero value: the papers' grid.
const (
	// Square cells in rows and columns.
	Square Tiling = iota
	// Hex is pointy-topped hexagons in rows, every second row (the even
	// rows counting from 1) shifted half a cell to the right ("odd-r"
	// offset coordinates). Its six straight lines run west, east,
	// north-west, north-east, south-west and south-east.
	Hex
	// Triangle is equilateral triangles in rows, alternately pointing up
	// and down: cell (r,c), 1-based, points up when r+c is even. A
	// straight line is a strip of triangles between two parallel grid
	// lines, crossing one edge per step: west and east along a row, and
	// north-west, north-east, south-west and south-east along the two
	// slanted strips.
	Triangle
)

// String returns the tiling's name as a variant name: "square", "hex" or
// "triangle".
func (t Tiling) String() string {
	switch t {
	case Hex:
		return "hex"
	case Triangle:
		return "triangle"
	}
	return "square"
}

// Variant is the set of rules that turn the papers' Rook Jumping Maze into
// one of the variations of the assignment ("Project Variations"), of its
// web page ("Variations") and of the design paper (section 5). The zero
// value is the plain Rook Jumping Maze. A Variant is a comparable value;
// its text form is a comma-separated list of names (see ParseVariant).
type Variant struct {
	Tiling Tiling
	// Queen adds the four diagonal directions (Loyd's Queen Jumping Maze);
	// square tiling only.
	Queen bool
	// Torus wraps jumps around the edges; a jump then ranges over
	// 1..size−1 along each axis. Square tiling only.
	Torus bool
	// Loops adds Surakarta's corner loops: a line that leaves the board at
	// a looped row or column re-enters along the perpendicular one (see
	// docs/variants.md). Square tiling only; not with Torus or Exit.
	Loops bool
	// Exit is Loyd's exit ring: the goal is to land exactly one cell
	// beyond the board's edge (an absent cell or off the grid), and no
	// jump may pass over the ring or an absent cell before it lands. The
	// goal is then the extra cell Board.Exit. Not with Torus or Loops.
	Exit bool
	// NoUTurn is Robert Abbott's rule: a jump may not reverse the
	// direction of the jump before it. A state is then a cell and the
	// direction of arrival.
	NoUTurn bool
}

// Variant names, as the maze text, the maze ID and --variant spell them.
const (
	VariantQueen    = "queen"
	VariantTorus    = "torus"
	VariantLoops    = "loops"
	VariantExit     = "exit"
	VariantNoUTurn  = "no-u-turn"
	VariantHex      = "hex"
	VariantTriangle = "triangle"
)

// VariantNames lists the variant names in canonical order, with what
// each does, for help texts.
var VariantNames = [][2]string{
	{VariantHex, "hexagonal tiling: 6 directions, even rows shifted half a cell right"},
	{VariantTriangle, "triangular tiling: 6 directions along strips of triangles"},
	{VariantQueen, "diagonal moves too (Loyd's Queen Jumping Maze)"},
	{VariantTorus, "jumps wrap around the edges"},
	{VariantLoops, "Surakarta loops at the corners"},
	{VariantExit, "Loyd's exit ring: the goal is to land one cell beyond the edge"},
	{VariantNoUTurn, "Abbott's rule: no jump reverses the previous one"},
}

// ParseVariant parses a comma-separated list of variant names, e.g.
// "queen,torus" or "hex, no-u-turn". Names are case-insensitive; "rook",
// "square" and the empty list add nothing. Aliases: "hexagonal",
// "triangular", "surakarta", "loyd" (for exit), "no-uturn" and "nouturn".
// The combination must be valid (see Variant.Validate).
func ParseVariant(s string) (Variant, error) {
	var v Variant
	tiling := ""
	for name := range strings.SplitSeq(s, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		switch name {
		case "", "rook", "square", "plain":
		case VariantQueen:
			v.Queen = true
		case VariantTorus:
			v.Torus = true
		case VariantLoops, "surakarta":
			v.Loops = true
		case VariantExit, "loyd":
			v.Exit = true
		case VariantNoUTurn, "no-uturn", "nouturn":
			v.NoUTurn = true
		case VariantHex, "hexagonal", VariantTriangle, "triangular":
			t := Hex
			if name[0] == 't' {
				t = Triangle
			}
			if tiling != "" && v.Tiling != t {
				return Variant{}, fault.Invalid("", "variant %q names two tilings, %s and %s", Short(s), tiling, name)
			}
			v.Tiling, tiling = t, name
		default:
			if len(name) > 20 {
				name = name[:20] + "..."
			}
			return Variant{}, fault.Invalid("", "unknown variant %q (want a comma-separated list of %s)", Short(name), VariantList())
		}
	}
	if err := v.Validate(); err != nil {
		return Variant{}, err
	}
	return v, nil
}

// VariantList returns the variant names, comma-separated, for help texts
// and messages.
func VariantList() string {
	names := make([]string, len(VariantNames))
	for i, n := range VariantNames {
		names[i] = n[0]
	}
	return strings.Join(names, ", ")
}

// String returns the canonical text form: the names in the order of
// VariantNames, separated by commas; "" for the plain Rook Jumping Maze.
func (v Variant) String() string {
	var names []string
	if v.Tiling != Square {
		names = append(names, v.Tiling.String())
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{v.Queen, VariantQueen}, {v.Torus, VariantTorus}, {v.Loops, VariantLoops}, {v.Exit, VariantExit}, {v.NoUTurn, VariantNoUTurn}} {
		if f.on {
			names = append(names, f.name)
		}
	}
	return strings.Join(names, ",")
}

// MarshalText returns the text form (see String).
func (v Variant) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the text form (see ParseVariant), so that a variant
// can be a flag's or a field's value.
func (v *Variant) UnmarshalText(text []byte) error {
	x, err := ParseVariant(string(text))
	if err == nil {
		*v = x
	}
	return err
}

// With returns the rules of v and o together, e.g. a maze's own variant
// and those a command line adds. The tilings must agree (or one be
// Square), and the combination must be valid.
func (v Variant) With(o Variant) (Variant, error) {
	if v.Tiling != Square && o.Tiling != Square && v.Tiling != o.Tiling {
		return Variant{}, fault.Invalid("", "variants name two tilings, %s and %s", v.Tiling, o.Tiling)
	}
	u := Variant{
		Tiling: max(v.Tiling, o.Tiling),
		Queen:  v.Queen || o.Queen, Torus: v.Torus || o.Torus, Loops: v.Loops || o.Loops,
		Exit: v.Exit || o.Exit, NoUTurn: v.NoUTurn || o.NoUTurn,
	}
	if err := u.Validate(); err != nil {
		return Variant{}, err
	}
	return u, nil
}

// Validate reports whether the rules can be combined.
func (v Variant) Validate() error {
	switch {
	case v.Tiling > Triangle:
		return fault.Invalid("", "unknown tiling %d", v.Tiling)
	case v.Tiling != Square && v.Queen:
		return fault.Invalid("", "variant queen needs the square tiling (%s already has six directions)", v.Tiling)
	case v.Tiling != Square && v.Torus:
		return fault.Invalid("", "variant torus needs the square tiling, not %s", v.Tiling)
	case v.Tiling != Square && v.Loops:
		return fault.Invalid("", "variant loops needs the square tiling, not %s", v.Tiling)
	case v.Torus && v.Loops:
		return fault.Invalid("", "variants torus and loops cannot be combined (a torus has no edge for a loop)")
	case v.Torus && v.Exit:
		return fault.Invalid("", "variants torus and exit cannot be combined (a torus has no edge to leave)")
	case v.Loops && v.Exit:
		return fault.Invalid("", "variants loops and exit cannot be combined")
	}
	return nil
}

// dirs returns the move directions of the variant, in solver order.
func (v Variant) dirs() []Dir {
	switch {
	case v.Tiling != Square:
		return sixDirs
	case v.Queen:
		return queenDirs
	}
	return rookDirs
}

var (
	rookDirs  = []Dir{Up, Down, Left, Right}
	queenDirs = []Dir{Up, Down, Left, Right, UpLeft, UpRight, DownLeft, DownRight}
	sixDirs   = []Dir{Left, Right, UpLeft, UpRight, DownLeft, DownRight}
)
