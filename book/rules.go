package book

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/difficulty"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/search"
	"rjm/solve"
)

// parText is the rules page's last paragraph: what each puzzle gives,
// followed by what the book promises of traps (noTrap).
const parText = "Each puzzle gives its par: the number of moves of its shortest solution, which is unique, and its difficulty band. "

// example is the rules page's worked example: 4×4, seven moves, a unique
// solution that uses all four letters.
const example = "4x4:3322102122133131"

// rules writes the rules, the move letters, and a worked example: a small
// maze and its solution key, with every move of it spelt out. What it
// promises of every puzzle (no trap; few cells one jump from the goal)
// it says only where it holds of every one of puzzles.
func (d *doc) rules(ctx context.Context, spec generate.Spec, bands []Band, puzzles []*maze.Maze) {
	d.page()
	d.heading("How to play")
	width := d.paper.Width - 2*d.margin
	body := d.face(11.5, false)
	y := d.margin + 8*vg.Millimeter
	board, err := spec.Board()
	if err != nil {
		board = maze.Board{Rows: spec.Rows, Cols: spec.Cols, Variant: spec.Variant}
	}
	for _, para := range paragraphs(board, puzzles) {
		y = d.text(d.margin, y, width, body, para, false) + 2*vg.Millimeter
	}
	notation := "The solutions at the back of the book" + strings.TrimPrefix(render.Notation(board), "Solutions")
	y = d.text(d.margin, y+3*vg.Millimeter, width, body, notation, false)
	y = d.text(d.margin, y+6*vg.Millimeter, width, d.face(13, true), "A worked example", false)

	m, f := d.exampleOf(ctx, spec)
	d.workedExample(y, m, f, Hints(board, bands, puzzles))
}

// paragraphs returns the rules page's paragraphs before the notation: the
// rules of board b (render.Rules) and what each of puzzles gives.
func paragraphs(b maze.Board, puzzles []*maze.Maze) []string {
	return append(render.Rules(b), parText+noTrap.say(b, puzzles))
}

// workedExample draws the worked example m, solved as f, below y on the
// rules page: the puzzle and its key side by side, then the solution
// spelt out and the hints (hints); or, where side by side they would be drawn at
// under MinExampleCell a cell, the text here and the two pictures on the
// next page, one above the other, or on a page each where that is still
// too small (Klondike's circle: 7.5 mm a cell). It returns the cell they
// are drawn at.
func (d *doc) workedExample(y vg.Length, m *maze.Maze, f *analysis.Features, hints string) vg.Length {
	width := d.paper.Width - 2*d.margin
	body := d.face(11.5, false)
	pic := render.Picture{Maze: m, Features: f}
	o := render.PictureOptions{Cell: 14 * vg.Millimeter}
	pw, ph := pic.Size(o)
	// Both pictures inside the margins, 6 mm apart and from them at
	// least: a board with loops or an exit ring draws beyond its cells.
	if room := width - 3*6*vg.Millimeter; 2*pw > room {
		o.Cell = vg.Length(float64(o.Cell) * float64(room/(2*pw)))
		pw, ph = pic.Size(o)
	}
	steps := walk(m, f)
	text := fmt.Sprintf("Solution: %s, %d moves. %s In the key, the disc in each cell's corner is the step at which the path reaches it (the start 0): follow 0, 1, 2, … from disc to disc. On a short path grey arrows join the steps, a move that runs along an earlier one beside it; a long path's key, at the back of the book, numbers the steps alone, its moves written under it.", f.Solution, f.GoalDepth, steps)
	labels := []string{"The puzzle", "Its solution key"}
	lf := d.face(10, false)
	if o.Cell >= max(MinExampleCell, SpreadBelow) { // a key under SpreadBelow a cell has no room for its discs
		gap := (width - 2*pw) / 3
		if y+4*vg.Millimeter+ph+10*vg.Millimeter > d.paper.Height-d.margin {
			// No room left on this page (a small trim): on the next.
			d.page()
			d.heading("A worked example")
			y = d.margin + 8*vg.Millimeter
		}
		top := d.paper.Height - y - 4*vg.Millimeter
		for k, sol := range []bool{false, true} {
			x := d.margin + gap + vg.Length(k)*(pw+gap)
			d.example(pic, o, sol, vg.Point{X: x, Y: top - ph})
			d.c.SetColor(color.Black)
			d.c.FillString(lf, vg.Point{X: x + (pw-lf.Width(labels[k]))/2, Y: top - ph - 5*vg.Millimeter}, labels[k])
		}
		y = d.paper.Height - (top - ph) + 8*vg.Millimeter
		y = d.text(d.margin, y, width, body, text, false)
		y = d.text(d.margin, y+6*vg.Millimeter, width, d.face(13, true), "Hints", false)
		d.text(d.margin, y+2*vg.Millimeter, width, body, hints, false)
		return o.Cell
	}
	// A large board (Klondike's circle) side by side would be drawn at
	// a few millimetres a cell: the text here, and the two pictures on
	// the next page, one above the other, if they are drawn at
	// MinExampleCell or more so; else each on a page of its own.
	top := d.paper.Height - d.margin - 10*vg.Millimeter
	fit := func(n int) vg.Length {
		each := (top - d.margin - vg.Length(n+1)*8*vg.Millimeter) / vg.Length(n) // a picture and its caption, clear of the page number
		o.Cell = 14 * vg.Millimeter
		pw, ph := pic.Size(o)
		return vg.Length(float64(o.Cell) * min(float64(width/pw), float64(each/ph)))
	}
	per := 2
	if o.Cell = fit(2); o.Cell < MinExampleCell {
		per, o.Cell = 1, fit(1)
	}
	where := map[int]string{2: "On the next page. ", 1: "On the next pages. "}[per]
	y = d.text(d.margin, y+2*vg.Millimeter, width, body, where+text, false)
	y = d.text(d.margin, y+6*vg.Millimeter, width, d.face(13, true), "Hints", false)
	d.text(d.margin, y+2*vg.Millimeter, width, body, hints, false)
	pw, ph = pic.Size(o)
	y0 := top
	for k, sol := range []bool{false, true} {
		if sol && o.Cell < SpreadBelow {
			d.spread("A worked example", pic, []string{labels[k]}, labels[k]+" (continued)", "The worked example's key is across the next two pages.")
			break
		}
		if k%per == 0 {
			d.page()
			d.heading("A worked example")
			y0 = top
		}
		x := d.margin + (width-pw)/2
		d.example(pic, o, sol, vg.Point{X: x, Y: y0 - ph})
		d.c.SetColor(color.Black)
		d.c.FillString(lf, vg.Point{X: x + (pw-lf.Width(labels[k]))/2, Y: y0 - ph - 5*vg.Millimeter}, labels[k])
		y0 -= ph + 2*8*vg.Millimeter
	}
	return o.Cell
}

