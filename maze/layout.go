package maze

import (
	"rjm/fault"
	"slices"
	"strings"
)

// Notation returns moves as a solution string. On boards whose moves are
// the rook directions (square tiling without queen moves) it is the
// papers' letters run together, e.g. "RDLRUDRLRLUDLDRRUDD"; on the others
// it is compass codes separated by spaces, e.g. "SW SW NE NE NE SW SW SW
// SE" (Loyd's "Back from the Klondike").
func (b Board) Notation(moves []Move) string {
	var s strings.Builder
	rook := b.Variant.Tiling == Square && !b.Variant.Queen
	for i, m := range moves {
		if rook {
			s.WriteByte(m.Dir.Letter())
			continue
		}
		if i > 0 {
			s.WriteByte(' ')
		}
		s.WriteString(m.Dir.Compass())
	}
	return s.String()
}

// FormatGrid lays out one token per grid cell (token(i) for cell index
// i, row-major) as the maze text does: one line per row, tokens separated
// by single spaces. On a hexagonal board, or one with a shape or blocked
// cells, every token is right-justified to the widest one, and on a
// hexagonal board every second row is indented by half a cell so that
// the rows show the tiling. A plain board's tokens are printed as they
// are.
func (b Board) FormatGrid(token func(i int) string) string {
	return b.formatGrid(token, ' ')
}

func (b Board) formatGrid(token func(i int) string, sep byte) string {
	hex := b.Variant.Tiling == Hex
	if hex {
		sep = ' '
	}
	n := b.Rows * b.Cols
	toks := make([]string, n)
	width := 0
	for i := range n {
		toks[i] = token(i)
		if hex || b.Kinds != "" {
			width = max(width, len(toks[i]))
		}
	}
	var s strings.Builder
	for r := range b.Rows {
		if hex && r%2 == 1 {
			s.WriteString(strings.Repeat(" ", (width+2)/2))
		}
		for c := range b.Cols {
			if c > 0 {
				s.WriteByte(sep)
			}
			t := toks[r*b.Cols+c]
			if sep == ' ' && width > len(t) {
				s.WriteString(strings.Repeat(" ", width-len(t)))
			}
			s.WriteString(t)
		}
		s.WriteByte('\n')
	}
	return s.String()
}

// ParseNotation parses a move sequence in the notation Notation writes:
// on boards whose moves are the rook directions, letters run together
// (spaces and commas between them are ignored), e.g. "RDLR"; on the
// others compass codes separated by spaces or commas, e.g. "SW SW NE".
// Letters and codes may be in any case. It checks only that each
// direction is one of the board's (see Dirs), not that a move is legal.
func (b Board) ParseNotation(s string) ([]Dir, error) {
	rook := b.Variant.Tiling == Square && !b.Variant.Queen
	tokens := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' || r == '\r' })
	if rook {
		tokens = strings.Split(strings.Join(tokens, ""), "")
	}
	dirs := make([]Dir, 0, len(tokens))
	for k, t := range tokens {
		d, ok := ParseDir(t)
		if !ok || (rook && len(t) != 1) || !slices.Contains(b.Dirs(), d) {
			return nil, fault.Invalid("", "move %d %q is not a direction of this board", k+1, Short(t))
		}
		dirs = append(dirs, d)
	}
	return dirs, nil
}
