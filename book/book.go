// Package book makes printable puzzle books of Rook Jumping Mazes: a PDF
// with a title page, the rules as the papers state them, the puzzles in
// rising difficulty with their difficulty band, and the solutions at the
// back; and the tiles of a floor maze, one large tile per page with an
// assembly map. Everything comes from one seed and is the same, byte for
// byte, on every run.
package book

import (
	"context"
	"fmt"
	"image/color"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/vg"

	"rjm/difficulty"
	"rjm/fault"
	"rjm/generate"
	"rjm/maze"
	"rjm/render"
)

// Band is a difficulty band: a level of package difficulty, which owns
// what a difficulty is (its policy: difficulty.Level.Moves). On a board
// that reaches R moves (difficulty.Reach) a band's puzzles have the moves
// that go with its level there — easy from 40% of R (at least
// difficulty.MinMoves where R is difficulty.MinReach or more) to 55%, medium to 70%, hard beyond — and within
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
		return 0, fault.Invalid("", "unknown difficulty band %q (want %s)", s, strings.Join(Bands, ", "))
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

// The paper sizes a book may be printed on (render's; any custom size
// too, ParsePaper).
var (
	A4        = render.A4
	Letter    = render.Letter
	A5        = render.A5
	B5        = render.B5
	SixByNine = render.SixByNine
)

// Papers lists the named paper sizes a book may be printed on.
var Papers = render.Papers

// ParsePaper returns the paper size of the given name or size
// (render.ParsePaper: a4, letter, a5, b5, 6x9in or WIDTHxHEIGHT in mm, cm
// or in), in any case.
func ParsePaper(name string) (Paper, error) { return render.ParsePaper(name) }

// Settings describe a book. A zero field means its default, as the field
// says.
type Settings struct {
	// Spec is the recipe of every maze (board, variant, method, energy)
	// and Spec.Seed the book's seed; the zero Spec means generate.Default.
	Spec generate.Spec
	// Boards, when it holds more than one recipe, makes the book a
	// volume that mixes boards: a section per recipe, in its order, each
	// with its own title page, rules and worked example, puzzles and
	// solutions (Spec is then Boards[0]); at most MaxSections, each board
	// once. One recipe is the same as Spec.
	Boards []generate.Spec
	// Count is the puzzles, 1..MaxCount, zero meaning 12; in a volume,
	// the volume's, shared equally among its sections (the first ones
	// one more where they do not divide).
	Count int
	// Bands are the difficulty bands the puzzles come from, in equal
	// shares, easiest first; nil means all three.
	Bands   []Band
	Paper   Paper // zero means A4
	PerPage int   // puzzles per page: 1, 2, 4 or 6; zero means 4
	// Bleed, when not zero, enlarges every page by it on each side, for
	// a printer who trims to Paper: the trim and bleed boxes are set and
	// crop marks drawn in the bleed (render.NewPrintPDF); up to
	// render.MaxBleed.
	Bleed vg.Length
	// Font, if not nil, is the publisher's TrueType font (embedded as a
	// subset): the title, subtitle and author are printed in it, and may
	// be in any script it has; the book's own words stay in Liberation
	// Sans, but for a character (of the title in the imprint) that only
	// Font has.
	Font *render.Font
	// Title, Subtitle and Author are printed on the title page and set in
	// the PDF's document information: any text in Latin, Greek or
	// Cyrillic script, up to MaxTitle characters each, wrapped to the
	// page. An empty Title means "Rook Jumping Mazes".
	Title, Subtitle, Author string
	Workers                 int // zero means one per core
	// Progress, if not nil, is called as the mazes are found.
	Progress func(done, total int)
	// Version and Command, when set, are printed in the imprint: the
	// build of rjm that made the book and the command that makes it
	// again ("rjm book --count 48 --seed 1 -o book.pdf").
	Version, Command string
	// Model is the difficulty model whose prediction chooses and orders
	// each band's puzzles; nil means difficulty.PriorModel() (simulated
	// novices, the same on every machine).
	Model *difficulty.Model
}

// MaxCount bounds the puzzles of one book.
const MaxCount = 1000

// MaxSections bounds the sections (boards) of a volume.
const MaxSections = 12

// MaxTitle bounds the characters of a title, a subtitle and an author.
const MaxTitle = 200

