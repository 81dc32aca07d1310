package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"rjm/rng"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/search"
	"rjm/solve"
)

// Result is a generated maze with its evaluation.
type Result struct {
	Spec     Spec
	Maze     *maze.Maze
	Energy   float64 // the spec's energy of Maze
	Stats    search.Stats
	Solved   *solve.Result
	Features *analysis.Features // the design features of Maze
	// Interrupted is set when the context ended the search early; Maze
	// is then the best found so far. Spec then holds the iterations done,
	// so that it still regenerates Maze, except for Restarts, whose
	// unfinished descent no Spec expresses (see SeededID).
	Interrupted bool
	// Status says how the search ended (search.Status).
	Status search.Status
}

// SeededID returns the seeded ID that regenerates the result's maze, or
// "" when the search was interrupted in a way no seeded ID repeats (within
// a descent of Restarts).
func (r *Result) SeededID() string {
	if r.Interrupted && r.Spec.Method == search.MethodRestarts {
		return ""
	}
	return r.Spec.String()
}

// Warnings says what keeps the maze from being what the design paper
// calls good: a unique shortest solution and no black holes. Under the
// design energy, which asks for both, they say that no better maze was
// found; other energies may not ask for them, so there they only say what
// the maze has. They are sentences without the final stop.
func (r *Result) Warnings() []string {
	f := r.Features
	var w []string
	sought := r.Spec.Energy == "design"
	switch {
	case !f.Solvable:
		w = append(w, "no maze with a solution was found")
	case !f.Unique && sought:
		w = append(w, fmt.Sprintf("no maze with a unique shortest solution was found: this one has %d", f.ShortestPaths))
	case !f.Unique:
		w = append(w, fmt.Sprintf("this maze has %d shortest solutions, not a unique one", f.ShortestPaths))
	}
	switch {
	case f.BlackHoles > 0 && sought:
		w = append(w, fmt.Sprintf("no maze without black holes was found: this one has %d (%s)", f.BlackHoles, f.BlackHoleSize()))
	case f.BlackHoles > 0:
		holes := "black holes"
		if f.BlackHoles == 1 {
			holes = "black hole"
		}
		w = append(w, fmt.Sprintf("this maze has %d %s (%s)", f.BlackHoles, holes, f.BlackHoleSize()))
	}
	return w
}

// SearchMethod returns the search method the spec names, with its
// settings, or nil when they are not valid (see Validate).
func (s Spec) SearchMethod() search.Method {
	m, _ := search.ParseMethod(s.Settings)
	return m
}

// Run generates the maze spec describes. progress, if not nil, receives
// the search's progress (see search.Problem). When ctx ends the search
// early, Run returns the best maze found so far (Result.Interrupted) with
// ctx's error, so that a long search stopped by the user loses nothing.
func Run(ctx context.Context, spec Spec, progress func(done, total int, best float64)) (*Result, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	b, err := spec.Board()
	if err != nil {
		return nil, err
	}
	e, err := spec.energyOn(b)
	if err != nil {
		return nil, err
	}
	g, err := graph.Compile(b)
	if err != nil {
		return nil, err
	}
	random := rng.NewRand(spec.Seed)
	start, goal := place(b, spec, random)
	p := search.Problem{Graph: g, Start: b.Index(start), Goal: b.Index(goal), Energy: e, Progress: progress}
	res, err := spec.SearchMethod().Search(ctx, p, random)
	interrupted := err != nil && err == ctx.Err() && res.Best != nil
	if err != nil && err != search.ErrNoStep && !interrupted {
		return nil, err
	}
	solved := solve.Solve(g, res.Best)
	r := &Result{
		Spec: spec, Maze: res.Best, Energy: res.Energy, Stats: res.Stats,
		Solved: solved, Features: analysis.AnalyzeSolved(g, res.Best, solved),
		Status: res.Status,
	}
	if interrupted {
		r.Interrupted = true
		if spec.Method != search.MethodRestarts {
			r.Spec.Iterations = res.Stats.Iterations
		}
		return r, err
	}
	return r, nil
}

// place picks the start and the goal among the open cells: given cells
// first, then the random ones (start before goal), then the defaults. On
// an exit-ring board the goal is the exit.
func place(b maze.Board, s Spec, rng *rand.Rand) (start, goal maze.Cell) {
	open := b.OpenCells()
	start, goal = maze.DefaultStart(b), maze.DefaultGoal(b)
	if s.Start != nil {
		start = *s.Start
	}
	if s.Goal != nil {
		goal = *s.Goal
	}
	if s.RandomStart {
		avoid := -1
		if s.Goal != nil {
			avoid = b.Index(*s.Goal)
		}
		start = b.Cell(drawExcept(rng, open, avoid))
	}
	switch {
	case b.Variant.PlacesGoal():
		goal = maze.ExitCell
	case s.RandomGoal:
		goal = b.Cell(drawExcept(rng, open, b.Index(start)))
	case s.Goal == nil && goal == start:
		// A random start landed on the default goal: move the goal.
		goal = maze.DefaultStart(b)
	}
	return start, goal
}

// drawExcept draws a cell uniformly from cells other than avoid (-1
// avoids nothing; cells is ascending and holds avoid, if any).
func drawExcept(rng *rand.Rand, cells []int, avoid int) int {
	if avoid < 0 {
		return cells[rng.IntN(len(cells))]
	}
	i := rng.IntN(len(cells) - 1)
	if cells[i] >= avoid {
		i++
	}
	return cells[i]
}
