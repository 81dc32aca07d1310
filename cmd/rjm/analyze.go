package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rjm/analysis"
	"rjm/energy"
	"rjm/maze"
)

// analyzeJSON is the --json form of "rjm analyze": the features, with
// the maze they describe, in one object.
type analyzeJSON struct {
	ID       string
	Maze     string
	Features *analysis.Features
	Jumps    [][]int
	// DeadEnds lists the cells whose jump has no move (see maze.DeadEnds).
	DeadEnds [][2]int
	// Rated is the maze's energy by --energy, when one is given.
	Rated *ratedJSON
}

// MarshalJSON writes the object as "id", "maze", the features' keys,
// "jumps", "dead_ends" and "rated" (when given).
func (j analyzeJSON) MarshalJSON() ([]byte, error) {
	head, err := json.Marshal(struct {
		ID   string `json:"id"`
		Maze string `json:"maze"`
	}{j.ID, j.Maze})
	if err != nil {
		return nil, err
	}
	feats, err := json.Marshal(j.Features)
	if err != nil {
		return nil, err
	}
	tail, err := json.Marshal(struct {
		Jumps    [][]int    `json:"jumps"`
		DeadEnds [][2]int   `json:"dead_ends"`
		Rated    *ratedJSON `json:"rated,omitempty"`
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

type ratedJSON struct {
	Energy string  `json:"energy"`
	Value  float64 `json:"value"`
}

func newAnalyzeCmd(e *env) *cobra.Command {
	var mf mazeFlags
	var asJSON, noColor bool
	var energyName string
	c := &cobra.Command{
		Use:   "analyze [FILE|-]",
		Short: "Report a maze's design features: holes, uniqueness, decisions, clusters, energy",
		Long: `Analyze reads a maze (from FILE, or standard input when FILE is - or absent)
and reports the design features of seed 003: reachable and reaching cells,
black holes (dead ends: reachable cells that cannot reach the goal) and white
holes (back-tracing dead ends: unreachable cells that reach the goal), the
number of shortest solutions, forward and backward decisions and U-turns
along the shortest solution (averaged over all shortest solutions when there
are several), same jump clusters, initial forced moves, the goal depth, the
simple objective and seed 003's energy. It draws the maze with the shortest
solution (*), black-hole cells (B) and white-hole cells (W) marked, and the
move number of every cell of the solution.

Maze text is read as by "rjm solve". --energy also rates the maze with
another energy.

` + energyHelp(),
		Example: `  rjm analyze examples/figure1.txt
  rjm analyze --json --id 5x5:3413133302312234233341432
  rjm analyze examples/program1.txt --energy 'weighted:uturns=1,clusters=2'`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var rate energyRating
			if energyName != "" {
				en, err := energyFlag(energyName)
				if err != nil {
					return badInput(err)
				}
				rate.e = en
			}
			m, g, err := mf.readGraph(e, args)
			if err != nil {
				return err
			}
			f := analysis.Analyze(g, m)
			if rate.e != nil {
				rate.value = rate.e.Evaluator(g, m.Start, m.Goal).Reset(m.Jumps)
			}
			if asJSON {
				id, _ := m.ID()
				j := analyzeJSON{ID: id, Maze: m.String(), Features: f, Jumps: m.JSON().Jumps, DeadEnds: [][2]int{}}
				for _, c := range m.DeadEnds() {
					j.DeadEnds = append(j.DeadEnds, m.CellJSON(c))
				}
				if rate.e != nil {
					j.Rated = &ratedJSON{rate.e.Name(), rate.value}
				}
				return writeJSON(e, j)
			}
			_, err = fmt.Fprint(e.stdout, analyzeText(m, f, rate, !noColor && isTerminal(e.stdout)))
			return err
		},
	}
	mf.register(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print the features as JSON")
	c.Flags().BoolVar(&noColor, "no-color", false, "never colour the map (it is coloured only on a terminal)")
	c.Flags().StringVar(&energyName, "energy", "", "also rate the maze with energy `E` (see below)")
	return c
}

// energyRating is an energy chosen with --energy and its value.
type energyRating struct {
	e     energy.Energy
	value float64
}

func analyzeText(m *maze.Maze, f *analysis.Features, rate energyRating, color bool) string {
	var b strings.Builder
	id, err := m.ID()
	if err != nil {
		id = "none (a jump above 31 has no ID character)"
	}
	fmt.Fprintf(&b, "Maze %dx%d, start %v, goal %v, ID %s\n\n", m.Rows, m.Cols, m.Cell(m.Start), m.Cell(m.Goal), id)
	b.WriteString(mapText(m, f, color))
	b.WriteString("(* shortest solution, B black hole, W white hole)\n\n")
	if f.Solvable {
		b.WriteString("Solution path (move number of each cell):\n")
		b.WriteString(stepText(m, f))
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
	line("Reachable cells", "%d of %d%s", f.Reachable, f.Cells, paren(cellList("unreachable:", f.UnreachableCells)))
	line("Reaching cells", "%d of %d%s", f.Reaching, f.Cells, paren(cellList(fmt.Sprintf("n = %d non-reaching:", f.NonReaching), f.NonReachingCells)))
	line("Black holes", "%d (%s)%s", f.BlackHoles, plural(f.BlackHoleCells, "cell"), setList(f.BlackHoleSets))
	line("White holes", "%d (%s)%s", f.WhiteHoles, plural(f.WhiteHoleCells, "cell"), setList(f.WhiteHoleSets))
	avg := ""
	if f.Solvable && !f.Unique {
		avg = " (average over the shortest solutions)"
	}
	line("Forward decisions", "%s%s", fmtNum(f.ForwardDecisions), avg)
	line("Backward decisions", "%s%s", fmtNum(f.BackwardDecisions), avg)
	line("U-turns", "%s%s", fmtNum(f.UTurns), avg)
	line("Same jump clusters", "%d of 2+ cells, largest %d, penalty Σ(|J|-1)² = %d%s", len(f.Clusters), f.LargestCluster, f.ClusterPenalty, setList(f.Clusters))
	line("Initial forced moves", "%d", f.InitialForcedMoves)
	if f.Solvable {
		line("Goal depth", "%d", f.GoalDepth)
	} else {
		line("Goal depth", "none")
	}
	line("Objective (depth)", "%s", energy.Format(f.Objective))
	line("Energy (design)", "%s", energy.Format(f.Energy))
	if rate.e != nil && rate.e.Name() != "design" {
		line("Energy ("+rate.e.Name()+")", "%s", energy.Format(rate.value))
	}
	return b.String()
}

// mapText draws the maze as its text does (offset rows on hexagons,
// cells that are not open as X, * or .), each cell its jump (G for the
// goal) followed by its mark: * on the shortest solution, B in a black
// hole, W in a white hole, a space otherwise. With color, marked cells are
// coloured by ANSI escapes too; the marks stay, so a copy keeps them.
func mapText(m *maze.Maze, f *analysis.Features, color bool) string {
	mark := make([]byte, m.Cells())
	for i := range mark {
		mark[i] = ' '
	}
	for _, c := range f.SolutionCells {
		if i, ok := cellIndex(m, c); ok {
			mark[i] = '*'
		}
	}
	for k, sets := range [][][][2]int{f.BlackHoleSets, f.WhiteHoleSets} {
		for _, h := range sets {
			for _, c := range h {
				if i, ok := cellIndex(m, c); ok {
					mark[i] = "BW"[k]
				}
			}
		}
	}
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
	if m.Variant.Exit {
		out += fmt.Sprintf("Goal: the exit, one cell beyond the edge%s\n", map[bool]string{true: " (*)", false: ""}[f.Solvable])
	}
	return out
}

// markedCell matches a cell of mapText's grid with a mark.
var markedCell = regexp.MustCompile(`([0-9]+|G)[*BW]`)

// markColors are the ANSI colours of mapText's marks.
var markColors = map[byte]string{'*': "\x1b[1;32m", 'B': "\x1b[1;31m", 'W': "\x1b[1;36m"}

// cellIndex converts a 1-based [row, col] pair to m's cell index; it
// reports false for the exit of an exit-ring board, which has no row.
func cellIndex(m *maze.Maze, c [2]int) (int, bool) {
	cell := maze.Cell{Row: c[0] - 1, Col: c[1] - 1}
	if !m.Contains(cell) {
		return 0, false
	}
	return m.Index(cell), true
}

// stepText prints, laid out like the maze, the move numbers at which the
// shortest solution visits each cell (0 at the start), "." elsewhere; a
// cell visited more than once (possible under the no-U-turn rule) shows
// every visit, e.g. "2/8".
func stepText(m *maze.Maze, f *analysis.Features) string {
	steps := make([][]string, m.Cells())
	for k, c := range f.SolutionCells {
		if i, ok := cellIndex(m, c); ok {
			steps[i] = append(steps[i], strconv.Itoa(k))
		}
	}
	width := 1
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
	if m.Variant.Exit && f.Solvable {
		grid += fmt.Sprintf("exit: %d\n", len(f.SolutionCells)-1)
	}
	return grid
}

func fmtCell(c [2]int) string { return fmt.Sprintf("(%d,%d)", c[0], c[1]) }

// plural returns "1 cell", "2 cells".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// paren returns " (s)", or nothing for an empty s.
func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// cellList prints cells after a label, or nothing when there are none.
func cellList(label string, cells [][2]int) string {
	if len(cells) == 0 {
		return ""
	}
	parts := make([]string, len(cells))
	for k, c := range cells {
		parts[k] = fmtCell(c)
	}
	return strings.TrimPrefix(label+" "+strings.Join(parts, " "), " ")
}

// setList prints sets of cells as ": {(1,1) (1,4)} {...}".
func setList(sets [][][2]int) string {
	if len(sets) == 0 {
		return ""
	}
	parts := make([]string, len(sets))
	for k, s := range sets {
		parts[k] = "{" + cellList("", s) + "}"
	}
	return ": " + strings.Join(parts, " ")
}

// fmtNum prints an average with at most two decimals.
func fmtNum(x float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}
