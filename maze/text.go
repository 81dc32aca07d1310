package maze

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"rjm/fault"
	"strconv"
	"strings"
)

// MaxTextBytes bounds the maze text ReadText accepts. A 32×32 maze with
// two-digit jumps takes about 3 KiB; anything near this limit is not a maze.
const MaxTextBytes = 1 << 20

// MaxParsedJump bounds a jump number in maze text and JSON. Jumps that
// leave the board in every direction are accepted (see Maze.DeadEnds), up
// to LongestJump, the longest jump any board allows, so that every maze
// read has a maze ID and round-trips through it and through JSON; larger
// numbers are rejected.
const MaxParsedJump = LongestJump

// TextOptions says how to print a maze.
type TextOptions struct {
	// GoalZero prints the goal's jump as 0, as the assignment's programs do
	// ("Maze Representation"), instead of "G".
	GoalZero bool
	// Tabs separates jumps by tabs instead of single spaces.
	Tabs bool
}

// Text returns the maze in the papers' text form: one line per row, jumps
// separated by a single space, the goal written G. Directive lines come
// first when needed: "variant NAMES" for a variant board (see
// ParseVariant), "start r,c" (1-based) when the start is not the default
// (the upper-left corner on a plain board), and one "wall r,c r,c" line per
// wall. Cells that are not open are written X (blocked), * (pass-over) and
// . (absent). On a hexagonal board every second row is indented by half a
// cell and every cell padded to the same width, so that the rows show the
// tiling; a board with a shape is padded the same way. A plain board
// prints exactly as before variants existed.
func (m *Maze) Text(o TextOptions) string {
	var b strings.Builder
	if v := m.Variant.String(); v != "" {
		fmt.Fprintf(&b, "variant %s\n", v)
	}
	if m.Start != m.Index(DefaultStart(m.Board)) {
		s := m.Cell(m.Start)
		fmt.Fprintf(&b, "start %d,%d\n", s.Row+1, s.Col+1)
	}
	for _, w := range m.WallList() {
		a, c := m.Cell(w[0]), m.Cell(w[1])
		fmt.Fprintf(&b, "wall %d,%d %d,%d\n", a.Row+1, a.Col+1, c.Row+1, c.Col+1)
	}
	token := func(i int) string {
		switch {
		case !m.Open(i):
			return string(rune(m.Kind(i)))
		case i == m.Goal && !o.GoalZero:
			return "G"
		}
		return strconv.Itoa(m.Jumps[i])
	}
	sep := byte(' ')
	if o.Tabs {
		sep = '\t'
	}
	b.WriteString(m.formatGrid(token, sep))
	return b.String()
}

// String returns m.Text with default options.
func (m *Maze) String() string { return m.Text(TextOptions{}) }

// ParseOptions supplies what maze text may leave out.
type ParseOptions struct {
	// Start is the start cell; it wins over a "start" line in the text.
	// Nil means the text's start line or else the upper-left corner.
	Start *Cell
	// Goal is the goal cell when the text marks none (no G and no 0); a
	// text whose goal is elsewhere is an error.
	Goal *Cell
	// Variant adds rules to those the text's variant line names (see
	// Variant.With), e.g. to read a plain grid as a Queen Jumping Maze.
	Variant Variant
}

// ReadText reads a maze in text form from r; see ParseText. At most
// MaxTextBytes are read.
func ReadText(r io.Reader, o ParseOptions) (*Maze, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxTextBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading the maze: %w", err)
	}
	if len(data) > MaxTextBytes {
		return nil, fault.New(fault.ErrTooLarge, "", "input is larger than %d bytes", MaxTextBytes)
	}
	return ParseText(data, o)
}