// MinExampleCell is the least cell of the rules page's worked example
// beside its key: a board that would be drawn smaller (Klondike's 21×21
// circle, at 3 mm) has them on a page of their own.
const MinExampleCell = 6 * vg.Millimeter

// example draws the worked example, or its key when solution is set, at
// at (its lower left corner) with options o.
func (d *doc) example(pic render.Picture, o render.PictureOptions, solution bool, at vg.Point) {
	d.c.Push()
	d.c.Translate(at)
	o.Solution = solution
	pic.Draw(d.c, o)
	d.c.Pop()
}

// Hints returns the rules page's hints on board b, the solver's ways in
// from the design paper's features, and how the book's bands (in their
// order) rise: "easy, medium and hard" only when it has all three. How
// few cells reach the goal it says only where that holds of every one of
// puzzles (fewToGoal).
func Hints(b maze.Board, bands []Band, puzzles []*maze.Maze) string {
	h := fewToGoal.say(b, puzzles) + " Mark the cells you have visited with their step, as the key does, so that you notice a loop. Cells with the same number side by side jump alike: they are landmarks. "
	var names []string
	for _, b := range bands {
		names = append(names, b.String())
	}
	switch len(names) {
	case 0:
		return h
	case 1:
		return h + "Every puzzle of the book is " + names[0] + ", and they rise in difficulty towards its end."
	}
	list := strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	return h + "The puzzles rise in difficulty through the book: " + list + ", each band harder towards its end."
}

