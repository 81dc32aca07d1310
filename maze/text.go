package maze

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MaxTextBytes bounds the maze text ReadText accepts. A 32×32 maze with
// two-digit jumps takes about 3 KiB; anything near this limit is not a maze.
const MaxTextBytes = 1 << 20

// MaxParsedJump bounds a jump number in maze text. Jumps that leave the
// board in every direction are accepted (see Maze.DeadEnds), but numbers
// beyond this are rejected as nonsense.
const MaxParsedJump = 999

// TextOptions says how to print a maze.
type TextOptions struct {
	// GoalZero prints the goal's jump as 0, as the assignment's programs do
	// (seed 000, "Maze Representation"), instead of "G".
	GoalZero bool
	// Tabs separates jumps by tabs instead of single spaces.
	Tabs bool
}

// Text returns the maze in the seeds' text form: one line per row, jumps
// separated by a single space, the goal written G. When the start is not
// the upper-left corner, a first line "start r,c" (1-based) records it.
func (m *Maze) Text(o TextOptions) string {
	var b strings.Builder
	if m.Start != 0 {
		s := m.Cell(m.Start)
		fmt.Fprintf(&b, "start %d,%d\n", s.Row+1, s.Col+1)
	}
	sep := byte(' ')
	if o.Tabs {
		sep = '\t'
	}
	for r := range m.Rows {
		for c := range m.Cols {
			if c > 0 {
				b.WriteByte(sep)
			}
			i := r*m.Cols + c
			if i == m.Goal && !o.GoalZero {
				b.WriteByte('G')
			} else {
				b.WriteString(strconv.Itoa(m.Jumps[i]))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// String returns m.Text with default options.
func (m *Maze) String() string { return m.Text(TextOptions{}) }

// ParseOptions supplies what maze text may leave out.
type ParseOptions struct {
	// Start is the start cell when the text has no "start" line; nil means
	// the upper-left corner. A "start" line in the text wins.
	Start *Cell
	// Goal is the goal cell when the text marks none (no G and no 0).
	Goal *Cell
}

// ErrNoMaze is returned (wrapped) for input that holds no maze rows.
var ErrNoMaze = errors.New("maze: no maze in the input")

// ReadText reads a maze in text form from r; see ParseText. At most
// MaxTextBytes are read.
func ReadText(r io.Reader, o ParseOptions) (*Maze, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxTextBytes+1))
	if err != nil {
		return nil, fmt.Errorf("maze: reading: %w", err)
	}
	if len(data) > MaxTextBytes {
		return nil, fmt.Errorf("maze: input is larger than %d bytes", MaxTextBytes)
	}
	return ParseText(data, o)
}

// ParseText parses a maze in the seeds' text form: rows of jump numbers
// separated by spaces or tabs, the goal written G (or g) or 0. Blank lines
// and lines starting with # are ignored. Optional directive lines before
// the rows, "start r,c" and "goal r,c" (1-based), place the start and the
// goal; without them the start is o.Start or the upper-left corner, and
// the goal is the G (or o.Goal if the rows mark none; the number written in
// that cell is then ignored, since the goal has no jump).
//
// Errors name the line and column: "maze: line 3, column 7: ...".
func ParseText(data []byte, o ParseOptions) (*Maze, error) {
	if len(data) > MaxTextBytes {
		return nil, fmt.Errorf("maze: input is larger than %d bytes", MaxTextBytes)
	}
	var (
		rows           [][]int
		start, goal    *Cell
		goalAt         *Cell // where the rows mark the goal
		goalLine       int
		cols, lineNo   int
		startLine, gln int
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), MaxTextBytes+1)
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		fields := fieldsWithColumns(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0].text, "#") {
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
				return nil, errAt(lineNo, fields[1].col, "%s", strings.TrimPrefix(err.Error(), "maze: "))
			}
			if kw == "start" {
				if start != nil {
					return nil, errAt(lineNo, fields[0].col, "second start line (the first is line %d)", startLine)
				}
				start, startLine = &c, lineNo
			} else {
				if goal != nil {
					return nil, errAt(lineNo, fields[0].col, "second goal line (the first is line %d)", gln)
				}
				goal, gln = &c, lineNo
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
			return nil, errAt(lineNo, fields[0].col, "row %d has %d cells, want %d like row 1", len(rows)+1, len(fields), cols)
		}
		row := make([]int, len(fields))
		for c, f := range fields {
			if f.text == "G" || f.text == "g" || f.text == "0" {
				if goalAt != nil {
					return nil, errAt(lineNo, f.col, "second goal (the first is at %v on line %d)", *goalAt, goalLine)
				}
				goalAt, goalLine = &Cell{len(rows), c}, lineNo
				continue
			}
			v, err := strconv.Atoi(f.text)
			switch {
			case err != nil && strings.HasPrefix(f.text, "-") && isDigits(f.text[1:]):
				return nil, errAt(lineNo, f.col, "negative jump %s", f.text)
			case err != nil && isDigits(f.text):
				return nil, errAt(lineNo, f.col, "jump %s is too large", f.text)
			case err != nil:
				return nil, errAt(lineNo, f.col, "%q is not a jump number or G", f.text)
			case v < 0:
				return nil, errAt(lineNo, f.col, "negative jump %s", f.text)
			case v > MaxParsedJump:
				return nil, errAt(lineNo, f.col, "jump %s is too large", f.text)
			}
			row[c] = v
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("maze: line %d: %w", lineNo+1, err)
	}
	if len(rows) == 0 {
		return nil, ErrNoMaze
	}
	b := Board{Rows: len(rows), Cols: cols}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	switch {
	case goalAt != nil && goal != nil && *goalAt != *goal:
		return nil, fmt.Errorf("maze: line %d: the goal line says %v but the rows mark the goal at %v", gln, *goal, *goalAt)
	case goalAt != nil:
		goal = goalAt
	case goal != nil:
	case o.Goal != nil:
		goal = o.Goal
	default:
		return nil, fmt.Errorf("maze: no goal: mark it G (or 0) in the rows, or give it as a goal cell")
	}
	if start == nil {
		start = o.Start
	}
	if start == nil {
		s := DefaultStart(b)
		start = &s
	}
	if !b.Contains(*goal) {
		return nil, fmt.Errorf("maze: goal %v is off the %dx%d board", *goal, b.Rows, b.Cols)
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
	return fmt.Errorf("maze: line %d, column %d: %s", line, col, fmt.Sprintf(format, args...))
}
