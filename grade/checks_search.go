package grade

import (
	"fmt"
	"rjm/energy"
	"rjm/exercise"
	"rjm/maze"
	"slices"
	"strconv"
	"strings"
)

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
					t.fail(g, "line %d: %s", g.t.depthLine+r, depthWords(r, col, d, want))
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

// depthWords says, in the student's terms, what their program printed
// for a cell and what the assignment asks: "your program printed depth 7
// for cell (2,3), which the start reaches in 5 jumps at the fewest; the
// assignment asks for the fewest jumps from the start".
func depthWords(r, col, d, want int) string {
	cell := fmt.Sprintf("cell (%d,%d)", r+1, col+1)
	asks := "the assignment asks for the fewest jumps from the start to each cell, and -- for a cell the start cannot reach"
	switch {
	case want < 0:
		return fmt.Sprintf("your program printed depth %s for %s, which the start cannot reach; %s", depthText(d), cell, asks)
	case d < 0:
		return fmt.Sprintf("your program printed -- (not reached) for %s, which the start reaches in %d %s; %s", cell, want, plural(want, "jump", "jumps"), asks)
	}
	return fmt.Sprintf("your program printed depth %d for %s, which the start reaches in %d %s at the fewest; %s", d, cell, want, plural(want, "jump", "jumps"), asks)
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
			t.fail(g, "your program printed no objective; the assignment asks for %s on the line after the depths", energy.Format(want))
			continue
		}
		if v, _ := strconv.ParseFloat(g.t.objective, 64); v != want {
			t.fail(g, "line %d: %s", g.t.objLine, objectiveWords(g.t.objective, want, g.solved.GoalDepth))
		}
	}
	if t.checked == 0 {
		return newCheck("objective", Evaluation, NotChecked, noEvaluation)
	}
	return t.check("objective", Evaluation, fmt.Sprintf("every objective is rjm's (−depth of the goal, or %d when it cannot be reached)", energy.Unsolvable))
}

// objectiveWords says, in the student's terms, what their program
// printed for the objective and what the assignment asks.
func objectiveWords(got string, want float64, goalDepth int) string {
	maze := fmt.Sprintf("a maze whose goal the start reaches in %d %s at the fewest", goalDepth, plural(goalDepth, "jump", "jumps"))
	if goalDepth < 0 {
		maze = "a maze whose goal cannot be reached"
	}
	return fmt.Sprintf("your program printed objective %s for %s; the assignment asks for %s (the goal's depth, negated, or %d when the goal cannot be reached)", got, maze, energy.Format(want), energy.Unsolvable)
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
	alpha := c.alpha()
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
		ck = newCheck("search", Search, Failed, fmt.Sprintf("your program's mazes are worse than a correct search finds with the same answers (median objective %s, where a correct program's is %s): the assignment asks for the best maze of a search that accepts a step when it makes the energy no worse; check how your search accepts a step and keeps the best maze. For the teacher: %s",
			energy.Format(med), energy.Format(refMed), figures))
	case t.d == decidedPass:
		ck = newCheck("search", Search, Passed, "within the margin of rjm's search at the same budget: "+figures)
	case c.last():
		ck = newCheck("search", Search, NotChecked, fmt.Sprintf("not checked: after %d runs, your program's mazes could be told neither as good as a correct search's nor worse. For the teacher: inconclusive, neither p-value below its level: %s", len(c.runs), figures))
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
	level := c.alpha() / float64(c.looks*jumpHypotheses(sizes))
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
		ck = newCheck("jumps", Search, Failed, fmt.Sprintf("cell %v never has jump %s in your program's %d final mazes, while a correct search gives it that often: every legal jump of a cell (one that stays on the board) may be drawn; check the bound of each cell's jumps. For the teacher: rjm's final mazes give it %s %d times in %d; a correct search misses it so often with probability %.2g < %.2g",
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
