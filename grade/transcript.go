package grade

import (
	"fmt"
	"strconv"
	"strings"

	"rjm/exercise"
	"rjm/solve"
)

// transcript is one run's standard output read leniently, so that every
// check can look at what the program meant even when its layout is off:
// the prompts found (in order, anywhere), the maze (the first line of
// whole numbers, after a "?" on its line, and the lines of whole numbers
// that follow), and for every exercise but representation the depth grid
// (after a line starting "Moves from start") and the objective (the next
// line holding a single number). canonical prints the same numbers as the
// assignment asks; the layout check compares the two.
type transcript struct {
	prompts   int // the expected prompts found, in order
	body      int // byte offset of what follows the last prompt found
	firstLine int // the line number (from 1) of the body's first line
	maze      [][]int
	mazeLine  int     // line number of the maze's first row
	depths    [][]int // -1 for "--"
	depthLine int     // line number of the depth grid's first row
	objective string  // as printed, "" when missing
	objLine   int
}

// parseTranscript reads out, whose prompts should be the given ones, with
// the evaluation (depth grid and objective) after the maze when eval is
// set. It returns what it could read, and an error naming the line of
// the first part it could not find.
func parseTranscript(out string, prompts []string, eval bool) (*transcript, error) {
	t := &transcript{}
	pos := 0
	for _, p := range prompts {
		p = strings.TrimSpace(p)
		k := strings.Index(out[pos:], p)
		if k < 0 {
			break
		}
		pos += k + len(p)
		t.prompts++
	}
	if t.prompts > 0 {
		// A prompt ends with a space and the maze follows on its line;
		// a println's line break is the prompts' fault, not the maze's.
		pos += len(out[pos:]) - len(strings.TrimPrefix(out[pos:], " "))
		rest := out[pos:]
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, "\r"), "\n")
		pos = len(out) - len(rest)
	}
	t.body = pos
	t.firstLine = 1 + strings.Count(out[:pos], "\n")
	lines := bodyLines(out[pos:])
	lineNo := func(i int) int { return t.firstLine + i }
	got := func(i int) string {
		if i >= len(lines) {
			return "the end of the output"
		}
		return fmt.Sprintf("%q", short(lines[i]))
	}

	i := 0
	for at := pos; i < len(lines); i++ {
		line := lines[i]
		q := strings.LastIndexByte(line, '?')
		if q >= 0 {
			line = line[q+1:]
		}
		if row, ok := numbers(line); ok {
			t.maze, t.mazeLine = append(t.maze, row), lineNo(i)
			if q >= 0 {
				// Prompts the parser did not expect share the maze's
				// line: the layout is checked from the maze on (the
				// prompts check names them).
				t.body = at + q + 1 + len(line) - len(strings.TrimPrefix(line, " "))
				t.firstLine = lineNo(i)
			}
			break
		}
		at += len(lines[i]) + 1
	}
	if t.maze == nil {
		return t, fmt.Errorf("line %d: want the maze's rows of jumps, got %s", lineNo(0), got(0))
	}
	for i++; i < len(lines); i++ {
		row, ok := numbers(lines[i])
		if !ok {
			break
		}
		t.maze = append(t.maze, row)
	}
	if !eval {
		return t, nil
	}
	i = skipBlank(lines, i)
	if i >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[i]), strings.TrimSuffix(exercise.MovesHeading, ":")) {
		return t, fmt.Errorf("line %d: want %q, got %s", lineNo(i), exercise.MovesHeading, got(i))
	}
	for i++; i < len(lines); i++ {
		row, ok := depthRow(lines[i])
		if !ok {
			break
		}
		if t.depths == nil {
			t.depthLine = lineNo(i)
		}
		t.depths = append(t.depths, row)
	}
	if t.depths == nil {
		return t, fmt.Errorf("line %d: want the depth grid, got %s", lineNo(i), got(i))
	}
	i = skipBlank(lines, i)
	if i < len(lines) {
		if f := strings.Fields(lines[i]); len(f) == 1 {
			if _, err := strconv.ParseFloat(f[0], 64); err == nil {
				t.objective, t.objLine = f[0], lineNo(i)
				return t, nil
			}
		}
	}
	return t, fmt.Errorf("line %d: want the objective, got %s", lineNo(i), got(i))
}

// bodyLines splits s into lines, without the empty one after a final line
// break.
func bodyLines(s string) []string {
	lines := strings.Split(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func skipBlank(lines []string, i int) int {
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	return i
}

// numbers returns the whole numbers of a line of them.
func numbers(line string) ([]int, bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil, false
	}
	row := make([]int, len(f))
	for k, s := range f {
		n, err := strconv.Atoi(s)
		if err != nil || len(s) > 9 {
			return nil, false
		}
		row[k] = n
	}
	return row, true
}

// depthRow returns the depths of a line of whole numbers and "--" (as -1).
// A lone "-" is read as "--" too, so that the depth check compares the
// depths of a grid whose only fault is its layout (which the layout check
// names).
func depthRow(line string) ([]int, bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil, false
	}
	row := make([]int, len(f))
	for k, s := range f {
		if s == "--" || s == "-" {
			row[k] = -1
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || len(s) > 9 {
			return nil, false
		}
		row[k] = n
	}
	return row, true
}

// canonical returns what follows the prompts in the assignment's layout,
// with the numbers t read, as exercise.Exercise.Write (rjm's own
// program's) writes it: the maze's rows with single spaces; then for an
// evaluation a blank line, "Moves from start:", the depth grid (every
// depth right-justified in two characters, "--" for an unreachable cell),
// a blank line and the objective as printed.
func (t *transcript) canonical(eval bool) string {
	var mz, depths strings.Builder
	for _, row := range t.maze {
		for k, j := range row {
			if k > 0 {
				mz.WriteByte(' ')
			}
			mz.WriteString(strconv.Itoa(j))
		}
		mz.WriteByte('\n')
	}
	for _, row := range t.depths {
		depths.WriteString(solve.DepthGrid(row, len(row)))
	}
	var b strings.Builder
	exercise.Exercise{Evaluation: eval}.Write(&b, exercise.Printed{Maze: mz.String(), Depths: depths.String(), Objective: t.objective})
	return b.String()
}

// firstDifference compares got with want line by line and describes the
// first line that differs, numbered from first: "line 7: want "...", got
// "..."". It returns "" when they are the same.
func firstDifference(got, want string, first int) string {
	if got == want {
		return ""
	}
	g, w := bodyLines(got), bodyLines(want)
	for i := range max(len(g), len(w)) {
		switch {
		case i >= len(w):
			return fmt.Sprintf("line %d: your program printed %q, where the assignment's layout has ended", first+i, short(g[i]))
		case i >= len(g):
			return fmt.Sprintf("line %d: your program's output ended, where the assignment's layout has %q", first+i, short(w[i]))
		case g[i] != w[i]:
			return fmt.Sprintf("line %d: your program printed %q, where the assignment's layout has %q", first+i, short(g[i]), short(w[i]))
		}
	}
	// The same lines: only the last line break differs.
	if strings.HasSuffix(want, "\n") {
		return fmt.Sprintf("line %d: your program's output ends without a line break, where the assignment's layout has one", first+len(g)-1)
	}
	return fmt.Sprintf("line %d: your program's output ends with a line break the assignment's layout does not have", first+len(g)-1)
}
