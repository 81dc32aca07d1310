package grade

import "strings"

// Feedback a teacher can release: with Job.Hide, the feedback and
// Gradescope's results.json keep the grading's answers, its seed and
// rjm's reference figures to themselves (a student who saw them could
// answer the test, not the assignment); the gradebook's JSON, the
// teacher's, keeps everything.

// hiddenWords are the messages of the checks whose own say rjm's
// figures (its reference's medians and counts, the χ² statistic), by
// check and state, in the student's terms: what their program did and
// what the assignment asks.
var hiddenWords = map[string]map[State]string{
	"search": {
		Passed: "the mazes your program printed are as good as a correct search finds with the same answers",
		Failed: "the mazes your program printed are worse than a correct search finds with the same answers: check how your search accepts a step and keeps the best maze",
	},
	"uniform": {
		Passed: "your mazes' jumps are drawn uniformly from each cell's legal jumps",
		Failed: "your mazes' jumps are not drawn uniformly from each cell's legal jumps: some come too often, others too seldom",
	},
	"jumps": {
		Passed: "every cell of your final mazes gets the jumps a correct search gives it",
	},
}

// teacherPart starts the part of a check's message that is the
// teacher's: the statistics' names and rjm's figures, after what the
// student's program did and what the assignment asks.
const teacherPart = ". For the teacher:"

// hide returns a copy of the report to release: no answers, seed or
// reference figures in its runs, and hiddenWords for the checks that
// quote rjm's figures (a failed jumps check keeps the cell and jump it
// names, not rjm's counts).
func (r *Report) hide() *Report {
	h := *r
	h.Seed, h.hidden = 0, true
	h.Checks = make([]Check, len(r.Checks))
	for i, c := range r.Checks {
		c.Stats = nil
		if w, ok := hiddenWords[c.Name][c.State]; ok {
			c.Message = w
		} else if k := strings.Index(c.Message, " (the CPU limit, "); c.Name == "time" && k > 0 {
			c.Message = c.Message[:k] // not rjm's own run's time
		} else if k := strings.Index(c.Message, teacherPart); k > 0 {
			c.Message = c.Message[:k] // the figures, the teacher's
		}
		h.Checks[i] = c
	}
	h.Details = make([]RunDetail, len(r.Details))
	for i, d := range r.Details {
		d.Answers, d.Reference = []string{}, nil
		h.Details[i] = d
	}
	return &h
}

// hide hides every report of the course's students (Report.hide).
func (b *CourseBook) hide() {
	b.Seed, b.hidden = 0, true
	for i := range b.Students {
		for k := range b.Students[i].Exercises {
			if g := b.Students[i].Exercises[k].Grade; g != nil {
				c := *g
				c.Report = g.Report.hide()
				b.Students[i].Exercises[k].Grade = &c
			}
		}
	}
}

// hide hides every report of the class's students (Report.hide).
func (g *Gradebook) hide() {
	g.Seed, g.hidden = 0, true
	for i := range g.Students {
		g.Students[i].Report = g.Students[i].Report.hide()
	}
}
