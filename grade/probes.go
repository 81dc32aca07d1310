package grade

import (
	"fmt"
	"math"
	"strings"

	"rjm/energy"
)

// The probes: the cases a search's rule must be seen at work in. A
// search's runs at the assignment's budget show how good its mazes are,
// not how it got them: a hill descent with random uphill steps that
// refuses every uphill step finds better mazes than a correct one at
// probability 0.05 (median −17 against −14 at 3,000 iterations), and
// passes search; restarts that never restart find better mazes too. Each
// search exercise's row names, beside its budget, answers under which its
// rule decides what the search finds (exercise.Probe): every uphill step
// accepted (probability 1: a random walk that keeps its best maze, −8 at
// 300 iterations, where a search that refuses them reaches −14), every
// uphill step refused (probability 0), 30 descents of 100 iterations (−14;
// one descent that never restarts reaches −17, restarts that keep the
// energy of the maze they left −12), a temperature that stays 3 (−9;
// worse steps never accepted −14, accepted with a fixed probability −11).
//
// Each probe's runs keep pace with the runs compared with rjm's (one of
// each a run), and the rule check compares their objectives, recomputed
// by rjm, with rjm's own under the same answers, both ways: the probe's
// mazes must be neither better nor worse than the rule gives. It fails
// when the two-sided Mann–Whitney test finds them apart at p < α/(K·P)
// (P probes, K looks) and the Hodges–Lehmann shift is at least
// searchMargin, one move, either way; it passes once the probe's runs were
// seen in minEvidenceRuns (29: a defect that shows in 15% of runs is
// missed at most once in a hundred gradings) and both one-sided tests put
// the shift within probeMargin at p < falsePass/K; the runs go on while
// neither, and at the cap it is not checked, saying how many of each
// probe's runs it saw.

// probeMargin is the shift, in moves, within which a probe's mazes are
// as good as rjm's: the planted defects above are two moves or more away.
const probeMargin = 2.0

// probeRuns returns the readable runs of probe k (from 1) that printed a
// maze rjm evaluated.
func probeRuns(runs []*graded, k int) []*graded {
	return keep(runs, func(g *graded) bool { return g.probe == k && g.solved != nil })
}

// alpha returns the share of Settings.Significance of each of the
// grading's search checks that decide (search and jumps, and rule when the
// exercise has probes): a correct program fails any of them with
// probability at most Significance. (checkTable's rows call it, so it
// counts them by the plan, not by the table.)
func (c *checker) alpha() float64 {
	n := 2.0
	if len(c.p.ex.Probes) > 0 {
		n++
	}
	return c.s.Significance / n
}

// probeTest is the figures of one probe at one look.
type probeTest struct {
	n                           int
	median, refMedian, shift    float64
	pWorse, pBetter, pIn, level float64
	d                           decision
}

// testProbe compares the objectives x of a probe's runs with rjm's y.
func (c *checker) testProbe(x, y []float64) probeTest {
	k := float64(c.looks)
	t := probeTest{n: len(x), median: median(x), refMedian: median(y), shift: hodgesLehmann(x, y)}
	t.level = c.alpha() / (k * float64(len(c.p.ex.Probes)))
	_, t.pWorse = mannWhitney(x, y)
	_, t.pBetter = mannWhitney(y, x)
	_, pNotWorse := mannWhitney(y, shifted(x, -probeMargin))
	_, pNotBetter := mannWhitney(shifted(x, probeMargin), y)
	t.pIn = math.Max(pNotWorse, pNotBetter)
	switch {
	case (t.pWorse < t.level && t.shift >= searchMargin) || (t.pBetter < t.level && t.shift <= -searchMargin):
		t.d = decidedFail
	case len(x) >= minEvidenceRuns && t.pIn < falsePass/k:
		t.d = decidedPass
	}
	return t
}

// rule checks the search's rule in each probe's runs (see above). Its
// message says, in the student's terms, what their program's mazes were
// in each probe and what the assignment asks; the figures follow, for the
// teacher.
func (c *checker) rule(plain []*graded) Check {
	var fails, passes, open, figures []string
	var first *Stats
	for i, pr := range c.p.ex.Probes {
		x := objectives(probeRuns(plain, i+1))
		switch {
		case len(x) == 0:
			open = append(open, fmt.Sprintf("no %s printed a maze rjm can evaluate, so your program was never seen to follow the rule there", pr.One))
			continue
		case len(x) < minSearchRuns:
			open = append(open, fmt.Sprintf("only %d %s printed a maze rjm can evaluate (%d needed)", len(x), pr.Case, minEvidenceRuns))
			continue
		}
		t := c.testProbe(x, c.ref.probes[i])
		figures = append(figures, fmt.Sprintf("answered %s: median objective %s against rjm's %s over %d and %d runs; shift (Hodges–Lehmann) %s; apart: p = %.2g (worse), %.2g (better), fails below %.2g; within %s moves: p = %.2g (passes below %.2g)",
			strings.Join(pr.Answers, ", "), energy.Format(t.median), energy.Format(t.refMedian), t.n, len(c.ref.probes[i]), energy.Format(t.shift), t.pWorse, t.pBetter, t.level, energy.Format(probeMargin), t.pIn, falsePass/float64(c.looks)))
		if first == nil || t.d == decidedFail {
			p := min(t.pWorse, t.pBetter)
			med, ref, shift, margin := t.median, t.refMedian, t.shift, searchMargin
			levelPass := falsePass / float64(c.looks)
			first = &Stats{Runs: t.n, Test: "Mann-Whitney, two-sided", P: p, Level: t.level, PPass: &t.pIn, LevelPass: &levelPass,
				Median: &med, ReferenceMedian: &ref, ReferenceRuns: len(c.ref.probes[i]), Shift: &shift, Margin: &margin}
		}
		switch {
		case t.d == decidedFail:
			how := "better"
			if t.shift > 0 {
				how = "worse"
			}
			fails = append(fails, fmt.Sprintf("in the %s, your program's mazes were %s than the assignment's rule gives (median objective %s, where a correct program's is %s): the assignment asks that %s",
				pr.Case, how, energy.Format(t.median), energy.Format(t.refMedian), pr.Rule))
		case t.d == decidedPass:
			passes = append(passes, pr.Case)
		case t.n < minEvidenceRuns:
			open = append(open, fmt.Sprintf("only %d %s (%d needed)", t.n, pr.Case, minEvidenceRuns))
		default:
			open = append(open, fmt.Sprintf("in the %s, whether your program's mazes are as the rule gives could not be told yet after %d runs", pr.Case, t.n))
		}
	}
	teacher := ""
	if len(figures) > 0 {
		teacher = ". For the teacher: " + strings.Join(figures, "; ")
	}
	var ck Check
	switch {
	case len(fails) > 0:
		ck = newCheck("rule", Search, Failed, strings.Join(fails, "; ")+teacher)
	case len(open) > 0:
		ck = newCheck("rule", Search, NotChecked, "not checked: "+strings.Join(open, "; ")+teacher)
	default:
		ck = newCheck("rule", Search, Passed, "your program's search follows the assignment's rule in the "+strings.Join(passes, " and in the ")+teacher)
	}
	ck.Stats = first
	return ck
}

// objectives returns rjm's objectives of the runs' mazes.
func objectives(runs []*graded) []float64 {
	var out []float64
	for _, g := range runs {
		out = append(out, energy.Objective(g.solved.GoalDepth))
	}
	return out
}
