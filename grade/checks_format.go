package grade

import (
	"errors"
	"fmt"
	"strings"
)

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
		t.fail(g, "line 1: your program printed %q, where the assignment asks for %q (each prompt ends with a space and no line break, and the maze follows on its line)%s", short(got), short(want+first), g.onStderr())
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
		if g.viaStderr {
			t.fail(g, "no transcript on standard output%s (the other checks read it there)", g.onStderr())
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

// reprompt checks the run that gives invalid answers first (the
// exercise's Invalid). Unless the exercise's MayRefuse is set (a search,
// given an answer that is not a number: the assignment asks only for
// valid input), the program must ask again (the size of representation);
// it must never loop on them.
func (c *checker) reprompt(g *graded) Check {
	if g.out.stopped != nil && (errors.Is(g.out.stopped, errSkipped) || c.stoppedAlike(g)) {
		return newCheck("reprompt", Format, NotChecked, fmt.Sprintf("not checked: run %d, with invalid answers, was stopped as other runs were: %s (see limits)", g.run, g.status()))
	}
	if g.out.stopped == nil && !g.readable() && g.promptsFound() == 0 {
		// A program that ended before its first prompt never read the
		// invalid answer: its run shows nothing of how it handles one.
		return newCheck("reprompt", Format, NotChecked, fmt.Sprintf("not checked: run %d, with invalid answers, ended before its first prompt: %s (see exit)", g.run, g.status()))
	}
	if !c.p.ex.MayRefuse {
		what := fmt.Sprintf("answered %s and %d, your program", strings.Join(c.p.ex.Invalid, ", "), g.size)
		asked := g.promptsFound()
		// A run whose transcript is whole is judged on it, however it
		// exited: the exit status is the exit check's business.
		switch {
		case g.out.stopped != nil:
			return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s was stopped: %s (an invalid answer is asked again)", g.run, what, stopWords(g)))
		case !g.readable() && asked >= len(g.prompts):
			return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s asked again after each invalid answer, then ended before printing its %d×%d maze: %s", g.run, what, g.size, g.size, g.status()))
		case !g.readable():
			return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s prompted %d %s, where the assignment asks %d times (an invalid answer is asked again), then ended: %s", g.run, what, asked, plural(asked, "time", "times"), len(g.prompts), g.status()))
		case g.t.prompts < len(g.prompts):
			return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s prompted %d %s, where the assignment asks %d times (an invalid answer is asked again)", g.run, what, g.t.prompts, plural(g.t.prompts, "time", "times"), len(g.prompts)))
		case g.jumps == nil:
			return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s printed %d rows, want a %d×%d maze", g.run, what, len(g.t.maze), g.size, g.size))
		}
		return newCheck("reprompt", Format, Passed, fmt.Sprintf("run %d, %s asked again after each invalid answer and printed its %d×%d maze%s", g.run, what, g.size, g.size, g.exitedAfter()))
	}
	what := fmt.Sprintf("answered %s, the program", strings.Join(g.answers, ", "))
	prompt := strings.TrimSpace(g.prompts[0])
	invalid := strings.Join(c.p.ex.Invalid, ", ")
	// The prompts come first: a program that asked again and then failed
	// did not refuse the answer (its exit status is the exit check's
	// business).
	again := c.askedAgain(g)
	switch {
	case g.out.stopped != nil:
		return newCheck("reprompt", Format, Failed, fmt.Sprintf("run %d, %s was stopped: %s: an answer that is not a number must be asked again or refused, not looped on", g.run, what, stopWords(g)))
	case again && g.readable():
		return newCheck("reprompt", Format, Passed, fmt.Sprintf("run %d, %s asked %q again after %q and went on%s", g.run, what, prompt, invalid, g.exitedAfter()))
	case again:
		return newCheck("reprompt", Format, Passed, fmt.Sprintf("run %d, %s asked %q again after %q, then ended before a whole transcript: %s (see exit)", g.run, what, prompt, invalid, g.status()))
	case !g.readable():
		return newCheck("reprompt", Format, Passed, fmt.Sprintf("run %d, %s refused %q and ended (%s): allowed, the assignment asks only for valid input (rjm asks again)", g.run, what, invalid, g.status()))
	}
	return newCheck("reprompt", Format, Passed, fmt.Sprintf("run %d, %s went on without asking %q again (allowed, the assignment asks only for valid input; rjm asks again)%s", g.run, what, prompt, g.exitedAfter()))
}

// askedAgain reports whether the program asked its first prompt again
// after the invalid answers of run g.
func (c *checker) askedAgain(g *graded) bool {
	asked := g.promptsFound()
	if g.t != nil {
		asked = g.t.prompts
	}
	return asked > len(c.p.ex.Invalid)
}

// promptsFound returns how many of the run's planned prompts its standard
// output holds, in order (its transcript's count, for a run whose
// transcript was not read).
func (g *graded) promptsFound() int {
	out, n := string(g.out.stdout), 0
	for _, p := range g.prompts {
		k := strings.Index(out, strings.TrimSpace(p))
		if k < 0 {
			break
		}
		out = out[k+len(strings.TrimSpace(p)):]
		n++
	}
	return n
}

// exitedAfter says, for a run that exited with a status other than 0
// after a whole transcript, how it exited: "; it then exited with status
// 1 (see exit)"; "" for one that exited with status 0.
func (g *graded) exitedAfter() string {
	if !g.complete {
		return ""
	}
	w := exitWords(g.out.exitErr)
	if code, ok := strings.CutPrefix(w, "exit status "); ok {
		return "; it then exited with status " + code + " (see exit)"
	}
	return "; it was then " + w + " (see exit)"
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
	answers := strings.Join(t.answers, ", ")
	fail := func(what string) Check {
		ck := newCheck("terminal", Format, Failed, fmt.Sprintf("on a terminal, answering %s: %s", answers, what))
		ck.Output = tail(strings.ReplaceAll(t.output, "\r\n", "\n"), 4096)
		return ck
	}
	switch {
	case t.skipped != "":
		return newCheck("terminal", Format, NotChecked, "not checked: the terminal run was not made: "+t.skipped)
	case t.problem != "":
		return fail(t.problem)
	case t.exit == "":
		// Cancelled: the grading's error says so.
		return newCheck("terminal", Format, NotChecked, "not checked: the terminal run was not made")
	case t.exit == "exit status 0" && !t.maze:
		return fail("after the answers were typed the program ended (exit status 0) without printing its maze")
	}
	ended := "the program printed its maze and ended"
	if !t.maze {
		ended = "the program ended with " + t.exit + " before printing a maze"
	} else if t.exit != "exit status 0" {
		ended += " with " + t.exit
	}
	if t.exit != "exit status 0" {
		// An exit status other than 0 is the exit check's business when
		// the piped runs show it too; on a terminal only, this one's.
		if c.limits()[1].State == Passed {
			return fail(ended + ", though its runs with the answers piped ended with exit status 0")
		}
		if !t.maze {
			// The run did not get to its end, as the piped runs did
			// not: it shows nothing of how the program reads a
			// terminal's answers.
			return newCheck("terminal", Format, NotChecked, fmt.Sprintf("not checked: on a terminal, answering %s, %s (see exit)", answers, ended))
		}
		ended += " (see exit)"
	}
	return newCheck("terminal", Format, Passed, fmt.Sprintf("on a terminal, each answer (%s) typed at its prompt, %s", answers, ended))
}
