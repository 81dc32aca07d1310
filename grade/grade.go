// Package grade is the teacher's autograder for the Model AI assignment
// "Rook Jumping Maze Generation for AI Education" (Neller): it runs a
// student's program for one of the six exercises of package exercise
// (whose Table holds their prompts) in a sandbox (process.go, sandbox.go,
// landlock.go), with answers on its standard input, in batches until its
// statistical checks decide (decide.go), reads what it prints, and checks
// every transcript against the assignment, as rjm's own program would be
// checked; one more run on a pseudo-terminal (terminal.go) catches input
// that waits for a line a person never types.
//
// The checks fall in six categories (Category), and each passes, fails or
// is not checked, with a message that says why (State):
//
//   - build: with Settings.Build, the program builds;
//   - format: the exact prompts (trailing space, no line break), the maze's
//     rows with single spaces, the blank lines, "Moves from start:", the
//     depth grid's two-character cells and "--", the objective on its own
//     line; for representation, an invalid size (4, then 11) asked again,
//     for a search an answer that is not a number (x) asked again or
//     refused, never looped on;
//     the terminal run;
//   - maze: the size asked, the goal written 0 in the lower-right corner,
//     a legal jump (one with a move) in every other cell, and for the
//     random mazes of representation and evaluation, jumps drawn uniformly
//     from each cell's legal jumps (Pearson's χ² test over the runs);
//   - evaluation: the depth grid and the objective (−depth, or 1000000
//     when the goal cannot be reached), recomputed by rjm from the maze
//     printed;
//   - search: for the four searches, the objectives of the mazes printed
//     (recomputed by rjm) against those of rjm's own program at the same
//     budget (a sequential one-sided Mann–Whitney test with a margin of
//     one move), the jumps each cell gets against rjm's, and for restarts,
//     uphill and annealing the rule: the objectives under answers where
//     the search's rule decides what it finds (every uphill step accepted,
//     restarts that restart: exercise.Probe) against rjm's, both ways;
//   - limits: every run ends within its CPU time and wall-clock limits,
//     exits with status 0 and writes no more than the output limit.
//
// A correct program fails a grading's statistical checks with probability
// at most Settings.Significance (0.00001) in all, whatever the number of
// runs they take (decide.go).
//
// A seed fixes the answers (the sizes of representation) and rjm's own
// runs; the program's runs see it too, in the environment (RunSeedEnv),
// for programs that want to be reproducible. Run grades one program; Class
// grades one in each student's folder (Detect finds its language), on all
// cores, into a Gradebook with points from a Rubric and feedback files.
// Nothing here prints; progress goes to an optional callback.
package grade

import (
	"context"
	"fmt"
	"math"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"time"

	"rjm/exercise"
	"rjm/fault"
	"rjm/rng"
)

// Defaults and limits of Settings.
const (
	DefaultRuns         = 80
	DefaultStep         = 10
	DefaultMemory       = 4 << 30
	DefaultProcesses    = 64
	DefaultTimeout      = 15 * time.Second // the floor of a CPU limit scaled from rjm's own runs (see scaleLimits)
	DefaultMaxOutput    = 1 << 20          // bytes of standard output per run
	DefaultIterations   = 3000
	DefaultSignificance = 0.00001
	MaxRuns             = 1000
	MaxIterations       = 10_000_000
)

// Environment variables a program's run sees (it may ignore them): the run,
// from 1, and a seed for the run's random numbers, different for every run
// and fixed by Settings.Seed.
const (
	RunEnv     = "RJM_GRADE_RUN"
	RunSeedEnv = "RJM_GRADE_SEED"
	// ExerciseEnv is the exercise graded ("hill-descent"), which the
	// build and the runs see: a folder's run script that holds several
	// exercises' programs runs the one named.
	ExerciseEnv = "RJM_GRADE_EXERCISE"
)

