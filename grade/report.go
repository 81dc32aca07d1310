package grade

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"rjm/energy"
)

// Category is the kind of rule a check checks.
type Category string

// The categories, in the order of a report.
const (
	Build      Category = "build"      // the program builds (--build, or a detected compiler)
	Format     Category = "format"     // prompts, spacing, blank lines, the depth grid's cells
	Maze       Category = "maze"       // size, goal, legal jumps, uniform random jumps
	Evaluation Category = "evaluation" // depths and objective, recomputed by rjm
	Search     Category = "search"     // objectives reached against rjm's at the same budget
	Limits     Category = "limits"     // time, exit status, output size
)

// State is a check's outcome: it passes, it fails, or it could not be
// checked (its message says why: no run to check, or a statistical check
// undecided when the runs ran out, "inconclusive").
type State string

// The states of a check.
const (
	Passed     State = "pass"
	Failed     State = "fail"
	NotChecked State = "not checked"
)

// Check is the outcome of one check: its name (unique in a report), its
// category, its state (Pass is State == Passed), and a sentence that says
// why, naming the run and the line of a failure. A statistical check
// gives its figures in Stats too.
type Check struct {
	Name     string   `json:"name"`
	Category Category `json:"category"`
	Pass     bool     `json:"pass"`
	State    State    `json:"state"`
	Message  string   `json:"message"`
	// Weight is the check's points when the rubric gives none (the check
	// table's weights: what the check proves of its exercise).
	Weight float64 `json:"weight"`
	Stats  *Stats  `json:"stats,omitempty"`
	// Output is what a failed build, or a failed terminal run, printed
	// (its end).
	Output string `json:"output,omitempty"`
}

// Stats are the figures of a statistical check at its last look.
type Stats struct {
	Runs int `json:"runs"` // the program's runs (distinct mazes) the check used
	// Test names the test: "Mann-Whitney", "chi-square", "gap".
	Test string `json:"test"`
	// P is the p-value of the test that fails the check, Level the level
	// it is compared with at this look (the check's error rate over the
	// number of looks); PPass, for search, the p-value of the test that
	// passes it, at level LevelPass.
	P         float64  `json:"p"`
	Level     float64  `json:"level"`
	PPass     *float64 `json:"p_pass,omitempty"`
	LevelPass *float64 `json:"level_pass,omitempty"`
	// Search: the medians of the program's and the reference's objectives,
	// the Hodges–Lehmann shortfall and the margin that fails.
	Median          *float64 `json:"median,omitempty"`
	ReferenceMedian *float64 `json:"reference_median,omitempty"`
	ReferenceRuns   int      `json:"reference_runs,omitempty"`
	Shift           *float64 `json:"shift,omitempty"`
	Margin          *float64 `json:"margin,omitempty"`
	// Uniform: Pearson's χ², its degrees of freedom and the jumps counted.
	ChiSquare *float64 `json:"chi_square,omitempty"`
	DF        int      `json:"df,omitempty"`
	Jumps     int      `json:"jumps,omitempty"`
}

// newCheck returns a check in the given state.
func newCheck(name string, cat Category, state State, msg string) Check {
	return Check{Name: name, Category: cat, Pass: state == Passed, State: state, Message: msg}
}

// Report is the grade of one program: every check, and the figures of
// every run.
type Report struct {
	Exercise string `json:"exercise"`
	Pass     bool   `json:"pass"` // every check passes
	Runs     int    `json:"runs"` // the most runs compared (representation adds one with invalid answers; a search one with invalid answers and one with the smallest budget)
	Seed     uint64 `json:"seed"`
	// Made is the runs made: a grading stops early once its statistical
	// checks decide (Runs is then the budget).
	Made int `json:"made"`
	// Notes are remarks that fail nothing, such as every run printing the
	// same maze.
	Notes []string `json:"notes,omitempty"`
	// Cases counts the runs that showed each case a check needs (see
	// cases.go), for the exercises that name some.
	Cases   []CaseCount `json:"cases,omitempty"`
	Checks  []Check     `json:"checks"`
	Details []RunDetail `json:"details"`
	// hidden is set on a report to release (hide): its seed is not said.
	hidden bool
}

