package difficulty

import (
	"context"
	"fmt"
	"hash/fnv"
	"sync"

	"rjm/generate"
	"rjm/maze"
	"rjm/parallel"
)

// The difficulty policy: what easy, medium and hard mean, on every board,
// for every front end (the maze of the day, the books, rjm generate
// --difficulty, the dashboard's labels).
//
// A level is first a range of the predicted median solving time of a
// typical player (Level.Time: easy under about two minutes, medium up to
// about four, hard beyond; the bounds are the geometric means of the
// levels' targets, 90 s, 3 min and 6 min). A search cannot aim at a time
// directly — the model rates a maze only once it is made — so on each
// board the level also names the moves that go with it (Level.Moves): a
// share of what the board reaches (Reach), the longest shortest solution
// a search for length finds on it. A 6×6 torus reaches about 19 moves and
// a 6×6 board under the no-U-turn rule about 40, so "medium" is 11–13
// moves on the one and 22–28 on the other: the same share of the board's
// room, which is what a player feels of it. The shares (the table
// shares) are
//
//	easy    40% to 55% of the reach (at least MinMoves where it reaches MinReach)
//	medium  55% to 70%
//	hard    70% and above
//
// so that a book of all three has its median above 40% of the reach and
// its hardest above 60% (docs/publishing.md), and the week's days
// (Week) rise through them.

// Reach returns what board b reaches: the longest shortest solution of a
// good maze (unique, no black holes) that a search for long puzzles finds
// on it, the best over ReachSeeds seeds (MeasureReach). It is what a
// puzzle on the board can be, which the simple objective (the depth
// energy) overstates where long solutions are rarely unique (a 6×6 exit
// ring: 18 moves under the depth energy, 12 unique). The boards of
// docs/variants.md and of the daily curve are measured once and kept in a
// table (reachTable); any other is measured on first asking and kept for
// the life of the program. It fails only on a board no recipe takes.
func Reach(ctx context.Context, b maze.Board) (int, error) {
	k := reachKey(b)
	if r, ok := reachTable[k]; ok {
		return r, nil
	}
	if r, ok := measured.Load(k); ok {
		return r.(int), nil
	}
	r, err := MeasureReach(ctx, b)
	if err != nil {
		return 0, err
	}
	measured.Store(k, r)
	return r, nil
}

// KnownReach returns board b's reach when it is known without a search:
// kept in the table or measured before by this program (Reach).
func KnownReach(b maze.Board) (int, bool) {
	k := reachKey(b)
	if r, ok := reachTable[k]; ok {
		return r, true
	}
	if r, ok := measured.Load(k); ok {
		return r.(int), true
	}
	return 0, false
}

// measured holds the reaches measured by this program (Reach).
var measured sync.Map

// ReachSeeds is how many seeds MeasureReach searches: 1, 2, ...
const ReachSeeds = 8

// ReachSpec returns the recipe that measures board b's reach with seed:
// the default recipe of every board but the plain one (generate.DefaultOn:
// annealing for 200,000 iterations under generate.PuzzleEnergy, which
// asks for a long, unique shortest solution), on b.
func ReachSpec(b maze.Board, seed uint64) generate.Spec {
	s := generate.DefaultOn(b)
	d := generate.DefaultOn(maze.Board{Rows: 2, Cols: 2, Variant: maze.Variant{Queen: true}})
	s.Method, s.Iterations, s.T0, s.Decay, s.Energy = d.Method, d.Iterations, d.T0, d.Decay, d.Energy
	s.Seed = seed
	return s
}

// MeasureReach measures what board b reaches: the longest shortest
// solution of the good mazes (unique, no black holes) of ReachSpec over
// seeds 1 to ReachSeeds, or of any maze of them when none is good. Its
// work is bounded by those searches: a fraction of a second each on a
// 6×6 board, seconds on a layout of hundreds of cells; the seeds run on every core.
func MeasureReach(ctx context.Context, b maze.Board) (int, error) {
	return measureReach(ctx, b, nil)
}

// MeasureReachFrom measures what spec's board reaches from spec's start
// to its goal when the spec fixes them (a layout's start and goal), as
// MeasureReach does for the board's own.
func MeasureReachFrom(ctx context.Context, spec generate.Spec) (int, error) {
	b, err := spec.Board()
	if err != nil {
		return 0, err
	}
	return measureReach(ctx, b, func(s *generate.Spec) {
		s.Start, s.Goal, s.RandomStart, s.RandomGoal = spec.Start, spec.Goal, spec.RandomStart, spec.RandomGoal
	})
}

func measureReach(ctx context.Context, b maze.Board, from func(*generate.Spec)) (int, error) {
	results, err := parallel.Map(ctx, 0, ReachSeeds, nil, func(ctx context.Context, i int) (*generate.Result, error) {
		s := ReachSpec(b, uint64(i+1))
		if from != nil {
			from(&s)
		}
		return generate.Run(ctx, s, nil)
	})
	if err != nil {
		return 0, fmt.Errorf("reach of %s: %w", BoardName(b), err)
	}
	good, any := 0, 0
	for _, r := range results {
		if f := r.Features; f.Solvable {
			any = max(any, f.GoalDepth)
			if f.Unique && f.BlackHoles == 0 {
				good = max(good, f.GoalDepth)
			}
		}
	}
	if good == 0 {
		return any, nil
	}
	return good, nil
}

