package grade

import (
	"fmt"
	"rjm/exercise"
	"slices"
	"strconv"
	"strings"
)

func (c *checker) size(runs []*graded) Check {
	var t tally
	for _, g := range runs {
		t.checked++
		n := g.size
		switch {
		case len(g.t.maze) == 0:
			t.fail(g, "your program printed no maze%s", g.onStderr())
		case len(g.t.maze) != n:
			t.fail(g, "line %d: your program printed %d rows of jumps, where the assignment asks for %d (the size answered)", g.t.mazeLine, len(g.t.maze), n)
		default:
			for k, row := range g.t.maze {
				if len(row) != n {
					t.fail(g, "line %d: your program printed %d jumps in row %d, where the assignment asks for %d", g.t.mazeLine+k, len(row), k+1, n)
					break
				}
			}
		}
	}
	pass := fmt.Sprintf("every maze is %d×%d", exercise.Size, exercise.Size)
	if slices.ContainsFunc(c.p.runs, func(r planned) bool { return r.size != exercise.Size }) || slices.Contains(c.p.ex.Prompts, exercise.SizePrompt) {
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
			t.fail(g, "line %d: your program printed %d in the lower-right cell, where the assignment puts the goal, 0", g.t.mazeLine+n-1, j)
			continue
		}
		for i, j := range g.jumps[:n*n-1] {
			if j == 0 {
				t.fail(g, "line %d: your program printed 0 in cell %v, where the assignment asks for a jump: only the goal (lower-right) holds 0", g.t.mazeLine+i/n, g.board.Cell(i))
				break
			}
		}
	}
	if t.checked == 0 {
		return newCheck("goal", Maze, NotChecked, noMaze)
	}
	return t.check("goal", Maze, "every maze has its goal, 0, in the lower-right corner")
}

func (c *checker) legal(runs []*graded) Check {
	var t tally
	for _, g := range withMaze(runs) {
		t.checked++
		n := g.size
		for i, j := range g.jumps[:n*n-1] {
			if !g.board.Legal(i, j) {
				t.fail(g, "line %d: your program printed jump %d for cell %v, which has no move there; the assignment asks for a legal jump, one that stays on the board (1 to %d there)", g.t.mazeLine+i/n, j, g.board.Cell(i), g.board.MaxJump(i))
				break
			}
		}
	}
	if t.checked == 0 {
		return newCheck("legal", Maze, NotChecked, noMaze)
	}
	return t.check("legal", Maze, "every non-goal cell has a legal jump (one with a move)")
}

// minExpected is the least expected count per category for a group of
// cells to enter the χ² test: below it the test's approximation fails.
const minExpected = 5

// noMaze is the message of the maze checks when no maze of the size asked
// was read.
const noMaze = "not checked: no maze of the size asked was read (see size)"

// noEvaluation is the message of the evaluation checks when no maze could
// be evaluated.
const noEvaluation = "not checked: no maze of the right size with its goal in place to evaluate (see maze)"

// sameMaze starts the message of a statistical check when every run
// printed the same maze, and no run started seconds apart from another
// printed it: a program seeded from a clock that ticks once a second does
// so when its runs start within the second.
const sameMaze = "not checked: every run printed the same maze"

// sameMazeAdvice says what to do about it.
const sameMazeAdvice = "seed the generator once, from RJM_GRADE_SEED or a clock finer than a second"

// constantSeconds is the fewest different seconds in which runs that
// printed the same maze must have started for the program's random
// numbers to count as the same in every run: a program seeded from a
// clock that ticks once a second prints one maze in runs started in at
// most two seconds (a run started late in a second may read the clock in
// the next).
const constantSeconds = 3

// minSpaced is the fewest runs made a second apart before a grading whose
// runs repeated a maze may decide: enough for a program whose random
// numbers never change to repeat one in constantSeconds seconds, even in
// representation, where only runs of the same size can.
const minSpaced = 12

// distinctMazes returns the runs with a maze read whose maze no earlier
// run printed, and whether every run printed the same one.
func distinctMazes(runs []*graded) (out []*graded, same bool) {
	with := withMaze(runs)
	for _, i := range distinct(jumpsOf(with)) {
		out = append(out, with[i])
	}
	return out, len(with) >= 2 && len(out) == 1
}

// jumpsOf returns the mazes of runs whose maze was read.
func jumpsOf(runs []*graded) [][]int {
	mazes := make([][]int, len(runs))
	for i, g := range runs {
		mazes[i] = g.jumps
	}
	return mazes
}

// repeats describes the runs that printed a maze an earlier run printed.
type repeats struct {
	any bool // some run printed a maze an earlier run printed
	// constant holds the runs that printed one maze, if any maze was
	// printed by runs started in constantSeconds different seconds or
	// more: the program's random numbers do not change from run to run.
	constant []*graded
	seconds  int // the different seconds the constant runs started in
}