// Settings describe a grading. Zero fields mean the defaults given.
type Settings struct {
	// Command is the program and its arguments, such as {"java",
	// "HillDescent"} or {"python3", "hill.py"}; required. A name without a
	// slash is looked up in PATH; "./a.out" is relative to Dir.
	Command []string
	// Dir is the folder the program runs in; "" means the current one.
	// Every run gets a scratch copy of it.
	Dir string
	// Build, if set, is a shell command (such as "javac *.java") run once,
	// in a copy of Dir, before the runs, which then run in copies of the
	// built folder; a build that fails fails the grading's "build" check
	// and leaves the others not checked.
	Build string
	// Language is the program's language, as Detect names it ("python",
	// "c", "java", ...), for hints in its words; "" means as its Command
	// and Build show it, and no hints when they do not.
	Language string
	// Env is added, as NAME=VALUE, to the fixed environment of the runs
	// and the build (see environ.go: a locale, a PATH of the toolchains
	// found, HOME and TMPDIR in the scratch copy, RunEnv and RunSeedEnv,
	// and none of the teacher's own settings); nil adds nothing.
	Env []string
	// Runs is the most runs, 1..MaxRuns; zero means DefaultRuns. The
	// runs are made in batches of Step until the statistical checks
	// decide (see decide.go). Representation has one run more, which
	// answers 4 and 11 before a valid size; a search two: one answers
	// "x" before its answers, one asks the smallest budget (the exercise's Edge answers).
	Runs int
	// Step is the runs of a batch, after which the statistical checks
	// look at the evidence; zero means DefaultStep (at most Runs).
	Step int
	// Timeout is the CPU time limit of each run (RLIMIT_CPU, whole
	// seconds); zero means a limit scaled from rjm's own runs of a search
	// in the same grading, at least DefaultTimeout (scaleLimits): it
	// grows as the machine's load slows every program. Once a run reaches
	// it, or the wall-clock limit, the runs not yet started are not made.
	Timeout time.Duration
	// Wall is the wall-clock back-stop of each run, for a program that
	// waits without computing; zero means six times Timeout.
	Wall time.Duration
	// Memory is the address space a run's process may take (RLIMIT_AS), in
	// bytes; zero means DefaultMemory.
	Memory int64
	// Processes is the most processes a run may have at once; zero means
	// DefaultProcesses.
	Processes int
	// MaxOutput is the most standard output a run may write, in bytes;
	// zero means DefaultMaxOutput.
	MaxOutput int
	// Seed fixes the answers and rjm's reference runs; every value, zero
	// included, is a seed.
	Seed uint64
	// Iterations is the search budget of the search exercises (in all:
	// restarts makes three descents of a third each); zero means
	// DefaultIterations.
	Iterations int
	// Significance is the level below which a statistical check's p-value
	// fails it; zero means DefaultSignificance.
	Significance float64
	// Workers is the number of runs at once; zero means
	// runtime.GOMAXPROCS(0). Results do not depend on it, save the run
	// times.
	Workers int

	// writable are the folders outside its scratch copy a build may write
	// (buildWritable); a run's program has none.
	writable []string
	// autoTimeout and autoWall are set when Timeout and Wall were zero:
	// scaleLimits scales them.
	autoTimeout, autoWall bool
	// timeBasis says how the CPU limit was set, for the time check: ""
	// when the teacher gave it.
	timeBasis string
}

func (s Settings) withDefaults() Settings {
	if s.Runs == 0 {
		s.Runs = DefaultRuns
	}
	if s.Step == 0 {
		s.Step = DefaultStep
	}
	s.Step = min(s.Step, s.Runs)
	if s.Timeout == 0 {
		s.Timeout, s.autoTimeout = DefaultTimeout, true
	}
	if s.Wall == 0 {
		s.Wall, s.autoWall = 6*s.Timeout, true
	}
	if s.Memory == 0 {
		s.Memory = DefaultMemory
	}
	if s.Processes == 0 {
		s.Processes = DefaultProcesses
	}
	if s.MaxOutput == 0 {
		s.MaxOutput = DefaultMaxOutput
	}
	if s.Iterations == 0 {
		s.Iterations = DefaultIterations
	}
	if s.Significance == 0 {
		s.Significance = DefaultSignificance
	}
	if s.Workers == 0 {
		s.Workers = runtime.GOMAXPROCS(0)
	}
	return s
}

