package book

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"rjm/analysis"
	"rjm/difficulty"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/parallel"
	"rjm/search"
)

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
	// choice, when not nil, is the search a seed falls back to where
	// spec's maze misses only the floor of real choices (choiceSpec).
	choice *generate.Spec
}

// Mazes finds the book's puzzles. Each band's puzzles have the moves that
// go with the band on the book's board (Band: difficulty.Level.Moves of
// the board's difficulty.Reach); a band the board has no room for is a
// *ReachError at once. Puzzle j of a band's share searches with the
// board's own recipe aimed at a length spread evenly over the band's
// moves (difficulty.AimedSpec; hard's up to the reach), trying seeds
// (on a board of more than bigBoard cells whose own search misses the
// floor of real choices, with choiceSpec: choiceFirst) until a maze
// meets the band: its length in the band's moves, a unique
// shortest solution, no black holes, the floor of real choices
// (Choices.Worth), and distinct from every puzzle before it (Distinct).
// A puzzle no SlotSeeds seeds find is a *FillError.
// The puzzles of a band are searched in parallel (Workers), each from its
// own seeds, so the book is the same whatever the number of workers; then
// all are ordered by band and the model's prediction (harder).
//
// A volume's sections (Settings.Boards) are found one after another,
// each as the book of its board with its share of the puzzles; its
// puzzles are numbered on through the volume, section by section.
func Mazes(ctx context.Context, s Settings) ([]Puzzle, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	s = s.withDefaults()
	if len(s.Boards) < 2 {
		return mazesOn(ctx, s)
	}
	var puzzles []Puzzle
	before, total := 0, s.Count
	progress := s.Progress
	for k, spec := range s.Boards {
		sec := s
		sec.Spec, sec.Boards = spec, nil
		sec.Count = s.Count / len(s.Boards)
		if k < s.Count%len(s.Boards) {
			sec.Count++
		}
		if progress != nil {
			at := before
			sec.Progress = func(done, _ int) { progress(at+done, total) }
		}
		ps, err := mazesOn(ctx, sec)
		if err != nil {
			return nil, &SectionError{Section: k + 1, Board: boardWords(spec), Err: err}
		}
		for _, p := range ps {
			p.Section = k
			p.Number = len(puzzles) + 1
			puzzles = append(puzzles, p)
		}
		before += sec.Count
	}
	return puzzles, nil
}

// SectionError is the error of a volume's section: which, on what board.
type SectionError struct {
	Section int    // from 1
	Board   string // boardWords
	Err     error
}

func (e *SectionError) Error() string {
	return fmt.Sprintf("board %d (%s): %v", e.Section, e.Board, e.Err)
}

func (e *SectionError) Unwrap() error { return e.Err }

