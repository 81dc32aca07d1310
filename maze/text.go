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
	p := textParser{o: o}
	if err := p.read(normalizeText(data)); err != nil {
		return nil, err
	}
	return p.maze()
}

// normalizeText drops a byte-order mark, as some editors write, and ends
// every line at LF, whether it ended at LF, CR LF or a lone CR (old Mac
// files).
func normalizeText(data []byte) []byte {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if bytes.IndexByte(data, '\r') >= 0 {
		data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	}
	return data
}

// textParser is what ParseText has read of a maze's text so far: the
// directive lines and the rows. Its places (line, column) are 1-based;
// zero means not given.
type textParser struct {
	o ParseOptions

	lineNo    int  // the line being read
	rowsEnded bool // a blank line has followed the rows

	rows        [][]int
	kinds       [MaxSide * MaxSide]byte // cell kinds, row-major, as the rows go
	nkinds      int                     // of them so far
	cols        int
	lastRowLine int

	variant     Variant // the variant line's rules
	variantLine int
	walls       []wallLine

	start               Cell // the start line's cell, if startLine > 0
	startLine, startCol int
	goal                Cell // the goal line's cell, if goalLine > 0
	goalLine, goalCol   int

	goalAt                Cell // where the rows mark the goal, if goalAtLine > 0
	goalAtLine, goalAtCol int
}

// read reads the lines of data up to the end of the maze: the first line,
// after a blank line after the rows, that is neither a row (an error) nor
// a directive.
func (p *textParser) read(data []byte) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), MaxTextBytes+1)
	for sc.Scan() {
		p.lineNo++
		fields := fieldsWithColumns(sc.Text())
		if len(fields) == 0 {
			p.rowsEnded = len(p.rows) > 0
			continue
		}
		if strings.HasPrefix(fields[0].text, "#") {
			continue
		}
		done, err := p.line(fields)
		if err != nil {
			return err
		}
		if done {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return fault.In(fmt.Sprintf("line %d", p.lineNo+1), err)
	}
	return nil
}

// line reads a line that is neither blank nor a comment: a directive or a
// row. It reports done at the first line after the maze that is neither,
// such as the report rjm generate prints after a maze.
func (p *textParser) line(fields []field) (done bool, err error) {
	kw := strings.ToLower(fields[0].text)
	if p.rowsEnded && !isDirective(kw) {
		if isRow(fields) {
			return false, errAt(p.lineNo, fields[0].col, "rows after a blank line: one maze per input, its rows together")
		}
		return true, nil
	}
	if isDirective(kw) && len(p.rows) > 0 {
		return false, errAt(p.lineNo, fields[0].col, "%q must come before the maze rows", kw)
	}
	switch kw {
	case "variant":
		return false, p.variantDirective(fields)
	case "wall":
		return false, p.wallDirective(fields)
	case "start", "goal":
		return false, p.cellDirective(kw, fields)
	}
	return false, p.row(fields)
}

// variantDirective reads a "variant NAMES" line.
func (p *textParser) variantDirective(fields []field) error {
	if p.variantLine > 0 {
		return errAt(p.lineNo, fields[0].col, "second variant line (the first is line %d)", p.variantLine)
	}
	if len(fields) < 2 {
		return errAt(p.lineNo, fields[0].col, "want \"variant\" followed by variant names")
	}
	names := make([]string, 0, len(fields)-1)
	for _, f := range fields[1:] {
		names = append(names, f.text)
	}
	v, err := ParseVariant(strings.Join(names, ","))
	if err != nil {
		return errAt(p.lineNo, fields[1].col, "%w", err)
	}
	p.variant, p.variantLine = v, p.lineNo
	return nil
}

// wallDirective reads a "wall r,c r,c" line; the walls are put on the
// board once its size is known (addWalls).
func (p *textParser) wallDirective(fields []field) error {
	if len(p.walls) == MaxSide*MaxSide*4 {
		return errAt(p.lineNo, fields[0].col, "too many walls")
	}
	if len(fields) != 3 {
		return errAt(p.lineNo, fields[0].col, "want \"wall\" followed by two r,c cells")
	}
	var w wallLine
	for k, f := range fields[1:] {
		c, err := ParseCell(f.text)
		if err != nil {
			return errAt(p.lineNo, f.col, "%w", err)
		}
		w.cells[k] = c
	}
	w.line, w.col = p.lineNo, fields[0].col
	p.walls = append(p.walls, w)
	return nil
}

