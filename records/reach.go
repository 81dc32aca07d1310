package records

import (
	"context"
	"fmt"
	"strings"

	"rjm/generate"
	"rjm/maze"
	localsearch "rjm/search" // records has a type search of its own
)

// ReachSettings ask how often each search method of rjm generate reaches
// a proven record, on the record's board, start and goal, with the depth
// energy (the simple objective, which asks for length alone).
type ReachSettings struct {
	Board       maze.Board
	Start, Goal *maze.Cell // nil: the corners, as in Settings
	Target      int        // the record: the goal depth to reach
	// Budgets are the search iterations per run; nil means
	// ReachBudgets().
	Budgets []int
	// Runs is the number of seeded runs per method and budget; zero
	// means ReachRuns (ReachRunsLarge for budgets above
	// ReachLargeBudget).
	Runs    int
	Seed    uint64
	Workers int // zero means one per core
}

// Reach is how one method did with one budget.
type Reach struct {
	Method     string  `json:"method"`
	Iterations int     `json:"iterations"`
	Runs       int     `json:"runs"`
	Reached    int     `json:"reached"`    // runs whose maze has the target depth
	MeanDepth  float64 `json:"mean_depth"` // the mean goal depth of the runs' mazes
}

// ReachBudgets returns the budgets ReachMethods tries when
// ReachSettings.Budgets is nil: the assignment's 25,000 iterations, and
// four and forty times as many.
func ReachBudgets() []int { return []int{25_000, 100_000, 1_000_000} }

// The runs per method and budget when ReachSettings.Runs is zero: fewer
// for budgets above ReachLargeBudget, whose runs take longer.
const (
	ReachRuns        = 100
	ReachRunsLarge   = 20
	ReachLargeBudget = 100_000
)

// ReachMethods runs every method of search.MethodNames with each budget:
// run k of a method and budget is generate.Run of the method's recipe
// with seed Seed+k (restarts: 10 descents sharing the budget; the other
// settings are generate.Default's). Each run can be repeated alone from
// its seeded ID.
func ReachMethods(ctx context.Context, s ReachSettings) ([]Reach, error) {
	budgets := s.Budgets
	if budgets == nil {
		budgets = ReachBudgets()
	}
	var out []Reach
	for _, method := range localsearch.MethodNames {
		for _, budget := range budgets {
			set := generate.Settings{
				Rows: s.Board.Rows, Cols: s.Board.Cols, Variant: s.Board.Variant, Start: s.Start, Goal: s.Goal,
				Settings: localsearch.Settings{Method: method, Iterations: budget}, Energy: "depth", Seed: s.Seed,
			}
			if set.Goal == nil {
				set.Goal = new(maze.DefaultGoal(s.Board))
			}
			if method == localsearch.MethodRestarts {
				set.Descents, set.Iterations = 10, budget/10
			}
			spec, err := set.Spec()
			if err != nil {
				return out, err
			}
			runs := s.Runs
			if runs == 0 {
				runs = ReachRuns
				if budget > ReachLargeBudget {
					runs = ReachRunsLarge
				}
			}
			r := Reach{Method: method, Iterations: budget, Runs: runs}
			sum := 0
			err = generate.Batch{Spec: spec, Count: runs, Workers: s.Workers}.Run(ctx, func(_ int, res *generate.Result) error {
				d := res.Features.GoalDepth
				sum += d
				if d >= s.Target {
					r.Reached++
				}
				return nil
			})
			if err != nil {
				return out, err
			}
			r.MeanDepth = float64(sum) / float64(runs)
			out = append(out, r)
		}
	}
	return out, nil
}

// ReachTable prints the results as a table.
func ReachTable(rs []Reach, target int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-13s %11s %6s %9s %11s\n", "method", "iterations", "runs", "reached", "mean depth")
	for _, r := range rs {
		fmt.Fprintf(&b, "%-13s %11d %6d %8.0f%% %11.2f\n", r.Method, r.Iterations, r.Runs, 100*float64(r.Reached)/float64(r.Runs), r.MeanDepth)
	}
	fmt.Fprintf(&b, "(reached: the share of runs whose maze has goal depth %d, the proven maximum)\n", target)
	return b.String()
}

// UphillDepth runs rjm generate's uphill search (hill descent with random
// uphill steps, the depth energy) runs times on the board, start and goal
// of s, with seeds seed, seed+1, …, and returns the deepest goal depth its
// mazes reach and one maze of that depth: a lower bound on the record,
// the floor below which the exhaustive search need not go (Settings.Lower).
// Each run can be repeated alone from its maze's seeded ID.
func UphillDepth(ctx context.Context, s Settings, runs, iterations int, seed uint64) (int, *maze.Maze, error) {
	method := localsearch.MethodUphill
	start, goal := maze.DefaultStart(s.Board), maze.DefaultGoal(s.Board)
	if s.Start != nil {
		start = *s.Start
	}
	if s.Goal != nil {
		goal = *s.Goal
	}
	set := generate.Settings{
		Rows: s.Board.Rows, Cols: s.Board.Cols, Variant: s.Board.Variant, Start: &start, Goal: &goal,
		Settings: localsearch.Settings{Method: method, Iterations: iterations}, Energy: "depth", Seed: seed,
	}
	spec, err := set.Spec()
	if err != nil {
		return 0, nil, err
	}
	best, deepest := -1, (*maze.Maze)(nil)
	err = generate.Batch{Spec: spec, Count: runs, Workers: s.Workers}.Run(ctx, func(_ int, res *generate.Result) error {
		if d := res.Features.GoalDepth; d > best {
			best, deepest = d, res.Maze
		}
		return nil
	})
	return best, deepest, err
}
