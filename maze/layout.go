package maze

import "strings"

// Notation returns moves as a solution string. On boards whose moves are
// the rook directions (square tiling without queen moves) it is the
// seeds' letters run together, e.g. "RDLRUDRLRLUDLDRRUDD"; on the others
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
