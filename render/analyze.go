package render

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"rjm/analysis"
	"rjm/energy"
	"rjm/maze"
	"rjm/stats"
)

// Analysis is the JSON view of a maze's design features: what "rjm analyze
// --json" prints, the features with the maze they describe in one object.
type Analysis struct {
	ID       string
	Maze     string
	Features *analysis.Features
	Jumps    [][]int
	// DeadEnds lists the cells whose jump has no move (see maze.DeadEnds).
	DeadEnds [][2]int
	// Rated is the maze's energy by --energy, when one is given.
	Rated *Rating
	// Catalogue lists the features written; those the JSON form of
	// analysis.Features lacks are added after its keys (see
	// analysis.Catalogue.MarshalFeatures). nil means the default.
	Catalogue analysis.Catalogue
}

// MarshalJSON writes the object as "id", "maze", the features' keys,
// "jumps", "dead_ends" and "rated" (when given).
func (j Analysis) MarshalJSON() ([]byte, error) {
	head, err := json.Marshal(struct {
		ID   string `json:"id"`
		Maze string `json:"maze"`
	}{j.ID, j.Maze})
	if err != nil {
		return nil, err
	}
	feats, err := j.Catalogue.OrDefault().MarshalFeatures(j.Features)
	if err != nil {
		return nil, err
	}
	tail, err := json.Marshal(struct {
		Jumps    [][]int  `json:"jumps"`
		DeadEnds [][2]int `json:"dead_ends"`
		Rated    *Rating  `json:"rated,omitempty"`
	}{j.Jumps, j.DeadEnds, j.Rated})
	if err != nil {
		return nil, err
	}
	// Three objects become one: drop the braces between them.
	out := append(head[:len(head)-1], ',')
	out = append(out, feats[1:len(feats)-1]...)
	out = append(out, ',')
	return append(out, tail[1:]...), nil
}

// Rating is a maze's energy by a chosen energy.
type Rating struct {
	Energy string  `json:"energy"`
	Value  float64 `json:"value"`
}

// NewAnalysis returns the JSON view of maze m's features f, with its
// rating by another energy when rated is not nil.
func NewAnalysis(m *maze.Maze, f *analysis.Features, rated *Rating) Analysis {
	id, _ := m.ID()
	j := Analysis{ID: id, Maze: m.String(), Features: f, Jumps: m.JSON().Jumps, DeadEnds: [][2]int{}, Rated: rated}
	for _, c := range m.DeadEnds() {
		j.DeadEnds = append(j.DeadEnds, m.CellJSON(c))
	}
	return j
}

// AnalysisText returns the text report of maze m's features f: the map
// (see Map; coloured with ANSI escapes when color is set), the move number
// of every cell of the solution, and a table of the features, with the
// rating by another energy when rated is not nil.
func AnalysisText(m *maze.Maze, f *analysis.Features, rated *Rating, color bool) string {
	return AnalysisTextWith(m, f, rated, color, nil)
}