// ParseText parses a maze in the papers' text form: rows of jump numbers
// separated by spaces or tabs, the goal written G (or g) or 0. Blank lines
// and lines starting with # are ignored. Optional directive lines before
// the rows, "start r,c" and "goal r,c" (1-based), place the start and the
// goal; without them the start is o.Start or the upper-left corner, and
// the goal is the G (or o.Goal if the rows mark none; the number written in
// that cell is then ignored, since the goal has no jump).
//
// Variant boards (docs/variants.md) add two directives and three cell
// tokens: "variant NAMES" (comma-separated, see ParseVariant) names the
// rules, and each "wall r,c r,c" line puts a wall between two neighbouring
// cells; X marks a blocked cell, * a pass-over cell and . an absent
// one. On an exit-ring board the goal is the exit, so the rows mark no G.
// Leading spaces (the offset rows of a hexagonal board) are ignored.
//
// The maze ends at the first blank line after its rows: what follows is
// ignored, such as the report rjm generate prints after a maze, unless it
// holds more rows (a second maze, or a gap in this one), which is an error.
//
// Lines end at LF, CR LF or a lone CR. Errors name the line and column:
// a *fault.Error at "line 3, column 7".
func ParseText(data []byte, o ParseOptions) (*Maze, error) {
	if len(data) > MaxTextBytes {
		return nil, fault.New(fault.ErrTooLarge, "", "input is larger than %d bytes", MaxTextBytes)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF")) // a byte-order mark, as some editors write
	// Lines end at LF, CR LF or a lone CR (old Mac files).
	if bytes.IndexByte(data, '\r') >= 0 {
		data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	}
	var (
		rows           [][]int
		kinds          []byte // cell kinds, row-major, as the rows go
		start, goal    *Cell
		goalAt         *Cell // where the rows mark the goal
		goalLine       int
		goalCol        int
		startCol       int
		goalLineCol    int
		cols, lineNo   int
		startLine, gln int
		variant        Variant
		variantLine    int
		walls          []wallLine
		rowsEnded      bool // a blank line has followed the rows
		lastRowLine    int
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), MaxTextBytes+1)
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		fields := fieldsWithColumns(line)
		if len(fields) == 0 {
			rowsEnded = len(rows) > 0
			continue
		}
		if strings.HasPrefix(fields[0].text, "#") {
			continue
		}
		if kw := strings.ToLower(fields[0].text); rowsEnded && !isDirective(kw) {
			if isRow(fields) {
				return nil, errAt(lineNo, fields[0].col, "rows after a blank line: one maze per input, its rows together")
			}
			break // a report after the maze, such as rjm generate prints
		}
		if kw := strings.ToLower(fields[0].text); kw == "variant" || kw == "wall" {
			if len(rows) > 0 {
				return nil, errAt(lineNo, fields[0].col, "%q must come before the maze rows", kw)
			}
			if kw == "wall" {
				if len(walls) == MaxSide*MaxSide*4 {
					return nil, errAt(lineNo, fields[0].col, "too many walls")
				}
				if len(fields) != 3 {
					return nil, errAt(lineNo, fields[0].col, "want \"wall\" followed by two r,c cells")
				}
				var w wallLine
				for k, f := range fields[1:] {
					c, err := ParseCell(f.text)
					if err != nil {
						return nil, errAt(lineNo, f.col, "%w", err)
					}
					w.cells[k] = c
				}
				w.line, w.col = lineNo, fields[0].col
				walls = append(walls, w)
				continue
			}
			if variantLine > 0 {
				return nil, errAt(lineNo, fields[0].col, "second variant line (the first is line %d)", variantLine)
			}
			if len(fields) < 2 {
				return nil, errAt(lineNo, fields[0].col, "want \"variant\" followed by variant names")
			}
			names := make([]string, 0, len(fields)-1)
			for _, f := range fields[1:] {
				names = append(names, f.text)
			}
			v, err := ParseVariant(strings.Join(names, ","))
			if err != nil {
				return nil, errAt(lineNo, fields[1].col, "%w", err)
			}
			variant, variantLine = v, lineNo
			continue
		}
		if kw := strings.ToLower(fields[0].text); kw == "start" || kw == "goal" {
			if len(rows) > 0 {
				return nil, errAt(lineNo, fields[0].col, "%q must come before the maze rows", kw)
			}
			if len(fields) != 2 {
				return nil, errAt(lineNo, fields[0].col, "want %q followed by one r,c cell", kw)
			}
			c, err := ParseCell(fields[1].text)
			if err != nil {
				return nil, errAt(lineNo, fields[1].col, "%w", err)
			}
			if kw == "start" {
				if start != nil {
					return nil, errAt(lineNo, fields[0].col, "second start line (the first is line %d)", startLine)
				}
				start, startLine, startCol = &c, lineNo, fields[1].col
			} else {
				if goal != nil {
					return nil, errAt(lineNo, fields[0].col, "second goal line (the first is line %d)", gln)
				}
				goal, gln, goalLineCol = &c, lineNo, fields[1].col
			}
			continue
		}
		if len(rows) == MaxSide {
			return nil, errAt(lineNo, fields[0].col, "more than %d rows", MaxSide)
		}
		if len(fields) > MaxSide {
			return nil, errAt(lineNo, fields[MaxSide].col, "more than %d columns", MaxSide)
		}
		if len(rows) == 0 {
			cols = len(fields)
		} else if len(fields) != cols {
			return nil, errAt(lineNo, fields[0].col, "row %d has %s, want %d like row 1", len(rows)+1, cellCount(len(fields)), cols)
		}
		row := make([]int, len(fields))
		for c, f := range fields {
			kind := Open
			switch f.text {
			case "X":
				kind = Blocked
			case "*":
				kind = PassOver
			case ".":
				kind = Absent
			}
			kinds = append(kinds, byte(kind))
			if kind != Open {
				continue
			}
			if f.text == "G" || f.text == "g" || f.text == "0" {
				if variant.Exit || o.Variant.Exit {
					return nil, errAt(lineNo, f.col, "an exit-ring maze marks no goal: its goal is the exit")
				}
				if goalAt != nil {
					return nil, errAt(lineNo, f.col, "second goal (the first is at %v on line %d)", *goalAt, goalLine)
				}
				goalAt, goalLine, goalCol = &Cell{len(rows), c}, lineNo, f.col
				continue
			}
			v, err := strconv.Atoi(f.text)
			switch {
			case err != nil && strings.HasPrefix(f.text, "-") && isDigits(f.text[1:]), err == nil && v < 0:
				return nil, errAt(lineNo, f.col, "negative jump %s", Short(f.text))
			case err != nil && isDigits(f.text), v > MaxParsedJump:
				return nil, errAt(lineNo, f.col, "jump %s is too large (no board allows a jump above %d)", Short(f.text), MaxParsedJump)
			case err != nil:
				return nil, errAt(lineNo, f.col, "%q is not a jump number, G, X, * or .", Short(f.text))
			}
			row[c] = v
		}
		rows = append(rows, row)
		lastRowLine = lineNo
	}
	if err := sc.Err(); err != nil {
		return nil, fault.In(fmt.Sprintf("line %d", lineNo+1), err)
	}
	if len(rows) == 0 {
		return nil, fault.Invalid("", "no maze in the input")
	}
	variant, err := variant.With(o.Variant)
	if err != nil {
		return nil, err
	}
	b := Board{Rows: len(rows), Cols: cols, Variant: variant}
	if !allOpen(string(kinds)) {
		b.Kinds = string(kinds)
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	seen := map[[2]Cell]int{}
	for _, w := range walls {
		if first, dup := seenWall(seen, w.cells[0], w.cells[1], w.line); dup {
			return nil, errAt(w.line, w.col, "second wall between %v and %v (the first is line %d)", w.cells[0], w.cells[1], first)
		}
		if err := b.AddWall(w.cells[0], w.cells[1]); err != nil {
			return nil, errAt(w.line, w.col, "%w", err)
		}
	}
	switch {
	case variant.Exit && goal != nil:
		return nil, fault.Invalid(fmt.Sprintf("line %d", gln), "an exit-ring maze takes no goal line: its goal is the exit")
	case variant.Exit:
		exit := ExitCell
		goal = &exit
	case goalAt != nil && goal != nil && *goalAt != *goal:
		return nil, fault.Invalid(fmt.Sprintf("line %d", gln), "the goal line says %v but the rows mark the goal at %v", *goal, *goalAt)
	case o.Goal != nil && (goalAt != nil || goal != nil):
		at, line, col := goal, gln, goalLineCol
		if goalAt != nil {
			at, line, col = goalAt, goalLine, goalCol
		}
		if *at != *o.Goal {
			return nil, errAt(line, col, "the text puts the goal at %v, not at the given goal %v", *at, *o.Goal)
		}
		goal = at
	case goalAt != nil:
		goal = goalAt
	case goal != nil:
	case o.Goal != nil:
		goal = o.Goal
	default:
		return nil, fault.Invalid("", "no goal in the rows (which end at line %d): mark it G (or 0), or give it as a goal cell", lastRowLine)
	}
	if o.Start != nil {
		start, startLine = o.Start, 0
	}
	if start == nil {
		s := DefaultStart(b)
		start = &s
	}
	if !variant.Exit && !b.Contains(*goal) {
		if gln > 0 {
			return nil, errAt(gln, goalLineCol, "goal %v is off the %dx%d board", *goal, b.Rows, b.Cols)
		}
		return nil, fault.Invalid("", "goal %v is off the %dx%d board", *goal, b.Rows, b.Cols)
	}
	if startLine > 0 {
		switch {
		case !b.Contains(*start):
			return nil, errAt(startLine, startCol, "start %v is off the %dx%d board", *start, b.Rows, b.Cols)
		case !b.Open(b.Index(*start)):
			return nil, errAt(startLine, startCol, "start %v is a %s cell, not an open one", *start, b.Kind(b.Index(*start)))
		case !variant.Exit && *start == *goal:
			return nil, errAt(startLine, startCol, "start and goal are the same cell %v", *start)
		}
	}
	m, err := New(b, *start, *goal)
	if err != nil {
		return nil, err
	}
	for r, row := range rows {
		copy(m.Jumps[r*cols:], row)
	}
	// A goal given outside the rows may cover a number; the goal has no jump.
	m.Jumps[m.Goal] = 0
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// cellCount says n cells in words: "1 cell", "3 cells".
func cellCount(n int) string {
	if n == 1 {
		return "1 cell"
	}
	return strconv.Itoa(n) + " cells"
}

// isDirective reports whether kw (lower case) starts a directive line.
func isDirective(kw string) bool {
	return kw == "variant" || kw == "wall" || kw == "start" || kw == "goal"
}

// isRow reports whether every field is a maze token: a number (signed
// or not), G, g, X, * or .
func isRow(fields []field) bool {
	for _, f := range fields {
		switch t := strings.TrimPrefix(f.text, "-"); {
		case f.text == "G", f.text == "g", f.text == "X", f.text == "*", f.text == ".":
		case isDigits(t):
		default:
			return false
		}
	}
	return true
}

type wallLine struct {
	cells     [2]Cell
	line, col int
}

type field struct {
	text string
	col  int // 1-based byte column
}

func fieldsWithColumns(line string) []field {
	var fs []field
	i := 0
	for i < len(line) {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		j := i
		for j < len(line) && !isSpace(line[j]) {
			j++
		}
		if j > i {
			fs = append(fs, field{line[i:j], i + 1})
		}
		i = j
	}
	return fs
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f' }

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func errAt(line, col int, format string, args ...any) error {
	return fault.Invalid(fmt.Sprintf("line %d, column %d", line, col), format, args...)
}

// seenWall records the wall between a and c, given at place at, in seen,
// and reports whether it was given before, and where.
func seenWall(seen map[[2]Cell]int, a, c Cell, at int) (first int, dup bool) {
	k := [2]Cell{a, c}
	if c.Row < a.Row || c.Row == a.Row && c.Col < a.Col {
		k = [2]Cell{c, a}
	}
	if first, dup = seen[k]; !dup {
		seen[k] = at
	}
	return first, dup
}
