// Package book makes printable puzzle books of Rook Jumping Mazes: a PDF
// with a title page, the rules as the papers state them, the puzzles in
// rising difficulty with their difficulty band, and the solutions at the
// back; and the tiles of a floor maze, one large tile per page with an
// assembly map. Everything comes from one seed and is the same, byte for
// byte, on every run.
package book

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"

	"rjm/analysis"
	"rjm/difficulty"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/parallel"
	"rjm/render"
	"rjm/search"
	"rjm/solve"
)

// Band is a difficulty band: a level of package difficulty, which owns
// what a difficulty is (its policy: difficulty.Level.Moves). On a board
// that reaches R moves (difficulty.Reach) a band's puzzles have the moves
// that go with its level there — easy from 40% of R (at least 8 moves
// where R is 12 or more) to 55%, medium to 70%, hard beyond — and within
// a band they are ordered by the difficulty model's prediction of how
// long a typical player takes (Settings.Model).
type Band = difficulty.Level

// The bands, easiest first.
const (
	Easy   = difficulty.Easy
	Medium = difficulty.Medium
	Hard   = difficulty.Hard
)

// Bands lists the bands' names, easiest first.
var Bands = difficulty.Levels

// ParseBand returns the band with the given name.
func ParseBand(s string) (Band, error) {
	b, err := difficulty.ParseLevel(s)
	if err != nil {
		return 0, fmt.Errorf("book: unknown difficulty band %q (want %s)", s, strings.Join(Bands, ", "))
	}
	return b, nil
}

// ParseBands returns the bands of a comma-separated list of names.
func ParseBands(list string) ([]Band, error) {
	var bands []Band
	for _, name := range strings.Split(list, ",") {
		b, err := ParseBand(name)
		if err != nil {
			return nil, err
		}
		bands = append(bands, b)
	}
	return bands, nil
}

// Paper is a page size (render's: pictures fit the same papers).
type Paper = render.Paper

// The paper sizes a book may be printed on.
var (
	A4     = render.A4
	Letter = render.Letter
)

// Papers lists the paper sizes a book may be printed on.
var Papers = render.Papers

// ParsePaper returns the paper size of the given name, a4 or letter, in
// any case.
func ParsePaper(name string) (Paper, error) {
	p, err := render.ParsePaper(name)
	if err != nil {
		return p, fmt.Errorf("book: unknown paper %q (want a4 or letter)", maze.Short(name))
	}
	return p, nil
}

// Settings describe a book. A zero field means its default, as the field
// says.
type Settings struct {
	// Spec is the recipe of every maze (board, variant, method, energy)
	// and Spec.Seed the book's seed; the zero Spec means generate.Default.
	Spec  generate.Spec
	Count int // puzzles, 1..MaxCount; zero means 12
	// Bands are the difficulty bands the puzzles come from, in equal
	// shares, easiest first; nil means all three.
	Bands   []Band
	Paper   Paper // zero means A4
	PerPage int   // puzzles per page: 1, 2, 4 or 6; zero means 4
	// Title, Subtitle and Author are printed on the title page and set in
	// the PDF's document information: any text in Latin, Greek or
	// Cyrillic script, up to MaxTitle characters each, wrapped to the
	// page. An empty Title means "Rook Jumping Mazes".
	Title, Subtitle, Author string
	Workers                 int // zero means one per core
	// Progress, if not nil, is called as the mazes are found.
	Progress func(done, total int)
	// Model is the difficulty model whose prediction chooses and orders
	// each band's puzzles; nil means difficulty.PriorModel() (simulated
	// novices, the same on every machine).
	Model *difficulty.Model
}

// MaxCount bounds the puzzles of one book.
const MaxCount = 1000

// MaxTitle bounds the characters of a title, a subtitle and an author.
const MaxTitle = 200

func (s Settings) withDefaults() Settings {
	if s.Spec == (generate.Spec{}) {
		s.Spec = generate.Default()
	}
	if s.Count == 0 {
		s.Count = 12
	}
	if s.Bands == nil {
		s.Bands = []Band{Easy, Medium, Hard}
	}
	if s.Paper == (Paper{}) {
		s.Paper = A4
	}
	if s.PerPage == 0 {
		s.PerPage = 4
	}
	if s.Title == "" {
		s.Title = "Rook Jumping Mazes"
	}
	return s
}

// Validate checks the settings.
func (s Settings) Validate() error {
	s = s.withDefaults()
	switch {
	case s.Count < 1 || s.Count > MaxCount:
		return fmt.Errorf("book: %d puzzles out of range 1..%d", s.Count, MaxCount)
	case !slices.Contains([]int{1, 2, 4, 6}, s.PerPage):
		return fmt.Errorf("book: %d puzzles per page: want 1, 2, 4 or 6", s.PerPage)
	case len(s.Bands) == 0:
		return fmt.Errorf("book: no difficulty band")
	}
	for _, t := range []struct{ name, text string }{{"title", s.Title}, {"subtitle", s.Subtitle}, {"author", s.Author}} {
		if err := checkText(t.name, t.text); err != nil {
			return err
		}
	}
	return s.Spec.Validate()
}

// Puzzle is one maze of a book, with what the book prints of it.
type Puzzle struct {
	Number   int // from 1, in the book's order
	Result   *generate.Result
	Band     Band
	Solution string // in the maze's notation
	// Predicted is the difficulty model's predicted median time of a
	// typical player, in seconds (Settings.Model).
	Predicted float64
}

// ReachError says that a board has no room for a band: the band's moves
// (difficulty.Level.Moves) start beyond what the board reaches.
type ReachError struct {
	Band  Band
	Moves difficulty.Band // the moves the band asks for on the board
	Board string          // the board's name (difficulty.BoardName)
	Reach int             // what the board reaches (difficulty.Reach)
}

