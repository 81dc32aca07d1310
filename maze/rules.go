package maze

import (
	"strings"
)

// This file is the rule catalogue: every rule a board can play — the
// tilings, the queen's diagonals, the torus, Surakarta's loops, Loyd's
// exit ring, Abbott's no-U-turn rule, and a layout's blocked and
// pass-over cells, gaps and walls — is one row of Rules, holding what the
// rest of rjm reads of it: its name and aliases, what it cannot be
// combined with, whether it makes a state more than a cell, the sentence
// and the short line that say it to a player, and the board without it.
// The parser, the canonical text, the validation, the move graph, the
// rules pages and the books' worked examples iterate the rows; adding a
// rule is adding a row (and its moves, in Board.Jump), and a test fails
// when a row lacks an entry.

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

// Rule is one row of the rule catalogue.
type Rule struct {
	// Name is the rule's name as the maze text, the maze ID and
	// --variant spell it; a layout's rules (cells, gaps, walls), which
	// come with the board rather than its variant, have a name for
	// messages but are not parsed from a variant.
	Name string
	// Aliases are further names ParseVariant reads.
	Aliases []string
	// Help says what the rule does in a few words, for help texts.
	Help string
	// Variant is set for a rule of the variant (parsed, written in the
	// variant's text); a layout's rules come with the board.
	Variant bool
	// On reports whether board b plays the rule.
	On func(b Board) bool
	// set turns the rule on in a variant (rules of the variant only).
	set func(v *Variant)
	// Conflicts are the rules it cannot be played with: the other rule's
	// name and the message that says why.
	Conflicts []Conflict
	// Arrival is set when the rule makes a state a cell and the direction
	// of arrival (the move graph's StatesPerCell).
	Arrival bool
	// Transposes is set when a board under the rule looks the same
	// transposed (a records search halves its work on square boards).
	Transposes bool
	// Directions says which ways a jump goes under the rule (a tiling's
	// lines, the queen's eight), "" when it adds none.
	Directions string
	// Edge says what a jump does at the board's edge under the rule (it
	// wraps, loops or leaves for the exit), "" when the edge stays shut.
	Edge string
	// Sentences are what the rule adds to the rules a player reads on
	// board b (the blocked cells, the walls, the U-turns), nil when
	// Directions, Edge and Goal say it all.
	Sentences func(b Board) []string
	// Round says how a move that goes round the board's edge under the
	// rule goes ("across the edge"), for a worked example spelt out; ""
	// for a rule whose moves stay on the board.
	Round string
	// Goal replaces the goal's sentence, "" when the goal is the G.
	Goal string
	// PlacesGoal is set when the rule places the goal itself (the exit,
	// maze.ExitCell): a recipe neither draws one nor takes one.
	PlacesGoal bool
	// Line is the rule on board b in a few words, for a phone's first
	// screen ("" when it shows nothing there).
	Line func(b Board) string
	// Wraps is set when a jump that runs off an edge comes back in at the
	// opposite one (a jump longer than the board comes back round, and a
	// player is told so when it is refused).
	Wraps bool
	// Cells is how a book's title page names boards under the rule by
	// their cells ("hexagonal" boards), "" for a rule that keeps the
	// square cells; With is what it says such boards come with ("queen's
	// moves"), "" for a rule said otherwise (a tiling by Cells, a layout
	// by its shape).
	Cells, With string
	// Without returns board b without the rule, for a rule the same maze
	// can be played without (a book's worked example must need it); nil
	// for a rule that makes the board what it is (a tiling, the exit
	// ring, the gaps of a shape).
	Without func(b Board) Board
}

// Conflict is a rule another rule cannot be played with, and why.
type Conflict struct {
	With string // the other rule's name
	Why  string // the message, in rjm's words
}

// The plain board's own rules, which a rule's Directions, Edge and Goal
// replace.
const (
	RookDirections = "up, down, left or right"
	ShutEdge       = "A jump may not leave the board: it must land on a cell inside it."
	GoalG          = "The goal is to reach the cell marked G in as few jumps as you can."
	PlainLine      = "Jump exactly your cell's number; reach G"
)