// BoardName names a board as the reach table does: "6x6", "6x6-queen,torus",
// and a layout's cells and walls by their FNV-1a hash, "21x21-queen,exit@1f2e…".
func BoardName(b maze.Board) string {
	k := reachKey(b)
	name := fmt.Sprintf("%dx%d", b.Rows, b.Cols)
	if k.variant != "" {
		name += "-" + k.variant
	}
	if k.layout != 0 {
		name += fmt.Sprintf("@%016x", k.layout)
	}
	return name
}

// boardKey identifies a board kind in the reach table.
type boardKey struct {
	rows, cols int
	variant    string
	layout     uint64 // FNV-1a of the layout ID; 0 when the board has none
}

func reachKey(b maze.Board) boardKey {
	k := boardKey{rows: b.Rows, cols: b.Cols, variant: b.Variant.String()}
	if id := b.LayoutID(); id != "" {
		h := fnv.New64a()
		h.Write([]byte(id))
		k.layout = h.Sum64()
	}
	return k
}

// Range is what a level asks of one board: the level, its time, the moves
// that go with it there and the board's reach.
type Range struct {
	Level Level
	Time  Span
	Moves Band
	Reach int
}

// RangeOn returns level l's range on board b (Reach, Level.Moves).
func RangeOn(ctx context.Context, b maze.Board, l Level) (Range, error) {
	r, err := Reach(ctx, b)
	if err != nil {
		return Range{}, err
	}
	return Range{Level: l, Time: l.Time(), Moves: l.Moves(r), Reach: r}, nil
}

// LevelOnBoard returns the level whose moves on a board of reach reach
// hold a maze of moves moves (Hard above every other; Easy below easy's).
func LevelOnBoard(moves, reach int) Level {
	for _, l := range []Level{Medium, Hard} {
		if moves < l.Moves(reach).Min {
			return l - 1
		}
	}
	return Hard
}

// AimedSpec returns spec aimed at a shortest solution of moves moves on
// its board of n open cells: the board's recipe with a length aim added
// to its energy, (goal_depth − moves)², which is least at moves and
// grows by the square of the miss. The design energy (the plain board's)
// becomes its weighted form (generate.DesignWithLength, with no reward)
// plus the aim, searched by annealing where the recipe is the plain
// board's default hill descent; generate.PuzzleEnergy (every other board's) becomes the
// aim instead of its reward per move, with its terms for a unique
// solution and reaching cells kept. Other energies are the user's own and
// are kept as given. A search under the aim ends within a move or two of
// it wherever the board has room (on 6×6 boards, 8 seeds of 8 land on it).
func AimedSpec(spec generate.Spec, n, moves int) generate.Spec {
	aim := AimTerms(moves)
	switch spec.Energy {
	case "design":
		if d := generate.Default(); spec.Method == d.Method && spec.Iterations == d.Iterations && spec.P == d.P {
			// The plain board's default hill descent stops short of
			// long aims (on 7×7, 28–34 moves aimed at 35): the
			// annealing of every other board's recipe reaches them.
			a := ReachSpec(maze.Board{Rows: 2, Cols: 2}, 0)
			spec.Method, spec.Iterations, spec.T0, spec.Decay = a.Method, a.Iterations, a.T0, a.Decay
		}
		spec.Energy = fmt.Sprintf("weighted:not_unique=%d,non_reaching=%d,decisions=-1,cluster_penalty=1,initial_forced_moves^2=1,%s", n*n*n, n*n, aim)
	case generate.PuzzleEnergy:
		spec.Energy = "weighted:" + aim + ",shortest_paths=5,not_unique=16,non_reaching=16"
	}
	return spec
}

// AimTerms returns the terms of a weighted energy that aim at a shortest
// solution of moves moves, (goal_depth − moves)² less its constant:
// "goal_depth^2=1,goal_depth=−2·moves" (AimedSpec).
func AimTerms(moves int) string {
	return fmt.Sprintf("goal_depth^2=1,goal_depth=%d", -2*moves)
}

// LevelOfMaze returns the one level of a maze of moves moves (the length
// of its shortest solution) on board b: the level its moves fall in on
// the board (LevelOnBoard of KnownReach), which the books label it, the
// daily curve asks of it and the workbench shows. ok is false when the
// board's reach is not known without a search: then the level is not
// checked, and a front end says so. A prediction's time is shown as a
// time; its level by time (LevelOfTime) is the dashboard's measure of a
// level's target, not a maze's label.
func LevelOfMaze(b maze.Board, moves int) (l Level, ok bool) {
	reach, ok := KnownReach(b)
	if !ok {
		return 0, false
	}
	return LevelOnBoard(moves, reach), true
}

// SameBoard says why a maze on board b cannot join a book list whose
// first maze is on board first (nil when it can): a book's puzzles share
// one board, its layout and walls included, since the rules page explains
// one. book.FromList and the workbench's book list both ask it.
func SameBoard(first, b maze.Board) error {
	if b == first {
		return nil
	}
	return fmt.Errorf("a maze on a %s board, but the list's first is on a %s board: a book's puzzles share one board (make one list per board)", BoardName(b), BoardName(first))
}