// cellDirective reads a "start r,c" or "goal r,c" line (kw says which).
func (p *textParser) cellDirective(kw string, fields []field) error {
	if len(fields) != 2 {
		return errAt(p.lineNo, fields[0].col, "want %q followed by one r,c cell", kw)
	}
	c, err := ParseCell(fields[1].text)
	if err != nil {
		return errAt(p.lineNo, fields[1].col, "%w", err)
	}
	if kw == "start" {
		if p.startLine > 0 {
			return errAt(p.lineNo, fields[0].col, "second start line (the first is line %d)", p.startLine)
		}
		p.start, p.startLine, p.startCol = c, p.lineNo, fields[1].col
		return nil
	}
	if p.goalLine > 0 {
		return errAt(p.lineNo, fields[0].col, "second goal line (the first is line %d)", p.goalLine)
	}
	p.goal, p.goalLine, p.goalCol = c, p.lineNo, fields[1].col
	return nil
}

// row reads a row of the maze: its cells' kinds, jumps and the goal.
func (p *textParser) row(fields []field) error {
	if len(p.rows) == MaxSide {
		return errAt(p.lineNo, fields[0].col, "more than %d rows", MaxSide)
	}
	if len(fields) > MaxSide {
		return errAt(p.lineNo, fields[MaxSide].col, "more than %d columns", MaxSide)
	}
	if len(p.rows) == 0 {
		p.cols = len(fields)
	} else if len(fields) != p.cols {
		return errAt(p.lineNo, fields[0].col, "row %d has %s, want %d like row 1", len(p.rows)+1, cellCount(len(fields)), p.cols)
	}
	row := make([]int, len(fields))
	for c, f := range fields {
		v, err := p.cell(c, f)
		if err != nil {
			return err
		}
		row[c] = v
	}
	p.rows = append(p.rows, row)
	p.lastRowLine = p.lineNo
	return nil
}

// cell reads the token f of column c of the row being read: X, * or .
// (a cell that is not open), G, g or 0 (the goal), or a jump, which it
// returns (0 for all but a jump).
func (p *textParser) cell(c int, f field) (jump int, err error) {
	kind := Open
	switch f.text {
	case "X":
		kind = Blocked
	case "*":
		kind = PassOver
	case ".":
		kind = Absent
	}
	p.kinds[p.nkinds] = byte(kind)
	p.nkinds++
	if kind != Open {
		return 0, nil
	}
	if f.text == "G" || f.text == "g" || f.text == "0" {
		if p.variant.Exit || p.o.Variant.Exit {
			return 0, errAt(p.lineNo, f.col, "an exit-ring maze marks no goal: its goal is the exit")
		}
		if p.goalAtLine > 0 {
			return 0, errAt(p.lineNo, f.col, "second goal (the first is at %v on line %d)", p.goalAt, p.goalAtLine)
		}
		p.goalAt, p.goalAtLine, p.goalAtCol = Cell{len(p.rows), c}, p.lineNo, f.col
		return 0, nil
	}
	v, err := strconv.Atoi(f.text)
	switch {
	case err != nil && strings.HasPrefix(f.text, "-") && isDigits(f.text[1:]), err == nil && v < 0:
		return 0, errAt(p.lineNo, f.col, "negative jump %s", Short(f.text))
	case err != nil && isDigits(f.text), v > MaxParsedJump:
		return 0, errAt(p.lineNo, f.col, "jump %s is too large (no board allows a jump above %d)", Short(f.text), MaxParsedJump)
	case err != nil:
		return 0, errAt(p.lineNo, f.col, "%q is not a jump number, G, X, * or .", Short(f.text))
	}
	return v, nil
}