func (e *ReachError) Error() string {
	return fmt.Sprintf("the %s band asks for %s moves, but the %s board reaches %d", e.Band, e.Moves, e.Board, e.Reach)
}

// FillError says that a band's search found too few puzzles: SlotSeeds
// seeds of a puzzle's search gave no maze in the band's moves with a
// unique solution, no black holes, and far enough from the puzzles before
// it.
type FillError struct {
	Band   Band
	Moves  difficulty.Band // the moves the band asks for on the board
	Target int             // the moves the failed search aimed at
	Board  string
	Reach  int
	Seeds  int // the seeds tried
}

func (e *FillError) Error() string {
	return fmt.Sprintf("the %s band (%s moves on the %s board, which reaches %d): no maze aimed at %d moves met it in %d seeds",
		e.Band, e.Moves, e.Board, e.Reach, e.Target, e.Seeds)
}

// SlotSeeds bounds the seeds one puzzle's search tries on a board of 50
// open cells or more; a smaller board, whose searches are quick and
// whose distinct puzzles are few, tries up to 600 / cells (50 on a 3×4
// layout).
const SlotSeeds = 12

// smallBoard is the most open cells of a board whose reach a book
// measures from its own start and goal.
const smallBoard = 64

// slotSeeds is SlotSeeds on a board of n open cells.
func slotSeeds(n int) int { return max(SlotSeeds, 600/max(n, 1)) }

// slot is one puzzle to find: its band and the moves it aims at.
type slot struct {
	band   Band
	moves  difficulty.Band
	target int
	cells  int           // the board's open cells
	spec   generate.Spec // aimed at target; Spec.Seed the first seed
}

// Mazes finds the book's puzzles. Each band's puzzles have the moves that
// go with the band on the book's board (Band: difficulty.Level.Moves of
// the board's difficulty.Reach); a band the board has no room for is a
// *ReachError at once. Puzzle j of a band's share searches with the
// board's own recipe aimed at a length spread evenly over the band's
// moves (difficulty.AimedSpec; hard's up to the reach), trying seeds
// until a maze meets the band: its length in the band's moves, a unique
// shortest solution, no black holes, and distinct from every puzzle
// before it (Distinct). A puzzle no SlotSeeds seeds find is a *FillError.
// The puzzles of a band are searched in parallel (Workers), each from its
// own seeds, so the book is the same whatever the number of workers; then
// all are ordered by band and the model's prediction (harder).
func Mazes(ctx context.Context, s Settings) ([]Puzzle, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	s = s.withDefaults()
	b, err := s.Spec.Board()
	if err != nil {
		return nil, err
	}
	n := len(b.OpenCells())
	reach, err := difficulty.Reach(ctx, b)
	if err == nil && n <= smallBoard && (s.Spec.Start != nil || s.Spec.Goal != nil) {
		// A small layout's own start and goal may leave it less room
		// than the board's (3×4: 4 moves against 7); measuring it is
		// quick.
		reach, err = difficulty.MeasureReachFrom(ctx, s.Spec)
	}
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	model := s.Model
	if model == nil {
		model = difficulty.PriorModel()
	}
	base := bookSpec(s.Spec, b)
	var bands [][]slot
	total := 0
	for k, band := range s.Bands {
		share := s.Count / len(s.Bands)
		if k < s.Count%len(s.Bands) {
			share++
		}
		if share == 0 {
			continue
		}
		moves := band.Moves(reach)
		if !band.Fits(reach) {
			return nil, &ReachError{Band: band, Moves: moves, Board: difficulty.BoardName(b), Reach: reach}
		}
		top := moves.Max
		if top == 0 {
			top = max(moves.Min, reach)
		}
		var slots []slot
		for j := range share {
			target := moves.Min
			if share > 1 {
				target += (j*(top-moves.Min) + (share-1)/2) / (share - 1)
			} else {
				target = (moves.Min + top + 1) / 2
			}
			spec := difficulty.AimedSpec(base, n, target)
			// Each band, and each puzzle of it, draws its own seeds, so
			// that changing one band's share leaves the others' mazes.
			spec.Seed = s.Spec.Seed + uint64(k)<<40 + uint64(j)<<32
			slots = append(slots, slot{band: band, moves: moves, target: target, cells: n, spec: spec})
		}
		bands = append(bands, slots)
		total += len(slots)
	}
	var puzzles []Puzzle
	done := 0
	var mu sync.Mutex // keeps the calls of Settings.Progress apart
	for _, slots := range bands {
		// The band's puzzles in parallel, each kept away from the
		// bands before; then in order, each away from the ones before
		// it in the band too, searching on where it is not.
		before := slices.Clone(puzzles)
		// A slot that found nothing keeps its error for its turn below,
		// so that the others run on and the first slot's error is the
		// one reported, whatever the number of workers.
		short := make([]error, len(slots))
		first, err := parallel.Map(ctx, s.Workers, len(slots), nil, func(ctx context.Context, j int) (found, error) {
			f, err := find(ctx, slots[j], 0, before)
			var fe *FillError
			if errors.As(err, &fe) {
				short[j] = err
				return f, nil
			}
			if err == nil && s.Progress != nil {
				mu.Lock()
				done++
				s.Progress(done, total)
				mu.Unlock()
			}
			return f, err
		})
		if err != nil {
			return nil, fail(err, b, reach)
		}
		for j, f := range first {
			if short[j] != nil {
				return nil, fail(short[j], b, reach)
			}
			for !f.distinct(puzzles[len(before):]) {
				if f, err = find(ctx, slots[j], f.next, puzzles); err != nil {
					return nil, fail(err, b, reach)
				}
			}
			id, err := f.r.Maze.ID()
			if err != nil {
				return nil, fmt.Errorf("book: %w", err)
			}
			facts := difficulty.Describe(graph.MustCompile(f.r.Maze.Board), f.r.Maze)
			puzzles = append(puzzles, Puzzle{Result: f.r, Band: slots[j].band, Solution: f.r.Features.Solution, Predicted: model.Predict(id, facts).Seconds})
		}
	}
	slices.SortStableFunc(puzzles, harder)
	for i := range puzzles {
		puzzles[i].Number = i + 1
	}
	return puzzles, nil
}

