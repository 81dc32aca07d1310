package grade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"rjm/energy"
	"rjm/exercise"
	"rjm/graph"
	"rjm/maze"
	"rjm/parallel"
	"rjm/solve"
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
}

// label names the run in a message: "run 3", or for the run with the
// smallest budget "run 82 (answered 50, 0)".
func (g *graded) label() string {
	if g.edge {
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
		dir, ck, err := build(ctx, s)
		if err != nil {
			return nil, err
		}
		if dir == "" {
			return p.unbuilt(s, ck), nil
		}
		defer os.RemoveAll(dir)
		s.Dir, built = dir, &ck
	}
	r, err := p.gradeRuns(ctx, s, ref, progress)
	if err != nil || built == nil {
		return r, err
	}
	r.Checks = append([]Check{*built}, r.Checks...)
	return r, nil
}

// unbuilt returns the report of a program that could not be built (or
// found): its build check fails, and every other check is not checked.
func (p *plan) unbuilt(s Settings, ck Check) *Report {
	c := checker{p: p, s: s, looks: 1}
	if p.name != "evaluation" {
		c.terminal = &terminalResult{}
	}
	r := &Report{Exercise: p.name, Runs: p.regular, Seed: p.seed, Checks: []Check{ck}, Details: []RunDetail{}}
	for _, other := range c.checks() {
		r.Checks = append(r.Checks, newCheck(other.Name, other.Category, NotChecked, "not checked: the program was not built (see build)"))
	}
	return r
}

