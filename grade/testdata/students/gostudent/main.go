// Command gostudent is a student's programs for "Rook Jumping Maze
// Generation for AI Education", written for rjm's grade tests without
// rjm's code: every exercise, and planted bugs the grader must catch.
//
// Usage: gostudent EXERCISE [BUG]
//
// EXERCISE is representation, evaluation, hill-descent, restarts, uphill or
// annealing. BUG is one of println, depth, positive, offboard, ones,
// nosearch, randomwalk, strict (no sideways steps), hang, crash, flood,
// negunreachable (-1000000 for a goal that cannot be reached), sometimes
// (a worse step taken 15% of the time), norestart (restarts: one descent
// of every iteration), noreset (restarts: each new maze searched with the
// energy the last descent ended with), refuse (uphill: every uphill step
// refused), below1 (uphill: a probability of 1 asked again), quench
// (annealing: every worse step refused), fixed (annealing: a worse step
// taken with probability 0.05).
// When the grader sets RJM_GRADE_SEED, the random numbers are drawn from
// it.
package main

import (
	"bufio"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"
)

const size = 5

var (
	bug    string
	random *rand.Rand
	in     = bufio.NewReader(os.Stdin)
)

type grid [][]int

func ask(prompt string) string {
	if bug == "println" {
		fmt.Println(prompt)
	} else {
		fmt.Print(prompt)
	}
	line, err := in.ReadString('\n')
	if err != nil && line == "" {
		fmt.Fprintln(os.Stderr, "no answer to", prompt)
		os.Exit(2)
	}
	return strings.TrimSpace(line)
}

func maxJump(n, r, c int) int {
	if bug == "typo" && c == 1 {
		return 2 // a typo in the bound: column 2 never gets jumps 3 and 4
	}
	return max(r, n-1-r, c, n-1-c)
}

func randomGrid(n int) grid {
	g := make(grid, n)
	for r := range g {
		g[r] = make([]int, n)
		for c := range g[r] {
			switch bug {
			case "ones":
				g[r][c] = 1
			case "offboard":
				g[r][c] = 1 + random.IntN(n-1)
			default:
				g[r][c] = 1 + random.IntN(maxJump(n, r, c))
			}
		}
	}
	g[n-1][n-1] = 0
	return g
}

func (g grid) clone() grid {
	c := make(grid, len(g))
	for r := range g {
		c[r] = append([]int(nil), g[r]...)
	}
	return c
}

// depths is a breadth-first search from the upper-left corner.
func (g grid) depths() grid {
	n := len(g)
	d := make(grid, n)
	for r := range d {
		d[r] = make([]int, n)
		for c := range d[r] {
			d[r][c] = -1
		}
	}
	d[0][0] = 0
	if bug == "depth" {
		d[0][0] = 1
	}
	queue := [][2]int{{0, 0}}
	for len(queue) > 0 {
		r, c := queue[0][0], queue[0][1]
		queue = queue[1:]
		j := g[r][c]
		if j == 0 {
			continue
		}
		for _, step := range [][2]int{{-j, 0}, {j, 0}, {0, -j}, {0, j}} {
			rr, cc := r+step[0], c+step[1]
			if rr >= 0 && rr < n && cc >= 0 && cc < n && d[rr][cc] < 0 {
				d[rr][cc] = d[r][c] + 1
				queue = append(queue, [2]int{rr, cc})
			}
		}
	}
	return d
}

func (g grid) objective() int {
	n := len(g)
	d := g.depths()[n-1][n-1]
	switch {
	case d < 0 && bug == "negunreachable":
		return -1000000 // the sign of every other objective, wrongly
	case d < 0:
		return 1000000
	case bug == "positive":
		return d
	}
	return -d
}

func (g grid) print() {
	for _, row := range g {
		s := make([]string, len(row))
		for i, j := range row {
			s[i] = strconv.Itoa(j)
		}
		fmt.Println(strings.Join(s, " "))
	}
}

func (g grid) printEvaluation() {
	g.print()
	fmt.Println()
	fmt.Println("Moves from start:")
	for _, row := range g.depths() {
		s := make([]string, len(row))
		for i, d := range row {
			if d < 0 {
				s[i] = "--"
			} else {
				s[i] = fmt.Sprintf("%2d", d)
			}
		}
		fmt.Println(strings.Join(s, " "))
	}
	fmt.Println()
	fmt.Println(g.objective())
}

// descend runs a local search from a random maze; accept decides whether a
// worse maze is taken, given the energies before and after and the
// iteration.
func descend(iterations int, accept func(e, next float64, i int) bool) (grid, int) {
	g := randomGrid(size)
	best, bestE, _ := descendFrom(g, g.objective(), iterations, accept)
	return best, bestE
}

