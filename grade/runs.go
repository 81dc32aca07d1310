package grade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"rjm/energy"
	"rjm/graph"
	"rjm/maze"
	"rjm/parallel"
	"rjm/solve"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// graded is one run of the program and what rjm read from it.
type graded struct {
	planned
	run    int // from 1
	index  int // in the plan
	out    outcome
	t      *transcript
	parse  error
	board  maze.Board
	jumps  []int         // the maze read, row-major, when its size is right
	goalOK bool          // the goal is 0 in the lower-right corner and nowhere else
	solved *solve.Result // rjm's evaluation of the maze, when its size and goal are right
	// complete is set for a run that exited with a status other than 0
	// (or was killed by a signal of its own) after a whole transcript:
	// its transcript is checked like every run's, and only the exit
	// check fails for it.
	complete bool
	// viaStderr is set for a run whose transcript was read from its
	// standard error, its standard output lacking it: a format slip
	// (layout fails), and every other check is made on it.
	viaStderr bool
}

// label names the run in a message: "run 3", or for the run with the
// smallest budget "run 82 (answered 50, 0)".
func (g *graded) label() string {
	if g.edge || g.probe > 0 {
		return fmt.Sprintf("run %d (answered %s)", g.run, strings.Join(g.answers, ", "))
	}
	return fmt.Sprintf("run %d", g.run)
}

// ok reports whether the run kept within its limits and exited with
// status 0.
func (g *graded) ok() bool { return g.out.stopped == nil && g.out.exitErr == nil }

// readable reports whether the run's transcript is checked: it ended
// well, or its program failed only after a whole transcript.
func (g *graded) readable() bool { return g.ok() || g.complete }

// status describes how the run ended.
func (g *graded) status() string {
	switch {
	case g.out.stopped != nil:
		return g.out.stopped.Error()
	case g.out.exitErr != nil:
		return g.out.describe()
	}
	return "ok"
}

// grade runs the program in batches of s.Step runs and checks its runs
// against the plan and rjm's reference, until the statistical checks
// decide or s.Runs runs are made.
func (p *plan) grade(ctx context.Context, s Settings, ref *reference, progress func(done, total int)) (*Report, error) {
	var built *Check
	if s.Build != "" {
		dir, ck, err := build(ctx, s, p.name)
		if err != nil {
			return nil, err
		}
		if dir == "" {
			return p.unbuilt(s, ck), nil
		}
		defer os.RemoveAll(dir)
		s.Dir, built = dir, &ck
	}
	c, err := p.gradeRuns(ctx, s, ref, built, progress)
	if err != nil {
		return nil, err
	}
	return p.report(c), nil
}

// unbuilt returns the report of a program that could not be built (or
// found): its build check fails, and every other check is not checked.
func (p *plan) unbuilt(s Settings, ck Check) *Report {
	c := &checker{p: p, s: s, looks: 1, built: &ck}
	r := &Report{Exercise: p.name, Runs: p.regular, Seed: p.seed, Details: []RunDetail{}}
	for _, row := range c.made() {
		if row.category == Build {
			r.Checks = append(r.Checks, row.check(c, judged{}))
			continue
		}
		r.Checks = append(r.Checks, newCheck(row.name, row.category, NotChecked, "not checked: the program was not built (see build)"))
	}
	p.weigh(r.Checks)
	return r
}

