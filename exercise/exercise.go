// Package exercise runs the programs of the Model AI assignment "Rook
// Jumping Maze Generation for AI Education" (Neller) with their exact
// prompts and output formats, so that a teacher can diff a student's
// transcript against this one:
//
//	representation  "Rook Jumping Maze size (5-10)? " then a random n×n maze
//	evaluation      a random 5×5 maze, a blank line, "Moves from start:",
//	                the depth grid, a blank line, the objective
//	hill-descent    "Iterations? "
//	restarts        "Iterations? ", "Hill descents? "
//	uphill          "Iterations? ", "Uphill step probability? "
//	annealing       "Iterations? ", "Initial temperature? ", "Decay rate? "
//
// Each prompt is printed as the assignment states it, with a trailing
// space and no line break (the reference program's print, not println):
// on a terminal the answer is typed on the prompt's line, and with answers
// piped in the output runs on after the prompt ("Rook Jumping Maze size
// (5-10)? 3 2 4 4 4", "Iterations? Hill descents? "). Answers are read a
// line at a time (a line ends at LF, CR LF or a lone CR) of at most
// MaxAnswer bytes. IO.Out receives the transcript; a caller that wants only the
// Result (as "rjm exercise --json" does) may send the transcript to the
// error stream instead. An invalid answer is reported on the error stream and the prompt
// repeated; running out of input is an error. Mazes are printed with jump
// numbers separated by a single space and the goal's jump 0, as the
// assignment's examples show.
package exercise

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"rjm/energy"
	"rjm/graph"
	"rjm/maze"
	"rjm/search"
	"rjm/solve"
)

// Prompt is one question of an exercise: its text, exactly as printed
// (with its trailing space), and the answer it wants.
type Prompt struct {
	Text string
	Want string
}

// Exercise is one program of the assignment: its name, its prompts in
// order, and whether it prints a random maze or the result of a search.
type Exercise struct {
	Name    string
	Prompts []Prompt
	Random  bool // the maze printed is drawn at random
	Search  bool // the maze printed is a search's best
	// Problem is the assignment's title of the exercise ("Problem 1",
	// "Extra Credit 1"), Points its points there, Extra whether they are
	// extra credit.
	Problem string
	Points  float64
	Extra   bool
	// Files are the names a student's file for the exercise may have,
	// without extension, lower case and without "-" and "_"
	// ("hilldescent" for HillDescent.java and hill_descent.py).
	Files []string
}

// The prompts, each once: the exercises below and the grader (package
// grade) take them from here.
var (
	sizePrompt        = Prompt{"Rook Jumping Maze size (5-10)? ", "an integer from 5 to 10"}
	iterationsPrompt  = Prompt{"Iterations? ", "an integer from 1 to the search's limit"}
	descentsPrompt    = Prompt{"Hill descents? ", "an integer from 1 up"}
	uphillPrompt      = Prompt{"Uphill step probability? ", "a probability from 0 to 1"}
	temperaturePrompt = Prompt{"Initial temperature? ", "a positive number"}
	decayPrompt       = Prompt{"Decay rate? ", "a number above 0 and at most 1"}
)

// Table is the exercises in the order of the assignment: the one table of
// their names and prompts.
var Table = []Exercise{
	{Name: "representation", Prompts: []Prompt{sizePrompt}, Random: true,
		Problem: "Problem 1", Points: 20, Files: []string{"representation", "repr", "problem1", "p1"}},
	{Name: "evaluation", Random: true,
		Problem: "Problem 2", Points: 20, Files: []string{"evaluation", "eval", "problem2", "p2"}},
	{Name: "hill-descent", Prompts: []Prompt{iterationsPrompt}, Search: true,
		Problem: "Problem 3", Points: 20, Files: []string{"hilldescent", "hill", "descent", "problem3", "p3"}},
	{Name: "restarts", Prompts: []Prompt{iterationsPrompt, descentsPrompt}, Search: true,
		Problem: "Problem 4", Points: 20, Files: []string{"restarts", "restart", "problem4", "p4"}},
	{Name: "uphill", Prompts: []Prompt{iterationsPrompt, uphillPrompt}, Search: true,
		Problem: "Problem 5", Points: 20, Files: []string{"uphill", "problem5", "p5"}},
	{Name: "annealing", Prompts: []Prompt{iterationsPrompt, temperaturePrompt, decayPrompt}, Search: true,
		Problem: "Extra Credit 1", Points: 20, Extra: true, Files: []string{"annealing", "anneal", "extracredit1", "ec1"}},
}