// exampleOf returns the worked example of a book of spec's mazes, on
// its own kind of board: on the papers' plain board the fixed 4×4 maze
// example; on a variant's board with every cell open, a 4×4 maze of the
// variant (5×5 or 6×6 where 4×4 has none); on a layout (walls, blocked
// cells, Klondike's circle), a maze of the layout itself, its start and
// goal as the book's. Each is the first of seeds 1 to exampleSeeds of the
// board's recipe aimed at 5 moves, a layout's at 8 (difficulty.AimedSpec),
// with a unique solution of 3 to 10 moves and no black holes whose answer
// every rule of the board changes (Shows: the same maze without the
// queen's diagonals, the torus, the loops, the no-U-turn rule, the walls
// or the blocked cells is solved otherwise); an exit ring's solution
// always ends with its exit move. The fixed example when none is found.
func exampleOf(ctx context.Context, spec generate.Spec) (*maze.Maze, *analysis.Features) {
	fixed := func() (*maze.Maze, *analysis.Features) {
		m, _ := maze.ParseID(example)
		g := graph.MustCompile(m.Board)
		return m, analysis.AnalyzeSolved(g, m, solve.Solve(g, m))
	}
	if spec.Variant == (maze.Variant{}) && spec.Layout == "" {
		return fixed()
	}
	sizes, aim := []int{4, 5, 6}, 5
	if spec.Layout != "" {
		sizes, aim = []int{0}, 8
	}
	var first *generate.Result
	for _, n := range sizes {
		small := spec
		if n > 0 {
			small.Rows, small.Cols, small.Start, small.Goal = n, n, nil, nil
			small.RandomStart, small.RandomGoal = false, false
		}
		if small.Method == search.MethodAnneal {
			// A short aim needs a short search: a tenth of the
			// iterations, cooling as far.
			small.Iterations = max(1000, small.Iterations/10)
			small.Decay = math.Round(math.Pow(small.Decay, 10)*1e6) / 1e6
		}
		b, err := small.Board()
		if err != nil {
			continue
		}
		small = difficulty.AimedSpec(small, len(b.OpenCells()), aim)
		keep := generate.Constraints{MinLength: 3, MaxLength: 10, Unique: true, NoBlackHoles: true}
		for seed := uint64(1); seed <= exampleSeeds; seed++ {
			small.Seed = seed
			r, err := generate.Run(ctx, small, nil)
			if err != nil {
				break
			}
			if !keep.Meets(r.Features) {
				continue
			}
			if Shows(r.Maze, r.Features) {
				return r.Maze, r.Features
			}
			if first == nil {
				first = r
			}
		}
	}
	if first == nil {
		return fixed()
	}
	return first.Maze, first.Features
}

// exampleSeeds bounds the seeds exampleOf tries.
const exampleSeeds = 12

// Shows reports whether a solved maze's solution shows what its board
// does: every rule the same maze could be played without changes its
// answer (analysis.Unneeded is empty), so that a diagonal move shows the queen,
// a move round a loop or across the torus's edge shows them, and the
// no-U-turn rule and walls make the solution longer. The tiling and an
// exit ring show themselves (an exit ring's last move is its exit move).
func Shows(m *maze.Maze, f *analysis.Features) bool {
	return len(analysis.Unneeded(m, f)) == 0
}

// roundTheEdge returns how the jump from cell in direction d goes round
// the board's edge, as the catalogue's row of the rule it uses says it
// (Rule.Round: "across the edge" on a torus, "round the loop" through a
// Surakarta loop), or "" when it lands where it would without the rule.
func roundTheEdge(m *maze.Maze, cell int, d maze.Dir) string {
	to, _, ok := m.Board.Jump(cell, d, m.Jumps[cell])
	for _, r := range m.On() {
		if r.Round == "" || r.Without == nil {
			continue
		}
		plain, _, pok := r.Without(m.Board).Jump(cell, d, m.Jumps[cell])
		if ok && (!pok || plain != to) {
			return r.Round
		}
	}
	return ""
}

// walk spells out a solution move by move: "From the circled 3, R: 3
// right to a 2; …".
func walk(m *maze.Maze, f *analysis.Features) string {
	dirs, err := m.ParseNotation(f.Solution)
	if err != nil || len(dirs) != len(f.SolutionCells)-1 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "From the circled %d: ", m.Jumps[m.Start])
	for k, d := range dirs {
		from, to := f.SolutionCells[k], f.SolutionCells[k+1]
		what := "the " + goalWord(m.Board)
		if to != m.Goal {
			what = fmt.Sprintf("a %d", m.Jumps[to])
		}
		if k > 0 {
			b.WriteString("; ")
		}
		letter := string(d.Letter())
		if len(m.Dirs()) != 4 { // compass points but on the rook's board
			letter = d.Compass()
		}
		how := ""
		if round := roundTheEdge(m, from, d); round != "" {
			how = " " + round
		}
		fmt.Fprintf(&b, "%s, %d %s%s to %s", letter, m.Jumps[from], d, how, what)
	}
	b.WriteString(".")
	return b.String()
}