// gradeRuns makes the program's runs, in batches until the statistical
// checks decide, then its terminal run, and returns the checker of them
// all. built is the build check, nil without a build.
func (p *plan) gradeRuns(ctx context.Context, s Settings, ref *reference, built *Check, progress func(done, total int)) (*checker, error) {
	total := len(p.runs)
	done := 0
	var tick func()
	if progress != nil {
		tick = func() { done++; progress(done, total) }
	}
	var timedOut atomic.Bool
	var runs []*graded   // the regular runs, in order
	var extras []*graded // the extra runs: invalid answers, a small budget
	number := 0
	k := looks(s.Runs, s.Step)
	var c *checker
	// spaced is set once runs have printed a maze an earlier run printed:
	// a program seeded from a clock that ticks once a second does so when
	// its runs start within the second, so its later runs are made one at
	// a time, each in a later second than the one before.
	spaced, spacedRuns := false, 0
	var startMu sync.Mutex
	var lastStart time.Time // the latest start of a run
	for look := 1; ; look++ {
		var batch []int
		for i := len(runs); i < min(look*s.Step, s.Runs); i++ {
			batch = append(batch, i)
		}
		if look == 1 {
			for i := p.regular; i < p.probed; i++ {
				batch = append(batch, i)
			}
		}
		// Each probe's runs keep pace with the runs compared with rjm's.
		for k := range p.ex.Probes {
			for i := len(runs); i < min(look*s.Step, s.Runs); i++ {
				batch = append(batch, p.probed+k*s.Runs+i)
			}
		}
		base := number
		workers := s.Workers
		if spaced {
			workers = 1
		}
		got, err := parallel.Map(ctx, workers, len(batch), tick, func(ctx context.Context, b int) (*graded, error) {
			i := batch[b]
			g := &graded{planned: p.runs[i], run: base + b + 1, index: i}
			if timedOut.Load() {
				g.out.stopped = errSkipped
				return g, nil
			}
			if spaced {
				startMu.Lock()
				last := lastStart
				startMu.Unlock()
				if err := waitNextSecond(ctx, last); err != nil {
					return nil, err
				}
			}
			o, err := execute(ctx, s, g.run, p.runs[i].input, p.environment(s, i))
			if err != nil {
				return nil, err
			}
			startMu.Lock()
			if o.started.After(lastStart) {
				lastStart = o.started
			}
			startMu.Unlock()
			if !g.invalid && (errors.Is(o.stopped, errTimeLimit) || errors.Is(o.stopped, errCPULimit)) {
				timedOut.Store(true)
			}
			g.out = o
			g.read(p.eval)
			return g, nil
		})
		if err != nil {
			return nil, err
		}
		number += len(batch)
		if spaced {
			spacedRuns += len(batch)
		}
		for b, i := range batch {
			if i >= p.regular {
				extras = append(extras, got[b])
			} else {
				runs = append(runs, got[b])
			}
		}
		all := append(slices.Clone(runs), extras...)
		c = &checker{p: p, s: s, runs: runs, all: all, ref: ref, looks: k, spaced: spaced, spacedRuns: spacedRuns, built: built}
		if len(runs) >= s.Runs || timedOut.Load() || c.decided() {
			break
		}
		if usable, _ := c.usable(); !spaced && (p.random || p.search) && mazeRepeats(usable).any {
			spaced = true
		}
	}
	if progress != nil && done < total {
		progress(total, total)
	}
	if hasPrompts(c) {
		tr, err := c.terminalRun(ctx, number+1)
		if err != nil {
			return nil, err
		}
		c.terminal = &tr
	}
	return c, nil
}

// terminalRun makes the terminal run (number run) with the answers of the
// first run, or, when no run compared with rjm's could be read but a
// search's run with the smallest budget could (a program that fails at
// the budget asked), with that run's answers: the terminal is checked on
// answers the program handles. With no run read, it is not made (the
// checks of the transcripts are not checked, and say why).
func (c *checker) terminalRun(ctx context.Context, run int) (terminalResult, error) {
	pl := c.p.runs[0]
	if usable, _ := c.usable(); len(usable) == 0 {
		edge := -1
		for _, g := range c.all {
			if g.edge && g.readable() {
				edge = g.index
			}
		}
		if edge < 0 {
			return terminalResult{skipped: "no run's transcript could be read"}, nil
		}
		pl = c.p.runs[edge]
	}
	return terminalRun(ctx, c.s, run, pl, c.p.environment(c.s, len(c.p.runs)))
}

// report returns the grading's report: every check, the notes, and the
// figures of every run.
func (p *plan) report(c *checker) *Report {
	r := &Report{Exercise: p.name, Runs: p.regular, Seed: p.seed, Made: len(c.all)}
	r.Checks = c.checks()
	p.weigh(r.Checks)
	usable, _ := c.usable()
	j, _ := c.judged()
	r.Cases = c.cases(j.plain)
	r.Notes = append(c.mazeNotes(usable), c.notes...)
	r.Pass = len(r.Failed()) == 0 && len(r.Unchecked()) == 0
	all := slices.Clone(c.all)
	slices.SortFunc(all, func(a, b *graded) int { return a.run - b.run })
	for _, g := range all {
		r.Details = append(r.Details, p.detail(g, c.ref))
	}
	return r
}