func (s Settings) withDefaults() Settings {
	if len(s.Boards) > 0 {
		s.Spec = s.Boards[0]
	}
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
		return fault.Invalid("", "%d puzzles out of range 1..%d", s.Count, MaxCount)
	case !slices.Contains([]int{1, 2, 4, 6}, s.PerPage):
		return fault.Invalid("", "%d puzzles per page: want 1, 2, 4 or 6", s.PerPage)
	case len(s.Bands) == 0:
		return fault.Invalid("", "no difficulty band")
	case !(s.Bleed >= 0 && s.Bleed <= render.MaxBleed):
		return fault.Invalid("", "a bleed of %.2f mm out of range 0..%.0f mm", s.Bleed/vg.Millimeter, render.MaxBleed/vg.Millimeter)
	case len(s.Boards) > MaxSections:
		return fault.Invalid("", "%d boards: a volume holds at most %d", len(s.Boards), MaxSections)
	case len(s.Boards) > s.Count:
		return fault.Invalid("", "%d puzzles for %d boards: a volume needs at least one puzzle on each", s.Count, len(s.Boards))
	}
	seen := map[string]int{}
	for k, spec := range s.Boards {
		if err := spec.Validate(); err != nil {
			return fmt.Errorf("board %d: %w", k+1, err)
		}
		b, err := spec.Board()
		if err != nil {
			return fmt.Errorf("board %d: %w", k+1, err)
		}
		name := difficulty.BoardName(b)
		if first, ok := seen[name]; ok {
			return fault.Invalid("", "board %d is board %d again (%s): a volume has a section per board", k+1, first, name)
		}
		seen[name] = k + 1
	}
	for _, t := range []struct{ name, text string }{{"title", s.Title}, {"subtitle", s.Subtitle}, {"author", s.Author}} {
		if err := checkText(t.name, t.text, s.Font); err != nil {
			return err
		}
	}
	return s.Spec.Validate()
}

// Puzzle is one maze of a book, with what the book prints of it.
type Puzzle struct {
	Number int // from 1, in the book's order
	// Section is the puzzle's section of a volume (Settings.Boards),
	// from 0; 0 in a book of one board.
	Section  int
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
// unique solution, no black holes, at least the floor of real choices
// (Choices.Worth), and far enough from the puzzles before it.
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
	return writePuzzles(ctx, w, s, puzzles, nil)
}

// writePuzzles is WritePuzzles, sending what it draws to rec as well
// when rec is not nil.
func writePuzzles(ctx context.Context, w io.Writer, s Settings, puzzles []Puzzle, rec *render.Recorder) error {
	var err error
	s = s.withDefaults()
	if len(s.Boards) > 1 {
		return writeVolume(ctx, w, s, puzzles, rec)
	}
	d := newDoc(s.Paper, s.Bleed, render.PDFInfo{Title: s.Title, Author: s.Author, Subject: s.subject(puzzles), Creator: "rjm"})
	d.setFont(s.Font)
	if rec != nil {
		d.c.Record(rec)
	}
	d.title(s, puzzles)
	d.imprint(s, puzzles)
	mazes := make([]*maze.Maze, len(puzzles))
	for i, p := range puzzles {
		mazes[i] = p.Result.Maze
	}
	d.rules(ctx, s.Spec, s.Bands, mazes)
	// The keys as many to a page as the puzzles, or fewer, so that a
	// cell is at least 12 mm and its step numbers 9 pt; the puzzles
	// no more to a page than their keys, so that no puzzle is printed
	// smaller than its key (a large layout, Klondike's, one to a page).
	per := s.PerPage
	for per > 1 && len(puzzles) > 0 && d.cellOf(puzzles[0], per) < 12*vg.Millimeter {
		per = map[int]int{6: 4, 4: 2, 2: 1}[per]
	}
	cols, rows := grid(per)
	d.contents(puzzles, per)
	keys := d.keyPages(puzzles, per)
	for start := 0; start < len(puzzles); start += per {
		d.page()
		for k, p := range puzzles[start:min(start+per, len(puzzles))] {
			d.keyPage = keys[start+k]
			d.puzzle(d.box(k, cols, rows), p, false)
		}
	}
	for start := 0; start < len(puzzles); start += per {
		if per == 1 && d.cellOf(puzzles[start], 1) < SpreadBelow {
			d.spreadKey(puzzles[start])
			continue
		}
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
	words := boardWords(s.Spec)
	if len(s.Boards) > 1 {
		var each []string
		for _, spec := range s.Boards {
			each = append(each, boardWords(spec))
		}
		words = and(each)
	}
	return fmt.Sprintf("%d Rook Jumping Mazes on %s: %s", len(puzzles), words, strings.Join(parts, ", "))
}

// and joins a list of words as a sentence does: "a", "a and b", "a, b
// and c".
func and(list []string) string {
	if len(list) < 2 {
		return strings.Join(list, "")
	}
	return strings.Join(list[:len(list)-1], ", ") + " and " + list[len(list)-1]
}

// boardWords says in a reader's words what board a book's puzzles are
// on: "5×5 boards", "6×6 hexagonal boards with an exit ring", "6×6
// boards with queen's moves and edges that wrap round", "21×21 boards of
// their own shape" (a layout).
func boardWords(spec generate.Spec) string {
	b, err := spec.Board()
	if err != nil {
		return fmt.Sprintf("%d×%d boards", spec.Rows, spec.Cols)
	}
	words := fmt.Sprintf("%d×%d ", b.Rows, b.Cols)
	var with []string
	for _, r := range b.On() {
		if r.Cells != "" {
			words += r.Cells + " "
		}
		if r.With != "" {
			with = append(with, r.With)
		}
	}
	words += "boards"
	if spec.Layout != "" {
		words += " of their own shape"
	}
	switch len(with) {
	case 0:
		return words
	case 1:
		return words + " with " + with[0]
	}
	return words + " with " + strings.Join(with[:len(with)-1], ", ") + " and " + with[len(with)-1]
}

// checkText reports whether a title, subtitle or author can be printed:
// valid UTF-8, no control characters, at most MaxTitle characters, and
// every character in the book's font: f, or Liberation Sans.
func checkText(name, text string, f *render.Font) error {
	if !utf8.ValidString(text) {
		return fault.Invalid("", "the %s is not valid UTF-8", name)
	}
	if n := utf8.RuneCountInString(text); n > MaxTitle {
		return fault.Invalid("", "the %s has %d characters, more than %d", name, n, MaxTitle)
	}
	lib := face(12, false)
	var buf sfnt.Buffer
	for _, r := range text {
		if unicode.IsControl(r) {
			return fault.Invalid("", "the %s holds a control character (%U)", name, r)
		}
		if unicode.IsSpace(r) {
			continue
		}
		g, err := lib.Face.GlyphIndex(&buf, r)
		inLib := err == nil && g != 0
		if f != nil && !f.Has(r) && !inLib {
			return fault.Invalid("", "the %s's character %q (%U) is in neither the font %s nor Liberation Sans: give --font a TrueType font that has it", name, r, r, f.Name)
		}
		if f == nil && !inLib {
			return fault.Invalid("", "the %s's character %q (%U) is not in the book's font (Liberation Sans: Latin, Greek and Cyrillic): give --font a TrueType font that has it", name, r, r)
		}
	}
	return nil
}

// Entry is one puzzle of a book's manifest.
type Entry struct {
	Number int    `json:"number"`
	Band   string `json:"band"`
	// Part is the puzzle's part of a volume that mixes boards, from 1
	// (Settings.Boards); 0, and left out, in a book of one board.
	Part int `json:"part,omitempty"`
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
			return m, fmt.Errorf("the ID of puzzle %d: %w", p.Number, err)
		}
		e := Entry{Number: p.Number, Band: p.Band.String(), Maze: id, SeededID: p.seededID(),
			Moves: p.Result.Features.GoalDepth, Solution: p.Solution}
		if len(s.Boards) > 1 {
			e.Part = p.Section + 1
		}
		m.Puzzles = append(m.Puzzles, e)
	}
	return m, nil
}

