package grade

import (
	"fmt"
	"strings"
)

// Runs until the evidence is there: a check can pass only on runs that
// can show what it checks. The -1000000 defect (an objective of -1000000
// for a goal that cannot be reached) shows only on a maze whose goal
// cannot be reached, about 15% of random 5×5 mazes: ten runs hold none in
// one grading of five (0.85^10 = 0.20), and the defect then passes.
//
// So a grading goes on, in batches, until
//
//   - for the exercises of random mazes (representation, evaluation,
//     whose runs take milliseconds), it made minEvidenceRuns runs: a
//     defect that shows in 15% of runs, whatever the case, is missed in 29
//     runs with probability 0.85^29 = 0.0090, at most once in a hundred
//     gradings (a search's runs go on while its statistical checks are
//     undecided: decide.go); and
//   - each case of caseTable that applies was seen in its need of runs:
//     an objective checked on a maze whose goal cannot be reached, one it
//     can be, a depth grid with a cell the start cannot reach. A defect
//     that shows on every maze of its case is caught once one is seen; the
//     cap (Settings.Runs, 80) comes first with probability 0.85^80 =
//     2.2e-6 for the rarest case of a correct program's random mazes;
//
// or its runs are all made (the cap). A case not seen by then leaves its
// check not checked ("no maze whose goal cannot be reached in 80 runs"),
// never passed; the report counts every case it saw (Report.Cases).

// minEvidenceRuns is the fewest runs a grading of random mazes makes (at
// most Settings.Runs): the least k with 0.85^k ≤ 0.01.
const minEvidenceRuns = 29

// caseRow is one case a check needs to see before it may pass.
type caseRow struct {
	// name is the case, as a report counts it ("mazes whose goal cannot
	// be reached"); one is its singular, after "no".
	name, one string
	check     string // the check that needs it
	applies   func(c *checker) bool
	seen      func(g *graded) bool
	need      int // the runs that must show it
}

// randomEvaluation reports whether the exercise evaluates random mazes:
// every case of an evaluation is in its runs' mazes.
func randomEvaluation(c *checker) bool { return c.p.eval && c.p.random }

// caseTable is every case the checks need.
var caseTable = []caseRow{
	{name: "mazes whose goal cannot be reached", one: "maze whose goal cannot be reached", check: "objective", applies: randomEvaluation, need: 1,
		seen: func(g *graded) bool { return g.solved != nil && g.solved.GoalDepth < 0 }},
	{name: "mazes whose goal can be reached", one: "maze whose goal can be reached", check: "objective", applies: randomEvaluation, need: 1,
		seen: func(g *graded) bool { return g.solved != nil && g.solved.GoalDepth >= 0 }},
	{name: "mazes with a cell the start cannot reach", one: "maze with a cell the start cannot reach", check: "depths", applies: randomEvaluation, need: 1,
		seen: func(g *graded) bool { return g.solved != nil && g.solved.Reachable < len(g.solved.Depth) }},
}

// CaseCount is how many runs of a grading showed a case one of its checks
// needs.
type CaseCount struct {
	Case  string `json:"case"`
	Check string `json:"check"`
	Seen  int    `json:"seen"`
	Need  int    `json:"need"`
}

// caseRows returns the cases of the grading's checks: caseTable's rows
// that apply, and one row of each of its exercise's probes
// (exercise.Probe), whose runs the rule check needs in minEvidenceRuns.
func (c *checker) caseRows() []caseRow {
	var rows []caseRow
	for _, row := range caseTable {
		if row.applies(c) {
			rows = append(rows, row)
		}
	}
	for i, pr := range c.p.ex.Probes {
		rows = append(rows, caseRow{name: pr.Case, one: pr.One, check: "rule", need: minEvidenceRuns,
			seen: func(g *graded) bool { return g.probe == i+1 && g.solved != nil }})
	}
	return rows
}

// cases counts the cases of the grading in the runs whose transcripts
// were read.
func (c *checker) cases(runs []*graded) []CaseCount {
	var out []CaseCount
	for _, row := range c.caseRows() {
		n := 0
		for _, g := range runs {
			if row.seen(g) {
				n++
			}
		}
		out = append(out, CaseCount{Case: row.name, Check: row.check, Seen: n, Need: row.need})
	}
	return out
}

// evidenced reports whether the runs so far hold the evidence the checks
// need: minEvidenceRuns runs made of random mazes, and every case seen in
// its need.
func (c *checker) evidenced(runs []*graded) bool {
	if c.p.random && len(c.runs) < min(minEvidenceRuns, c.s.Runs) {
		return false
	}
	for _, k := range c.cases(runs) {
		if k.Seen < k.Need {
			return false
		}
	}
	return true
}

// unseen returns, for a check that would pass, the check not checked
// when a case it needs was not seen in the runs (they reached the most
// runs, or every run printed the same maze): "not checked: no maze whose
// goal cannot be reached in 80 runs".
func (c *checker) unseen(ck Check, runs []*graded) Check {
	if ck.State != Passed {
		return ck
	}
	var missing []string
	few := false
	for _, row := range c.caseRows() {
		if row.check != ck.Name {
			continue
		}
		n := 0
		for _, g := range runs {
			if row.seen(g) {
				n++
			}
		}
		switch {
		case n == 0:
			missing = append(missing, "no "+row.one)
		case n < row.need:
			few = true
			missing = append(missing, fmt.Sprintf("only %d %s (%d needed)", n, row.name, row.need))
		}
	}
	if len(missing) == 0 {
		return ck
	}
	why := "so the program was never seen to handle one"
	if few {
		why = "too few to tell whether the program follows the assignment there"
	}
	return newCheck(ck.Name, ck.Category, NotChecked, fmt.Sprintf("not checked: %s in %d runs, %s", strings.Join(missing, ", "), len(c.runs), why))
}

// casesText says how many of each case a grading saw: "seen: 6 mazes
// whose goal cannot be reached (1 needed), ...".
func casesText(cases []CaseCount) string {
	var parts []string
	for _, k := range cases {
		parts = append(parts, fmt.Sprintf("%d %s (%d needed)", k.Seen, k.Case, k.Need))
	}
	return "seen: " + strings.Join(parts, ", ")
}
