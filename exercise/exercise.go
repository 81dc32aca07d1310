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
//
// Table holds one row per exercise with everything that differs between
// them — prompts, the answers a grader gives for a budget, its invalid
// and edge answers, whether an evaluation is printed, the function that
// runs it — and Exercise.Write is the one writer of the output's layout:
// Run and the grader (package grade) read them, and nothing switches on an
// exercise's name.
package exercise

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"rjm/energy"
	"rjm/fault"
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

// Exercise is one program of the assignment: one row of Table, holding
// everything that differs from one exercise to another, for the runner
// (Run) and the grader (package grade) alike.
type Exercise struct {
	Name    string
	Prompts []Prompt
	Random  bool // the maze printed is drawn at random
	Search  bool // the maze printed is a search's best
	// Evaluation is set when the maze is followed by its evaluation (see
	// Write): the depth grid and the objective.
	Evaluation bool
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
	// Answers returns the answers of one run for a search budget of
	// iterations in all (one a prompt), and the size of the maze they
	// ask for; r draws the answers chosen at random (the sizes of
	// representation), and the grader calls it once a run, in order.
	Answers func(iterations int, r *rand.Rand) (answers []string, size int)
	// Invalid are the answers a grader gives the first prompt, in a run
	// of their own, before the valid answers: nil when the exercise has
	// no prompt to give them to. MayRefuse is set when the program may
	// refuse them and end, as the assignment asks only for valid input;
	// otherwise it must ask again.
	Invalid   []string
	MayRefuse bool
	// Edge are the answers of a grader's run at the edge of what the
	// assignment allows (the smallest budget), nil for none.
	Edge []string
	// Probes are the cases a grader's runs must show for the search's
	// rule to be seen at work: answers under which the rule, and not the
	// budget, decides what the search finds (every uphill step accepted,
	// restarts that restart). A program that breaks the rule finds mazes
	// better or worse than rjm's under them; nil for none.
	Probes []Probe
	// Run runs the exercise in a session: it asks the prompts and prints
	// the maze (Session.PrintMaze, Session.PrintEvaluation).
	Run func(x *Session) error
}

// Printed is what an exercise prints after its prompts, as text: the
// maze's rows of jumps (each ending in a line break) and, for an
// evaluation, the depth grid's rows and the objective.
type Printed struct {
	Maze, Depths, Objective string
}

// Write writes what e prints after its prompts, in the assignment's
// layout: the maze; then, when e prints an evaluation, a blank line,
// "Moves from start:", the depth grid, a blank line and the objective.
// The runner prints with it, and the grader compares a transcript with
// its numbers written by it.
func (e Exercise) Write(w io.Writer, p Printed) error {
	if !e.Evaluation {
		_, err := io.WriteString(w, p.Maze)
		return err
	}
	_, err := fmt.Fprintf(w, "%s\n%s\n%s\n%s\n", p.Maze, MovesHeading, p.Depths, p.Objective)
	return err
}

// MovesHeading is the line that heads the depth grid of an evaluation.
const MovesHeading = "Moves from start:"

// The prompts, each once: the exercises below and the grader (package
// grade) take them from here.
var (
	SizePrompt        = Prompt{"Rook Jumping Maze size (5-10)? ", "an integer from 5 to 10"}
	IterationsPrompt  = Prompt{"Iterations? ", "an integer from 1 to the search's limit"}
	DescentsPrompt    = Prompt{"Hill descents? ", "an integer from 1 up"}
	UphillPrompt      = Prompt{"Uphill step probability? ", "a probability from 0 to 1"}
	TemperaturePrompt = Prompt{"Initial temperature? ", "a positive number"}
	DecayPrompt       = Prompt{"Decay rate? ", "a number above 0 and at most 1"}
)

// The answers a grader gives the searches, beside the budget: restarts
// divides it into Descents descents, uphill steps are accepted with
// probability UphillP (often enough that a search which takes them
// wrongly shows it, such as one that leaves the energy of the maze it
// left), and annealing cools from Temperature to about FinalTemperature
// over the budget (where it does well: docs/experiments.md).
const (
	Descents         = 3
	UphillP          = "0.05"
	Temperature      = 1.0
	FinalTemperature = 0.3
)

// Probe is one case of a search's rule that a grader's runs must show,
// and the answers that make the rule show in the maze printed.
type Probe struct {
	// Case names the runs, as a report counts them ("runs where every
	// uphill step is accepted (probability 1)"); One is one of them,
	// after "no".
	Case, One string
	// Rule says, in the assignment's words, what the program must do in
	// them.
	Rule    string
	Answers []string
}

