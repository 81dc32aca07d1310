package grade

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// limits returns the checks of every run's limits: time, exit and
// output, in that order (checkTable's rows take theirs). They are made
// once a checker.
func (c *checker) limits() []Check {
	if c.limited == nil {
		c.limited = c.makeLimits()
	}
	return c.limited
}

func (c *checker) makeLimits() []Check {
	var tt, te, to tally
	slowest, slowestCPU, most := 0.0, 0.0, 0
	exitPass := "every run exited with status 0"
	skipped := 0
	ended, well := 0, 0 // the runs that ended by themselves; of them, those that ended well
	var unended []*graded
	var lingering []string
	for _, g := range c.all {
		tt.checked++
		to.checked++
		if g.invalid {
			// The invalid-answer run is judged by reprompt, save its exit
			// status once its program went on with the valid answers: after a
			// whole transcript, or (a search, which may refuse) after
			// asking again.
			tt.checked--
			to.checked--
			switch {
			case g.complete:
				te.checked++
				te.fail(g, "%s", g.out.afterTranscript())
			case g.out.stopped == nil && g.out.exitErr != nil && c.p.ex.MayRefuse && c.askedAgain(g):
				te.checked++
				te.fail(g, "asked again after %s, then ended: %s", strings.Join(c.p.ex.Invalid, ", "), g.out.describe())
			case !g.ok():
				exitPass = fmt.Sprintf("every run but %d (see reprompt) exited with status 0", g.run)
			}
			continue
		}
		te.checked++
		if g.out.stopped == nil {
			ended++
		} else if !errors.Is(g.out.stopped, errSkipped) {
			unended = append(unended, g)
		}
		if g.readable() {
			well++
		}
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
	if c.s.timeBasis != "" {
		timeCheck.Message += fmt.Sprintf(" (the CPU limit, %v: %s)", c.s.Timeout, c.s.timeBasis)
	}
	if skipped > 0 {
		timeCheck.Message += fmt.Sprintf("; %d later runs were not made", skipped)
	}
	if len(lingering) > 0 {
		c.notes = append(c.notes, fmt.Sprintf("runs %s left a process running that held the output open; it was ended with the run", strings.Join(lingering, ", ")))
	}
	exitCheck := te.check("exit", Limits, exitPass)
	outputCheck := to.check("output", Limits, fmt.Sprintf("every run wrote at most %s (the most: %d bytes)", bytesText(c.s.MaxOutput), most))
	// A pass is evidence only of runs that show it: an exit status of
	// runs that ended by themselves, time and output of runs that ended
	// well (a program that never got to its maze kept within its limits
	// by doing nothing).
	if ended == 0 && exitCheck.State == Passed {
		exitCheck = newCheck("exit", Limits, NotChecked, "not checked: no run ended by itself: "+c.unmade(unended))
	}
	if well == 0 {
		why := "not checked: no run ended well: " + unreadable(c.runs)
		if timeCheck.State == Passed {
			timeCheck = newCheck("time", Limits, NotChecked, why)
		}
		if outputCheck.State == Passed {
			outputCheck = newCheck("output", Limits, NotChecked, why)
		}
	}
	return []Check{timeCheck, exitCheck, outputCheck}
}

// unmade says what became of runs that did not end by themselves, and of
// the runs not made.
func (c *checker) unmade(stopped []*graded) string {
	var skipped []*graded
	for _, g := range c.runs {
		if errors.Is(g.out.stopped, errSkipped) {
			skipped = append(skipped, g)
		}
	}
	return unreadable(append(stopped, skipped...))
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