// gradeRuns grades the program's runs.
func (p *plan) gradeRuns(ctx context.Context, s Settings, ref *reference, progress func(done, total int)) (*Report, error) {
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
	var c checker
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
			for i := p.regular; i < len(p.runs); i++ {
				batch = append(batch, i)
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
					return nil, fmt.Errorf("grade: %w", err)
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
		c = checker{p: p, s: s, runs: runs, all: all, ref: ref, looks: k, spaced: spaced, spacedRuns: spacedRuns}
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
	if usable, _ := c.usable(); p.name != "evaluation" && len(usable) > 0 {
		tr, err := terminalRun(ctx, s, number+1, p.runs[0], p.environment(s, len(p.runs)))
		if err != nil {
			return nil, err
		}
		c.terminal = &tr
	} else if p.name != "evaluation" {
		c.terminal = &terminalResult{} // not made: the other checks say why
	}
	r := &Report{Exercise: p.name, Runs: p.regular, Seed: p.seed, Made: len(c.all)}
	r.Checks = c.checks()
	usable, _ := c.usable()
	r.Notes = append(c.mazeNotes(usable), c.notes...)
	r.Pass = len(r.Failed()) == 0 && len(r.Unchecked()) == 0
	all := slices.Clone(c.all)
	slices.SortFunc(all, func(a, b *graded) int { return a.run - b.run })
	for _, g := range all {
		d := RunDetail{Run: g.run, Answers: g.answers, Started: g.out.started, Seconds: g.out.elapsed.Seconds(), CPU: g.out.cpu.Seconds(), Status: g.status(), Bytes: len(g.out.stdout)}
		d.Output = string(g.out.stdout[:min(len(g.out.stdout), 4096)])
		if d.Answers == nil {
			d.Answers = []string{}
		}
		if !g.ok() && !errors.Is(g.out.stopped, errSkipped) {
			d.Partial = tail(string(g.out.stdout), 2048)
			d.Stderr = tail(string(g.out.stderr), 2048)
		} else if g.onStderr() != "" {
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
		r.Details = append(r.Details, d)
	}
	return r, nil
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
	missing := prompt != "" && !strings.Contains(out, prompt) && strings.Contains(errs, prompt)
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

// checker makes the checks of a grading.
type checker struct {
	p     *plan
	s     Settings
	runs  []*graded // the runs compared with rjm's
	all   []*graded // and the extra runs (invalid answers, a small budget)
	ref   *reference
	looks int      // the looks of the grading's sequential decisions
	notes []string // remarks for the report
	// spaced is set when the later runs were made a second apart (see
	// gradeRuns); spacedRuns counts them.
	spaced     bool
	spacedRuns int
	// terminal is the terminal run, nil for evaluation (no prompts).
	terminal *terminalResult
}

// tally gathers a check's failures over the runs.
type tally struct {
	checked, failed int
	first           string
}

func (t *tally) fail(g *graded, format string, args ...any) {
	if t.failed == 0 {
		t.first = g.label() + ", " + fmt.Sprintf(format, args...)
	}
	t.failed++
}

func (t *tally) check(name string, cat Category, pass string) Check {
	if t.failed == 0 {
		return newCheck(name, cat, Passed, pass)
	}
	msg := t.first
	if t.failed > 1 {
		msg += fmt.Sprintf(" (%d of %d runs fail)", t.failed, t.checked)
	}
	return newCheck(name, cat, Failed, msg)
}

// nothingChecked is the message of the checks not checked because none
// of the program's runs kept within its limits.
const nothingChecked = "not checked: no run kept within its limits (see limits and the runs' transcripts)"

// usable returns the runs that kept within their limits, and the note that
// names the others.
func (c *checker) usable() ([]*graded, string) {
	var ok []*graded
	var not []string
	for _, g := range c.runs {
		if g.readable() {
			ok = append(ok, g)
		} else {
			not = append(not, strconv.Itoa(g.run))
		}
	}
	if len(not) == 0 {
		return ok, ""
	}
	return ok, fmt.Sprintf(" (runs %s, over their limits, not checked)", strings.Join(not, ", "))
}

func (c *checker) checks() []Check {
	var out []Check
	runs, note := c.usable()
	// plain are the runs whose transcripts are checked one by one: the
	// usable runs compared with rjm's, and a search's run with the
	// smallest budget.
	plain := slices.Clone(runs)
	for _, g := range c.all {
		if g.edge && g.readable() {
			plain = append(plain, g)
		}
	}
	none := len(plain) == 0
	add := func(ck Check) {
		if none && ck.Category != Limits && ck.Name != "reprompt" {
			ck = newCheck(ck.Name, ck.Category, NotChecked, nothingChecked)
		} else if ck.State == Passed && ck.Category != Limits {
			ck.Message += note
		}
		out = append(out, ck)
	}
	if c.p.name != "evaluation" {
		add(c.prompts(plain))
	}
	add(c.layout(plain))
	if g := c.invalidRun(); g != nil {
		add(c.reprompt(g))
	} else if c.p.regular < len(c.p.runs) && c.p.runs[c.p.regular].invalid {
		add(newCheck("reprompt", Format, NotChecked, "not checked: the run with invalid answers was not made"))
	}
	if c.terminal != nil {
		add(c.terminalCheck())
	}
	add(c.size(plain))
	add(c.goal(plain))
	add(c.legal(plain))
	if c.p.random {
		add(c.uniform(runs))
	}
	if c.p.eval {
		add(c.depths(plain))
		add(c.objective(plain))
	}
	if c.p.search {
		add(c.search(runs))
		add(c.jumps(runs))
	}
	out = append(out, c.limits()...)
	return out
}

// decided reports whether the statistical checks have decided, or no run
// so far can be checked: no more runs are needed.
func (c *checker) decided() bool {
	runs, _ := c.usable()
	if len(withMaze(runs)) == 0 {
		return true // nothing a statistical check could use
	}
	if c.p.search && len(evaluated(runs)) == 0 {
		return true // no maze rjm can evaluate: the search cannot be compared, and goal says why
	}
	switch rep := mazeRepeats(runs); {
	case rep.constant != nil:
		return true // the same maze whenever a run starts: nothing more to learn
	case rep.any && c.spacedRuns < minSpaced && !c.last():
		return false // a clock's seed, or a constant one: the spaced runs tell
	}
	open := func(ck Check) bool {
		return ck.State == NotChecked
	}
	if c.p.random && open(c.uniform(runs)) {
		return false
	}
	if c.p.search && (open(c.search(runs)) || open(c.jumps(runs))) {
		return false
	}
	return true
}

func (c *checker) prompts(runs []*graded) Check {
	var t tally
	want := strings.Join(runs0(runs).prompts, "")
	for _, g := range runs {
		t.checked++
		out := string(g.out.stdout)
		rest, found := strings.CutPrefix(out, want)
		if found && rest != "" && !strings.ContainsAny(rest[:1], " \t\r\n") {
			continue
		}
		first := "..."
		if g.t != nil && len(g.t.maze) > 0 {
			first = strings.TrimSuffix(strings.SplitAfter(g.t.canonical(false), "\n")[0], "\n")
		}
		got, _, _ := strings.Cut(out, "\n")
		t.fail(g, "line 1: want %q, got %q (each prompt ends with a space and no line break, and the maze follows on its line)%s", short(want+first), short(got), g.onStderr())
	}
	return t.check("prompts", Format, fmt.Sprintf("every run prompts %q with a trailing space and no line break", want))
}

// runs0 returns the first run, or a zero one.
func runs0(runs []*graded) *graded {
	if len(runs) == 0 {
		return &graded{}
	}
	return runs[0]
}

func (c *checker) layout(runs []*graded) Check {
	var t tally
	for _, g := range runs {
		t.checked++
		if g.parse != nil {
			t.fail(g, "%v%s", g.parse, g.onStderr())
			continue
		}
		out := string(g.out.stdout)
		if d := firstDifference(out[g.t.body:], g.t.canonical(c.p.eval), g.t.firstLine); d != "" {
			t.fail(g, "%s", d)
		}
	}
	pass := "every transcript is laid out as the assignment asks (single spaces, blank lines, \"Moves from start:\", two-character depths, the objective on its own line)"
	if !c.p.eval {
		pass = "every maze is printed as the assignment asks (rows of jumps separated by single spaces)"
	}
	return t.check("layout", Format, pass)
}

// invalidRun returns the run that gives invalid answers first, nil if
// the grading has none.
func (c *checker) invalidRun() *graded {
	for _, g := range c.all {
		if g.invalid {
			return g
		}
	}
	return nil
}

// reprompt checks the run that gives invalid answers first. The size of
// representation must be asked again; a search may ask again or refuse an
// answer that is not a number (the assignment asks only for valid
// input), but never loop on it.
func (c *checker) reprompt(g *graded) Check {
	if g.out.stopped != nil && (errors.Is(g.out.stopped, errSkipped) || c.stoppedAlike(g)) {
		return newCheck("reprompt", Format, NotChecked, fmt.Sprintf("not checked: run %d, with invalid answers, was stopped as other runs were: %s (see limits)", g.run, g.status()))
	}
	if c.p.name == "representation" {
		what := fmt.Sprintf("answered 4, 11 and %d, the program", g.size)
		switch {
		case g.out.stopped != nil:
			return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s was stopped: %s (an invalid size is asked again)", g.run, what, stopWords(g)))
		case !g.ok():
			return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s ended: %s", g.run, what, g.status()))
		case g.t.prompts < 3:
			return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s prompted %d times, want 3 (an invalid size is asked again)", g.run, what, g.t.prompts))
		case g.jumps == nil:
			return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s printed %d rows, want a %d×%d maze", g.run, what, len(g.t.maze), g.size, g.size))
		}
		return newCheck("reprompt", Format, Passed, fmt.Sprintf("run %d, %s asked again after each invalid size and printed its %d×%d maze", g.run, what, g.size, g.size))
	}
	what := fmt.Sprintf("answered %s, the program", strings.Join(g.answers, ", "))
	prompt := strings.TrimSpace(g.prompts[0])
	switch {
	case g.out.stopped != nil:
		return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s was stopped: %s: an answer that is not a number must be asked again or refused, not looped on", g.run, what, stopWords(g)))
	case !g.ok():
		return newCheck("reprompt", Format, Passed, fmt.Sprintf("run %d, %s refused %q and ended (%s): allowed, the assignment asks only for valid input (rjm asks again)", g.run, what, invalidAnswer, g.status()))
	case g.t.prompts < len(g.prompts):
		return newCheck("reprompt", Format, Passed, fmt.Sprintf("run %d, %s went on without asking %q again (allowed, the assignment asks only for valid input; rjm asks again)", g.run, what, prompt))
	}
	return newCheck("reprompt", Format, Passed, fmt.Sprintf("run %d, %s asked %q again after %q and went on", g.run, what, prompt, invalidAnswer))
}

// stoppedAlike reports whether a run compared with rjm's was stopped by
// the limit that stopped run g: then the limit, not the invalid answers,
// is what went wrong.
func (c *checker) stoppedAlike(g *graded) bool {
	for _, r := range c.runs {
		if r.out.stopped != nil && errors.Is(r.out.stopped, g.out.stopped) {
			return true
		}
	}
	return false
}

// stopWords says which limit stopped a run, and how.
func stopWords(g *graded) string {
	switch {
	case errors.Is(g.out.stopped, errOutputLimit):
		return fmt.Sprintf("it wrote more than %s, the output limit (%s)", bytesText(g.out.limits.output), repeatedLine(g.out.stdout))
	case errors.Is(g.out.stopped, errCPULimit):
		return fmt.Sprintf("it used %v of CPU time, the CPU limit", g.out.limits.cpu)
	case errors.Is(g.out.stopped, errTimeLimit):
		return fmt.Sprintf("it ran %v of wall-clock time, the wall-clock limit", g.out.limits.wall)
	}
	return g.status()
}

// repeatedLine describes how out ends: "\"Iterations?\" over and over"
// when its end repeats one line or one prompt, else its last characters.
func repeatedLine(out []byte) string {
	s := string(out[max(0, len(out)-4096):])
	for _, sep := range []string{"\n", "?"} {
		parts := strings.Split(s, sep)
		if len(parts) < 10 {
			continue
		}
		parts = parts[1 : len(parts)-1] // whole ones only
		unit, n := parts[len(parts)-1], 0
		for _, p := range parts {
			if p == unit {
				n++
			}
		}
		if unit = strings.TrimSpace(unit); n*2 >= len(parts) && unit != "" {
			if sep == "?" {
				unit += "?"
			}
			return fmt.Sprintf("%q over and over", short(unit))
		}
	}
	return fmt.Sprintf("it ends %q", short(tail(s, 60)))
}

func (c *checker) terminalCheck() Check {
	t := c.terminal
	answers := strings.Join(runs0(c.all).answers, ", ")
	switch {
	case t.skipped != "":
		return newCheck("terminal", Format, NotChecked, "not checked: the terminal run could not be made: "+t.skipped)
	case t.problem != "":
		ck := newCheck("terminal", Format, Failed, fmt.Sprintf("on a terminal, answering %s: %s", answers, t.problem))
		ck.Output = tail(strings.ReplaceAll(t.output, "\r\n", "\n"), 4096)
		return ck
	}
	return newCheck("terminal", Format, Passed, fmt.Sprintf("on a terminal, each answer (%s) typed at its prompt, the program printed its maze and ended", answers))
}

func (c *checker) size(runs []*graded) Check {
	var t tally
	for _, g := range runs {
		t.checked++
		n := g.size
		switch {
		case len(g.t.maze) == 0:
			t.fail(g, "no maze%s", g.onStderr())
		case len(g.t.maze) != n:
			t.fail(g, "line %d: %d rows of jumps, want %d", g.t.mazeLine, len(g.t.maze), n)
		default:
			for k, row := range g.t.maze {
				if len(row) != n {
					t.fail(g, "line %d: %d jumps in row %d, want %d", g.t.mazeLine+k, len(row), k+1, n)
					break
				}
			}
		}
	}
	pass := "every maze is 5×5"
	if c.p.name == "representation" {
		pass = "every maze has the size asked"
	}
	return t.check("size", Maze, pass)
}

// withMaze returns the runs whose maze was read: its jumps are known.
func withMaze(runs []*graded) []*graded {
	return keep(runs, func(g *graded) bool { return g.jumps != nil })
}

// evaluated returns the runs whose maze rjm solved, to check the
// program's evaluation against.
func evaluated(runs []*graded) []*graded {
	return keep(runs, func(g *graded) bool { return g.solved != nil })
}

func keep(runs []*graded, ok func(*graded) bool) []*graded {
	var out []*graded
	for _, g := range runs {
		if ok(g) {
			out = append(out, g)
		}
	}
	return out
}

func (c *checker) goal(runs []*graded) Check {
	var t tally
	for _, g := range withMaze(runs) {
		t.checked++
		n := g.size
		if j := g.jumps[n*n-1]; j != 0 {
			t.fail(g, "line %d: the lower-right cell holds %d, want 0 (the goal)", g.t.mazeLine+n-1, j)
			continue
		}
		for i, j := range g.jumps[:n*n-1] {
			if j == 0 {
				t.fail(g, "line %d: cell %v holds 0, which only the goal (lower-right) may", g.t.mazeLine+i/n, g.board.Cell(i))
				break
			}
		}
	}
	if t.checked == 0 {
		return newCheck("goal", Maze, NotChecked, noMaze)
	}
	return t.check("goal", Maze, "every maze has its goal, 0, in the lower-right corner")
}

func (c *checker) legal(runs []*graded) Check {
	var t tally
	for _, g := range withMaze(runs) {
		t.checked++
		n := g.size
		for i, j := range g.jumps[:n*n-1] {
			if j != 0 && !g.board.Legal(i, j) {
				t.fail(g, "line %d: cell %v has jump %d, which has no move (legal jumps there: 1 to %d)", g.t.mazeLine+i/n, g.board.Cell(i), j, g.board.MaxJump(i))
				break
			}
		}
	}
	if t.checked == 0 {
		return newCheck("legal", Maze, NotChecked, noMaze)
	}
	return t.check("legal", Maze, "every non-goal cell has a legal jump (one with a move)")
}

// minExpected is the least expected count per category for a group of
// cells to enter the χ² test: below it the test's approximation fails.
const minExpected = 5

// noMaze is the message of the maze checks when no maze of the size asked
// was read.
const noMaze = "not checked: no maze of the size asked was read (see size)"

// noEvaluation is the message of the evaluation checks when no maze could
// be evaluated.
const noEvaluation = "not checked: no maze of the right size with its goal in place to evaluate (see maze)"

// sameMaze starts the message of a statistical check when every run
// printed the same maze, and no run started seconds apart from another
// printed it: a program seeded from a clock that ticks once a second does
// so when its runs start within the second.
const sameMaze = "not checked: every run printed the same maze"

// sameMazeAdvice says what to do about it.
const sameMazeAdvice = "seed the generator once, from RJM_GRADE_SEED or a clock finer than a second"

// constantSeconds is the fewest different seconds in which runs that
// printed the same maze must have started for the program's random
// numbers to count as the same in every run: a program seeded from a
// clock that ticks once a second prints one maze in runs started in at
// most two seconds (a run started late in a second may read the clock in
// the next).
const constantSeconds = 3

// minSpaced is the fewest runs made a second apart before a grading whose
// runs repeated a maze may decide: enough for a program whose random
// numbers never change to repeat one in constantSeconds seconds, even in
// representation, where only runs of the same size can.
const minSpaced = 12

// last reports whether the grading made its last look.
func (c *checker) last() bool { return len(c.runs) >= c.s.Runs }

// distinctMazes returns the runs with a maze read whose maze no earlier
// run printed, and whether every run printed the same one.
func distinctMazes(runs []*graded) (out []*graded, same bool) {
	with := withMaze(runs)
	for _, i := range distinct(jumpsOf(with)) {
		out = append(out, with[i])
	}
	return out, len(with) >= 2 && len(out) == 1
}

// jumpsOf returns the mazes of runs whose maze was read.
func jumpsOf(runs []*graded) [][]int {
	mazes := make([][]int, len(runs))
	for i, g := range runs {
		mazes[i] = g.jumps
	}
	return mazes
}

// repeats describes the runs that printed a maze an earlier run printed.
type repeats struct {
	any bool // some run printed a maze an earlier run printed
	// constant holds the runs that printed one maze, if any maze was
	// printed by runs started in constantSeconds different seconds or
	// more: the program's random numbers do not change from run to run.
	constant []*graded
	seconds  int // the different seconds the constant runs started in
}

// mazeRepeats finds the runs that printed a maze an earlier run printed.
// The program's random numbers count as the same in every run when one
// maze was printed by at least half the runs of its size, started in
// constantSeconds different seconds or more: a seed such as time(NULL) ^
// getpid() repeats a maze now and then in runs seconds apart, never in
// most of them.
func mazeRepeats(runs []*graded) repeats {
	var r repeats
	with := withMaze(runs)
	sizes := map[int]int{}
	for _, g := range with {
		sizes[g.size]++
	}
	for _, first := range distinct(jumpsOf(with)) {
		var group []*graded
		seconds := map[int64]bool{}
		for _, g := range with[first:] {
			if slices.Equal(g.jumps, with[first].jumps) {
				group = append(group, g)
				seconds[g.out.started.Unix()] = true
			}
		}
		if len(group) > 1 {
			r.any = true
		}
		most := 2*len(group) >= sizes[with[first].size]
		if most && len(seconds) >= constantSeconds && len(seconds) > r.seconds {
			r.constant, r.seconds = group, len(seconds)
		}
	}
	return r
}

// constantCheck returns the failed check named name when the program's
// random numbers are the same in every run, and false when they are not
// known to be.
func constantCheck(name string, cat Category, runs []*graded, h languageHints) (Check, bool) {
	r := mazeRepeats(runs)
	if r.constant == nil {
		return Check{}, false
	}
	var nums []string
	for _, g := range r.constant[:min(len(r.constant), 6)] {
		nums = append(nums, strconv.Itoa(g.run))
	}
	list := strings.Join(nums, ", ")
	if len(r.constant) > len(nums) {
		list += fmt.Sprintf(" and %d more", len(r.constant)-len(nums))
	}
	return newCheck(name, cat, Failed, fmt.Sprintf("runs %s, started in %d different seconds (each with its own %s and process ID), printed the same maze: the program's random numbers are the same in every run (%s); leave the generator unseeded, or seed it from the clock or from %s",
		list, r.seconds, RunSeedEnv, h.seedHint(), RunSeedEnv)), true
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

// mazeNotes returns the notes on runs that printed the same maze.
func (c *checker) mazeNotes(runs []*graded) []string {
	if !c.p.random && !c.p.search {
		return nil
	}
	if mazeRepeats(runs).constant != nil {
		check := "uniform"
		if c.p.search {
			check = "search"
		}
		return []string{"every run printed the same maze, whenever it started: see " + check}
	}
	d, same := distinctMazes(runs)
	with := withMaze(runs)
	var notes []string
	switch {
	case same:
		notes = append(notes, fmt.Sprintf("every run printed the same maze: %s", sameMazeAdvice))
	case len(d) < len(with):
		notes = append(notes, fmt.Sprintf("%d of %d runs printed a maze an earlier run printed; each maze counts once (%s)", len(with)-len(d), len(with), sameMazeAdvice))
	}
	if c.spaced {
		notes = append(notes, "the later runs were made one at a time, a second apart, because runs started within the same second printed the same maze (as a program seeded from a clock that ticks once a second does)")
	}
	return notes
}

func (c *checker) uniform(runs []*graded) Check {
	if ck, ok := constantCheck("uniform", Maze, runs, c.s.hints()); ok {
		return ck
	}
	mazes, same := distinctMazes(runs)
	if same {
		return c.sameCheck("uniform", Maze)
	}
	// Each legal jump is the k-th of a cell's legal jumps; cells with the
	// same number of legal jumps share a group, where every k is equally
	// likely.
	counts := map[int][]int{}
	jumps := 0
	for _, g := range mazes {
		for i, j := range g.jumps[:len(g.jumps)-1] {
			legal := g.board.LegalJumps(nil, i)
			for k, l := range legal {
				if l == j {
					if counts[len(legal)] == nil {
						counts[len(legal)] = make([]int, len(legal))
					}
					counts[len(legal)][k]++
					jumps++
				}
			}
		}
	}
	var groups [][]int
	worst, worstDev := -1, -1.0
	for size := 2; size <= 9; size++ {
		g := counts[size]
		total := 0
		for _, n := range g {
			total += n
		}
		if g == nil || float64(total)/float64(size) < minExpected {
			continue
		}
		stat, _, _ := chiSquare([][]int{g})
		if stat > worstDev {
			worst, worstDev = len(groups), stat
		}
		groups = append(groups, g)
	}
	stat, df, p := chiSquare(groups)
	if df == 0 {
		return newCheck("uniform", Maze, NotChecked, fmt.Sprintf("not checked: too few jumps (%d) for the χ² test of uniformity", jumps))
	}
	level := c.s.Significance / float64(c.looks)
	st := &Stats{Runs: len(mazes), Test: "chi-square", P: p, Level: level, ChiSquare: &stat, DF: df, Jumps: jumps}
	figures := fmt.Sprintf("χ² = %.1f with %d degrees of freedom over %d jumps of %d mazes, p = %.2g", stat, df, jumps, len(mazes), p)
	var ck Check
	switch {
	case p < level:
		g := groups[worst]
		parts := make([]string, len(g))
		for k, n := range g {
			parts[k] = strconv.Itoa(n)
		}
		ck = newCheck("uniform", Maze, Failed, fmt.Sprintf("the jumps are not drawn uniformly from each cell's legal jumps (cells with legal jumps 1 to %d: drawn %s times): %s < %.2g",
			len(g), strings.Join(parts, ", "), figures, level))
	case p >= uniformEnough || c.last():
		ck = newCheck("uniform", Maze, Passed, fmt.Sprintf("the jumps look drawn uniformly from each cell's legal jumps: %s ≥ %.2g", figures, level))
	default:
		ck = newCheck("uniform", Maze, NotChecked, fmt.Sprintf("inconclusive after %d runs: %s, between %.2g and %g", len(c.runs), figures, level, uniformEnough))
	}
	ck.Stats = st
	return ck
}

// sameCheck returns the check named name, not checked because every run
// so far printed the same maze, within a second or two.
func (c *checker) sameCheck(name string, cat Category) Check {
	if c.last() {
		return newCheck(name, cat, NotChecked, fmt.Sprintf("%s: %s", sameMaze, sameMazeAdvice))
	}
	return newCheck(name, cat, NotChecked, "undecided: every run so far printed the same maze")
}

// uniformEnough is the χ² p-value at or above which the uniform check
// decides a pass before its last look.
const uniformEnough = 0.01

func (c *checker) depths(runs []*graded) Check {
	var t tally
	for _, g := range evaluated(runs) {
		t.checked++
		n := g.size
		if len(g.t.depths) != n {
			if g.t.depths == nil {
				t.fail(g, "no depth grid")
			} else {
				t.fail(g, "line %d: %d rows of depths, want %d", g.t.depthLine, len(g.t.depths), n)
			}
			continue
		}
	rows:
		for r, row := range g.t.depths {
			if len(row) != n {
				t.fail(g, "line %d: %d depths in row %d, want %d", g.t.depthLine+r, len(row), r+1, n)
				break
			}
			for col, d := range row {
				if want := g.solved.Depth[r*n+col]; d != want {
					t.fail(g, "line %d: cell (%d,%d) has depth %s, want %s", g.t.depthLine+r, r+1, col+1, depthText(d), depthText(want))
					break rows
				}
			}
		}
	}
	if t.checked == 0 {
		return newCheck("depths", Evaluation, NotChecked, noEvaluation)
	}
	return t.check("depths", Evaluation, "every depth grid is rjm's breadth-first search of the maze printed")
}

func depthText(d int) string {
	if d < 0 {
		return "--"
	}
	return strconv.Itoa(d)
}

func (c *checker) objective(runs []*graded) Check {
	var t tally
	for _, g := range evaluated(runs) {
		t.checked++
		want := energy.Objective(g.solved.GoalDepth)
		if g.t.objective == "" {
			t.fail(g, "no objective, want %s", energy.Format(want))
			continue
		}
		if v, _ := strconv.ParseFloat(g.t.objective, 64); v != want {
			t.fail(g, "line %d: objective %s, want %s (−depth of the goal, or %d when it cannot be reached)", g.t.objLine, g.t.objective, energy.Format(want), energy.Unsolvable)
		}
	}
	if t.checked == 0 {
		return newCheck("objective", Evaluation, NotChecked, noEvaluation)
	}
	return t.check("objective", Evaluation, fmt.Sprintf("every objective is rjm's (−depth of the goal, or %d when it cannot be reached)", energy.Unsolvable))
}

// minSearchRuns is the fewest distinct mazes the search checks compare.
const minSearchRuns = 3

func (c *checker) search(runs []*graded) Check {
	if ck, ok := constantCheck("search", Search, evaluated(runs), c.s.hints()); ok {
		return ck
	}
	mazes, same := distinctMazes(evaluated(runs))
	if same {
		return c.sameCheck("search", Search)
	}
	var got []float64
	for _, g := range mazes {
		got = append(got, energy.Objective(g.solved.GoalDepth))
	}
	budget := strings.Join(runs0(c.all).answers, ", ")
	if len(got) < minSearchRuns {
		return newCheck("search", Search, NotChecked, fmt.Sprintf("not checked: only %d runs printed a maze rjm can evaluate; want at least %d to compare with rjm's program", len(got), minSearchRuns))
	}
	ref := c.ref.objectives
	alpha := c.s.Significance / 2
	t := decideSearch(got, ref, c.looks, alpha, falsePass, searchMargin)
	k := float64(c.looks)
	med, refMed, shift, margin := median(got), median(ref), t.shift, searchMargin
	levelPass := falsePass / k
	st := &Stats{Runs: len(got), Test: "Mann-Whitney", P: t.pWorse, Level: alpha / k, PPass: &t.pPass, LevelPass: &levelPass,
		Median: &med, ReferenceMedian: &refMed, ReferenceRuns: len(ref), Shift: &shift, Margin: &margin}
	moves := "moves"
	if shift == 1 {
		moves = "move"
	}
	figures := fmt.Sprintf("median objective %s against rjm's %s over %d and %d runs (answers %s); shortfall (Hodges–Lehmann) %s %s, margin %s; worse: p = %.2g (fails below %.2g); within the margin: p = %.2g (passes below %.2g)",
		energy.Format(med), energy.Format(refMed), len(got), len(ref), budget, energy.Format(shift), moves, energy.Format(margin), t.pWorse, alpha/k, t.pPass, levelPass)
	var ck Check
	switch {
	case t.d == decidedFail:
		ck = newCheck("search", Search, Failed, "the mazes are worse than rjm's search finds with the same answers, by a margin that matters: "+figures)
	case t.d == decidedPass:
		ck = newCheck("search", Search, Passed, "within the margin of rjm's search at the same budget: "+figures)
	case c.last():
		ck = newCheck("search", Search, NotChecked, fmt.Sprintf("inconclusive after %d runs, neither p-value below its level: %s", len(c.runs), figures))
	default:
		ck = newCheck("search", Search, NotChecked, "undecided: "+figures)
	}
	ck.Stats = st
	return ck
}

// jumps checks the jumps the final mazes give each cell against those of
// rjm's final mazes: a cell that never gets jumps rjm's search often
// gives it (a typo in a jump's bound) fails, naming the cell.
func (c *checker) jumps(runs []*graded) Check {
	if mazeRepeats(runs).constant != nil {
		return newCheck("jumps", Search, NotChecked, "not checked: every run printed the same maze, whenever it started (see search)")
	}
	mazes, same := distinctMazes(runs)
	if same {
		return c.sameCheck("jumps", Search)
	}
	n := len(mazes)
	if n < minSearchRuns {
		return newCheck("jumps", Search, NotChecked, fmt.Sprintf("not checked: only %d runs printed a %d×%d maze", n, exercise.Size, exercise.Size))
	}
	b := maze.Board{Rows: exercise.Size, Cols: exercise.Size}
	cells := b.Cells() - 1 // not the goal
	var legal [][]int
	var sizes []int
	for i := range cells {
		legal = append(legal, b.LegalJumps(nil, i))
		sizes = append(sizes, len(legal[i]))
	}
	level := c.s.Significance / 2 / float64(c.looks*jumpHypotheses(sizes))
	m := len(c.ref.mazes)
	worst, worstCell, worstCount := 2.0, -1, 0
	var worstZ []int
	for i := range cells {
		var z []int
		for _, j := range legal[i] {
			seen := false
			for _, g := range mazes {
				if g.jumps[i] == j {
					seen = true
					break
				}
			}
			if !seen {
				z = append(z, j)
			}
		}
		if len(z) == 0 {
			continue
		}
		count := 0
		for _, r := range c.ref.mazes {
			if slices.Contains(z, r[i]) {
				count++
			}
		}
		if chance := gapChance(count, m, n); chance < worst {
			worst, worstCell, worstCount, worstZ = chance, i, count, z
		}
	}
	st := &Stats{Runs: n, Test: "gap", P: min(worst, 1), Level: level, ReferenceRuns: m}
	var ck Check
	switch {
	case worst < level:
		ck = newCheck("jumps", Search, Failed, fmt.Sprintf("cell %v never has jump %s in %d final mazes, while rjm's final mazes give it %s %d times in %d: a correct search misses it so often with probability %.2g < %.2g",
			b.Cell(worstCell), jumpList(worstZ), n, jumpList(worstZ), worstCount, m, worst, level))
	case worst >= uniformEnough || c.last():
		msg := fmt.Sprintf("every cell gets the jumps rjm's final mazes give it, over %d final mazes", n)
		if worstCell >= 0 {
			msg += fmt.Sprintf(" (the least likely gap: cell %v without %s, probability %.2g ≥ %.2g)", b.Cell(worstCell), jumpList(worstZ), worst, level)
		}
		ck = newCheck("jumps", Search, Passed, msg)
	default:
		ck = newCheck("jumps", Search, NotChecked, fmt.Sprintf("undecided: cell %v without %s in %d mazes, probability %.2g", b.Cell(worstCell), jumpList(worstZ), n, worst))
	}
	ck.Stats = st
	return ck
}

// jumpList writes jumps as "3", "3 or 4", "2, 3 or 4".
func jumpList(z []int) string {
	parts := make([]string, len(z))
	for i, j := range z {
		parts[i] = strconv.Itoa(j)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func (c *checker) limits() []Check {
	var tt, te, to tally
	slowest, slowestCPU, most := 0.0, 0.0, 0
	exitPass := "every run exited with status 0"
	skipped := 0
	var lingering []string
	for _, g := range c.all {
		tt.checked++
		to.checked++
		if g.invalid {
			// The invalid-answer run is judged by reprompt alone.
			if !g.ok() {
				exitPass = fmt.Sprintf("every run but %d (see reprompt) exited with status 0", g.run)
			}
			tt.checked--
			to.checked--
			continue
		}
		te.checked++
		slowest = max(slowest, g.out.elapsed.Seconds())
		slowestCPU = max(slowestCPU, g.out.cpu.Seconds())
		most = max(most, len(g.out.stdout))
		switch {
		case errors.Is(g.out.stopped, errSkipped):
			tt.checked--
			to.checked--
			te.checked--
			skipped++
		case errors.Is(g.out.stopped, errCPULimit):
			tt.fail(g, "stopped after %v of CPU time, the CPU limit (with every process it started)", c.s.Timeout)
		case errors.Is(g.out.stopped, errTimeLimit):
			tt.fail(g, "stopped after %v of wall-clock time with %.1fs of CPU time, the wall-clock limit (with every process it started): is it waiting for input?", c.s.Wall, g.out.cpu.Seconds())
		case errors.Is(g.out.stopped, errOutputLimit):
			to.fail(g, "stopped after writing %s, the output limit (with every process it started)", bytesText(c.s.MaxOutput))
		case errors.Is(g.out.stopped, errProcessLimit):
			te.fail(g, "stopped with more than %d processes at once, the process limit (every one of them ended)", c.s.Processes)
		case errors.Is(g.out.stopped, errScratch):
			te.fail(g, "not run: %v", g.out.stopped)
		case g.complete:
			te.fail(g, "%s", g.out.afterTranscript())
		case g.out.exitErr != nil:
			te.fail(g, "%s", g.out.describe())
		}
		if g.out.lingering {
			lingering = append(lingering, strconv.Itoa(g.run))
		}
	}
	timeCheck := tt.check("time", Limits, fmt.Sprintf("every run ended within %v of CPU time (the slowest in %.2fs of CPU, %.2fs of wall-clock time)", c.s.Timeout, slowestCPU, slowest))
	if skipped > 0 {
		timeCheck.Message += fmt.Sprintf("; %d later runs were not made", skipped)
	}
	if len(lingering) > 0 {
		c.notes = append(c.notes, fmt.Sprintf("runs %s left a process running that held the output open; it was ended with the run", strings.Join(lingering, ", ")))
	}
	return []Check{
		timeCheck,
		te.check("exit", Limits, exitPass),
		to.check("output", Limits, fmt.Sprintf("every run wrote at most %s (the most: %d bytes)", bytesText(c.s.MaxOutput), most)),
	}
}

// bytesText writes a size in bytes, KiB or MiB.
func bytesText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