// Names lists the exercises in the order of the assignment (Table's
// names).
var Names = func() []string {
	var names []string
	for _, e := range Table {
		names = append(names, e.Name)
	}
	return names
}()

// Lookup returns the exercise of the given name.
func Lookup(name string) (Exercise, bool) {
	for _, e := range Table {
		if e.Name == name {
			return e, true
		}
	}
	return Exercise{}, false
}

// IO is where an exercise reads answers and writes its transcript.
type IO struct {
	In     io.Reader
	Out    io.Writer // the transcript: prompts and results
	Errors io.Writer // complaints about invalid answers
}

// ErrNoAnswer is returned (wrapped) when the input ends before a valid
// answer to a prompt, or an answer is longer than MaxAnswer.
var ErrNoAnswer = errors.New("no valid answer")

// MaxAnswer is the longest answer line read, in bytes: a longer one (or
// endless input without a line break) is an error, not read whole.
const MaxAnswer = 1024

// Result is what an exercise printed last: its maze and, for every
// exercise but representation, the maze's solution.
type Result struct {
	Maze   *maze.Maze
	Solved *solve.Result // nil for representation
}

// ErrUnknown is returned (wrapped) for an exercise name not in Names.
var ErrUnknown = errors.New("unknown exercise")

// Run runs the named exercise with random numbers from rng, on the
// assignment's boards.
func Run(ctx context.Context, name string, io IO, rng *rand.Rand) (*Result, error) {
	return Options{}.Run(ctx, name, io, rng)
}

// Options change the boards the exercises work on. The zero value is the
// assignment's: plain rook boards, start upper-left, goal lower-right.
type Options struct {
	// Variant applies variant rules to every board (see maze.Variant): the
	// prompts stay the same, the maze text gains its variant line, and
	// the start and goal are the board's defaults (the goal of an
	// exit-ring board is the exit).
	Variant maze.Variant
}

// Run runs the named exercise with random numbers from rng.
func (o Options) Run(ctx context.Context, name string, io IO, rng *rand.Rand) (*Result, error) {
	if err := o.Variant.Validate(); err != nil {
		return nil, err
	}
	x := &session{io: io, in: bufio.NewReader(io.In), rng: rng, ctx: ctx, variant: o.Variant}
	var err error
	switch name {
	case "representation":
		err = x.representation()
	case "evaluation":
		err = x.evaluation()
	case "hill-descent":
		err = x.hillDescent()
	case "restarts":
		err = x.restarts()
	case "uphill":
		err = x.uphill()
	case "annealing":
		err = x.annealing()
	default:
		return nil, fmt.Errorf("exercise: %w %q (want one of %s)", ErrUnknown, name, strings.Join(Names, ", "))
	}
	if err != nil {
		return nil, err
	}
	return &x.result, nil
}

type session struct {
	io      IO
	in      *bufio.Reader
	rng     *rand.Rand
	ctx     context.Context
	variant maze.Variant
	result  Result
	afterCR bool // the last byte read ended a line with CR
}

// board returns the n×n board of the session's variant.
func (x *session) board(n int) maze.Board {
	return maze.Board{Rows: n, Cols: n, Variant: x.variant}
}

// Size is the board of every exercise after Maze Representation.
const Size = 5

func (x *session) representation() error {
	n, err := x.askInt(sizePrompt.Text, 5, 10)
	if err != nil {
		return err
	}
	b := x.board(n)
	m, err := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), x.rng)
	if err != nil {
		return err
	}
	x.result.Maze = m
	_, err = io.WriteString(x.io.Out, m.Text(maze.TextOptions{GoalZero: true}))
	return err
}

func (x *session) evaluation() error {
	b := x.board(Size)
	m, err := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), x.rng)
	if err != nil {
		return err
	}
	return x.printEvaluation(m)
}

// printEvaluation prints m by the Maze Evaluation output specification.
func (x *session) printEvaluation(m *maze.Maze) error {
	r := solve.Solve(graph.MustCompile(m.Board), m)
	x.result = Result{Maze: m, Solved: r}
	_, err := fmt.Fprintf(x.io.Out, "%s\nMoves from start:\n%s\n%s\n",
		m.Text(maze.TextOptions{GoalZero: true}), solve.DepthText(m.Board, r.Depth),
		energy.Format(energy.Objective(r.GoalDepth)))
	return err
}