// bookSpec is the recipe a book's bands aim (difficulty.AimedSpec): the
// book's own. On a board of more than 100 open cells the board's default
// annealing (generate.DefaultOn) runs for 20,000 iterations per hundred
// cells fewer than its 200,000, to at least 50,000, cooling as far (its
// decay raised to match), so that a book of Klondike's 325 cells is
// minutes, not hours.
func bookSpec(spec generate.Spec, b maze.Board) generate.Spec {
	d := generate.DefaultOn(b)
	n := len(b.OpenCells())
	if n <= 100 || spec.Method != search.MethodAnneal || spec.Method != d.Method || spec.Iterations != d.Iterations || spec.Decay != d.Decay {
		return spec
	}
	iter := max(50_000, d.Iterations-20_000*(n-100)/100)
	spec.Decay = math.Round(math.Pow(d.Decay, float64(d.Iterations)/float64(iter))*1e6) / 1e6
	spec.Iterations = iter
	return spec
}

// found is a maze a slot's search kept, and the next seed offset to try.
type found struct {
	r    *generate.Result
	next int
}

// distinct reports whether f's maze is distinct from every puzzle of ps:
// it differs from each in at least a quarter of its cells, up to the
// board's symmetries (maze.Near), and shares no long stretch of solution
// with any (SharesSolution).
func (f found) distinct(ps []Puzzle) bool {
	for _, p := range ps {
		if maze.Near(f.r.Maze, p.Result.Maze) || SharesSolution(f.r.Features, p.Result.Features) {
			return false
		}
	}
	return true
}

// find searches slot's seeds from offset from on, up to SlotSeeds, for a
// maze in the slot's band that is distinct from avoid.
func find(ctx context.Context, sl slot, from int, avoid []Puzzle) (found, error) {
	keep := generate.Constraints{MinLength: sl.moves.Min, MaxLength: sl.moves.Max, Unique: true, NoBlackHoles: true}
	seeds := slotSeeds(sl.cells)
	for k := from; k < seeds; k++ {
		spec := sl.spec
		spec.Seed += uint64(k)
		r, err := generate.Run(ctx, spec, nil)
		if err != nil {
			return found{}, err
		}
		if f := (found{r, k + 1}); keep.Meets(r.Features) && f.distinct(avoid) {
			return f, nil
		}
	}
	return found{}, &FillError{Band: sl.band, Moves: sl.moves, Target: sl.target, Seeds: seeds}
}

// fail completes a *FillError with the board.
func fail(err error, b maze.Board, reach int) error {
	var fe *FillError
	if errors.As(err, &fe) {
		fe.Board, fe.Reach = difficulty.BoardName(b), reach
		return fe
	}
	return fmt.Errorf("book: %w", err)
}

