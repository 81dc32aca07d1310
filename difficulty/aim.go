package difficulty

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"rjm/fault"
	"rjm/generate"
	"rjm/graph"
)

// PriorModel returns the model of no plays: every maze rated by its simulated
// novices at DefaultSecondsPerMove. It is a pure function of the maze, so
// that what it chooses is the same on every machine.
func PriorModel() *Model {
	m, err := Fit(context.Background(), nil, nil, Settings{})
	if err != nil {
		panic(err) // no plays: Fit has nothing to fail on
	}
	return m
}

// Candidate is a generated maze with its predicted difficulty.
type Candidate struct {
	Result   *generate.Result
	Estimate Estimate
}

// MaxCandidates bounds Aim's candidates per recipe.
const MaxCandidates = 1000

// Aim generates n candidates of each recipe (candidate k of a recipe from
// its seed + k, as generate.Batch makes them), rates each by model's
// prediction (nil means PriorModel()), and returns the one whose predicted
// median time is nearest target on the log scale — among those with a
// unique shortest solution and no black holes when there are any — the
// first in order on a tie, and every candidate. The choice is a pure
// function of the recipes, n, target and the model.
func Aim(ctx context.Context, specs []generate.Spec, n int, target time.Duration, model *Model) (Candidate, []Candidate, error) {
	return aim(ctx, specs, n, target, model, nil)
}

// AimLevel is Aim at level l's target time among the candidates whose
// moves lie in the level's moves on their board (Level.Moves of Reach),
// when any does: a level asks for its moves on each board as well as its
// time.
func AimLevel(ctx context.Context, specs []generate.Spec, n int, l Level, model *Model) (Candidate, []Candidate, error) {
	return aim(ctx, specs, n, l.Target(), model, func(c Candidate) bool {
		r, err := Reach(ctx, c.Result.Maze.Board)
		return err == nil && l.Moves(r).Holds(c.Result.Features.GoalDepth)
	})
}

// aim is Aim among the candidates that fit, when any does (nil: all).
func aim(ctx context.Context, specs []generate.Spec, n int, target time.Duration, model *Model, fit func(Candidate) bool) (Candidate, []Candidate, error) {
	switch {
	case n < 1 || n > MaxCandidates:
		return Candidate{}, nil, fault.Invalid("", "%d candidates: want 1 to %d", n, MaxCandidates)
	case target <= 0:
		return Candidate{}, nil, fault.Invalid("", "target time %v: want more than 0", target)
	case len(specs) == 0:
		return Candidate{}, nil, fault.Invalid("", "no recipe to aim")
	}
	if model == nil {
		model = PriorModel()
	}
	var all []Candidate
	for _, spec := range specs {
		batch := generate.Batch{Spec: spec, Count: n}
		err := batch.Run(ctx, func(_ int, r *generate.Result) error {
			id, err := r.Maze.ID()
			if err != nil {
				return err
			}
			f := Facts{Features: r.Features}
			if r.Features.Solvable {
				f = Describe(graph.MustCompile(r.Maze.Board), r.Maze)
			}
			all = append(all, Candidate{Result: r, Estimate: model.Predict(id, f)})
			return nil
		})
		if err != nil {
			return Candidate{}, nil, err
		}
	}
	good := func(c Candidate) bool { return c.Result.Features.Unique && c.Result.Features.BlackHoles == 0 }
	if fit != nil && slices.ContainsFunc(all, func(c Candidate) bool { return good(c) && fit(c) }) {
		good = func(c Candidate) bool { return c.Result.Features.Unique && c.Result.Features.BlackHoles == 0 && fit(c) }
	}
	anyGood := slices.ContainsFunc(all, good)
	best, off := -1, math.Inf(1)
	for i, c := range all {
		if !c.Result.Features.Solvable || anyGood && !good(c) {
			continue
		}
		if d := math.Abs(math.Log(c.Estimate.Seconds / target.Seconds())); d < off {
			best, off = i, d
		}
	}
	if best < 0 {
		return Candidate{}, all, errors.New("no solvable candidate")
	}
	return all[best], all, nil
}

// AimSizes are the board sides an aim tries when it names no board: a
// target time says how big a board must be, too (AimSpecs).
var AimSizes = []int{5, 6, 7, 8, 9}

// AimSpecs returns the recipes an aim tries: spec itself when its board
// is given (sized), else spec on the square board of each of AimSizes.
func AimSpecs(spec generate.Spec, sized bool) []generate.Spec {
	if sized {
		return []generate.Spec{spec}
	}
	specs := make([]generate.Spec, 0, len(AimSizes))
	for _, n := range AimSizes {
		s := spec
		s.Rows, s.Cols = n, n
		specs = append(specs, s)
	}
	return specs
}

// Goal is what an aim asks for: a level (its target time, and its moves
// on each board: AimLevel), or, when Level is nil, a target time alone
// (Aim).
type Goal struct {
	Level  *Level
	Target time.Duration
}

// Time returns the goal's target time: its level's Target, or its own.
func (g Goal) Time() time.Duration {
	if g.Level != nil {
		return g.Level.Target()
	}
	return g.Target
}

// AimGoal is Aim or AimLevel, as goal asks.
func AimGoal(ctx context.Context, specs []generate.Spec, n int, goal Goal, model *Model) (Candidate, []Candidate, error) {
	if goal.Level != nil {
		return AimLevel(ctx, specs, n, *goal.Level, model)
	}
	return Aim(ctx, specs, n, goal.Target, model)
}

// LevelTargets returns each level with its target time, for a user:
// "easy (1m30s), medium (3m) or hard (6m)".
func LevelTargets() string {
	var s []string
	for i, name := range Levels {
		s = append(s, fmt.Sprintf("%s (%s)", name, shortDuration(Level(i).Target())))
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// shortDuration returns "1m30s", "3m", "6m": d without its zero seconds.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	return s
}