// searchAnswers returns the answers of a search whose later prompts are
// answered by rest, for a budget of iterations.
func searchAnswers(rest func(iterations int) []string) func(int, *rand.Rand) ([]string, int) {
	return func(iterations int, _ *rand.Rand) ([]string, int) {
		return append([]string{strconv.Itoa(iterations)}, rest(iterations)...), Size
	}
}

// notANumber is the invalid answer a grader gives a search's first
// prompt.
var notANumber = []string{"x"}

// Table is the exercises in the order of the assignment: the one table of
// what differs between them. A grader's edge runs answer a budget of 50
// iterations (a progress report every iterations/100 then divides by
// zero) and, for uphill steps, a probability of 0 (every uphill step
// refused).
var Table = []Exercise{
	{Name: "representation", Prompts: []Prompt{SizePrompt}, Random: true,
		Problem: "Problem 1", Points: 20, Files: []string{"representation", "repr", "problem1", "p1"},
		Answers: func(_ int, r *rand.Rand) ([]string, int) {
			n := 5 + r.IntN(6)
			return []string{strconv.Itoa(n)}, n
		},
		Invalid: []string{"4", "11"},
		Run:     (*Session).representation},
	{Name: "evaluation", Random: true, Evaluation: true,
		Problem: "Problem 2", Points: 20, Files: []string{"evaluation", "eval", "problem2", "p2"},
		Answers: func(int, *rand.Rand) ([]string, int) { return nil, Size },
		Run:     (*Session).evaluation},
	{Name: "hill-descent", Prompts: []Prompt{IterationsPrompt}, Search: true, Evaluation: true,
		Problem: "Problem 3", Points: 20, Files: []string{"hilldescent", "hill", "descent", "problem3", "p3"},
		Answers: searchAnswers(func(int) []string { return nil }),
		Invalid: notANumber, MayRefuse: true, Edge: []string{"50"},
		Run: (*Session).hillDescent},
	{Name: "restarts", Prompts: []Prompt{IterationsPrompt, DescentsPrompt}, Search: true, Evaluation: true,
		Problem: "Problem 4", Points: 20, Files: []string{"restarts", "restart", "problem4", "p4"},
		Answers: func(iterations int, _ *rand.Rand) ([]string, int) {
			return []string{strconv.Itoa(max(1, iterations/Descents)), strconv.Itoa(Descents)}, Size
		},
		Invalid: notANumber, MayRefuse: true, Edge: []string{"25", "2"},
		Probes: []Probe{{Case: "runs of 30 descents of 100 iterations (restarts that restart)", One: "run of 30 descents of 100 iterations",
			Rule:    "each hill descent starts again from a new random maze, its energy evaluated afresh, and the best maze of all the descents is kept",
			Answers: []string{"100", "30"}}},
		Run: (*Session).restarts},
	{Name: "uphill", Prompts: []Prompt{IterationsPrompt, UphillPrompt}, Search: true, Evaluation: true,
		Problem: "Problem 5", Points: 20, Files: []string{"uphill", "problem5", "p5"},
		Answers: searchAnswers(func(int) []string { return []string{UphillP} }),
		Invalid: notANumber, MayRefuse: true, Edge: []string{"50", "0"},
		Probes: []Probe{
			{Case: "runs where every uphill step is accepted (probability 1)", One: "run with uphill step probability 1",
				Rule:    "with probability 1 every step is accepted, uphill or not (a random walk that keeps the best maze it met)",
				Answers: []string{"300", "1"}},
			{Case: "runs where every uphill step is refused (probability 0)", One: "run with uphill step probability 0",
				Rule:    "with probability 0 a step that makes the energy worse is refused and one that is no worse accepted (hill descent)",
				Answers: []string{"300", "0"}}},
		Run: (*Session).uphill},
	{Name: "annealing", Prompts: []Prompt{IterationsPrompt, TemperaturePrompt, DecayPrompt}, Search: true, Evaluation: true,
		Problem: "Extra Credit 1", Points: 20, Extra: true, Files: []string{"annealing", "anneal", "extracredit1", "ec1"},
		Answers: searchAnswers(func(iterations int) []string {
			decay := math.Pow(FinalTemperature/Temperature, 1/float64(iterations))
			return []string{strconv.FormatFloat(Temperature, 'f', -1, 64), strconv.FormatFloat(decay, 'f', 6, 64)}
		}),
		Invalid: notANumber, MayRefuse: true, Edge: []string{"50", "1", "0.9"},
		Probes: []Probe{{Case: "runs at a temperature that stays 3 (decay rate 1)", One: "run at temperature 3 and decay rate 1",
			Rule:    "a step no worse is accepted, and a step worse by Δ with probability exp(−Δ/3)",
			Answers: []string{"300", "3", "1"}}},
		Run: (*Session).annealing},
}

