package experiment

import (
	"context"
	"strings"

	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
	"rjm/search"
)

// Settings control one run of an experiment. The zero value runs the
// full experiment with seed 0 on every core.
type Settings struct {
	Seed uint64
	// Quick runs a small version that finishes in seconds: fewer settings,
	// fewer iterations and fewer runs. Its numbers are for testing only.
	Quick bool
	// Runs is the number of independent runs per setting; zero means the
	// experiment's default (smaller with Quick). At most MaxRuns.
	Runs int
	// Workers is the number of goroutines; zero means one per core.
	Workers int
	// Progress, if not nil, is called after every run with the runs done
	// and the total; never concurrently.
	Progress func(done, total int)
}

// MaxRuns bounds Settings.Runs.
const MaxRuns = 100_000

// Experiment is one of the experiments behind the questions of the course
// assignment "Program 1: Search".
type Experiment struct {
	Name     string // as the command line spells it
	Question string // the question it answers, in the assignment's words
	run      func(ctx context.Context, s Settings) (*Report, error)
}

// QuickFinding opens the findings of a Quick run.
const QuickFinding = "A --quick run has too few runs and settings to answer the question: what follows shows the machinery working, not the answer."

// Run runs the experiment with settings s. The findings of a Quick run
// open with QuickFinding.
func (x Experiment) Run(ctx context.Context, s Settings) (*Report, error) {
	r, err := x.run(ctx, s)
	if err == nil && s.Quick {
		r.Findings = append([]string{QuickFinding}, r.Findings...)
	}
	return r, err
}

// All returns the experiments in the order of the assignment's questions.
func All() []Experiment {
	return []Experiment{
		{"iterations", "Program 1: Search, Problem 3 Q1: how does the objective function evaluation of the average generated maze vary with the number of iterations?", Iterations},
		{"restarts", "Program 1: Search, Problem 4 Q1: keeping the total number of iterations constant (10,000), approximately how many restarts yield the best average generated maze?", Restarts},
		{"uphill", "Program 1: Search, Problem 5 Q1: how does the evaluation of the average generated maze vary with the number of iterations and the probability of accepting uphill steps?", Uphill},
		{"annealing", "Program 1: Search, Extra Credit 1: how does the average maze vary with iterations, initial temperature and decay rate; which yields the lowest average energy at 10,000 iterations, the best annealing schedule or the best restart policy?", Annealing},
		{"satisfice", "Program 1: Search, Extra Credit 1: average iterations per production of a maze with a shortest solution of 18 or more moves, for each method at its best settings", Satisfice},
		{"energies", "Program 1: Search, Extra Credit 2: the design energy against the simple objective, with the same stochastic local search", Energies},
	}
}

// question returns the question the named experiment answers.
func question(name string) string {
	x, _ := ByName(name)
	return x.Question
}

// Names returns the experiments' names.
func Names() []string {
	var names []string
	for _, e := range All() {
		names = append(names, e.Name)
	}
	return names
}

// ByName returns the experiment with the given name.
func ByName(name string) (Experiment, error) {
	for _, e := range All() {
		if e.Name == name {
			return e, nil
		}
	}
	return Experiment{}, fault.Invalid("", "unknown experiment %q (want one of %s)", maze.Short(name), strings.Join(Names(), ", "))
}

// MaxWorkers bounds Settings.Workers.
const MaxWorkers = 1024

// Validate checks the settings' ranges.
func (s Settings) Validate() error {
	if _, err := s.runs(1, 1); err != nil {
		return err
	}
	if s.Workers < 0 || s.Workers > MaxWorkers {
		return fault.Invalid("", "workers %d out of range 0..%d", s.Workers, MaxWorkers)
	}
	return nil
}

// runs returns the runs per setting: s.Runs, or def (quick with Quick).
func (s Settings) runs(def, quick int) (int, error) {
	switch {
	case s.Runs < 0 || s.Runs > MaxRuns:
		return 0, fault.Invalid("", "runs %d out of range 1..%d", s.Runs, MaxRuns)
	case s.Runs > 0:
		return s.Runs, nil
	case s.Quick:
		return quick, nil
	}
	return def, nil
}

// tracker counts finished runs against a total known in advance.
type tracker struct {
	done, total int
	f           func(done, total int)
}

func (s Settings) tracker(total int) *tracker { return &tracker{total: total, f: s.Progress} }

// tick is parallel.Seeded's done callback.
func (t *tracker) tick() {
	t.done++
	if t.f != nil {
		t.f(t.done, t.total)
	}
}

// problem5 returns the assignment's problem: 5×5 mazes, start at the
// upper-left corner, goal at the lower-right, the simple objective.
func problem5() search.Problem {
	b := maze.Board{Rows: 5, Cols: 5}
	return search.Problem{Graph: graph.MustCompile(b), Start: 0, Goal: b.Cells() - 1}
}

// satisficing is the common measure of "Program 1: Search": a shortest
// solution of 18 or more moves, that is, a simple objective of −18 or less.
const satisficing = 18