// mazeRepeats finds the runs that printed a maze an earlier run printed.
// The program's random numbers count as the same in every run when one
// maze was printed by at least half the runs of its size, started in
// constantSeconds different seconds or more: a seed such as time(NULL) ^
// getpid() repeats a maze now and then in runs seconds apart, never in
// most of them.
func mazeRepeats(runs []*graded) repeats {
	var r repeats
	with := withMaze(runs)
	sizes := map[int]int{}
	for _, g := range with {
		sizes[g.size]++
	}
	for _, first := range distinct(jumpsOf(with)) {
		var group []*graded
		seconds := map[int64]bool{}
		for _, g := range with[first:] {
			if slices.Equal(g.jumps, with[first].jumps) {
				group = append(group, g)
				seconds[g.out.started.Unix()] = true
			}
		}
		if len(group) > 1 {
			r.any = true
		}
		most := 2*len(group) >= sizes[with[first].size]
		if most && len(seconds) >= constantSeconds && len(seconds) > r.seconds {
			r.constant, r.seconds = group, len(seconds)
		}
	}
	return r
}

// constantCheck returns the failed check named name when the program's
// random numbers are the same in every run, and false when they are not
// known to be.
func constantCheck(name string, cat Category, runs []*graded, h languageHints) (Check, bool) {
	r := mazeRepeats(runs)
	if r.constant == nil {
		return Check{}, false
	}
	var nums []string
	for _, g := range r.constant[:min(len(r.constant), 6)] {
		nums = append(nums, strconv.Itoa(g.run))
	}
	list := strings.Join(nums, ", ")
	if len(r.constant) > len(nums) {
		list += fmt.Sprintf(" and %d more", len(r.constant)-len(nums))
	}
	return newCheck(name, cat, Failed, fmt.Sprintf("your program printed the same maze in runs %s, started in %d different seconds (each with its own %s and process ID): its random numbers are the same in every run (%s), where the assignment asks for a maze drawn at random; leave the generator unseeded, or seed it from the clock or from %s",
		list, r.seconds, RunSeedEnv, h.seedHint(), RunSeedEnv)), true
}

// mazeNotes returns the notes on runs that printed the same maze.
func (c *checker) mazeNotes(runs []*graded) []string {
	if !c.p.random && !c.p.search {
		return nil
	}
	if mazeRepeats(runs).constant != nil {
		check := "uniform"
		if c.p.search {
			check = "search"
		}
		return []string{"every run printed the same maze, whenever it started: see " + check}
	}
	d, same := distinctMazes(runs)
	with := withMaze(runs)
	var notes []string
	switch {
	case same:
		notes = append(notes, fmt.Sprintf("every run printed the same maze: %s", sameMazeAdvice))
	case len(d) < len(with):
		notes = append(notes, fmt.Sprintf("%d of %d runs printed a maze an earlier run printed; each maze counts once (%s)", len(with)-len(d), len(with), sameMazeAdvice))
	}
	if c.spaced {
		notes = append(notes, "the later runs were made one at a time, a second apart, because runs started within the same second printed the same maze (as a program seeded from a clock that ticks once a second does)")
	}
	return notes
}

func (c *checker) uniform(runs []*graded) Check {
	if ck, ok := constantCheck("uniform", Maze, runs, c.s.hints()); ok {
		return ck
	}
	mazes, same := distinctMazes(runs)
	if same {
		return c.sameCheck("uniform", Maze)
	}
	// Each legal jump is the k-th of a cell's legal jumps; cells with the
	// same number of legal jumps share a group, where every k is equally
	// likely.
	counts := map[int][]int{}
	jumps := 0
	for _, g := range mazes {
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
		return newCheck("uniform", Maze, NotChecked, fmt.Sprintf("not checked: your program's mazes hold too few jumps (%d) to tell whether they are drawn uniformly. For the teacher: too few for the χ² test", jumps))
	}
	level := c.s.Significance / float64(c.looks)
	st := &Stats{Runs: len(mazes), Test: "chi-square", P: p, Level: level, ChiSquare: &stat, DF: df, Jumps: jumps}
	figures := fmt.Sprintf("χ² = %.1f with %d degrees of freedom over %d jumps of %d mazes, p = %.2g", stat, df, jumps, len(mazes), p)
	var ck Check
	switch {
	case p < level:
		g := groups[worst]
		parts := make([]string, len(g))
		for k, n := range g {
			parts[k] = strconv.Itoa(n)
		}
		ck = newCheck("uniform", Maze, Failed, fmt.Sprintf("your program drew some jumps too often and others too seldom: in the cells whose legal jumps are 1 to %d, it drew them %s times; the assignment asks that each cell's jump be drawn uniformly from its legal jumps. For the teacher: %s < %.2g",
			len(g), strings.Join(parts, ", "), figures, level))
	case p >= uniformEnough || c.last():
		ck = newCheck("uniform", Maze, Passed, fmt.Sprintf("the jumps look drawn uniformly from each cell's legal jumps: %s ≥ %.2g", figures, level))
	default:
		ck = newCheck("uniform", Maze, NotChecked, fmt.Sprintf("not checked: after %d runs, your program's jumps could be told neither drawn uniformly nor not. For the teacher: inconclusive, %s, between %.2g and %g", len(c.runs), figures, level, uniformEnough))
	}
	ck.Stats = st
	return ck
}

// sameCheck returns the check named name, not checked because every run
// so far printed the same maze, within a second or two.
func (c *checker) sameCheck(name string, cat Category) Check {
	if c.last() {
		return newCheck(name, cat, NotChecked, fmt.Sprintf("%s: %s", sameMaze, sameMazeAdvice))
	}
	return newCheck(name, cat, NotChecked, "undecided: every run so far printed the same maze")
}

// uniformEnough is the χ² p-value at or above which the uniform check
// decides a pass before its last look.
const uniformEnough = 0.01