// SharesSolution reports whether two mazes' shortest solutions share a
// long stretch: more than half of the shorter one's moves (a move is a
// jump from one cell to another) appear in the other in the same order,
// their longest common subsequence. Two puzzles that start alike and
// differ only at their ends do; two made apart share a few moves at
// most.
func SharesSolution(a, b *analysis.Features) bool {
	ma, mb := moves(a.SolutionCells), moves(b.SolutionCells)
	if len(ma) > len(mb) {
		ma, mb = mb, ma
	}
	if len(ma) == 0 {
		return false
	}
	// The longest common subsequence, one row at a time.
	prev, cur := make([]int, len(mb)+1), make([]int, len(mb)+1)
	for i := range ma {
		for j := range mb {
			if ma[i] == mb[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return 2*prev[len(mb)] > len(ma)
}

// moves returns the moves of a path of cells, each as its two cells.
func moves(cells []int) [][2]int {
	var out [][2]int
	for k := 1; k < len(cells); k++ {
		out = append(out, [2]int{cells[k-1], cells[k]})
	}
	return out
}

// harder orders puzzles by band, then by the difficulty model's predicted
// time, then (on a tie) by length, forward decisions along the solution
// (more is harder) and fewer same-jump clusters (they are landmarks).
func harder(a, b Puzzle) int {
	fa, fb := a.Result.Features, b.Result.Features
	switch {
	case a.Band != b.Band:
		return int(a.Band) - int(b.Band)
	case a.Predicted != b.Predicted:
		return cmp.Compare(a.Predicted, b.Predicted)
	case fa.GoalDepth != fb.GoalDepth:
		return fa.GoalDepth - fb.GoalDepth
	case fa.ForwardDecisions != fb.ForwardDecisions:
		return cmp.Compare(fa.ForwardDecisions, fb.ForwardDecisions)
	}
	return len(fb.Clusters) - len(fa.Clusters)
}

// Write makes the book of s as a PDF on w: a title page, the imprint
// (how the book was made and the seeded ID of every puzzle, to make it
// again), the rules with a worked example, the puzzles (PerPage to a
// page, each with its number, band and par), and the solution keys at the
// back, as many to a page as the puzzles or fewer, so that a cell is at
// least 12 mm; every page but the title page numbered. The PDF's title,
// author, subject and creator are set.
func Write(ctx context.Context, w io.Writer, s Settings) error {
	puzzles, err := Mazes(ctx, s)
	if err != nil {
		return err
	}
	return WritePuzzles(ctx, w, s, puzzles)
}

// WritePuzzles writes the book of s with the puzzles Mazes found for it
// (see Write), so that a caller can also print their Manifest.
func WritePuzzles(ctx context.Context, w io.Writer, s Settings, puzzles []Puzzle) error {
	var err error
	s = s.withDefaults()
	d := newDoc(s.Paper, render.PDFInfo{Title: s.Title, Author: s.Author, Subject: s.subject(puzzles), Creator: "rjm"})
	d.title(s, puzzles)
	d.imprint(s, puzzles)
	d.rules(ctx, s.Spec, s.Bands)
	// The keys as many to a page as the puzzles, or fewer, so that a
	// cell is at least 12 mm and its step numbers 9 pt; the puzzles
	// no more to a page than their keys, so that no puzzle is printed
	// smaller than its key (a large layout, Klondike's, one to a page).
	per := s.PerPage
	for per > 1 && len(puzzles) > 0 && d.cellOf(puzzles[0], per) < 12*vg.Millimeter {
		per = map[int]int{6: 4, 4: 2, 2: 1}[per]
	}
	cols, rows := grid(per)
	for start := 0; start < len(puzzles); start += per {
		d.page()
		for k, p := range puzzles[start:min(start+per, len(puzzles))] {
			d.puzzle(d.box(k, cols, rows), p, false)
		}
	}
	for start := 0; start < len(puzzles); start += per {
		d.page()
		d.heading("Solutions")
		for k, p := range puzzles[start:min(start+per, len(puzzles))] {
			d.puzzle(d.box(k, cols, rows), p, true)
		}
	}
	_, err = d.c.WriteTo(w)
	return err
}

// subject says what the book holds: "12 puzzles on 5×5 boards: 4 easy,
// 4 medium, 4 hard".
func (s Settings) subject(puzzles []Puzzle) string {
	counts := make([]int, len(Bands))
	for _, p := range puzzles {
		counts[p.Band]++
	}
	var parts []string
	for b, n := range counts {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, Bands[b]))
		}
	}
	board := fmt.Sprintf("%d×%d", s.Spec.Rows, s.Spec.Cols)
	if v := s.Spec.Variant.String(); v != "" {
		board += " " + v
	}
	if len(puzzles) > 0 && puzzles[0].listed() {
		b := puzzles[0].Result.Maze.Board
		board = fmt.Sprintf("%d×%d", b.Rows, b.Cols)
		if v := b.Variant.String(); v != "" {
			board += " " + v
		}
	}
	return fmt.Sprintf("%d Rook Jumping Mazes on %s boards: %s", len(puzzles), board, strings.Join(parts, ", "))
}

// checkText reports whether a title, subtitle or author can be printed:
// valid UTF-8, no control characters, at most MaxTitle characters, and
// every character in the book's font.
func checkText(name, text string) error {
	if !utf8.ValidString(text) {
		return fmt.Errorf("book: the %s is not valid UTF-8", name)
	}
	if n := utf8.RuneCountInString(text); n > MaxTitle {
		return fmt.Errorf("book: the %s has %d characters, more than %d", name, n, MaxTitle)
	}
	f := face(12, false)
	var buf sfnt.Buffer
	for _, r := range text {
		if unicode.IsControl(r) {
			return fmt.Errorf("book: the %s holds a control character (%U)", name, r)
		}
		if unicode.IsSpace(r) {
			continue
		}
		if g, err := f.Face.GlyphIndex(&buf, r); err != nil || g == 0 {
			return fmt.Errorf("book: the %s's character %q (%U) is not in the book's font (Liberation Sans: Latin, Greek and Cyrillic)", name, r, r)
		}
	}
	return nil
}

// grid returns the columns and rows of a page of n puzzles.
func grid(n int) (cols, rows int) {
	switch n {
	case 1:
		return 1, 1
	case 2:
		return 1, 2
	case 4:
		return 2, 2
	}
	return 2, 3
}

// doc is a PDF being written, page by page.
type doc struct {
	c      *render.PDF
	paper  Paper
	pages  int
	margin vg.Length
}

func newDoc(p Paper, info render.PDFInfo) *doc {
	return &doc{c: render.NewPDF(p.Width, p.Height, info), paper: p, pages: 1, margin: 18 * vg.Millimeter}
}

var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// face returns Liberation Sans at size, bold or regular: the faces that
// measure the text the PDF (render.PDF) writes.
func face(size vg.Length, bold bool) font.Face {
	if !font.DefaultCache.Has(sans) {
		font.DefaultCache.Add(liberation.Collection())
	}
	f := sans
	if bold {
		f.Weight = xfont.WeightBold
	}
	return font.DefaultCache.Lookup(f, size)
}

// page starts a new page and numbers it.
func (d *doc) page() {
	d.c.NextPage()
	d.pages++
	d.number()
}

// number writes the page's number at the foot of the page.
func (d *doc) number() {
	d.c.SetColor(color.Black)
	f := face(9, false)
	label := fmt.Sprint(d.pages)
	d.c.FillString(f, vg.Point{X: (d.paper.Width - f.Width(label)) / 2, Y: d.margin / 2}, label)
}

