package grade

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync/atomic"

	"rjm/energy"
	"rjm/graph"
	"rjm/maze"
	"rjm/parallel"
	"rjm/solve"
)

// graded is one run of the program and what rjm read from it.
type graded struct {
	planned
	run    int // from 1
	out    outcome
	t      *transcript
	parse  error
	board  maze.Board
	jumps  []int         // the maze read, row-major, when its size is right
	goalOK bool          // the goal is 0 in the lower-right corner and nowhere else
	solved *solve.Result // rjm's evaluation of the maze, when its size and goal are right
}

// ok reports whether the run kept within its limits.
func (g *graded) ok() bool { return g.out.stopped == nil && g.out.exitErr == nil }

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

// grade runs the program and checks its runs against the plan and rjm's
// reference objectives.
func (p *plan) grade(ctx context.Context, s Settings, ref []float64, progress func(done, total int)) (*Report, error) {
	done := 0
	var tick func()
	if progress != nil {
		tick = func() { done++; progress(done, len(p.runs)) }
	}
	var timedOut atomic.Bool
	runs, err := parallel.Map(ctx, s.Workers, len(p.runs), tick, func(ctx context.Context, i int) (*graded, error) {
		if timedOut.Load() {
			return &graded{planned: p.runs[i], run: i + 1, out: outcome{stopped: errSkipped}}, nil
		}
		o, err := execute(ctx, s.Command, s.Dir, p.environment(s, i), p.runs[i].input, s.Timeout, s.MaxOutput)
		if err != nil {
			return nil, err
		}
		if errors.Is(o.stopped, errTimeLimit) {
			timedOut.Store(true)
		}
		g := &graded{planned: p.runs[i], run: i + 1, out: o}
		g.read(p.eval)
		return g, nil
	})
	if err != nil {
		return nil, err
	}
	r := &Report{Exercise: p.name, Runs: p.regular, Seed: p.seed}
	c := checker{p: p, s: s, runs: runs[:p.regular], all: runs, ref: ref}
	r.Checks = c.checks()
	r.Pass = len(r.Failed()) == 0
	for i, g := range runs {
		d := RunDetail{Run: g.run, Answers: g.answers, Seconds: g.out.elapsed.Seconds(), Status: g.status(), Bytes: len(g.out.stdout)}
		if d.Answers == nil {
			d.Answers = []string{}
		}
		if g.t != nil && g.t.objective != "" {
			v, _ := strconv.ParseFloat(g.t.objective, 64)
			d.Objective = &v
		}
		if g.solved != nil && p.eval {
			v := energy.Objective(g.solved.GoalDepth)
			d.Recomputed = &v
		}
		if i < len(ref) {
			d.Reference = &ref[i]
		}
		r.Details = append(r.Details, d)
	}
	return r, nil
}

// read parses the run's transcript and evaluates its maze.
func (g *graded) read(eval bool) {
	if !g.ok() {
		return
	}
	g.t, g.parse = parseTranscript(string(g.out.stdout), g.prompts, eval)
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
	p    *plan
	s    Settings
	runs []*graded // the runs compared with rjm's
	all  []*graded // and the invalid-answer run
	ref  []float64
}

// tally gathers a check's failures over the runs.
type tally struct {
	checked, failed int
	first           string
}

func (t *tally) fail(run int, format string, args ...any) {
	if t.failed == 0 {
		t.first = fmt.Sprintf("run %d, ", run) + fmt.Sprintf(format, args...)
	}
	t.failed++
}

func (t *tally) check(name string, cat Category, pass string) Check {
	if t.failed == 0 {
		return Check{name, cat, true, pass}
	}
	msg := t.first
	if t.failed > 1 {
		msg += fmt.Sprintf(" (%d of %d runs fail)", t.failed, t.checked)
	}
	return Check{name, cat, false, msg}
}

// nothingChecked is the message of the checks a program fails because
// none of its runs kept within its limits.
const nothingChecked = "no run kept within its limits, so nothing could be checked (see limits)"