// Lookup returns the exercise a word names, Table's row: the word is its
// name ("hill-descent"), or, in any case and with '-' and '_' dropped, one
// of its Files ("p3", "Problem3", "hill_descent"), as a roster or a
// student's file names it. Lookup, Find and List are the one entry point
// to the exercises' names: every front end (rjm exercise, rjm grade, a
// roster) asks them.
func Lookup(word string) (Exercise, bool) {
	for _, e := range Table {
		if e.Name == word {
			return e, true
		}
	}
	w := strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(word))
	for _, e := range Table {
		if slices.Contains(e.Files, w) {
			return e, true
		}
	}
	return Exercise{}, false
}

// Find returns the exercise a word names (Lookup), or for a word that
// names none a *fault.Error of kind fault.ErrNotFound that wraps
// ErrUnknown and lists the names ("unknown exercise "juggling" (want one
// of representation, ...)").
func Find(name string) (Exercise, error) {
	if e, ok := Lookup(name); ok {
		return e, nil
	}
	return Exercise{}, fault.New(fault.ErrNotFound, "", "%w %q (want one of %s)", ErrUnknown, maze.Short(name), strings.Join(List(), ", "))
}

// List returns the names of Table's rows, as they are now, in the order
// of the assignment.
func List() []string {
	var names []string
	for _, e := range Table {
		names = append(names, e.Name)
	}
	return names
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

// ErrUnknown is returned (wrapped) for an exercise name not in Table.
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

// Run runs the named exercise (a row of Table) with random numbers from
// rng.
func (o Options) Run(ctx context.Context, name string, io IO, rng *rand.Rand) (*Result, error) {
	if err := o.Variant.Validate(); err != nil {
		return nil, err
	}
	e, err := Find(name)
	if err != nil {
		return nil, err
	}
	x := &Session{io: io, in: bufio.NewReader(io.In), rng: rng, ctx: ctx, variant: o.Variant}
	if err := e.Run(x); err != nil {
		return nil, err
	}
	return &x.result, nil
}

// Session is one run of an exercise: where its Run asks its prompts and
// prints its maze.
type Session struct {
	io      IO
	in      *bufio.Reader
	rng     *rand.Rand
	ctx     context.Context
	variant maze.Variant
	result  Result
	afterCR bool // the last byte read ended a line with CR
}

// Context returns the run's context.
func (x *Session) Context() context.Context { return x.ctx }

// Rand returns the run's random numbers.
func (x *Session) Rand() *rand.Rand { return x.rng }

// Board returns the n×n board of the session's variant.
func (x *Session) Board(n int) maze.Board {
	return maze.Board{Rows: n, Cols: n, Variant: x.variant}
}

// RandomMaze returns a random n×n maze on the session's board, its start
// and goal the board's defaults.
func (x *Session) RandomMaze(n int) (*maze.Maze, error) {
	b := x.Board(n)
	return maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), x.rng)
}

// Size is the board of every exercise after Maze Representation.
const Size = 5

func (x *Session) representation() error {
	n, err := x.AskInt(SizePrompt, 5, 10)
	if err != nil {
		return err
	}
	m, err := x.RandomMaze(n)
	if err != nil {
		return err
	}
	return x.PrintMaze(m)
}

func (x *Session) evaluation() error {
	m, err := x.RandomMaze(Size)
	if err != nil {
		return err
	}
	return x.PrintEvaluation(m)
}

// PrintMaze prints m, the result, by the exercise's layout (Write)
// without an evaluation.
func (x *Session) PrintMaze(m *maze.Maze) error {
	x.result = Result{Maze: m}
	return Exercise{}.Write(x.io.Out, Printed{Maze: m.Text(maze.TextOptions{GoalZero: true})})
}