// Validate checks the settings for grading the named exercise.
func (s Settings) Validate(name string) error {
	if _, ok := exercise.Lookup(name); !ok {
		return fault.Invalid("", "%w %q (want one of %s)", exercise.ErrUnknown, short(name), strings.Join(exercise.List(), ", "))
	}
	switch {
	case len(s.Command) == 0 || s.Command[0] == "":
		return fault.Invalid("", "no command to run")
	case s.Runs < 0 || s.Runs > MaxRuns:
		return fault.Invalid("", "%d runs, want 1 to %d", s.Runs, MaxRuns)
	case s.Step < 0:
		return fault.Invalid("", "batches of %d runs", s.Step)
	case s.Timeout < 0:
		return fault.Invalid("", "time limit %v, want a positive duration", s.Timeout)
	case s.Wall < 0 || s.Memory < 0 || s.Processes < 0:
		return fault.Invalid("", "negative limit")
	case s.MaxOutput < 0:
		return fault.Invalid("", "output limit %d bytes", s.MaxOutput)
	case s.Iterations < 0 || s.Iterations > MaxIterations:
		return fault.Invalid("", "%d iterations, want 1 to %d", s.Iterations, MaxIterations)
	case s.Significance < 0 || s.Significance >= 1 || math.IsNaN(s.Significance):
		return fault.Invalid("", "significance %v, want a level above 0 and below 1", s.Significance)
	case s.Workers < 0:
		return fault.Invalid("", "%d workers", s.Workers)
	}
	if !strings.Contains(s.Command[0], "/") {
		if _, err := exec.LookPath(s.Command[0]); err != nil {
			return fault.Invalid("", "command %q not found in PATH", short(s.Command[0]))
		}
	}
	return nil
}

// Run grades the program of s.Command for the named exercise (one of
// exercise.Table). progress, if not nil, is called after each run with the
// runs done and the total, never concurrently. A program that fails its
// checks is not an error: the error is for settings that cannot be run
// (a *fault.Error, wrapping exercise.ErrUnknown for an unknown name) and
// for ctx ending, which stops every program at once.
func Run(ctx context.Context, name string, s Settings, progress func(done, total int)) (*Report, error) {
	if err := s.Validate(name); err != nil {
		return nil, err
	}
	s = s.withDefaults()
	p := newPlan(name, s)
	ref, err := p.reference(ctx, s.Workers)
	if err != nil {
		return nil, err
	}
	return p.grade(ctx, s.scaleLimits(ref), ref, progress)
}

// cpuScale is how many times the CPU time of rjm's own run of a search a
// student's run may take before the CPU limit stops it, when the limit
// is scaled (Settings.Timeout zero): rjm's hill descent of 3,000
// iterations takes about 0.3 ms of CPU time alone, a correct Python one
// about 5 s, 17,000 times as much; twice that leaves room for a slower
// program and for the load's toll on a program that runs after rjm's.
const cpuScale = 30000

// maxScaledTimeout bounds a scaled CPU limit, whatever the budget asked.
const maxScaledTimeout = 10 * time.Minute

// scaleLimits returns the settings with the CPU limit scaled from rjm's
// own runs in this grading, when the teacher gave none: cpuScale times
// the mean CPU time of a reference run, rounded up to a second, and at
// least DefaultTimeout; the wall-clock back-stop, if not given, six times
// it. rjm's runs are measured under the machine's present load, which
// slows a student's runs alike: a busy machine gets a longer limit, and a
// runaway still stops. Without reference runs (representation,
// evaluation: rjm's runs take microseconds) the limit is DefaultTimeout.
func (s Settings) scaleLimits(ref *reference) Settings {
	if !s.autoTimeout || ref == nil || ref.cpu <= 0 {
		return s
	}
	if scaled := min(time.Duration(cpuScale)*ref.cpu, maxScaledTimeout); scaled > s.Timeout {
		s.Timeout = (scaled + time.Second - 1).Truncate(time.Second)
	}
	s.timeBasis = fmt.Sprintf("%d times rjm's own run, which took %.2f ms of CPU time in this grading; at least %v", cpuScale, float64(ref.cpu)/float64(time.Millisecond), DefaultTimeout)
	if s.autoWall {
		s.Wall = 6 * s.Timeout
	}
	return s
}

