package main

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rjm/energy"
	"rjm/generate"
	"rjm/maze"
	"rjm/search"
)

// generateJSON is the --json form of "rjm generate".
type generateJSON struct {
	Maze          string       `json:"maze"`
	Rows          int          `json:"rows"`
	Cols          int          `json:"cols"`
	Start         [2]int       `json:"start"`
	Goal          [2]int       `json:"goal"`
	ID            string       `json:"id"`
	SeededID      string       `json:"seeded_id"`
	Seed          uint64       `json:"seed"`
	Method        string       `json:"method"`
	EnergyName    string       `json:"energy_name"`
	Energy        float64      `json:"energy"`
	GoalDepth     *int         `json:"goal_depth"`
	Solution      string       `json:"solution"`
	ShortestPaths int64        `json:"shortest_paths"`
	Unique        bool         `json:"unique"`
	Stats         search.Stats `json:"stats"`
	Jumps         [][]int      `json:"jumps"`
}

// generateFlags holds the flags that make a generate.Spec.
type generateFlags struct {
	size, rows, cols int
	start, goal      string
	randomStart      bool
	method, energy   string
	iterations       int
	restarts         int
	p, t0, decay     float64
	seed             uint64
	id               string
}

func (f *generateFlags) register(c *cobra.Command) {
	fl := c.Flags()
	fl.IntVar(&f.size, "size", 5, "maze size `N` (N×N)")
	fl.IntVar(&f.rows, "rows", 0, "rows `R` (overrides --size)")
	fl.IntVar(&f.cols, "cols", 0, "columns `C` (overrides --size)")
	fl.StringVar(&f.start, "start", "", "start cell `r,c` (1-based); default 1,1")
	fl.StringVar(&f.goal, "goal", "", "goal cell `r,c` (1-based); default the lower-right corner")
	fl.BoolVar(&f.randomStart, "random-start", false, "place the start at random")
	fl.StringVar(&f.method, "method", generate.Hill, "search `method`: "+strings.Join(generate.Methods, ", "))
	fl.IntVar(&f.iterations, "iterations", 25_000, "search iterations `K` (per descent for restarts)")
	fl.IntVar(&f.restarts, "restarts", 10, "restarts: number of hill descents `R`, each from a random maze (R×K iterations in all)")
	fl.Float64Var(&f.p, "p", 0.005, "uphill: probability `P` of accepting an uphill step")
	fl.Float64Var(&f.t0, "t0", 10, "anneal: initial temperature `T`")
	fl.Float64Var(&f.decay, "decay", 0.9995, "anneal: geometric temperature decay `D` per iteration")
	fl.StringVar(&f.energy, "energy", "depth", "energy `NAME` to minimize")
	fl.Uint64Var(&f.seed, "seed", 0, "random seed `S` (default: drawn at random and reported)")
	fl.StringVar(&f.id, "id", "", "regenerate from a seeded `ID` (as printed by generate); other flags are ignored")
}

// spec builds the generation spec from the flags.
func (f *generateFlags) spec(c *cobra.Command) (generate.Spec, error) {
	s := generate.Spec{
		Rows: f.size, Cols: f.size, Method: f.method, Iterations: f.iterations,
		Descents: f.restarts, P: f.p, T0: f.t0, Decay: f.decay, Energy: f.energy,
		RandomStart: f.randomStart, Seed: f.seed,
	}
	if f.id != "" {
		return generate.ParseSpec(f.id, generate.Spec{})
	}
	if f.rows != 0 || f.cols != 0 {
		s.Rows, s.Cols = f.rows, f.cols
		if s.Rows == 0 {
			s.Rows = f.size
		}
		if s.Cols == 0 {
			s.Cols = f.size
		}
	}
	for _, x := range []struct {
		flag, val string
		dst       **maze.Cell
	}{{"--start", f.start, &s.Start}, {"--goal", f.goal, &s.Goal}} {
		if x.val == "" {
			continue
		}
		cell, err := maze.ParseCell(x.val)
		if err != nil {
			return s, fmt.Errorf("%s: %w", x.flag, err)
		}
		*x.dst = &cell
	}
	if !c.Flags().Changed("seed") {
		s.Seed = randomSeed()
	}
	if s.Iterations < 0 || s.Iterations > search.MaxIterations {
		return s, fmt.Errorf("--iterations %d out of range 0..%d", s.Iterations, search.MaxIterations)
	}
	return s, nil
}

