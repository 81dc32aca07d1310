package grade

import (
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

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
	// terminal is the terminal run, nil for an exercise without prompts.
	terminal *terminalResult
	// built is the build check, nil without Settings.Build.
	built *Check
	// limited holds the limits checks once made (limits).
	limited []Check
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

// nothingChecked returns the message of the checks not checked because
// no run's transcript could be read: what became of the runs.
func (c *checker) nothingChecked() string {
	return "not checked: no run's transcript could be read: " + unreadable(c.transcriptRuns())
}

// transcriptRuns returns the runs whose transcripts the checks read when
// they can: the runs compared with rjm's and a search's run with the
// smallest budget.
func (c *checker) transcriptRuns() []*graded {
	runs := slices.Clone(c.runs)
	for _, g := range c.all {
		if g.edge || g.probe > 0 {
			runs = append(runs, g)
		}
	}
	return runs
}

// usable returns the runs compared with rjm's whose transcripts are read
// (readable), and the note that says what became of the others.
func (c *checker) usable() ([]*graded, string) {
	var ok, not []*graded
	for _, g := range c.runs {
		if g.readable() {
			ok = append(ok, g)
		} else {
			not = append(not, g)
		}
	}
	if len(not) == 0 {
		return ok, ""
	}
	return ok, " (not checked: " + unreadable(not) + ")"
}

// unreadable says what became of runs whose transcripts could not be
// read, by how they ended, in the order of their first run: "runs 1–3
// and 5 ended with exit status 2 before a whole transcript (see exit);
// run 4 stopped at the CPU time limit (see time)".
func unreadable(runs []*graded) string {
	var order []string
	numbers := map[string][]int{}
	for _, g := range runs {
		if g.readable() {
			continue
		}
		w := g.endWords()
		if numbers[w] == nil {
			order = append(order, w)
		}
		numbers[w] = append(numbers[w], g.run)
	}
	var parts []string
	for _, w := range order {
		be := "was "
		if len(numbers[w]) > 1 {
			be = "were "
		}
		parts = append(parts, runList(numbers[w])+" "+strings.Replace(w, "{be} ", be, 1))
	}
	return strings.Join(parts, "; ")
}

// endWords says how a run whose transcript could not be read ended, after
// its number ("{be}" stands for "was" or "were"): stopped at a limit (and
// which: time, output, processes, memory), ended with an error (its exit
// status or signal) before its transcript was whole, or not made.
func (g *graded) endWords() string {
	switch {
	case errors.Is(g.out.stopped, errSkipped):
		return "{be} not made (an earlier run reached the time limit)"
	case errors.Is(g.out.stopped, errCPULimit):
		return "stopped at the CPU time limit (see time)"
	case errors.Is(g.out.stopped, errTimeLimit):
		return "stopped at the wall-clock limit (see time)"
	case errors.Is(g.out.stopped, errOutputLimit):
		return "stopped at the output limit (see output)"
	case errors.Is(g.out.stopped, errProcessLimit):
		return "stopped at the process limit (see exit)"
	case g.out.stopped != nil:
		return "{be} not run: " + g.out.stopped.Error() + " (see exit)"
	}
	var exit *exec.ExitError
	if errors.As(g.out.exitErr, &exit) {
		w := exitWords(g.out.exitErr)
		if outOfMemory(g.out.stderr) {
			return "ran out of memory at the memory limit and ended with " + w + " (see exit)"
		}
		if strings.HasPrefix(w, "killed") {
			return "{be} " + w + " (see exit)"
		}
		return "ended with " + w + " before a whole transcript (see exit)"
	}
	return "could not start (see exit)"
}

// runList names runs by number, consecutive ones as a range: "run 4",
// "runs 1–3, 5 and 9".
func runList(runs []int) string {
	var parts []string
	for i := 0; i < len(runs); {
		j := i
		for j+1 < len(runs) && runs[j+1] == runs[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, strconv.Itoa(runs[i]))
		case j == i+1:
			parts = append(parts, strconv.Itoa(runs[i]), strconv.Itoa(runs[j]))
		default:
			parts = append(parts, fmt.Sprintf("%d–%d", runs[i], runs[j]))
		}
		i = j + 1
	}
	if len(runs) == 1 {
		return "run " + parts[0]
	}
	if len(parts) == 1 {
		return "runs " + parts[0]
	}
	return "runs " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// checkRow is one check of the grader: the one place that names it,
// says when it is made and how, and whether it decides when the runs
// stop. checkTable drives the grading (checks), its stopping rule
// (decided) and the rubric's names (CheckNames).
type checkRow struct {
	name     string
	category Category
	// applies reports whether the grading makes the check (nil: always),
	// from its exercise's row (c.p.ex) and its settings.
	applies func(c *checker) bool
	// run makes the check over the runs; the check's name and category
	// are the row's.
	run func(c *checker, j judged) Check
	// decisive marks a statistical check: the runs go on, in batches,
	// while it is undecided (NotChecked).
	decisive bool
	// weight is the check's points when the rubric gives none, and
	// searchWeight its points in a search exercise (0: weight): the
	// checks that prove what an exercise is for (the maze's jumps, the
	// evaluation, the search) carry most of its points, the prompts and
	// layout a small share.
	weight, searchWeight float64
	// caps marks a check whose failure means the exercise's evaluation or
	// search is wrong: the exercise then earns at most Rubric.Cap of its
	// points (half), whatever else passes.
	caps bool
	// ownRuns marks a check judged on runs of its own (the build, the
	// run with invalid answers, the terminal run, every run's limits): it
	// is made even when no run's transcript could be read, and its
	// message does not name the runs whose transcripts could not be read.
	ownRuns bool
}

// judged are the runs the checks look at.
type judged struct {
	// plain are the runs whose transcripts are checked one by one: the
	// usable runs compared with rjm's, a search's run with the smallest
	// budget and its probes' runs.
	plain []*graded
	// runs are the usable runs compared with rjm's: the statistical
	// checks' sample.
	runs []*graded
}

// The applies of the checks: by the exercise's row.
func hasPrompts(c *checker) bool { return len(c.p.ex.Prompts) > 0 }
func isRandom(c *checker) bool   { return c.p.random }
func evaluates(c *checker) bool  { return c.p.eval }
func searches(c *checker) bool   { return c.p.search }
func probes(c *checker) bool     { return len(c.p.ex.Probes) > 0 }

// buildCheck is the name of the build check, which Settings.Build makes
// before the runs (build.go).
const buildCheck = "build"

// checkTable is every check, in the order of a report.
var checkTable = []checkRow{
	{name: buildCheck, category: Build, ownRuns: true, weight: 0,
		applies: func(c *checker) bool { return c.built != nil },
		run:     func(c *checker, _ judged) Check { return *c.built }},
	{name: "prompts", category: Format, applies: hasPrompts, weight: 1,
		run: func(c *checker, j judged) Check { return c.prompts(j.plain) }},
	{name: "layout", category: Format, weight: 1,
		run: func(c *checker, j judged) Check { return c.layout(j.plain) }},
	{name: "reprompt", category: Format, ownRuns: true, weight: 1,
		applies: func(c *checker) bool { return c.p.regular < len(c.p.runs) && c.p.runs[c.p.regular].invalid },
		run: func(c *checker, _ judged) Check {
			if g := c.invalidRun(); g != nil {
				return c.reprompt(g)
			}
			return newCheck("reprompt", Format, NotChecked, "not checked: the run with invalid answers was not made")
		}},
	{name: "terminal", category: Format, applies: hasPrompts, ownRuns: true, weight: 1,
		run: func(c *checker, _ judged) Check { return c.terminalCheck() }},
	{name: "size", category: Maze, weight: 2, searchWeight: 1,
		run: func(c *checker, j judged) Check { return c.size(j.plain) }},
	{name: "goal", category: Maze, weight: 2, searchWeight: 1,
		run: func(c *checker, j judged) Check { return c.goal(j.plain) }},
	{name: "legal", category: Maze, weight: 5, searchWeight: 2,
		run: func(c *checker, j judged) Check { return c.legal(j.plain) }},
	{name: "uniform", category: Maze, applies: isRandom, decisive: true, weight: 5,
		run: func(c *checker, j judged) Check { return c.uniform(j.runs) }},
	{name: "depths", category: Evaluation, applies: evaluates, weight: 6, searchWeight: 3, caps: true,
		run: func(c *checker, j judged) Check { return c.depths(j.plain) }},
	{name: "objective", category: Evaluation, applies: evaluates, weight: 6, searchWeight: 3, caps: true,
		run: func(c *checker, j judged) Check { return c.objective(j.plain) }},
	{name: "search", category: Search, applies: searches, decisive: true, weight: 16, caps: true,
		run: func(c *checker, j judged) Check { return c.search(j.runs) }},
	{name: "jumps", category: Search, applies: searches, decisive: true, weight: 6, caps: true,
		run: func(c *checker, j judged) Check { return c.jumps(j.runs) }},
	{name: "rule", category: Search, applies: probes, decisive: true, weight: 8, caps: true,
		run: func(c *checker, j judged) Check { return c.rule(j.plain) }},
	{name: "time", category: Limits, ownRuns: true, weight: 1,
		run: func(c *checker, _ judged) Check { return c.limits()[0] }},
	{name: "exit", category: Limits, ownRuns: true, weight: 1,
		run: func(c *checker, _ judged) Check { return c.limits()[1] }},
	{name: "output", category: Limits, ownRuns: true, weight: 1,
		run: func(c *checker, _ judged) Check { return c.limits()[2] }},
}

// weigh sets the weights of a report's checks, from the check table's
// rows, for the plan's exercise.
func (p *plan) weigh(checks []Check) {
	for i := range checks {
		checks[i].Weight = checkWeight(checks[i].Name, p.search)
	}
}

// checkWeight returns the check table's weight of the named check in an
// exercise that searches, or not.
func checkWeight(name string, search bool) float64 {
	for _, row := range checkTable {
		if row.name == name {
			if search && row.searchWeight > 0 {
				return row.searchWeight
			}
			return row.weight
		}
	}
	return 1
}

// capping reports whether a check's failure caps its exercise's points
// (checkRow.caps).
func capping(name string) bool {
	for _, row := range checkTable {
		if row.name == name {
			return row.caps
		}
	}
	return false
}

// CheckNames returns the names of the checks, of every exercise, in the
// order of a report: the names a rubric may give points.
func CheckNames() []string {
	var names []string
	for _, row := range checkTable {
		names = append(names, row.name)
	}
	return names
}

// check makes the row's check, under the row's name and category.
func (row checkRow) check(c *checker, j judged) Check {
	ck := row.run(c, j)
	ck.Name, ck.Category, ck.Pass = row.name, row.category, ck.State == Passed
	return ck
}

// made returns the rows of the checks the grading makes.
func (c *checker) made() []checkRow {
	var rows []checkRow
	for _, row := range checkTable {
		if row.applies == nil || row.applies(c) {
			rows = append(rows, row)
		}
	}
	return rows
}

// judged returns the runs the checks look at, and the note that says what
// became of the runs whose transcripts could not be read.
func (c *checker) judged() (judged, string) {
	runs, note := c.usable()
	plain := slices.Clone(runs)
	for _, g := range c.all {
		if (g.edge || g.probe > 0) && g.readable() {
			plain = append(plain, g)
		}
	}
	return judged{plain: plain, runs: runs}, note
}

// checks makes every check of the grading (checkTable's rows that
// apply): those of the transcripts are not checked when no run's
// transcript could be read.
func (c *checker) checks() []Check {
	var out []Check
	j, note := c.judged()
	none := len(j.plain) == 0
	for _, row := range c.made() {
		switch {
		case row.ownRuns:
			out = append(out, row.check(c, j))
		case none:
			out = append(out, newCheck(row.name, row.category, NotChecked, c.nothingChecked()))
		default:
			ck := c.unseen(row.check(c, j), j.plain)
			if ck.State == Passed {
				ck.Message += note
			}
			out = append(out, ck)
		}
	}
	return out
}

// decided reports whether the statistical checks (checkTable's decisive
// rows) have decided, or no run so far can be checked: no more runs are
// needed.
func (c *checker) decided() bool {
	j, _ := c.judged()
	runs := j.runs
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
	if !c.evidenced(j.plain) && !c.last() {
		return false // a case a check needs not seen yet, or too few runs
	}
	for _, row := range c.made() {
		if row.decisive && row.check(c, j).State == NotChecked {
			return false
		}
	}
	return true
}

// last reports whether the grading made its last look.
func (c *checker) last() bool { return len(c.runs) >= c.s.Runs }