// plan is what a grading of one exercise asks and expects: each run's
// answers and prompts, whichever program it grades.
type plan struct {
	name    string
	ex      exercise.Exercise // the exercise's row of exercise.Table
	seed    uint64
	runs    []planned // the runs compared with rjm's, then the extra runs (invalid answers, a small budget), then the probes' runs
	regular int       // the number of runs compared with rjm's
	probed  int       // the index in runs of the first probe's first run (len(runs) without probes)
	eval    bool      // the transcript ends with the evaluation
	search  bool      // the exercise is a search
	random  bool      // the maze printed is a random one
	sig     float64
}

// planned is one run's input and what it should prompt.
type planned struct {
	input   string
	answers []string // as typed, for the report
	prompts []string // in order
	size    int      // the maze's size
	invalid bool     // the run gives invalid answers first (see reprompt)
	// edge marks the run of a search with the smallest budget (the
	// exercise's Edge answers): its transcript is checked like every
	// run's, but it is not compared with rjm's search.
	edge bool
	// probe is, from 1, the exercise's probe (exercise.Probe) whose
	// answers the run gives, 0 for none: its transcript is checked like
	// every run's, and its objective compared with rjm's under the same
	// answers (the rule check).
	probe int
}

// texts returns the texts of an exercise's prompts.
func texts(e exercise.Exercise) []string {
	var out []string
	for _, p := range e.Prompts {
		out = append(out, p.Text)
	}
	return out
}

// newPlan plans the grading of the named exercise (a row of
// exercise.Table): s.Runs runs with the row's answers, then a run with
// its invalid answers first and a run with its edge answers, when it has
// them.
func newPlan(name string, s Settings) *plan {
	ex, _ := exercise.Lookup(name)
	p := &plan{name: name, ex: ex, seed: s.Seed, regular: s.Runs, sig: s.Significance,
		random: ex.Random, search: ex.Search, eval: ex.Evaluation}
	prompts := texts(ex)
	r := rng.NewRand(s.Seed)
	answer := func() ([]string, int) { return ex.Answers(s.Iterations, r) }
	for range s.Runs {
		answers, size := answer()
		p.runs = append(p.runs, planned{answers: answers, prompts: prompts, size: size})
	}
	if ex.Invalid != nil && len(prompts) > 0 {
		answers, size := answer()
		again := slices.Repeat(prompts[:1], len(ex.Invalid))
		p.runs = append(p.runs, planned{answers: append(slices.Clone(ex.Invalid), answers...),
			prompts: append(again, prompts...), size: size, invalid: true})
	}
	if ex.Edge != nil {
		p.runs = append(p.runs, planned{answers: ex.Edge, prompts: prompts, size: p.runs[0].size, edge: true})
	}
	p.probed = len(p.runs)
	for k, pr := range ex.Probes {
		for range s.Runs {
			p.runs = append(p.runs, planned{answers: pr.Answers, prompts: prompts, size: exercise.Size, probe: k + 1})
		}
	}
	for i := range p.runs {
		if len(p.runs[i].answers) > 0 {
			p.runs[i].input = strings.Join(p.runs[i].answers, "\n") + "\n"
		}
	}
	return p
}

// environment returns what run i (from 0) adds to the fixed environment:
// RunEnv, RunSeedEnv and the teacher's Settings.Env.
func (p *plan) environment(s Settings, i int) []string {
	env := []string{fmt.Sprintf("%s=%d", RunEnv, i+1), fmt.Sprintf("%s=%d", RunSeedEnv, programSeed(p.seed, i)), ExerciseEnv + "=" + p.name}
	return append(env, s.Env...)
}

// programSeed returns the seed the program's run i (from 0) sees in
// RunSeedEnv: from a stream of its own, unrelated to rjm's runs, and below
// 2³¹ so that any language reads it as an int.
func programSeed(seed uint64, i int) uint64 {
	return rng.RunSeed(^seed, i) >> 33
}