func newGenerateCmd(e *env) *cobra.Command {
	var f generateFlags
	var asJSON bool
	c := &cobra.Command{
		Use:   "generate",
		Short: "Generate a maze by stochastic local search",
		Long: `Generate searches the space of maze configurations for a low-energy maze and
prints it with its evaluation. Every run is reproducible: the seeded ID it
prints regenerates the same maze (rjm generate --id ID).

Methods (seed 000 and 004): hill (hill descent), first-choice (first-choice
gradient descent: keeps the best only on strict improvement), restarts (hill
descent with random restarts), uphill (hill descent with random uphill steps
of probability --p), anneal (simulated annealing from --t0 with decay --decay).`,
		Example: `  rjm generate --size 5 --method hill --iterations 10000 --seed 1
  rjm generate --rows 6 --cols 8 --method anneal --t0 5 --decay 0.999 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			spec, err := f.spec(cmd)
			if err != nil {
				return badInput(err)
			}
			if err := spec.Validate(); err != nil {
				return badInput(err)
			}
			if _, err := generate.EnergyByName(spec.Energy); err != nil {
				return badInput(err)
			}
			total := spec.Iterations
			if spec.Method == generate.Restarts {
				total *= spec.Descents
			}
			progress, done := newProgress(e, "searching", total)
			res, err := generate.Run(e.ctx, spec, progress)
			done()
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(e, newGenerateJSON(res))
			}
			_, err = fmt.Fprint(e.stdout, generateText(res))
			return err
		},
	}
	f.register(c)
	c.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	return c
}

func newGenerateJSON(r *generate.Result) generateJSON {
	m, s := r.Maze, r.Solved
	id, _ := m.ID()
	j := generateJSON{
		Maze: m.String(), Rows: m.Rows, Cols: m.Cols,
		Start: m.CellJSON(m.Start), Goal: m.CellJSON(m.Goal),
		ID: id, SeededID: r.Spec.String(), Seed: r.Spec.Seed,
		Method: r.Spec.Method, EnergyName: r.Spec.Energy, Energy: r.Energy,
		Solution: s.Letters(), ShortestPaths: s.Paths, Unique: s.Unique(),
		Stats: r.Stats, Jumps: m.JSON().Jumps,
	}
	if s.Solvable() {
		d := s.GoalDepth
		j.GoalDepth = &d
	}
	return j
}

func generateText(r *generate.Result) string {
	var b strings.Builder
	m, s := r.Maze, r.Solved
	b.WriteString(m.String())
	b.WriteByte('\n')
	if s.Solvable() {
		fmt.Fprintf(&b, "Shortest solution: %d moves: %s\n", s.GoalDepth, s.Letters())
		if s.Unique() {
			b.WriteString("Shortest solutions: 1 (unique)\n")
		} else {
			fmt.Fprintf(&b, "Shortest solutions: %d\n", s.Paths)
		}
	} else {
		b.WriteString("No solution: no maze with a solution was found.\n")
	}
	fmt.Fprintf(&b, "Energy (%s): %s\n", r.Spec.Energy, energy.Format(r.Energy))
	id, _ := m.ID()
	fmt.Fprintf(&b, "ID: %s\n", id)
	fmt.Fprintf(&b, "Seeded ID: %s\n", r.Spec)
	st := r.Stats
	fmt.Fprintf(&b, "Search: %s, %d iterations, %d accepted (%d uphill), %d restarts, %d improvements\n",
		r.Spec.Method, st.Iterations, st.Accepted, st.Uphill, st.Restarts, st.Improved)
	return b.String()
}

// randomSeed draws a seed for runs that were given none; the seed is
// always reported, so every run can be repeated.
func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) >> 1
}