// mazesOn finds the puzzles of a book of one board, s.Spec's (Mazes).
func mazesOn(ctx context.Context, s Settings) ([]Puzzle, error) {
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
		return nil, err
	}
	if reach < MinBookReach && s.Spec.Layout == "" {
		return nil, shortBoard(ctx, b, reach)
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
			sl := slot{band: band, moves: moves, target: target, cells: n, spec: spec}
			if c, ok := choiceSpec(s.Spec, b, target); ok {
				c.Seed = spec.Seed
				sl.choice = &c
			}
			slots = append(slots, sl)
		}
		bands = append(bands, slots)
		total += len(slots)
	}
	if err := choiceFirst(ctx, bands); err != nil {
		return nil, err
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
				return nil, fmt.Errorf("the ID of a found maze: %w", err)
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

// choiceSpec returns the search a puzzle aimed at target moves falls
// back to, seed by seed, where the book's own (bookSpec) finds a maze
// that misses only the floor of real choices, and whether there is one:
// on a board of more than bigBoard open cells whose recipe, spec, is the
// board's default (generate.DefaultOn: annealing under
// generate.PuzzleEnergy), annealing for BigIterations iterations, cooling
// as far as the default's 200,000 (its decay raised to match), under
// choiceEnergy. Its seed is left to the caller.
func choiceSpec(spec generate.Spec, b maze.Board, target int) (generate.Spec, bool) {
	d := generate.DefaultOn(b)
	if len(b.OpenCells()) <= bigBoard || spec.Method != search.MethodAnneal || spec.Method != d.Method || spec.Iterations != d.Iterations || spec.Decay != d.Decay || spec.Energy != generate.PuzzleEnergy {
		return spec, false
	}
	spec.Decay = math.Round(math.Pow(d.Decay, float64(d.Iterations)/BigIterations)*1e6) / 1e6
	spec.Iterations = BigIterations
	spec.Energy = choiceEnergy(target)
	return spec, true
}

// choiceFirst tries the board's own search once where the slots have a
// choiceSpec to fall back to: the last slot's first seed, the longest
// aim, where a bounce is likeliest. Where its maze meets the slot's band
// but misses the floor of real choices, the board's own search bounces
// (bigBoard), and every slot searches with its choiceSpec from the
// first seed, sparing each seed a search that would miss the floor (on
// Klondike a third of the book's time: the default books of seeds 1 to
// 3 took 198 to 232 s of CPU falling back seed by seed, 133 to 146 s
// so); otherwise each seed falls back to it alone (find).
func choiceFirst(ctx context.Context, bands [][]slot) error {
	if len(bands) == 0 {
		return nil
	}
	last := bands[len(bands)-1]
	probe := last[len(last)-1]
	if probe.choice == nil {
		return nil
	}
	r, err := generate.Run(ctx, probe.spec, nil)
	if err != nil {
		return err
	}
	if !probe.keep().Meets(r.Features) || ChoicesOf(r.Maze, r.Features).Worth() {
		return nil
	}
	for _, slots := range bands {
		for j := range slots {
			slots[j].spec, slots[j].choice = *slots[j].choice, nil
		}
	}
	return nil
}

// BigIterations is the annealing's iterations of choiceSpec.
const BigIterations = 300_000

// choiceEnergy is the energy of choiceSpec aimed at target moves: the aim
// (difficulty.AimTerms) and generate.PuzzleEnergy's terms for few
// shortest solutions and reaching cells, with a second shortest solution
// dearer than any length or U-turns (not_unique=2000), 12 for each
// U-turn along the solution and 6 off for each cell of it that has
// another move (forward_decisions): the reader's real choices (Choices).
func choiceEnergy(target int) string {
	return "weighted:" + difficulty.AimTerms(target) + ",shortest_paths=5,not_unique=2000,non_reaching=16,uturns=12,forward_decisions=-6"
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

// keep is what a maze of the slot's band must have, but the floor and
// distinctness: its length in the band's moves, a unique shortest
// solution and no black holes.
func (sl slot) keep() generate.Constraints {
	return generate.Constraints{MinLength: sl.moves.Min, MaxLength: sl.moves.Max, Unique: true, NoBlackHoles: true}
}

// find searches slot's seeds from offset from on, up to SlotSeeds, for a
// maze in the slot's band that is distinct from avoid.
func find(ctx context.Context, sl slot, from int, avoid []Puzzle) (found, error) {
	keep := sl.keep()
	seeds := slotSeeds(sl.cells)
	for k := from; k < seeds; k++ {
		spec := sl.spec
		spec.Seed += uint64(k)
		r, err := generate.Run(ctx, spec, nil)
		if err != nil {
			return found{}, err
		}
		if sl.choice != nil && keep.Meets(r.Features) && !ChoicesOf(r.Maze, r.Features).Worth() {
			// The board's own search bounces (bigBoard): the seed
			// again, under the book's choiceEnergy.
			c := *sl.choice
			c.Seed += uint64(k)
			if r, err = generate.Run(ctx, c, nil); err != nil {
				return found{}, err
			}
		}
		if f := (found{r, k + 1}); keep.Meets(r.Features) && ChoicesOf(r.Maze, r.Features).Worth() && f.distinct(avoid) {
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
	return err
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

// bigBoard is the most open cells of a board whose book searches only
// with the board's own recipe aimed at each puzzle's length
// (difficulty.AimedSpec, bookSpec); on a larger one whose recipe is the
// default annealing (Klondike's 325 cells), a seed whose maze misses only
// the floor of real choices (Choices.Worth) is searched again with the
// book's own (choiceSpec), and where the board's own search misses it on
// the book's hardest puzzle, every seed is (choiceFirst). Every book's
// puzzles meet the floor; a large board whose own search meets it keeps
// its books (11×11 queen, where choiceSpec would overshoot: its reward
// for decisions lands 57 moves aimed at 54, past the easy band's 54).
//
// Why a large board needs its own search: the exit is one jump from
// every cell of the rim, so a long unique solution must keep off the
// rim, and the cheapest way the aimed energy finds is a ladder up and
// down one line (E W E W …, each jump landing a cell further on). Under
// the board's own aimed energy none of 6 searches aimed at 35 and 45
// moves meets the floor, even at 300,000 iterations (0.17 to 0.31 real
// choices, 6 to 10 U-turns in a row). A cost on U-turns alone changes
// nothing, since the uturns term is 0 where the solution is not unique
// and the search gives up uniqueness (not_unique=16) instead. With a
// second shortest solution dearer than any U-turn (not_unique=2000)
// nearly every step away from a unique maze is refused, so the search
// is a descent among unique mazes and wants the iterations: aimed at 55
// under choiceEnergy, 2 of 8 seeds met the floor at the 155,000
// iterations of bookSpec, 5 of 8 at 300,000 (landing 45 to 55 moves).
// Under choiceSpec, all 27 searches aimed at 22, 26, 30,
// 31, 35, 39, 40, 45 and 50 moves (seeds 1 to 3) meet it (0.37 to 0.88
// real choices, at most 4 U-turns in a row), 18 landing in their band
// (the book tries the next seed for the others), 6.6 s of CPU each on
// the shared 2 cores; a default 12-puzzle book takes 2 to 3 minutes of
// CPU (docs/publishing.md). Measured by
//
//	RJM_LONG=1 go test ./book -run TestBigBoardSearchesMeetTheFloor -v
const bigBoard = 100

// MinBookReach is the least reach (difficulty.Reach) of a board a book
// is made on, where the board is given by its size: a board that reaches
// fewer moves has puzzles of two to four moves in every band (a 6×6 hex
// board with an exit ring reaches 4). The boards docs/variants.md lists
// reach 7 (6×6 queen,exit) and more. A layout (--layout), whose board is
// the designer's, is not held to it.
const MinBookReach = 6

// ShortBoardError says that a board given by its size reaches too few
// moves for a book (MinBookReach), and the smallest larger square board
// of its variant that reaches enough, when one of up to MaxShortGrow
// more rows and columns does.
type ShortBoardError struct {
	Board string // difficulty.BoardName
	Reach int
	// Size is the side of the smallest square board of the variant that
	// reaches MinBookReach, and SizeReach what it reaches; 0 when none
	// up to MaxShortGrow larger does.
	Size, SizeReach int
}

// MaxShortGrow bounds how many sizes larger ShortBoardError looks.
const MaxShortGrow = 4

func (e *ShortBoardError) Error() string {
	name := strings.ReplaceAll(strings.Replace(e.Board, "-", " ", 1), ",", " ")
	if e.Size == 0 {
		return fmt.Sprintf("%s boards reach %d moves, under the %d a book needs", name, e.Reach, MinBookReach)
	}
	return fmt.Sprintf("%s boards reach %d moves, under the %d a book needs; --size %d reaches %d", name, e.Reach, MinBookReach, e.Size, e.SizeReach)
}

// shortBoard returns the ShortBoardError of board b, which reaches
// reach, measuring the reach of larger square boards of its variant
// until one reaches MinBookReach.
func shortBoard(ctx context.Context, b maze.Board, reach int) error {
	e := &ShortBoardError{Board: difficulty.BoardName(b), Reach: reach}
	from := max(b.Rows, b.Cols) + 1
	for size := from; size < from+MaxShortGrow; size++ {
		spec, err := generate.Settings{Size: size, Variant: b.Variant}.Spec()
		if err != nil {
			break
		}
		bigger, err := spec.Board()
		if err != nil {
			break
		}
		r, err := difficulty.Reach(ctx, bigger)
		if err != nil {
			return err
		}
		if r >= MinBookReach {
			e.Size, e.SizeReach = size, r
			break
		}
	}
	return e
}