// RunDetail holds the figures of one run.
type RunDetail struct {
	Run     int      `json:"run"` // from 1
	Answers []string `json:"answers"`
	// Started is when the run started (a program seeded from a clock
	// that ticks once a second sees its second).
	Started time.Time `json:"started,omitzero"`
	Seconds float64   `json:"seconds"`
	// Status is "ok", or how the run failed its limits: "time limit",
	// "output limit", "exit status 1", "killed by signal: ...".
	Status string `json:"status"`
	Bytes  int    `json:"bytes"` // of standard output
	// CPU is the processor time of the run's processes, in seconds.
	CPU float64 `json:"cpu_seconds"`
	// Objective is the objective the program printed; Recomputed, rjm's
	// objective of the maze it printed; Reference, that of rjm's own
	// program's run (search exercises). Absent when there is none.
	Objective  *float64 `json:"objective,omitempty"`
	Recomputed *float64 `json:"recomputed,omitempty"`
	Reference  *float64 `json:"reference,omitempty"`
	// Output is what the run printed on its standard output (its first
	// 4 KiB), for the feedback's transcripts.
	Output string `json:"output"`
	// Partial is what a run that was stopped, or crashed before a whole
	// transcript, printed on its standard output (cut to 2 KiB), to show
	// where it ended.
	Partial string `json:"partial,omitempty"`
	// Stderr is the end of its standard error (cut to 2 KiB).
	Stderr string `json:"stderr,omitempty"`
}

// Failed returns the checks that fail, in report order.
func (r *Report) Failed() []Check { return r.inState(Failed) }

// Unchecked returns the checks not checked, in report order.
func (r *Report) Unchecked() []Check { return r.inState(NotChecked) }

func (r *Report) inState(s State) []Check {
	var out []Check
	for _, c := range r.Checks {
		if c.State == s {
			out = append(out, c)
		}
	}
	return out
}

// Check returns the check with the given name.
func (r *Report) Check(name string) (Check, bool) {
	for _, c := range r.Checks {
		if c.Name == name {
			return c, true
		}
	}
	return Check{}, false
}

// Text returns the report for people: a verdict, every check with ✓ or
// ✗, and a table of the runs.
func (r *Report) Text() string {
	var b strings.Builder
	verdict := "PASS, every check passes"
	f, u := len(r.Failed()), len(r.Unchecked())
	switch {
	case f > 0 && u > 0:
		verdict = fmt.Sprintf("FAIL, %d of %d checks fail, %d not checked", f, len(r.Checks), u)
	case f > 0:
		verdict = fmt.Sprintf("FAIL, %d of %d checks fail", f, len(r.Checks))
	case u > 0:
		verdict = fmt.Sprintf("NOT PASSED, no check fails but %d of %d are not checked", u, len(r.Checks))
	}
	fmt.Fprintf(&b, "%s: %s (%d runs made, at most %d with each set of answers, seed %d)\n", r.Exercise, verdict, r.Made, r.Runs, r.Seed)
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "  note: %s\n", n)
	}
	if len(r.Cases) > 0 {
		fmt.Fprintf(&b, "  %s\n", casesText(r.Cases))
	}
	for _, c := range r.Checks {
		fmt.Fprintf(&b, "  %s %-10s %-9s %s\n", mark(c.State), c.Category, c.Name, c.Message)
	}
	if r.namesCells() {
		fmt.Fprintf(&b, "  (%s)\n", cellLegend)
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	// The status, often long, is the last column, left-aligned (text after
	// a line's last tab is no cell).
	fmt.Fprintln(tw, "run\tanswers\ttime\tcpu\tbytes\tprinted\trjm's\treference\t  status")
	for _, d := range r.Details {
		fmt.Fprintf(tw, "%d\t%s\t%.2fs\t%.2fs\t%d\t%s\t%s\t%s\t  %s\n", d.Run, strings.Join(d.Answers, " "), d.Seconds, d.CPU,
			d.Bytes, number(d.Objective), number(d.Recomputed), number(d.Reference), d.Status)
	}
	tw.Flush()
	for _, d := range r.Details {
		if d.Partial != "" {
			fmt.Fprintf(&b, "\nrun %d (%s), the end of what it printed:\n%s", d.Run, d.Status, indent(lastLines(d.Partial, 12)))
			if d.Stderr != "" {
				fmt.Fprintf(&b, "  and of its standard error:\n%s", indent(lastLines(d.Stderr, 12)))
			}
		}
	}
	return b.String()
}

// cellLegend says how a message names a cell.
const cellLegend = "cell (r,c) is row r, column c, counted from 1 at the top left"

// namesCells reports whether a check's message names a cell.
func (r *Report) namesCells() bool {
	for _, c := range r.Checks {
		if strings.Contains(c.Message, "cell (") {
			return true
		}
	}
	return false
}

// mark returns ✓, ✗ or ? for a state.
func mark(s State) string {
	switch s {
	case Passed:
		return "✓"
	case Failed:
		return "✗"
	}
	return "?"
}

// lastLines returns the last n lines of text.
func lastLines(text string, n int) string {
	lines := strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) > n {
		lines = append([]string{"...\n"}, lines[len(lines)-n:]...)
	}
	return strings.Join(lines, "")
}

// indent returns text with every line indented by four spaces and ending
// with a line break.
func indent(text string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n") {
		b.WriteString("    " + strings.TrimSuffix(line, "\n") + "\n")
	}
	return b.String()
}

// number formats an optional number, "-" for none.
func number(v *float64) string {
	if v == nil {
		return "-"
	}
	return energy.Format(*v)
}