func (x *session) hillDescent() error {
	iters, err := x.askInt(iterationsPrompt.Text, 1, search.MaxIterations)
	if err != nil {
		return err
	}
	return x.search(search.HillDescent{Iterations: iters})
}

func (x *session) restarts() error {
	iters, err := x.askInt(iterationsPrompt.Text, 1, search.MaxIterations)
	if err != nil {
		return err
	}
	descents, err := x.askInt(descentsPrompt.Text, 1, search.MaxIterations/iters)
	if err != nil {
		return err
	}
	return x.search(search.Restarts{Descents: descents, Iterations: iters})
}

func (x *session) uphill() error {
	iters, err := x.askInt(iterationsPrompt.Text, 1, search.MaxIterations)
	if err != nil {
		return err
	}
	p, err := x.askFloat(uphillPrompt.Text, uphillPrompt.Want, func(v float64) bool { return v >= 0 && v <= 1 })
	if err != nil {
		return err
	}
	return x.search(search.Uphill{Iterations: iters, P: p})
}

func (x *session) annealing() error {
	iters, err := x.askInt(iterationsPrompt.Text, 1, search.MaxIterations)
	if err != nil {
		return err
	}
	t0, err := x.askFloat(temperaturePrompt.Text, temperaturePrompt.Want, func(v float64) bool { return v > 0 && !math.IsInf(v, 0) })
	if err != nil {
		return err
	}
	d, err := x.askFloat(decayPrompt.Text, decayPrompt.Want, func(v float64) bool { return v > 0 && v <= 1 })
	if err != nil {
		return err
	}
	return x.search(search.Anneal{Iterations: iters, T0: t0, Decay: d})
}

// search runs a method on a 5×5 maze with the simple objective and
// prints the best maze by the Maze Evaluation output specification.
func (x *session) search(method search.Method) error {
	b := x.board(Size)
	p := search.Problem{Graph: graph.MustCompile(b), Start: b.Index(maze.DefaultStart(b)), Goal: b.Index(maze.DefaultGoal(b)), Energy: energy.Depth{}}
	res, err := method.Search(x.ctx, p, x.rng)
	if err != nil {
		return err
	}
	return x.printEvaluation(res.Best)
}

// ask prints prompt and returns the first answer parse accepts,
// complaining about the others.
func (x *session) ask(prompt, want string, parse func(string) bool) error {
	name := strings.TrimSpace(prompt)
	for {
		if _, err := io.WriteString(x.io.Out, prompt); err != nil {
			return err
		}
		line, err := x.readLine()
		if ctxErr := x.ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		if errors.Is(err, errLong) {
			return fmt.Errorf("exercise: %w to %q: the answer is longer than %d bytes", ErrNoAnswer, name, MaxAnswer)
		}
		answer := strings.TrimSpace(line)
		if answer != "" && parse(answer) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("exercise: %w to %q (want %s)", ErrNoAnswer, name, want)
		}
		fmt.Fprintf(x.io.Errors, "invalid answer %q: want %s\n", maze.Short(answer), want)
	}
}

var errLong = errors.New("answer too long")

// readLine reads one answer line, which ends at LF, CR LF or a lone CR,
// and fails with errLong after MaxAnswer bytes without a line break; at
// the end of the input it returns what it read and io.EOF (or the
// reader's error).
func (x *session) readLine() (string, error) {
	var b strings.Builder
	for {
		c, err := x.in.ReadByte()
		if err != nil {
			return b.String(), err
		}
		afterCR := x.afterCR
		x.afterCR = c == '\r'
		switch {
		case c == '\n' && afterCR && b.Len() == 0:
			continue // the LF of a CR LF: the line ended at the CR
		case c == '\n' || c == '\r':
			return b.String(), nil
		}
		if b.Len() == MaxAnswer {
			return "", errLong
		}
		b.WriteByte(c)
	}
}

func (x *session) askInt(prompt string, lo, hi int) (int, error) {
	var v int
	want := fmt.Sprintf("an integer from %d to %d", lo, hi)
	err := x.ask(prompt, want, func(s string) bool {
		n, err := strconv.Atoi(s)
		v = n
		return err == nil && n >= lo && n <= hi
	})
	return v, err
}

func (x *session) askFloat(prompt, want string, ok func(float64) bool) (float64, error) {
	var v float64
	err := x.ask(prompt, want, func(s string) bool {
		f, err := strconv.ParseFloat(s, 64)
		v = f
		return err == nil && ok(f)
	})
	return v, err
}