// Rules is the rule catalogue, in canonical order: the order of a
// variant's text and of the sentences that say the rules.
var Rules = []Rule{
	{
		Name: VariantHex, Aliases: []string{"hexagonal"}, Variant: true,
		Help: "hexagonal tiling: 6 directions, even rows shifted half a cell right",
		On:   func(b Board) bool { return b.Variant.Tiling == Hex },
		set:  func(v *Variant) { v.Tiling = Hex },
		Conflicts: []Conflict{
			{VariantQueen, "variant queen needs the square tiling (hex already has six directions)"},
			{VariantTorus, "variant torus needs the square tiling, not hex"},
			{VariantLoops, "variant loops needs the square tiling, not hex"},
		},
		Directions: "along one of the six lines through the hexagon: east, west, north-east, north-west, south-east or south-west (there is no straight line north or south)",
		Line:       line("Jumps follow the hexagons' six lines"),
		Cells:      "hexagonal",
	},
	{
		Name: VariantTriangle, Aliases: []string{"triangular"}, Variant: true,
		Help: "triangular tiling: 6 directions along strips of triangles",
		On:   func(b Board) bool { return b.Variant.Tiling == Triangle },
		set:  func(v *Variant) { v.Tiling = Triangle },
		Conflicts: []Conflict{
			{VariantQueen, "variant queen needs the square tiling (triangle already has six directions)"},
			{VariantTorus, "variant torus needs the square tiling, not triangle"},
			{VariantLoops, "variant loops needs the square tiling, not triangle"},
		},
		Directions: "along the row (east or west) or along one of the slanted strips of triangles (north-east, north-west, south-east or south-west)",
		Line:       line("Jumps follow rows and slanted strips"),
		Cells:      "triangular",
	},
	{
		Name: VariantQueen, Variant: true, Transposes: true,
		Help:       "diagonal moves too (Loyd's Queen Jumping Maze)",
		On:         func(b Board) bool { return b.Variant.Queen },
		set:        func(v *Variant) { v.Queen = true },
		Directions: "up, down, left, right or diagonally",
		Line:       line("Jumps go diagonally too"),
		With:       "queen's moves",
		Without:    func(b Board) Board { b.Variant.Queen = false; return b },
	},
	{
		Name: VariantTorus, Variant: true, Transposes: true,
		Help: "jumps wrap around the edges",
		On:   func(b Board) bool { return b.Variant.Torus },
		set:  func(v *Variant) { v.Torus = true },
		Conflicts: []Conflict{
			{VariantLoops, "variants torus and loops cannot be combined (a torus has no edge for a loop)"},
			{VariantExit, "variants torus and exit cannot be combined (a torus has no edge to leave)"},
		},
		Edge:    "The board wraps around: a jump that runs off an edge comes back in at the opposite edge and carries on (it may not end on the cell it started from).",
		Line:    line("Edges wrap round to the opposite side"),
		With:    "edges that wrap round",
		Round:   "across the edge",
		Wraps:   true,
		Without: func(b Board) Board { b.Variant.Torus = false; return b },
	},
	{
		Name: VariantLoops, Aliases: []string{"surakarta"}, Variant: true,
		Help: "Surakarta loops at the corners",
		On:   func(b Board) bool { return b.Variant.Loops },
		set:  func(v *Variant) { v.Loops = true },
		Conflicts: []Conflict{
			{VariantExit, "variants loops and exit cannot be combined"},
		},
		Edge:    "The loops drawn at the corners join the lines they meet: a jump that runs off the board along a looped line follows the loop round the corner and carries on along the line it joins. The loop is not a cell: count the first cell past the loop as the next cell, as if the two lines met there (a 1 at the end of a looped line lands on the first cell of the line the loop joins). Every other jump must stay on the board.",
		Line:    line("Corner loops carry a jump round"),
		With:    "Surakarta loops",
		Round:   "round the loop",
		Without: func(b Board) Board { b.Variant.Loops = false; return b },
	},
	{
		Name: VariantExit, Aliases: []string{"loyd"}, Variant: true,
		Help:       "Loyd's exit ring: the goal is to land one cell beyond the edge",
		On:         func(b Board) bool { return b.Variant.Exit },
		set:        func(v *Variant) { v.Exit = true },
		Edge:       "The board's edge is its way out: a jump whose last cell lies just beyond the edge lands on the exit. No jump may cross the edge before its last cell.",
		Goal:       "The goal is to get off the board: reach the exit in as few jumps as you can.",
		PlacesGoal: true,
		Line:       line("Jump off the board onto the exit"),
		With:       "an exit ring",
	},
	{
		Name: "blocked and pass-over cells",
		On:   func(b Board) bool { return strings.ContainsAny(b.Kinds, string([]byte{byte(Blocked), byte(PassOver)})) },
		Sentences: func(b Board) []string {
			var out []string
			if strings.ContainsRune(b.Kinds, rune(Blocked)) {
				out = append(out, "A dark cell is blocked: a jump may neither land on it nor pass over it.")
			}
			if strings.ContainsRune(b.Kinds, rune(PassOver)) {
				out = append(out, "A cell marked * may be jumped over but not landed on.")
			}
			return out
		},
		Line: func(b Board) string {
			var parts []string
			if strings.ContainsRune(b.Kinds, rune(Blocked)) {
				parts = append(parts, "Dark cells stop a jump")
			}
			if strings.ContainsRune(b.Kinds, rune(PassOver)) {
				parts = append(parts, "Never land on a *")
			}
			return strings.Join(parts, " · ")
		},
		Without: func(b Board) Board {
			b.Kinds = strings.NewReplacer(string(Blocked), string(Open), string(PassOver), string(Open)).Replace(b.Kinds)
			return b
		},
	},
	{
		Name: "gaps",
		On:   func(b Board) bool { return strings.ContainsRune(b.Kinds, rune(Absent)) },
		Line: line(""),
		Sentences: func(b Board) []string {
			if b.Variant.Exit {
				return nil // the exit ring's sentence says what lies beyond a gap
			}
			return []string{"The gaps in the board are not cells: no jump lands on them or crosses them."}
		},
	},
	{
		Name: "walls",
		On:   func(b Board) bool { return b.Walls != "" },
		Sentences: func(b Board) []string {
			if b.Variant.Queen {
				return []string{"No jump crosses a wall (a thick line between two cells); a diagonal jump passes a corner unless walls close it on both sides."}
			}
			return []string{"No jump crosses a wall (a thick line between two cells)."}
		},
		Line:    line("No jump crosses a wall"),
		Without: func(b Board) Board { b.Walls = ""; return b },
	},
	{
		Name: VariantNoUTurn, Aliases: []string{"no-uturn", "nouturn"}, Variant: true, Arrival: true,
		Help: "Abbott's rule: no jump reverses the previous one",
		On:   func(b Board) bool { return b.Variant.NoUTurn },
		set:  func(v *Variant) { v.NoUTurn = true },
		Sentences: func(Board) []string {
			return []string{"No U-turns: a jump may not go straight back the way the jump before it came (after a jump right, the next may not go left)."}
		},
		Line:    line("No U-turns: never jump straight back"),
		With:    "no U-turns",
		Without: func(b Board) Board { b.Variant.NoUTurn = false; return b },
	},
}