// AnalysisTextWith is AnalysisText reading the features of catalogue cat
// (nil: the default): a line for each feature averaged over the shortest
// solutions (the decisions and U-turns), and after the initial forced
// moves one for each other feature marked analysis.InReport (the default
// catalogue marks none): its label capitalized, its value ("none" for a
// maze without it).
func AnalysisTextWith(m *maze.Maze, f *analysis.Features, rated *Rating, color bool, cat analysis.Catalogue) string {
	var b strings.Builder
	id, err := m.ID()
	if err != nil {
		id = "none (a jump above 31 has no ID character)"
	}
	fmt.Fprintf(&b, "Maze %dx%d, start %v, goal %v, ID %s\n\n", m.Rows, m.Cols, m.Cell(m.Start), m.Cell(m.Goal), id)
	b.WriteString(Map(m, f, color))
	if f.HolesByState {
		b.WriteString("(S start, * shortest solution, B black hole: a cell reached some way with no way to the goal, W white hole)\n\n")
	} else {
		b.WriteString("(S start, * shortest solution, B black hole, W white hole)\n\n")
	}
	if f.Solvable {
		b.WriteString("Solution path (move number of each cell):\n")
		b.WriteString(Steps(m, f))
		b.WriteByte('\n')
	}
	line := func(label, format string, args ...any) {
		fmt.Fprintf(&b, "%-22s "+format+"\n", append([]any{label + ":"}, args...)...)
	}
	switch {
	case !f.Solvable:
		line("Shortest solution", "none: the goal cannot be reached")
	default:
		line("Shortest solution", "%s: %s", analysis.Moves(f.GoalDepth), f.Solution)
	}
	switch {
	case f.Unique:
		line("Shortest solutions", "1 (unique)")
	case f.Saturated:
		line("Shortest solutions", "at least %d", f.ShortestPaths)
	default:
		line("Shortest solutions", "%d", f.ShortestPaths)
	}
	line("Reachable cells", "%d of %d%s", f.Reachable, f.Cells, paren(cellList(m, "unreachable:", f.UnreachableCells)))
	line("Reaching cells", "%d of %d%s", f.Reaching, f.Cells, paren(cellList(m, fmt.Sprintf("n = %d non-reaching:", f.NonReaching), f.NonReachingCells)))
	line("Black holes", "%d (%s)%s", f.BlackHoles, f.BlackHoleSize(), setList(m, f.BlackHoleSets))
	line("White holes", "%d (%s)%s", f.WhiteHoles, plural(f.WhiteHoleCells, "cell", "cells"), setList(m, f.WhiteHoleSets))
	avg := ""
	if f.Solvable && !f.Unique {
		avg = " (average over the shortest solutions)"
	}
	cat = cat.OrDefault()
	for _, ft := range cat { // the decisions and U-turns
		if ft.Averaged {
			line(capitalized(ft.Label), "%s%s", stats.Short(ft.Value(f)), avg)
		}
	}
	line("Same jump clusters", "%d of 2+ cells, largest %d, penalty Σ(|J|-1)² = %d%s", len(f.Clusters), f.LargestCluster, f.ClusterPenalty, setList(m, f.Clusters))
	line("Initial forced moves", "%d", f.InitialForcedMoves)
	for _, ft := range cat.In(analysis.InReport) {
		if ft.Averaged {
			continue // shown above
		}
		v := "none"
		if ft.Has(f) {
			v = stats.Short(ft.Value(f))
			if ft.Averaged {
				v += avg
			}
		}
		line(capitalized(ft.Label), "%s", v)
	}
	if f.Solvable {
		line("Goal depth", "%d", f.GoalDepth)
	} else {
		line("Goal depth", "none")
	}
	line("Objective (depth)", "%s", energy.Format(f.Objective))
	line("Energy (design)", "%s", energy.Format(f.Energy))
	if rated != nil && rated.Energy != "design" {
		line("Energy ("+rated.Energy+")", "%s", energy.Format(rated.Value))
	}
	return b.String()
}

// Map draws the maze as its text does (offset rows on hexagons,
// cells that are not open as X, * or .), each cell its jump (G for the
// goal) followed by its mark: S at the start (which the papers circle), *
// on the rest of the shortest solution, B in a black hole, W in a white
// hole, a space otherwise. With color, marked cells are
// coloured by ANSI escapes too; the marks stay, so a copy keeps them.
func Map(m *maze.Maze, f *analysis.Features, color bool) string {
	mark := make([]byte, m.Cells())
	for i := range mark {
		mark[i] = ' '
	}
	for _, c := range f.SolutionCells {
		mark[c] = '*'
	}
	for k, sets := range [][][]int{f.BlackHoleSets, f.WhiteHoleSets} {
		for _, h := range sets {
			for _, c := range h {
				mark[c] = "BW"[k]
			}
		}
	}
	mark[m.Start] = 'S'

	width := 1
	for _, j := range m.Jumps {
		width = max(width, len(strconv.Itoa(j)))
	}
	grid := m.FormatGrid(func(i int) string {
		cell := strconv.Itoa(m.Jumps[i])
		switch {
		case !m.Open(i):
			cell = string(rune(m.Kind(i)))
		case i == m.Goal:
			cell = "G"
		}
		return fmt.Sprintf("%*s%c", width, cell, mark[i])
	})
	lines := strings.Split(strings.TrimSuffix(grid, "\n"), "\n")
	for k, l := range lines {
		l = strings.TrimRight(l, " ")
		if color {
			l = markedCell.ReplaceAllStringFunc(l, func(t string) string {
				return markColors[t[len(t)-1]] + t + "\x1b[0m"
			})
		}
		lines[k] = l
	}
	out := strings.Join(lines, "\n") + "\n"
	if m.Exit() >= 0 {
		out += fmt.Sprintf("Goal: the exit, one cell beyond the edge%s\n", map[bool]string{true: " (*)", false: ""}[f.Solvable])
	}
	return out
}