// maze makes the maze of what p has read, checking what the lines could
// not check alone: the board, its walls, the start and the goal.
func (p *textParser) maze() (*Maze, error) {
	if len(p.rows) == 0 {
		return nil, fault.Invalid("", "no maze in the input")
	}
	b, err := p.board()
	if err != nil {
		return nil, err
	}
	goal, err := p.goalCell(b)
	if err != nil {
		return nil, err
	}
	start, err := p.startCell(b, goal)
	if err != nil {
		return nil, err
	}
	m, err := New(b, start, goal)
	if err != nil {
		return nil, err
	}
	for r, row := range p.rows {
		copy(m.Jumps[r*p.cols:], row)
	}
	// A goal given outside the rows may cover a number; the goal has no jump.
	m.Jumps[m.Goal] = 0
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// board returns the board of the rows, with the text's variant and
// o.Variant's rules, and its walls.
func (p *textParser) board() (Board, error) {
	variant, err := p.variant.With(p.o.Variant)
	if err != nil {
		return Board{}, err
	}
	b := Board{Rows: len(p.rows), Cols: p.cols, Variant: variant}
	if kinds := p.kinds[:p.nkinds]; !allOpen(string(kinds)) {
		b.Kinds = string(kinds)
	}
	if err := b.Validate(); err != nil {
		return Board{}, err
	}
	seen := map[[2]Cell]int{}
	for _, w := range p.walls {
		if first, dup := seenWall(seen, w.cells[0], w.cells[1], w.line); dup {
			return Board{}, errAt(w.line, w.col, "second wall between %v and %v (the first is line %d)", w.cells[0], w.cells[1], first)
		}
		if err := b.AddWall(w.cells[0], w.cells[1]); err != nil {
			return Board{}, errAt(w.line, w.col, "%w", err)
		}
	}
	return b, nil
}

// goalCell returns the goal on board b: the exit on an exit-ring board,
// else where the rows mark it, the goal line says or o.Goal gives it,
// which must agree.
func (p *textParser) goalCell(b Board) (Cell, error) {
	marked, given := p.goalAtLine > 0, p.goalLine > 0
	var goal Cell
	switch {
	case b.Variant.Exit && given:
		return Cell{}, fault.Invalid(fmt.Sprintf("line %d", p.goalLine), "an exit-ring maze takes no goal line: its goal is the exit")
	case b.Variant.Exit:
		return ExitCell, nil
	case marked && given && p.goalAt != p.goal:
		return Cell{}, fault.Invalid(fmt.Sprintf("line %d", p.goalLine), "the goal line says %v but the rows mark the goal at %v", p.goal, p.goalAt)
	case p.o.Goal != nil && (marked || given):
		at, line, col := p.goal, p.goalLine, p.goalCol
		if marked {
			at, line, col = p.goalAt, p.goalAtLine, p.goalAtCol
		}
		if at != *p.o.Goal {
			return Cell{}, errAt(line, col, "the text puts the goal at %v, not at the given goal %v", at, *p.o.Goal)
		}
		goal = at
	case marked:
		goal = p.goalAt
	case given:
		goal = p.goal
	case p.o.Goal != nil:
		goal = *p.o.Goal
	default:
		return Cell{}, fault.Invalid("", "no goal in the rows (which end at line %d): mark it G (or 0), or give it as a goal cell", p.lastRowLine)
	}
	if !b.Contains(goal) {
		if given {
			return Cell{}, errAt(p.goalLine, p.goalCol, "goal %v is off the %dx%d board", goal, b.Rows, b.Cols)
		}
		return Cell{}, fault.Invalid("", "goal %v is off the %dx%d board", goal, b.Rows, b.Cols)
	}
	return goal, nil
}

// startCell returns the start on board b with goal goal: o.Start, else
// the start line's cell, which must be an open cell other than the goal,
// else the default start.
func (p *textParser) startCell(b Board, goal Cell) (Cell, error) {
	switch {
	case p.o.Start != nil:
		return *p.o.Start, nil
	case p.startLine == 0:
		return DefaultStart(b), nil
	}
	start := p.start
	switch {
	case !b.Contains(start):
		return Cell{}, errAt(p.startLine, p.startCol, "start %v is off the %dx%d board", start, b.Rows, b.Cols)
	case !b.Open(b.Index(start)):
		return Cell{}, errAt(p.startLine, p.startCol, "start %v is a %s cell, not an open one", start, b.Kind(b.Index(start)))
	case !b.Variant.Exit && start == goal:
		return Cell{}, errAt(p.startLine, p.startCol, "start and goal are the same cell %v", start)
	}
	return start, nil
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