// line returns a Line that says s on every board.
func line(s string) func(Board) string { return func(Board) string { return s } }

// VariantNames lists the names of the variant's rules in canonical order,
// with what each does, for help texts.
var VariantNames = variantNames()

func variantNames() [][2]string {
	var out [][2]string
	for _, r := range Rules {
		if r.Variant {
			out = append(out, [2]string{r.Name, r.Help})
		}
	}
	return out
}

// On returns the rows of the rules board b plays, in canonical order.
func (b Board) On() []Rule {
	var out []Rule
	for _, r := range Rules {
		if r.On(b) {
			out = append(out, r)
		}
	}
	return out
}

// Wraps reports whether a jump on b that runs off an edge comes back in at
// the opposite one (a rule b plays has Wraps).
func (b Board) Wraps() bool {
	for _, r := range b.On() {
		if r.Wraps {
			return true
		}
	}
	return false
}

// Square reports whether b's cells are squares (no rule b plays names its
// cells otherwise: Rule.Cells).
func (b Board) Square() bool {
	for _, r := range b.On() {
		if r.Cells != "" {
			return false
		}
	}
	return true
}

// Arrival reports whether a state of v is a cell and the direction of
// arrival (a rule of v's row has Arrival), not a cell alone.
func (v Variant) Arrival() bool {
	for _, r := range Rules {
		if r.Arrival && r.On(Board{Variant: v}) {
			return true
		}
	}
	return false
}

// PlacesGoal reports whether a rule of v places the goal itself (the
// exit ring's exit): a recipe neither draws nor takes one.
func (v Variant) PlacesGoal() bool {
	for _, r := range Rules {
		if r.PlacesGoal && r.On(Board{Variant: v}) {
			return true
		}
	}
	return false
}

// Transposes reports whether every rule of v looks the same on the
// transposed board.
func (v Variant) Transposes() bool {
	for _, r := range Rules {
		if r.Variant && !r.Transposes && r.On(Board{Variant: v}) {
			return false
		}
	}
	return true
}