// markedCell matches a cell of Map's grid with a mark.
var markedCell = regexp.MustCompile(`([0-9]+|G)[S*BW]`)

// markColors are the ANSI colours of Map's marks.
var markColors = map[byte]string{'S': "\x1b[1;33m", '*': "\x1b[1;32m", 'B': "\x1b[1;31m", 'W': "\x1b[1;36m"}

// Steps prints, laid out like the maze, the move numbers at which the
// shortest solution visits each cell (0 at the start), "." elsewhere; a
// cell visited more than once (possible under the no-U-turn rule) shows
// every visit, e.g. "2/8". Every column is at least two characters wide,
// as in the "Moves from start:" grid of solve, whatever the depth.
func Steps(m *maze.Maze, f *analysis.Features) string {
	steps := make([][]string, m.Cells())
	for k, c := range f.SolutionCells {
		steps[c] = append(steps[c], strconv.Itoa(k))
	}
	width := 2
	for _, s := range steps {
		width = max(width, len(strings.Join(s, "/")))
	}
	grid := m.FormatGrid(func(i int) string {
		v := "."
		if len(steps[i]) > 0 {
			v = strings.Join(steps[i], "/")
		}
		return fmt.Sprintf("%*s", width, v)
	})
	if m.Exit() >= 0 && f.Solvable {
		grid += fmt.Sprintf("exit: %d\n", len(f.SolutionCells)-1)
	}
	return grid
}

// capitalized returns s with its first letter in upper case.
func capitalized(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// plural returns n with its noun: "1 cell", "2 cells".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// paren returns " (s)", or nothing for an empty s.
func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// cellList prints cells after a label, in the papers' form, or nothing
// when there are none.
func cellList(m *maze.Maze, label string, cells []int) string {
	if len(cells) == 0 {
		return ""
	}
	parts := make([]string, len(cells))
	for k, c := range cells {
		parts[k] = m.Cell(c).String()
	}
	return strings.TrimPrefix(label+" "+strings.Join(parts, " "), " ")
}

// setList prints sets of cells as ": {(1,1) (1,4)} {...}".
func setList(m *maze.Maze, sets [][]int) string {
	if len(sets) == 0 {
		return ""
	}
	parts := make([]string, len(sets))
	for k, s := range sets {
		parts[k] = "{" + cellList(m, "", s) + "}"
	}
	return ": " + strings.Join(parts, " ")
}

// DeadEndWarning says which cells of m are dead ends (see maze.DeadEnds),
// with their jumps; "" when there are none.
func DeadEndWarning(m *maze.Maze) string {
	dead := m.DeadEnds()
	if len(dead) == 0 {
		return ""
	}
	cells := make([]string, len(dead))
	for i, c := range dead {
		cells[i] = fmt.Sprintf("%v=%d", m.Cell(c), m.Jumps[c])
	}
	what := "whose jump leaves the board in every direction"
	if !m.Plain() {
		what = "whose jump has no move"
	}
	return fmt.Sprintf("%d cell(s) %s, treated as dead ends: %s", len(dead), what, strings.Join(cells, " "))
}
