package generate

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"fmt"
	"rjm/analysis"
	"rjm/fault"
	"rjm/maze"

	"rjm/parallel"
	"rjm/search"
)

// Limits on one batch: the number of mazes is bounded by the time their
// search takes, not by memory (a batch streams).
const (
	MaxCount          = 10_000_000                  // mazes in one batch
	MaxBatchIteration = 1000 * search.MaxIterations // search iterations in all
)

// Batch is a request for many mazes of one recipe: the mazes Spec
// generates with seeds Spec.Seed, Spec.Seed+1, ..., in that order, keeping
// those that meet Keep, so that every maze of a batch can be made again
// alone from its seeded ID, and the batch is the same whatever the number
// of workers. Without constraints, maze k has seed Spec.Seed+k.
type Batch struct {
	Spec  Spec
	Count int // the number of mazes, 1..MaxCount; zero means 1
	// Keep says which mazes the batch keeps; the zero value keeps all.
	Keep Constraints
	// Seeds bounds the seeds tried when Keep drops mazes; zero means
	// 100 × Count + 1000. A batch that runs out says how far it got.
	Seeds int
	// Avoid are mazes made before, by another batch (a book's other
	// bands): with Keep.Distinct the batch keeps none near them
	// (maze.Near), as if they were its own.
	Avoid []*maze.Maze
	// Workers is the number of goroutines; zero means one per core.
	Workers int
	// Progress, if not nil, is called after each maze is emitted with the
	// number emitted and Count; never concurrently.
	Progress func(done, total int)

	// resume is where a resumed batch continues (see Resume).
	resume struct {
		kept int          // mazes already done
		next uint64       // the seed offset to try next
		seen []*maze.Maze // the mazes done, for Distinct
	}
}

// Resume returns the batch b continued after the mazes already done, in
// order, as an earlier run of b emitted them (each with its seed): Run
// then emits the rest, numbered on from len(done), and the whole is what
// one uninterrupted run emits.
func (b Batch) Resume(done []*Result) Batch {
	b.resume.kept, b.resume.next, b.resume.seen = len(done), 0, nil
	for _, r := range done {
		b.resume.next = r.Spec.Seed - b.Spec.Seed + 1
		b.resume.seen = append(b.resume.seen, r.Maze)
	}
	return b
}

// Constraints are what a publisher asks of every maze of a batch. The
// zero value asks nothing.
type Constraints struct {
	// MinLength and MaxLength bound the length of the shortest solution;
	// zero means no bound. A maze without a solution never has a length
	// in bounds.
	MinLength, MaxLength int
	Unique               bool // a unique shortest solution
	NoBlackHoles         bool // no black holes
	// Distinct keeps no two mazes that differ in fewer than a quarter of
	// their open cells, up to the board's symmetries (maze.Near; the
	// symmetries are maze.Maze.Symmetries: turns and mirrors of plain
	// square grids, which move the start and the goal with the jumps).
	Distinct bool
}

// Meets reports whether a maze with features f meets c, distinctness
// aside.
func (c Constraints) Meets(f *analysis.Features) bool {
	switch {
	case (c.MinLength > 0 || c.MaxLength > 0) && !f.Solvable,
		c.MinLength > 0 && f.GoalDepth < c.MinLength,
		c.MaxLength > 0 && f.GoalDepth > c.MaxLength,
		c.Unique && !f.Unique,
		c.NoBlackHoles && f.BlackHoles > 0:
		return false
	}
	return true
}

func (c Constraints) any() bool { return c != Constraints{} }

// errBatchDone ends the stream of seeds once the batch is complete.
var errBatchDone = errors.New("the batch is complete")

func (b Batch) count() int { return max(b.Count, 1) }

// Validate checks the batch and its recipe.
func (b Batch) Validate() error {
	if err := b.Spec.Validate(); err != nil {
		return err
	}
	n := b.count()
	switch {
	case b.Count < 0 || n > MaxCount:
		return fault.Invalid("", "count %d out of range 1..%d", b.Count, MaxCount)
	case b.Workers < 0:
		return fault.Invalid("", "%d workers", b.Workers)
	case b.Seeds < 0:
		return fault.Invalid("", "%d seeds", b.Seeds)
	case b.Keep.MinLength < 0 || b.Keep.MaxLength < 0 || b.Keep.MaxLength > 0 && b.Keep.MaxLength < b.Keep.MinLength:
		return fault.Invalid("", "solution lengths %d..%d: want 0 ≤ min ≤ max", b.Keep.MinLength, b.Keep.MaxLength)
	}
	if per := b.Spec.Work(); int64(per)*int64(n) > MaxBatchIteration {
		return fault.New(fault.ErrTooCostly, "", "%d mazes of %d iterations is more than %d iterations in all", n, per, int64(MaxBatchIteration))
	}
	return nil
}

// Run generates the batch on all cores and passes each maze kept to emit
// in order (k counts the mazes kept), as soon as it and the mazes before
// it are done; memory stays flat however many mazes are asked for, but for
// the keys of Distinct. An error of emit ends the batch and is returned.
// When ctx ends, Run returns its error: the mazes emitted until then are
// complete, and no unfinished maze is emitted.
func (b Batch) Run(ctx context.Context, emit func(k int, r *Result) error) error {
	if err := b.Validate(); err != nil {
		return err
	}
	n, seeds := b.count(), b.count()
	if b.Keep.any() {
		seeds = cmp.Or(b.Seeds, 100*n+1000)
	}
	kept, from := b.resume.kept, int(b.resume.next)
	if kept >= n {
		return nil
	}
	seen := slices.Concat(b.Avoid, b.resume.seen)
	err := parallel.Stream(ctx, b.Workers, max(seeds-from, 0), func(ctx context.Context, k int) (*Result, error) {
		s := b.Spec
		s.Seed = b.Spec.Seed + uint64(from+k)
		r, err := Run(ctx, s, nil)
		if err != nil {
			return nil, err // an interrupted maze is not part of a batch
		}
		return r, nil
	}, func(_ int, r *Result) error {
		if !b.Keep.Meets(r.Features) {
			return nil
		}
		if b.Keep.Distinct {
			if slices.ContainsFunc(seen, func(m *maze.Maze) bool { return maze.Near(r.Maze, m) }) {
				return nil
			}
			seen = append(seen, r.Maze)
		}
		if err := emit(kept, r); err != nil {
			return err
		}
		kept++
		if b.Progress != nil {
			b.Progress(kept, n)
		}
		if kept == n {
			return errBatchDone
		}
		return nil
	})
	switch {
	case errors.Is(err, errBatchDone):
		return nil
	case err == nil && kept < n:
		return fmt.Errorf("only %d of %d mazes met the constraints in %d seeds (from %d); loosen them or allow more seeds", kept, n, seeds, b.Spec.Seed)
	}
	return err
}