// keyPages returns the page each puzzle's solution key will be on (the
// left page of a spread), the puzzles per to a page after the pages
// written so far and the puzzle pages, as WritePuzzles lays them out.
func (d *doc) keyPages(puzzles []Puzzle, per int) []int {
	cur := d.pages + (len(puzzles)+per-1)/per
	out := make([]int, len(puzzles))
	for start := 0; start < len(puzzles); start += per {
		if per == 1 && d.cellOf(puzzles[start], 1) < SpreadBelow {
			if cur%2 == 0 {
				cur++ // the page saying the key is across the next two
			}
			cur++
			out[start] = cur
			cur++
			continue
		}
		cur++
		for k := start; k < min(start+per, len(puzzles)); k++ {
			out[k] = cur
		}
	}
	return out
}

// contents writes the contents page: each run of puzzles of one band
// ("Easy: puzzles 1–4") with the page it starts on, and the page the
// solutions start on, the numbers at the right margin. The puzzles
// start on the next page, per to a page.
func (d *doc) contents(puzzles []Puzzle, per int) {
	d.page()
	d.heading("Contents")
	type entry struct {
		what string
		page int
	}
	first := d.pages + 1
	var es []entry
	for _, r := range bandRuns(puzzles) {
		es = append(es, entry{r.what, first + r.first/per})
	}
	if len(es) > 12 { // a list of mazes whose bands alternate
		es = []entry{{fmt.Sprintf("Puzzles 1–%d", len(puzzles)), first}}
	}
	es = append(es, entry{"Solutions", first + (len(puzzles)+per-1)/per})
	f := d.face(12, false)
	d.c.SetColor(color.Black)
	y := d.margin + 8*vg.Millimeter
	for _, e := range es {
		y += f.Font.Size * 1.6
		d.c.FillString(f, vg.Point{X: d.margin, Y: d.paper.Height - y}, e.what)
		num := fmt.Sprintf("p. %d", e.page)
		d.c.FillString(f, vg.Point{X: d.paper.Width - d.margin - f.Width(num), Y: d.paper.Height - y}, num)
	}
}
