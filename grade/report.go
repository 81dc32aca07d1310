package grade

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"rjm/energy"
)

// Category is the kind of rule a check checks.
type Category string

// The categories, in the order of a report.
const (
	Format     Category = "format"     // prompts, spacing, blank lines, the depth grid's cells
	Maze       Category = "maze"       // size, goal, legal jumps, uniform random jumps
	Evaluation Category = "evaluation" // depths and objective, recomputed by rjm
	Search     Category = "search"     // objectives reached against rjm's at the same budget
	Limits     Category = "limits"     // time, exit status, output size
)

// Check is the outcome of one check: its name (unique in a report), its
// category, whether the program passed, and a sentence that says why,
// naming the run and the line of a failure.
type Check struct {
	Name     string   `json:"name"`
	Category Category `json:"category"`
	Pass     bool     `json:"pass"`
	Message  string   `json:"message"`
}

// Report is the grade of one program: every check, and the figures of
// every run.
type Report struct {
	Exercise string      `json:"exercise"`
	Pass     bool        `json:"pass"` // every check passes
	Runs     int         `json:"runs"` // runs compared (representation adds one with invalid answers)
	Seed     uint64      `json:"seed"`
	Checks   []Check     `json:"checks"`
	Details  []RunDetail `json:"details"`
}

// RunDetail holds the figures of one run.
type RunDetail struct {
	Run     int      `json:"run"` // from 1
	Answers []string `json:"answers"`
	Seconds float64  `json:"seconds"`
	// Status is "ok", or how the run failed its limits: "time limit",
	// "output limit", "exit status 1", "killed by signal: ...".
	Status string `json:"status"`
	Bytes  int    `json:"bytes"` // of standard output
	// Objective is the objective the program printed; Recomputed, rjm's
	// objective of the maze it printed; Reference, that of rjm's own
	// program's run (search exercises). Absent when there is none.
	Objective  *float64 `json:"objective,omitempty"`
	Recomputed *float64 `json:"recomputed,omitempty"`
	Reference  *float64 `json:"reference,omitempty"`
}

// Failed returns the checks that fail, in report order.
func (r *Report) Failed() []Check {
	var out []Check
	for _, c := range r.Checks {
		if !c.Pass {
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
	if f := len(r.Failed()); f > 0 {
		verdict = fmt.Sprintf("FAIL, %d of %d checks fail", f, len(r.Checks))
	}
	fmt.Fprintf(&b, "%s: %s (%d runs, seed %d)\n", r.Exercise, verdict, r.Runs, r.Seed)
	for _, c := range r.Checks {
		mark := "✓"
		if !c.Pass {
			mark = "✗"
		}
		fmt.Fprintf(&b, "  %s %-10s %-9s %s\n", mark, c.Category, c.Name, c.Message)
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "run\tanswers\ttime\tbytes\tprinted\trjm's\treference\tstatus\t")
	for _, d := range r.Details {
		fmt.Fprintf(tw, "%d\t%s\t%.2fs\t%d\t%s\t%s\t%s\t%s\t\n", d.Run, strings.Join(d.Answers, " "), d.Seconds,
			d.Bytes, number(d.Objective), number(d.Recomputed), number(d.Reference), d.Status)
	}
	tw.Flush()
	return b.String()
}

// number formats an optional number, "-" for none.
func number(v *float64) string {
	if v == nil {
		return "-"
	}
	return energy.Format(*v)
}