// detail returns the figures of one run.
func (p *plan) detail(g *graded, ref *reference) RunDetail {
	d := RunDetail{Run: g.run, Answers: g.answers, Started: g.out.started, Seconds: g.out.elapsed.Seconds(), CPU: g.out.cpu.Seconds(), Status: g.status(), Bytes: len(g.out.stdout)}
	d.Output = string(g.out.stdout[:min(len(g.out.stdout), 4096)])
	if d.Answers == nil {
		d.Answers = []string{}
	}
	// Where a run that was stopped or failed ended is shown, unless its
	// transcript was whole (it is checked, and shown, like every run's).
	if !g.readable() && !errors.Is(g.out.stopped, errSkipped) {
		d.Partial = tail(string(g.out.stdout), 2048)
		d.Stderr = tail(string(g.out.stderr), 2048)
	} else if g.complete || g.onStderr() != "" {
		d.Stderr = tail(string(g.out.stderr), 2048)
	}
	if g.t != nil && g.t.objective != "" {
		v, _ := strconv.ParseFloat(g.t.objective, 64)
		d.Objective = &v
	}
	if g.solved != nil && p.eval {
		v := energy.Objective(g.solved.GoalDepth)
		d.Recomputed = &v
	}
	if ref != nil && g.index < p.regular && g.index < len(ref.objectives) {
		d.Reference = &ref.objectives[g.index]
	}
	return d
}

// whole reports whether a transcript read holds everything a run prints:
// the maze of the size asked and, with an evaluation, the depth grid of
// that size and the objective.
func (g *graded) whole(eval bool) bool {
	full := func(rows [][]int) bool {
		if len(rows) != g.size {
			return false
		}
		for _, r := range rows {
			if len(r) != g.size {
				return false
			}
		}
		return true
	}
	return full(g.t.maze) && (!eval || full(g.t.depths) && g.t.objective != "")
}

// onStderr returns, for a run whose standard output lacks the transcript,
// the words that say it went to standard error: ": the program printed
// it on standard error, ..." when its standard error holds the first
// prompt or a row of jumps; "" otherwise.
func (g *graded) onStderr() string {
	out, errs := string(g.out.stdout), string(g.out.stderr)
	if errs == "" {
		return ""
	}
	prompt := ""
	if len(g.prompts) > 0 {
		prompt = strings.TrimSpace(g.prompts[0])
	}
	// A transcript read from standard error was printed there, prompts
	// or none (evaluation asks nothing).
	missing := g.viaStderr || prompt != "" && !strings.Contains(out, prompt) && strings.Contains(errs, prompt)
	if !missing && (g.t == nil || len(g.t.maze) == 0) {
		rows := 0
		for line := range strings.Lines(errs) {
			if mazeRow.MatchString(strings.TrimSpace(line)) {
				rows++
			}
		}
		missing = rows >= 3
	}
	if !missing {
		return ""
	}
	return " — the program printed it on standard error, which rjm does not read: print the prompts and the maze on standard output"
}

// mazeRow matches a line of jumps: numbers separated by spaces.
var mazeRow = regexp.MustCompile(`^\d+( +\d+){3,}$`)

// tail returns the last n bytes of s, from a line's start where it can.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	if k := strings.IndexByte(s, '\n'); k >= 0 && k < len(s)-1 {
		s = s[k+1:]
	}
	return "..." + s
}

// read parses the run's transcript and evaluates its maze.
func (g *graded) read(eval bool) {
	var exit *exec.ExitError
	if g.out.stopped != nil || g.out.exitErr != nil && !errors.As(g.out.exitErr, &exit) {
		return
	}
	g.t, g.parse = parseTranscript(string(g.out.stdout), g.prompts, eval)
	if (g.parse != nil || !g.whole(eval)) && g.onStderr() != "" {
		// The transcript went to standard error: read it there.
		old, oldErr := g.t, g.parse
		if g.t, g.parse = parseTranscript(string(g.out.stderr), g.prompts, eval); g.parse == nil && g.whole(eval) {
			g.viaStderr = true
		} else {
			g.t, g.parse = old, oldErr
		}
	}
	if g.out.exitErr != nil {
		// A program that failed is read only if its transcript is whole.
		if g.parse != nil || !g.whole(eval) {
			g.t, g.parse = nil, nil
			return
		}
		g.complete = true
	}
	n := g.size
	if len(g.t.maze) != n {
		return
	}
	for _, row := range g.t.maze {
		if len(row) != n {
			return
		}
		g.jumps = append(g.jumps, row...)
	}
	g.board = maze.Board{Rows: n, Cols: n}
	g.goalOK = g.jumps[n*n-1] == 0
	for _, j := range g.jumps[:n*n-1] {
		g.goalOK = g.goalOK && j != 0
	}
	if g.goalOK {
		m := &maze.Maze{Board: g.board, Jumps: g.jumps, Start: 0, Goal: n*n - 1}
		g.solved = solve.Solve(graph.MustCompile(g.board), m)
	}
}

// waitNextSecond waits until the wall clock is in a later second than
// last.
func waitNextSecond(ctx context.Context, last time.Time) error {
	next := last.Truncate(time.Second).Add(time.Second)
	d := time.Until(next)
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