// usable returns the runs that kept within their limits, and the note that
// names the others.
func (c *checker) usable() ([]*graded, string) {
	var ok []*graded
	var not []string
	for _, g := range c.runs {
		if g.ok() {
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
	none := len(runs) == 0
	add := func(ck Check) {
		if none && ck.Category != Limits && ck.Name != "reprompt" {
			ck.Pass, ck.Message = false, nothingChecked
		} else if ck.Pass && ck.Category != Limits {
			ck.Message += note
		}
		out = append(out, ck)
	}
	if c.p.name != "evaluation" {
		add(c.prompts(runs))
	}
	add(c.layout(runs))
	if c.p.name == "representation" {
		add(c.reprompt())
	}
	add(c.size(runs))
	add(c.goal(runs))
	add(c.legal(runs))
	if c.p.random {
		add(c.uniform(runs))
	}
	if c.p.eval {
		add(c.depths(runs))
		add(c.objective(runs))
	}
	if c.p.search {
		add(c.search(runs))
	}
	out = append(out, c.limits()...)
	return out
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
		t.fail(g.run, "line 1: want %q, got %q (each prompt ends with a space and no line break, and the maze follows on its line)", short(want+first), short(got))
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
			t.fail(g.run, "%v", g.parse)
			continue
		}
		out := string(g.out.stdout)
		if d := firstDifference(out[g.t.body:], g.t.canonical(c.p.eval), g.t.firstLine); d != "" {
			t.fail(g.run, "%s", d)
		}
	}
	pass := "every transcript is laid out as the assignment asks (single spaces, blank lines, \"Moves from start:\", two-character depths, the objective on its own line)"
	if !c.p.eval {
		pass = "every maze is printed as the assignment asks (rows of jumps separated by single spaces)"
	}
	return t.check("layout", Format, pass)
}

func (c *checker) reprompt() Check {
	g := c.all[len(c.all)-1]
	what := fmt.Sprintf("answered 4, 11 and %d, the program", g.size)
	switch {
	case !g.ok():
		return Check{"reprompt", Format, false, fmt.Sprintf("run %d, %s ended: %s", g.run, what, g.status())}
	case g.t.prompts < 3:
		return Check{"reprompt", Format, false, fmt.Sprintf("run %d, %s prompted %d times, want 3 (an invalid size is asked again)", g.run, what, g.t.prompts)}
	case g.jumps == nil:
		return Check{"reprompt", Format, false, fmt.Sprintf("run %d, %s printed %d rows, want a %d×%d maze", g.run, what, len(g.t.maze), g.size, g.size)}
	}
	return Check{"reprompt", Format, true, fmt.Sprintf("run %d, %s asked again after each invalid size and printed a %d×%d maze", g.run, what, g.size, g.size)}
}

func (c *checker) size(runs []*graded) Check {
	var t tally
	for _, g := range runs {
		t.checked++
		n := g.size
		switch {
		case len(g.t.maze) == 0:
			t.fail(g.run, "no maze")
		case len(g.t.maze) != n:
			t.fail(g.run, "line %d: %d rows of jumps, want %d", g.t.mazeLine, len(g.t.maze), n)
		default:
			for k, row := range g.t.maze {
				if len(row) != n {
					t.fail(g.run, "line %d: %d jumps in row %d, want %d", g.t.mazeLine+k, len(row), k+1, n)
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
			t.fail(g.run, "line %d: the lower-right cell holds %d, want 0 (the goal)", g.t.mazeLine+n-1, j)
			continue
		}
		for i, j := range g.jumps[:n*n-1] {
			if j == 0 {
				t.fail(g.run, "line %d: cell %v holds 0, which only the goal (lower-right) may", g.t.mazeLine+i/n, g.board.Cell(i))
				break
			}
		}
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
				t.fail(g.run, "line %d: cell %v has jump %d, which has no move (legal jumps there: 1 to %d)", g.t.mazeLine+i/n, g.board.Cell(i), j, g.board.MaxJump(i))
				break
			}
		}
	}
	return t.check("legal", Maze, "every non-goal cell has a legal jump (one with a move)")
}

// minExpected is the least expected count per category for a group of
// cells to enter the χ² test: below it the test's approximation fails.
const minExpected = 5

func (c *checker) uniform(runs []*graded) Check {
	// Each legal jump is the k-th of a cell's legal jumps; cells with the
	// same number of legal jumps share a group, where every k is equally
	// likely.
	counts := map[int][]int{}
	jumps := 0
	for _, g := range withMaze(runs) {
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
		return Check{"uniform", Maze, true, fmt.Sprintf("too few jumps (%d) for the χ² test of uniformity", jumps)}
	}
	figures := fmt.Sprintf("χ² = %.1f with %d degrees of freedom over %d jumps, p = %.2g", stat, df, jumps, p)
	if p >= c.s.Significance {
		return Check{"uniform", Maze, true, fmt.Sprintf("%s ≥ %g: the jumps look drawn uniformly from each cell's legal jumps", figures, c.s.Significance)}
	}
	g := groups[worst]
	parts := make([]string, len(g))
	for k, n := range g {
		parts[k] = strconv.Itoa(n)
	}
	return Check{"uniform", Maze, false, fmt.Sprintf("%s < %g: the jumps are not drawn uniformly from each cell's legal jumps (cells with legal jumps 1 to %d: drawn %s times)",
		figures, c.s.Significance, len(g), strings.Join(parts, ", "))}
}