// wrap breaks s into lines no wider than width in f; a word wider than a
// line is broken after its last comma that fits (a seeded ID between its
// parts), or else between characters, filling the line it starts on.
func wrap(f font.Face, s string, width vg.Length) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			sep := " "
			if line == "" {
				sep = ""
			}
			if f.Width(line+sep+word) <= width {
				line += sep + word
				continue
			}
			if f.Width(word) <= width {
				lines, line = append(lines, line), word
				continue
			}
			// Too long for any line: as much as fits here, the rest on.
			rest := word
			for rest != "" {
				cut := 0
				for cut < len(rest) {
					_, n := utf8.DecodeRuneInString(rest[cut:])
					if f.Width(line+sep+rest[:cut+n]) > width {
						break
					}
					cut += n
				}
				if cut < len(rest) {
					// Break after the last comma that fits, if any: a
					// seeded ID breaks between its key=value parts.
					if k := strings.LastIndexByte(rest[:cut], ','); k > 0 {
						cut = k + 1
					}
				}
				if cut == 0 && line == "" {
					_, cut = utf8.DecodeRuneInString(rest)
				}
				if cut == 0 {
					lines, line, sep = append(lines, line), "", ""
					continue
				}
				line += sep + rest[:cut]
				rest, sep = rest[cut:], ""
				if rest != "" {
					lines, line = append(lines, line), ""
				}
			}
		}
		lines = append(lines, line)
	}
	return lines
}

// text writes s from x at height y (from the top of the page), wrapped
// within width (centred on the page when centred is set), and returns
// the height below it.
func (d *doc) text(x, y, width vg.Length, f font.Face, s string, centred bool) vg.Length {
	d.c.SetColor(color.Black)
	for _, line := range wrap(f, s, width) {
		y += f.Font.Size * 1.3
		lx := x
		if centred {
			lx = (d.paper.Width - f.Width(line)) / 2
		}
		d.c.FillString(f, vg.Point{X: lx, Y: d.paper.Height - y}, line)
	}
	return y
}

func (d *doc) heading(s string) {
	d.c.SetColor(color.Black)
	d.c.FillString(face(16, true), vg.Point{X: d.margin, Y: d.paper.Height - d.margin}, s)
}

// title writes the title page: the title, wrapped and as large as fits
// (30 pt down to 20), the subtitle, what the book holds, and the author.
func (d *doc) title(s Settings, puzzles []Puzzle) {
	width := d.paper.Width - 2*d.margin
	size := vg.Length(30)
	for ; size > 20 && len(wrap(face(size, true), s.Title, width)) > 3; size -= 2 {
	}
	y := d.text(d.margin, d.paper.Height*0.3, width, face(size, true), s.Title, true)
	if s.Subtitle != "" {
		y = d.text(d.margin, y+6*vg.Millimeter, width, face(16, false), s.Subtitle, true)
	}
	y = d.text(d.margin, y+10*vg.Millimeter, width, face(12, false), s.subject(puzzles), true)
	if s.Author != "" {
		d.text(d.margin, max(d.paper.Height*0.75, y+10*vg.Millimeter), width, face(14, false), s.Author, true)
	}
}

// imprint writes the page behind the title, in small type: how the book
// was made, and the recipe and seeds that make each puzzle again (puzzle
// k's seeded ID is the recipe, "#" and its seed).
func (d *doc) imprint(s Settings, puzzles []Puzzle) {
	d.page()
	width := d.paper.Width - 2*d.margin
	y := d.paper.Height * 0.55
	if len(puzzles) > 0 && puzzles[0].listed() {
		d.listImprint(s, puzzles, y)
		return
	}
	y = d.text(d.margin, y, width, face(9, false), fmt.Sprintf("%s. Made with rjm from seed %d. Every puzzle has a unique shortest solution, and from every cell it reaches the goal can still be reached. Each is made again, the same on every machine, by its seeded ID: the recipe below, “#” and its seed, as in rjm generate --id 'RECIPE#SEED'. A recipe broken over lines breaks after a comma and is one line, without spaces.", s.Title, s.Spec.Seed), false)
	small := face(7, false)
	for _, g := range recipes(puzzles) {
		which := fmt.Sprintf("Puzzles %d–%d (%s), seeds %s", g.first, g.last, g.band, strings.Join(g.seeds, ", "))
		if g.first == g.last {
			which = fmt.Sprintf("Puzzle %d (%s), seed %s", g.first, g.band, g.seeds[0])
		}
		y = d.text(d.margin, y+2*vg.Millimeter, width, small, which+": "+g.recipe, false)
	}
}

// recipeGroup is a run of puzzles, in the book's order, that share a
// recipe: the imprint prints it once with their seeds.
type recipeGroup struct {
	first, last int // puzzle numbers
	band        Band
	recipe      string // the seeded ID before "#"
	seeds       []string
}

// recipes groups the puzzles by recipe, in the book's order: puzzle k's
// seeded ID is its group's recipe, "#" and its seed.
func recipes(puzzles []Puzzle) []recipeGroup {
	var out []recipeGroup
	for _, p := range puzzles {
		recipe, seed, _ := strings.Cut(p.Result.SeededID(), "#")
		if n := len(out); n > 0 && out[n-1].recipe == recipe {
			out[n-1].last = p.Number
			out[n-1].seeds = append(out[n-1].seeds, seed)
			continue
		}
		out = append(out, recipeGroup{first: p.Number, last: p.Number, band: p.Band, recipe: recipe, seeds: []string{seed}})
	}
	return out
}

// Entry is one puzzle of a book's manifest.
type Entry struct {
	Number int    `json:"number"`
	Band   string `json:"band"`
	// Maze is the maze ID; SeededID the seeded ID that regenerates it
	// (rjm generate --id).
	Maze     string `json:"maze"`
	SeededID string `json:"seeded_id"`
	// Moves is the length of the shortest solution (the par), Solution
	// the solution in the board's notation.
	Moves    int    `json:"moves"`
	Solution string `json:"solution"`
}

