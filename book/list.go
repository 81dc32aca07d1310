package book

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/difficulty"
	"rjm/fault"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// A book list is a designer's own mazes to print as a book (the
// workbench's "Download list", or any text editor): UTF-8 text, one maze
// ID per line (the IDs rjm generate prints and /m/ID takes, variants
// included); blank lines and lines starting with '#' are comments.

// Listed is one maze of a book list and the line it is on.
type Listed struct {
	Line int
	Maze *maze.Maze
}

// MaxListLine bounds a line of a book list: the largest board's ID fits.
const MaxListLine = 64 << 10

// ReadList reads a book list. An error names the line: a maze ID that
// does not parse, a maze listed twice, more than MaxCount mazes, or none.
func ReadList(r io.Reader) ([]Listed, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), MaxListLine)
	var out []Listed
	seen := map[string]int{}
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if n == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // a byte-order mark an editor wrote
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		m, err := maze.ParseID(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		id, err := m.ID()
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if first, ok := seen[id]; ok {
			return nil, fmt.Errorf("line %d: the maze of line %d again (a book prints a maze once)", n, first)
		}
		seen[id] = n
		if len(out) == MaxCount {
			return nil, fmt.Errorf("line %d: more than %d mazes (a book holds at most %d)", n, MaxCount, MaxCount)
		}
		out = append(out, Listed{Line: n, Maze: m})
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, fmt.Errorf("a line over %d bytes: not a maze ID", MaxListLine)
		}
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no maze ID in the list (one per line; lines starting with # are comments)")
	}
	return out, nil
}

// FromList returns the puzzles of a book of the listed mazes, in the
// book's order, and s with its recipe set to their board (the rules page
// explains that board, with a worked example on it) and its bands to the
// levels the mazes fall in. Mazes on several boards make a volume
// (Settings.Boards): a section per board, in the order the list first
// names each, up to MaxSections. Every maze must be solvable, with a
// unique shortest solution and no black holes, as the book promises of
// every puzzle; an error names the line of the first that is not. Each
// maze's band is the difficulty policy's level of its shortest solution
// on its board (difficulty.LevelOnBoard, against the board's reach), and
// a band's puzzles are ordered by the model's predicted time
// (Settings.Model), as in a generated book, section by section. s.Count,
// s.Bands, s.Spec and s.Boards are not read.
func FromList(ctx context.Context, s Settings, list []Listed) ([]Puzzle, Settings, error) {
	if len(list) == 0 {
		return nil, s, fault.Invalid("", "no maze in the list")
	}
	// The boards, in the order the list first names them.
	var boards []maze.Board
	section := make([]int, len(list))
	for i, l := range list {
		k := slices.IndexFunc(boards, func(b maze.Board) bool { return difficulty.SameBoard(b, l.Maze.Board) == nil })
		if k < 0 {
			if len(boards) == MaxSections {
				return nil, s, fmt.Errorf("line %d: a maze on a %d-th board (a volume holds at most %d)", l.Line, MaxSections+1, MaxSections)
			}
			k = len(boards)
			boards = append(boards, l.Maze.Board)
		}
		section[i] = k
	}
	graphs := make([]*graph.Graph, len(boards))
	reaches := make([]int, len(boards))
	s.Spec, s.Boards = generate.DefaultOn(boards[0]), nil
	s.Spec.Seed = 0
	for k, b := range boards {
		first := list[slices.Index(section, k)].Line
		g, err := graph.Compile(b)
		if err != nil {
			return nil, s, fmt.Errorf("line %d: %w", first, err)
		}
		graphs[k] = g
		spec := generate.DefaultOn(b)
		spec.Seed = 0
		if len(boards) > 1 {
			s.Boards = append(s.Boards, spec)
		}
		if reaches[k], err = difficulty.Reach(ctx, b); err != nil {
			return nil, s, fmt.Errorf("measuring the reach of the board of line %d: %w", first, err)
		}
	}
	s.Count = len(list)
	if err := s.Validate(); err != nil {
		return nil, s, err
	}
	s = s.withDefaults()
	model := s.Model
	if model == nil {
		model = difficulty.PriorModel()
	}
	puzzles := make([]Puzzle, 0, len(list))
	var bands []Band
	for i, l := range list {
		if err := ctx.Err(); err != nil {
			return nil, s, err
		}
		m, g := l.Maze, graphs[section[i]]
		sol := solve.Solve(g, m)
		f := analysis.AnalyzeSolved(g, m, sol)
		if err := analysis.BookPuzzle(f); err != nil {
			return nil, s, fmt.Errorf("line %d: %w", l.Line, err)
		}
		id, err := m.ID()
		if err != nil {
			return nil, s, fmt.Errorf("line %d: %w", l.Line, err)
		}
		band := difficulty.LevelOnBoard(f.GoalDepth, reaches[section[i]])
		if !slices.Contains(bands, band) {
			bands = append(bands, band)
		}
		facts := difficulty.Describe(g, m)
		puzzles = append(puzzles, Puzzle{
			Section:   section[i],
			Result:    &generate.Result{Maze: m, Solved: sol, Features: f},
			Band:      band,
			Solution:  f.Solution,
			Predicted: model.Predict(id, facts).Seconds,
		})
	}
	slices.Sort(bands)
	s.Bands = bands
	slices.SortStableFunc(puzzles, func(a, b Puzzle) int {
		if a.Section != b.Section {
			return a.Section - b.Section
		}
		return harder(a, b)
	})
	for i := range puzzles {
		puzzles[i].Number = i + 1
	}
	return puzzles, s, nil
}

// listed reports whether the puzzle came from a book list: it has no
// recipe, only its maze.
func (p Puzzle) listed() bool { return p.Result.Spec.Rows == 0 }

// seededID is the seeded ID that makes the puzzle again, or "" for a
// listed one.
func (p Puzzle) seededID() string {
	if p.listed() {
		return ""
	}
	return p.Result.SeededID()
}

// listImprint is the imprint of a book of listed mazes: what the book
// promises of them, and each puzzle's maze ID, which rjm reads (rjm
// analyze, rjm book --mazes) and the site plays at /m/ID.
func (d *doc) listImprint(s Settings, puzzles []Puzzle, y vg.Length) {
	width := d.paper.Width - 2*d.margin
	y = d.text(d.margin, y, width, d.face(imprintSize, false), s.Title+". Made with rjm from a list of mazes. Every puzzle has a unique shortest solution, and from every cell it reaches the goal can still be reached. Below is each puzzle's maze ID, which rjm reads and the site plays at /m/ID; an ID broken over lines is one line, without spaces.", false)
	small := d.face(imprintSmall, false)
	for _, p := range puzzles {
		id, err := p.Result.Maze.ID()
		if err != nil {
			continue
		}
		y = d.imprintLine(y, width, small, fmt.Sprintf("Puzzle %d (%s): %s", p.Number, p.Band, id))
	}
}