func (c *checker) depths(runs []*graded) Check {
	var t tally
	for _, g := range evaluated(runs) {
		t.checked++
		n := g.size
		if len(g.t.depths) != n {
			if g.t.depths == nil {
				t.fail(g.run, "no depth grid")
			} else {
				t.fail(g.run, "line %d: %d rows of depths, want %d", g.t.depthLine, len(g.t.depths), n)
			}
			continue
		}
	rows:
		for r, row := range g.t.depths {
			if len(row) != n {
				t.fail(g.run, "line %d: %d depths in row %d, want %d", g.t.depthLine+r, len(row), r+1, n)
				break
			}
			for col, d := range row {
				if want := g.solved.Depth[r*n+col]; d != want {
					t.fail(g.run, "line %d: cell (%d,%d) has depth %s, want %s", g.t.depthLine+r, r+1, col+1, depthText(d), depthText(want))
					break rows
				}
			}
		}
	}
	if t.checked == 0 {
		return Check{"depths", Evaluation, false, "no maze of the right size with its goal in place to evaluate (see maze)"}
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
			t.fail(g.run, "no objective, want %s", energy.Format(want))
			continue
		}
		if v, _ := strconv.ParseFloat(g.t.objective, 64); v != want {
			t.fail(g.run, "line %d: objective %s, want %s (−depth of the goal, or %d when it cannot be reached)", g.t.objLine, g.t.objective, energy.Format(want), energy.Unsolvable)
		}
	}
	if t.checked == 0 {
		return Check{"objective", Evaluation, false, "no maze of the right size with its goal in place to evaluate (see maze)"}
	}
	return t.check("objective", Evaluation, fmt.Sprintf("every objective is rjm's (−depth of the goal, or %d when it cannot be reached)", energy.Unsolvable))
}

// minSearchRuns is the fewest runs the search check compares.
const minSearchRuns = 3

func (c *checker) search(runs []*graded) Check {
	var got []float64
	for _, g := range evaluated(runs) {
		got = append(got, energy.Objective(g.solved.GoalDepth))
	}
	budget := strings.Join(runs0(c.all).answers, ", ")
	if len(got) < minSearchRuns {
		return Check{"search", Search, false, fmt.Sprintf("only %d runs printed a maze rjm can evaluate; want at least %d to compare with rjm's program", len(got), minSearchRuns)}
	}
	u, p := mannWhitney(got, c.ref)
	figures := fmt.Sprintf("median objective %s against rjm's %s over %d and %d runs (answers %s); Mann–Whitney U = %g, one-sided p = %.2g",
		energy.Format(median(got)), energy.Format(median(c.ref)), len(got), len(c.ref), budget, u, p)
	if p >= c.s.Significance || math.IsNaN(p) {
		return Check{"search", Search, true, fmt.Sprintf("%s ≥ %g: as good as rjm's search at the same budget", figures, c.s.Significance)}
	}
	return Check{"search", Search, false, fmt.Sprintf("%s < %g: the mazes are worse than rjm's search finds with the same answers", figures, c.s.Significance)}
}

func (c *checker) limits() []Check {
	var tt, te, to tally
	slowest, most := 0.0, 0
	exitPass := "every run exited with status 0"
	skipped := 0
	for _, g := range c.all {
		tt.checked++
		to.checked++
		if g.invalid && g.out.exitErr != nil {
			// A program that gives up on an invalid size fails reprompt.
			exitPass = fmt.Sprintf("every run but %d (see reprompt) exited with status 0", g.run)
			continue
		}
		te.checked++
		slowest = max(slowest, g.out.elapsed.Seconds())
		most = max(most, len(g.out.stdout))
		switch {
		case errors.Is(g.out.stopped, errSkipped):
			tt.checked--
			to.checked--
			te.checked--
			skipped++
		case errors.Is(g.out.stopped, errTimeLimit):
			tt.fail(g.run, "stopped after %v, the time limit (with every process it started)", c.s.Timeout)
		case errors.Is(g.out.stopped, errOutputLimit):
			to.fail(g.run, "stopped after writing %s, the output limit (with every process it started)", bytesText(c.s.MaxOutput))
		case g.out.exitErr != nil:
			te.fail(g.run, "%s", g.out.describe())
		}
	}
	timeCheck := tt.check("time", Limits, fmt.Sprintf("every run ended within %v (the slowest in %.2fs)", c.s.Timeout, slowest))
	if skipped > 0 {
		timeCheck.Message += fmt.Sprintf("; %d later runs were not made", skipped)
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