// Manifest is what a book holds, to check and make it again: its title,
// seed and each puzzle's entry, in the book's order.
type Manifest struct {
	Title   string  `json:"title"`
	Seed    uint64  `json:"seed"`
	Puzzles []Entry `json:"puzzles"`
}

// ManifestOf returns the manifest of the book of s with puzzles.
func ManifestOf(s Settings, puzzles []Puzzle) (Manifest, error) {
	s = s.withDefaults()
	m := Manifest{Title: s.Title, Seed: s.Spec.Seed, Puzzles: []Entry{}}
	for _, p := range puzzles {
		id, err := p.Result.Maze.ID()
		if err != nil {
			return m, fmt.Errorf("book: puzzle %d: %w", p.Number, err)
		}
		m.Puzzles = append(m.Puzzles, Entry{Number: p.Number, Band: p.Band.String(), Maze: id, SeededID: p.seededID(),
			Moves: p.Result.Features.GoalDepth, Solution: p.Solution})
	}
	return m, nil
}

// parText is the rules page's last paragraph: what each puzzle gives.
const parText = "Each puzzle gives its par: the number of moves of its shortest solution, which is unique, and its difficulty band. No cell is a trap: from every cell you can reach, the goal can still be reached."

// example is the rules page's worked example: 4×4, seven moves, a unique
// solution that uses all four letters.
const example = "4x4:3322102122133131"

// rules writes the rules, the move letters, and a worked example: a small
// maze and its solution key, with every move of it spelt out.
func (d *doc) rules(ctx context.Context, spec generate.Spec, bands []Band) {
	d.page()
	d.heading("How to play")
	width := d.paper.Width - 2*d.margin
	body := face(11.5, false)
	y := d.margin + 8*vg.Millimeter
	board, err := spec.Board()
	if err != nil {
		board = maze.Board{Rows: spec.Rows, Cols: spec.Cols, Variant: spec.Variant}
	}
	for _, para := range append(render.Rules(board), parText) {
		y = d.text(d.margin, y, width, body, para, false) + 2*vg.Millimeter
	}
	notation := "The solutions at the back of the book" + strings.TrimPrefix(render.Notation(board), "Solutions")
	y = d.text(d.margin, y+3*vg.Millimeter, width, body, notation, false)
	y = d.text(d.margin, y+6*vg.Millimeter, width, face(13, true), "A worked example", false)

	m, f := exampleOf(ctx, spec)
	pic := render.Picture{Maze: m, Features: f}
	o := render.PictureOptions{Cell: 14 * vg.Millimeter}
	pw, ph := pic.Size(o)
	// Both pictures inside the margins, 6 mm apart and from them at
	// least: a board with loops or an exit ring draws beyond its cells.
	if room := width - 3*6*vg.Millimeter; 2*pw > room {
		o.Cell = vg.Length(float64(o.Cell) * float64(room/(2*pw)))
		pw, ph = pic.Size(o)
	}
	gap := (width - 2*pw) / 3
	top := d.paper.Height - y - 4*vg.Millimeter
	for k, sol := range []bool{false, true} {
		x := d.margin + gap + vg.Length(k)*(pw+gap)
		d.c.Push()
		d.c.Translate(vg.Point{X: x, Y: top - ph})
		o.Solution = sol
		pic.Draw(d.c, o)
		d.c.Pop()
		d.c.SetColor(color.Black)
		label := []string{"The puzzle", "Its solution key"}[k]
		lf := face(10, false)
		d.c.FillString(lf, vg.Point{X: x + (pw-lf.Width(label))/2, Y: top - ph - 5*vg.Millimeter}, label)
	}
	y = d.paper.Height - (top - ph) + 8*vg.Millimeter
	steps := walk(m, f)
	text := fmt.Sprintf("Solution: %s, %d moves. %s In the key, the disc in each cell's corner is the step at which the path reaches it (the start 0): follow 0, 1, 2, … from disc to disc. On a short path grey arrows join the steps, a move that runs along an earlier one beside it; a long path's key, at the back of the book, numbers the steps alone, its moves written under it.", f.Solution, f.GoalDepth, steps)
	y = d.text(d.margin, y, width, body, text, false)
	y = d.text(d.margin, y+6*vg.Millimeter, width, face(13, true), "Hints", false)
	d.text(d.margin, y+2*vg.Millimeter, width, body, Hints(bands), false)
}