// PrintEvaluation prints m, the result, by the Maze Evaluation output
// specification (Write).
func (x *Session) PrintEvaluation(m *maze.Maze) error {
	r := solve.Solve(graph.MustCompile(m.Board), m)
	x.result = Result{Maze: m, Solved: r}
	return Exercise{Evaluation: true}.Write(x.io.Out, Printed{
		Maze:      m.Text(maze.TextOptions{GoalZero: true}),
		Depths:    solve.DepthText(m.Board, r.Depth),
		Objective: energy.Format(energy.Objective(r.GoalDepth)),
	})
}

func (x *Session) hillDescent() error {
	iters, err := x.AskInt(IterationsPrompt, 1, search.MaxIterations)
	if err != nil {
		return err
	}
	return x.Search(search.HillDescent{Iterations: iters})
}

func (x *Session) restarts() error {
	iters, err := x.AskInt(IterationsPrompt, 1, search.MaxIterations)
	if err != nil {
		return err
	}
	descents, err := x.AskInt(DescentsPrompt, 1, search.MaxIterations/iters)
	if err != nil {
		return err
	}
	return x.Search(search.Restarts{Descents: descents, Iterations: iters})
}

func (x *Session) uphill() error {
	iters, err := x.AskInt(IterationsPrompt, 1, search.MaxIterations)
	if err != nil {
		return err
	}
	p, err := x.AskFloat(UphillPrompt, func(v float64) bool { return v >= 0 && v <= 1 })
	if err != nil {
		return err
	}
	return x.Search(search.Uphill{Iterations: iters, P: p})
}

func (x *Session) annealing() error {
	iters, err := x.AskInt(IterationsPrompt, 1, search.MaxIterations)
	if err != nil {
		return err
	}
	t0, err := x.AskFloat(TemperaturePrompt, func(v float64) bool { return v > 0 && !math.IsInf(v, 0) })
	if err != nil {
		return err
	}
	d, err := x.AskFloat(DecayPrompt, func(v float64) bool { return v > 0 && v <= 1 })
	if err != nil {
		return err
	}
	return x.Search(search.Anneal{Iterations: iters, T0: t0, Decay: d})
}

// Search runs a method on a 5×5 maze with the simple objective and
// prints the best maze by the Maze Evaluation output specification.
func (x *Session) Search(method search.Method) error {
	b := x.Board(Size)
	p := search.Problem{Graph: graph.MustCompile(b), Start: b.Index(maze.DefaultStart(b)), Goal: b.Index(maze.DefaultGoal(b)), Energy: energy.Depth{}}
	res, err := method.Search(x.ctx, p, x.rng)
	if err != nil {
		return err
	}
	return x.PrintEvaluation(res.Best)
}

// ask prints prompt and returns the first answer parse accepts,
// complaining about the others.
func (x *Session) ask(prompt, want string, parse func(string) bool) error {
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
			return fault.Invalid("", "%w to %q: the answer is longer than %d bytes", ErrNoAnswer, name, MaxAnswer)
		}
		answer := strings.TrimSpace(line)
		if answer != "" && parse(answer) {
			return nil
		}
		if err != nil {
			return fault.Invalid("", "%w to %q (want %s)", ErrNoAnswer, name, want)
		}
		fmt.Fprintf(x.io.Errors, "invalid answer %q: want %s\n", maze.Short(answer), want)
	}
}

var errLong = errors.New("answer too long")

// readLine reads one answer line, which ends at LF, CR LF or a lone CR,
// and fails with errLong after MaxAnswer bytes without a line break; at
// the end of the input it returns what it read and io.EOF (or the
// reader's error).
func (x *Session) readLine() (string, error) {
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

// AskInt prints p and returns the first answer that is an integer from
// lo to hi, complaining about the others on the error stream.
func (x *Session) AskInt(p Prompt, lo, hi int) (int, error) {
	var v int
	want := fmt.Sprintf("an integer from %d to %d", lo, hi)
	err := x.ask(p.Text, want, func(s string) bool {
		n, err := strconv.Atoi(s)
		v = n
		return err == nil && n >= lo && n <= hi
	})
	return v, err
}

// AskFloat prints p and returns the first answer that is a number ok
// accepts, complaining about the others (wanting p.Want).
func (x *Session) AskFloat(p Prompt, ok func(float64) bool) (float64, error) {
	var v float64
	err := x.ask(p.Text, p.Want, func(s string) bool {
		f, err := strconv.ParseFloat(s, 64)
		v = f
		return err == nil && ok(f)
	})
	return v, err
}