// descendFrom runs a local search from maze g, whose energy the search
// takes to be e, and returns the best maze, its energy and the energy the
// search ended with.
func descendFrom(g grid, e, iterations int, accept func(e, next float64, i int) bool) (grid, int, int) {
	best, bestE := g.clone(), g.objective()
	if bug == "nosearch" {
		return best, bestE, e
	}
	for i := range iterations {
		var r, c int
		for {
			r, c = random.IntN(size), random.IntN(size)
			if r != size-1 || c != size-1 {
				break
			}
		}
		old := g[r][c]
		next := 1 + random.IntN(maxJump(size, r, c)-1)
		if next >= old {
			next++
		}
		g[r][c] = next
		ne := g.objective()
		sideways := ne == e && bug != "strict"
		worse := bug == "sometimes" && random.Float64() < 0.15 // a worse step taken now and then
		if ne < e || sideways || bug == "randomwalk" || worse || accept(float64(e), float64(ne), i) {
			e = ne
			if e <= bestE {
				best, bestE = g.clone(), e
			}
		} else {
			g[r][c] = old
		}
	}
	return best, bestE, e
}

func misbehave() {
	switch bug {
	case "hang":
		time.Sleep(time.Hour)
	case "crash":
		panic("planted crash")
	case "flood":
		for {
			fmt.Println("1 2 3 4 5")
		}
	}
}

func number(s string) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		panic(err)
	}
	return v
}

func main() {
	if len(os.Args) > 2 {
		bug = os.Args[2]
	}
	seed, err := strconv.ParseUint(os.Getenv("RJM_GRADE_SEED"), 10, 64)
	if err != nil {
		seed = uint64(time.Now().UnixNano())
	}
	switch bug {
	case "clock":
		seed = uint64(time.Now().Unix()) // seeded from a clock that ticks once a second
	case "constant":
		seed = 42 // the same random numbers in every run
	}
	random = rand.New(rand.NewPCG(seed, 2010))
	never := func(e, next float64, i int) bool { return false }
	var best grid
	switch os.Args[1] {
	case "representation":
		var n int
		for {
			n, err = strconv.Atoi(ask("Rook Jumping Maze size (5-10)? "))
			if err == nil && n >= 5 && n <= 10 {
				break
			}
		}
		misbehave()
		randomGrid(n).print()
		return
	case "evaluation":
		misbehave()
		randomGrid(size).printEvaluation()
		return
	case "hill-descent":
		iterations := int(number(ask("Iterations? ")))
		misbehave()
		best, _ = descend(iterations, never)
	case "restarts":
		iterations := int(number(ask("Iterations? ")))
		descents := int(number(ask("Hill descents? ")))
		misbehave()
		bestE := math.MaxInt
		switch bug {
		case "norestart": // one descent of every iteration
			best, _ = descend(iterations*descents, never)
		case "noreset": // a new maze each descent, searched as if it had the energy the last one ended with
			e := math.MaxInt
			for k := range descents {
				g := randomGrid(size)
				if k == 0 {
					e = g.objective()
				}
				var b grid
				var be int
				b, be, e = descendFrom(g, e, iterations, never)
				if be <= bestE {
					best, bestE = b, be
				}
			}
		default:
			for range descents {
				g, e := descend(iterations, never)
				if e <= bestE || bug == "lastrestart" {
					best, bestE = g, e
				}
			}
		}
	case "uphill":
		iterations := int(number(ask("Iterations? ")))
		p := number(ask("Uphill step probability? "))
		for bug == "below1" && p >= 1 { // a probability below 1 only, asked again
			p = number(ask("Uphill step probability? "))
		}
		misbehave()
		best, _ = descend(iterations, func(e, next float64, i int) bool {
			return bug != "refuse" && random.Float64() < p // refuse: every uphill step refused
		})
	case "annealing":
		iterations := int(number(ask("Iterations? ")))
		t0 := number(ask("Initial temperature? "))
		decay := number(ask("Decay rate? "))
		misbehave()
		best, _ = descend(iterations, func(e, next float64, i int) bool {
			switch bug {
			case "nodecay":
				decay = 1
			case "quench": // every worse step refused
				return false
			case "fixed": // a worse step taken with a fixed probability
				return random.Float64() < 0.05
			}
			return random.Float64() < math.Exp((e-next)/(t0*math.Pow(decay, float64(i))))
		})
	default:
		fmt.Fprintln(os.Stderr, "unknown exercise", os.Args[1])
		os.Exit(2)
	}
	best.printEvaluation()
}