// Hints returns the rules page's hints, the solver's ways in from the
// design paper's features, and how the book's bands (in their order)
// rise: "easy, medium and hard" only when it has all three.
func Hints(bands []Band) string {
	h := "Work backwards: only a few cells reach the goal in one jump, and fewer still reach those. Mark the cells you have visited with their step, as the key does, so that you notice a loop. Cells with the same number side by side jump alike: they are landmarks. "
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
// goal as the book's. Each is the first of seeds 1 to exampleSeeds of the board's recipe aimed at 5 moves
// (difficulty.AimedSpec) with a unique solution of 3 to 10 moves and no
// black holes that shows what the variant does (Shows): a diagonal move
// with queen moves, a move round a loop, a move across the torus's edge;
// an exit ring's solution always ends with its exit move. The fixed
// example when none is found.
func exampleOf(ctx context.Context, spec generate.Spec) (*maze.Maze, *analysis.Features) {
	fixed := func() (*maze.Maze, *analysis.Features) {
		m, _ := maze.ParseID(example)
		g := graph.MustCompile(m.Board)
		return m, analysis.AnalyzeSolved(g, m, solve.Solve(g, m))
	}
	if spec.Variant == (maze.Variant{}) && spec.Layout == "" {
		return fixed()
	}
	sizes := []int{4, 5, 6}
	if spec.Layout != "" {
		sizes = []int{0}
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
		small = difficulty.AimedSpec(small, len(b.OpenCells()), 5)
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

// Shows reports whether a solved maze's solution shows what its variant
// does: a diagonal move with queen moves, a move round a Surakarta loop
// with loops, a move across the edge on a torus. Other boards show
// themselves (an exit ring's last move is its exit move).
func Shows(m *maze.Maze, f *analysis.Features) bool {
	v := m.Variant
	if !v.Queen && !v.Loops && !v.Torus {
		return true
	}
	dirs, err := m.ParseNotation(f.Solution)
	if err != nil || len(dirs) != len(f.SolutionCells)-1 {
		return false
	}
	diagonal, round := false, false
	for k, d := range dirs {
		diagonal = diagonal || d.Diagonal()
		round = round || roundTheEdge(m, f.SolutionCells[k], d)
	}
	return (!v.Queen || diagonal) && (!v.Loops && !v.Torus || round)
}

// roundTheEdge reports whether the jump from cell in direction d goes
// round a Surakarta loop or across a torus's edge: whether it lands
// elsewhere than on the same board without them.
func roundTheEdge(m *maze.Maze, cell int, d maze.Dir) bool {
	if !m.Variant.Loops && !m.Variant.Torus {
		return false
	}
	to, _, ok := m.Board.Jump(cell, d, m.Jumps[cell])
	flat := m.Board
	flat.Variant.Loops, flat.Variant.Torus = false, false
	plain, _, pok := flat.Jump(cell, d, m.Jumps[cell])
	return ok && (!pok || plain != to)
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
		what := "the goal"
		if m.Variant.Exit {
			what = "the exit"
		}
		if to != m.Goal {
			what = fmt.Sprintf("a %d", m.Jumps[to])
		}
		if k > 0 {
			b.WriteString("; ")
		}
		letter := string(d.Letter())
		if m.Variant.Tiling != maze.Square || m.Variant.Queen {
			letter = d.Compass()
		}
		how := ""
		if roundTheEdge(m, from, d) {
			how = " round the loop"
			if m.Variant.Torus {
				how = " across the edge"
			}
		}
		fmt.Fprintf(&b, "%s, %d %s%s to %s", letter, m.Jumps[from], d, how, what)
	}
	b.WriteString(".")
	return b.String()
}

// box returns the k-th of cols×rows boxes of the page below the heading.
func (d *doc) box(k, cols, rows int) vg.Rectangle {
	top := d.paper.Height - d.margin - 8*vg.Millimeter
	w := (d.paper.Width - 2*d.margin) / vg.Length(cols)
	h := (top - d.margin) / vg.Length(rows)
	x := d.margin + vg.Length(k%cols)*w
	y := top - vg.Length(k/cols+1)*h
	return vg.Rectangle{Min: vg.Point{X: x, Y: y}, Max: vg.Point{X: x + w, Y: y + h}}
}

// cellOf returns the cell at which puzzle p's key is drawn, per keys to
// a page (with two lines of caption).
func (d *doc) cellOf(p Puzzle, per int) vg.Length {
	cols, rows := grid(per)
	box := d.box(0, cols, rows)
	pic := render.Picture{Maze: p.Result.Maze, Features: p.Result.Features}
	w, h := pic.Size(render.PictureOptions{Cell: 10 * vg.Millimeter})
	pad := 4 * vg.Millimeter
	capH := 2*13*vg.Length(1) + 2*vg.Millimeter
	scale := min(float64((box.Max.X-box.Min.X-2*pad)/w), float64((box.Max.Y-box.Min.Y-capH-2*pad)/h))
	return 10 * vg.Millimeter * vg.Length(scale)
}

// puzzle draws one puzzle, or its solution key, centred in box below its
// caption: the number, band and par, or the number and the solution's
// letters wrapped to the box's width, at 10 pt.
func (d *doc) puzzle(box vg.Rectangle, p Puzzle, solution bool) {
	r := p.Result
	pad := 4 * vg.Millimeter
	width := box.Max.X - box.Min.X - 2*pad
	caption := fmt.Sprintf("%d  ·  %s  ·  par %d", p.Number, p.Band, r.Features.GoalDepth)
	f := face(11, true)
	lines := []string{caption}
	if solution {
		f = face(10, false)
		lines = wrap(f, fmt.Sprintf("%d:  %s", p.Number, p.Solution), width)
	}
	lead := f.Font.Size * 1.3
	capH := vg.Length(len(lines))*lead + 2*vg.Millimeter
	pic := render.Picture{Maze: r.Maze, Features: r.Features}
	o := render.PictureOptions{Cell: 10 * vg.Millimeter, Solution: solution}
	w, h := pic.Size(o)
	scale := min(float64(width/w), float64((box.Max.Y-box.Min.Y-capH-2*pad)/h))
	o.Cell *= vg.Length(scale)
	w, h = pic.Size(o)
	x := box.Min.X + (box.Max.X-box.Min.X-w)/2
	top := box.Max.Y - (box.Max.Y-box.Min.Y-capH-h)/2 // caption and picture centred in the box
	y := top - capH - h
	d.c.Push()
	d.c.Translate(vg.Point{X: x, Y: y})
	pic.Draw(d.c, o)
	d.c.Pop()
	d.c.SetColor(color.Black)
	for k, line := range lines {
		lx := box.Min.X + (box.Max.X-box.Min.X-f.Width(line))/2
		if solution {
			lx = x
		}
		d.c.FillString(f, vg.Point{X: lx, Y: top - vg.Length(k+1)*lead + f.Font.Size*0.25}, line)
	}
}

// Tiles writes the tiles of a floor maze for m as a PDF on w: one tile
// per page (its jump number large, underlined so that a 6 is not read as
// a 9, G for the goal, the start circled, its row and column in a corner,
// and a "this way up" arrow at its top edge, which the assembly map's row
// 1 faces), then an assembly map, the maze with rows and columns
// numbered; every page numbered. Square boards only.
func Tiles(w io.Writer, m *maze.Maze, paper Paper) error {
	if m.Variant.Tiling != maze.Square {
		return fmt.Errorf("book: tiles are square: a %s board has no tiles", m.Variant.Tiling)
	}
	if paper == (Paper{}) {
		paper = A4
	}
	id, _ := m.ID()
	d := newDoc(paper, render.PDFInfo{Title: fmt.Sprintf("Floor maze %s: tiles", id), Subject: fmt.Sprintf("%d tiles of a %d×%d Rook Jumping Maze and the assembly map", len(m.OpenCells()), m.Rows, m.Cols), Creator: "rjm"})
	d.number()
	side := min(paper.Width, paper.Height) - 2*d.margin
	x0, y0 := (paper.Width-side)/2, (paper.Height-side)/2
	first := true
	for i := range m.Rows * m.Cols {
		if !m.Open(i) {
			continue
		}
		if !first {
			d.page()
		}
		first = false
		var sq vg.Path
		sq.Move(vg.Point{X: x0, Y: y0})
		sq.Line(vg.Point{X: x0 + side, Y: y0})
		sq.Line(vg.Point{X: x0 + side, Y: y0 + side})
		sq.Line(vg.Point{X: x0, Y: y0 + side})
		sq.Close()
		d.c.SetLineWidth(2)
		d.c.Stroke(sq)
		label := fmt.Sprint(m.Jumps[i])
		if i == m.Goal {
			label = "G"
		}
		big := face(side*0.5, false)
		ext := big.Extents()
		cx, cy := x0+side/2, y0+side/2
		base := cy - (ext.Ascent-ext.Descent)/2
		d.c.FillString(big, vg.Point{X: cx - big.Width(label)/2, Y: base}, label)
		if label == "6" || label == "9" {
			// The bar under a 6 or a 9, as on billiard balls and dice.
			var bar vg.Path
			lw := big.Width(label)
			bar.Move(vg.Point{X: cx - lw/2, Y: base - side*0.03})
			bar.Line(vg.Point{X: cx + lw/2, Y: base - side*0.03})
			d.c.SetLineWidth(side * 0.025)
			d.c.Stroke(bar)
		}
		if i == m.Start {
			var circle vg.Path
			rad := side * 0.36
			circle.Move(vg.Point{X: cx + rad, Y: cy})
			circle.Arc(vg.Point{X: cx, Y: cy}, rad, 0, 2*math.Pi)
			circle.Close()
			d.c.SetLineWidth(6)
			d.c.Stroke(circle)
		}
		// This way up: an arrow at the top edge, pointing up.
		var up vg.Path
		tip := vg.Point{X: cx, Y: y0 + side - 8}
		up.Move(tip)
		up.Line(vg.Point{X: cx - 14, Y: tip.Y - 20})
		up.Line(vg.Point{X: cx + 14, Y: tip.Y - 20})
		up.Close()
		d.c.Fill(up)
		topf := face(11, true)
		d.c.FillString(topf, vg.Point{X: cx - topf.Width("TOP")/2, Y: tip.Y - 34}, "TOP")
		c := m.Cell(i)
		small := face(14, false)
		where := fmt.Sprintf("row %d, column %d", c.Row+1, c.Col+1)
		d.c.FillString(small, vg.Point{X: x0 + 8, Y: y0 + 8}, where)
	}
	d.page()
	d.heading(fmt.Sprintf("Assembly map: %d×%d tiles, row 1 at the top", m.Rows, m.Cols))
	g := graph.MustCompile(m.Board)
	pic := render.Picture{Maze: m, Features: analysis.AnalyzeSolved(g, m, solve.Solve(g, m))}
	o := render.PictureOptions{Cell: 10 * vg.Millimeter}
	pw, ph := pic.Size(o)
	scale := min(float64((paper.Width-2*d.margin)/pw), float64((paper.Height-2*d.margin-20*vg.Millimeter)/ph))
	o.Cell *= vg.Length(scale)
	pw, ph = pic.Size(o)
	x, y := (paper.Width-pw)/2, (paper.Height-ph)/2
	d.c.Push()
	d.c.Translate(vg.Point{X: x, Y: y})
	pic.Draw(d.c, o)
	d.c.Pop()
	// Row numbers at the left, column numbers above, as on the tiles.
	f := face(min(o.Cell*0.3, 12), false)
	edge := o.Cell * 0.35 // the picture's margin (render's, on square boards)
	for r := range m.Rows {
		label := fmt.Sprint(r + 1)
		cy := y + ph - edge - (vg.Length(r)+0.5)*o.Cell
		d.c.FillString(f, vg.Point{X: x + edge - f.Width(label) - 4, Y: cy - f.Font.Size/3}, label)
	}
	for c := range m.Cols {
		label := fmt.Sprint(c + 1)
		cx := x + edge + (vg.Length(c)+0.5)*o.Cell
		d.c.FillString(f, vg.Point{X: cx - f.Width(label)/2, Y: y + ph - edge + 4}, label)
	}
	_, err := d.c.WriteTo(w)
	return err
}
