package cli

import (
	"cmp"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"rjm/analysis"
	"rjm/energy"
	"rjm/fault"
	"rjm/generate"
	"rjm/maze"
	"rjm/search"
)

// SizeFlags are --size, --rows and --cols.
type SizeFlags struct{ Size, Rows, Cols int }

// Register adds the flags to c, each n by default.
func (f *SizeFlags) Register(c *cobra.Command, n int) {
	c.Flags().IntVar(&f.Size, "size", n, "board size `N` (N×N)")
	c.Flags().IntVar(&f.Rows, "rows", n, "rows `R` (overrides --size)")
	c.Flags().IntVar(&f.Cols, "cols", n, "columns `C` (overrides --size)")
}

// Board returns the board of the size c's flags give.
func (f *SizeFlags) Board(c *cobra.Command) maze.Board {
	b := maze.Board{Rows: f.Size, Cols: f.Size}
	if c.Flags().Changed("rows") {
		b.Rows = f.Rows
	}
	if c.Flags().Changed("cols") {
		b.Cols = f.Cols
	}
	return b
}

// SearchFlags are the flags that describe a search — board, start and
// goal, method and settings, seed — bound to the generate.Settings they
// fill, and --layout. Spec checks them.
type SearchFlags struct {
	generate.Settings
	Layout string
}

// settingFlags names the flag of each setting of generate.Settings.Given
// whose flag has another name.
var settingFlags = map[string]string{"descents": "restarts"}

// Register adds the flags to c, with generate.Default's values.
func (f *SearchFlags) Register(c *cobra.Command) {
	d := generate.Default()
	fl := c.Flags()
	fl.IntVar(&f.Size, "size", d.Rows, "board size `N` (N×N)")
	fl.IntVar(&f.Rows, "rows", d.Rows, "rows `R` (overrides --size)")
	fl.IntVar(&f.Cols, "cols", d.Cols, "columns `C` (overrides --size)")
	fl.Var(Cell(&f.Start), "start", "start cell `r,c` (1-based); default 1,1")
	fl.Var(Cell(&f.Goal), "goal", "goal cell `r,c` (1-based); default drawn at random from the seed")
	fl.BoolVar(&f.RandomStart, "random-start", false, "place the start at random too")
	fl.BoolVar(&f.RandomGoal, "random-goal", false, "place the goal at random even when --layout marks one")
	fl.TextVar(&f.Variant, "variant", maze.Variant{}, "variant `rules`, comma-separated: "+maze.VariantList())
	fl.StringVar(&f.Layout, "layout", "", "take the board (size, variant, blocked, pass-over and absent cells, walls, start, goal) from the maze text in `FILE`")
	fl.StringVar(&f.Method, "method", d.Method, "search `method`: "+strings.Join(search.MethodNames, ", "))
	fl.IntVar(&f.Iterations, "iterations", d.Iterations, "search iterations `K` (per descent for restarts)")
	fl.IntVar(&f.Descents, "restarts", d.Descents, "restarts: number of hill descents `R`, each from a random maze (R×K iterations in all)")
	fl.Float64Var(&f.P, "p", d.P, "uphill: probability `P` of accepting an uphill step")
	fl.Float64Var(&f.T0, "t0", d.T0, "anneal: initial temperature `T`")
	fl.Float64Var(&f.Decay, "decay", d.Decay, "anneal: geometric temperature decay `D` per iteration")
	fl.Uint64Var(&f.Seed, "seed", 0, "random seed `S` (default: drawn at random and reported)")
}

// Spec returns the generation spec of the flags c was given
// (generate.Settings checks them); the energy is energyName, read by
// analysis.LoadEnergy (@FILE from the file system), unless c has an
// --energy flag the user did not give: then it is the board's default.
func (f *SearchFlags) Spec(c *cobra.Command, energyName string) (generate.Spec, error) {
	if err := Exclusive(c, [2]string{"start", "random-start"}, [2]string{"goal", "random-goal"},
		[2]string{"layout", "size"}, [2]string{"layout", "rows"}, [2]string{"layout", "cols"}); err != nil {
		return generate.Spec{}, err
	}
	// A method or an energy that is none is refused at its flag.
	if c.Flags().Changed("method") && !slices.Contains(search.MethodNames, f.Method) {
		_, err := search.ParseMethod(search.Settings{Method: f.Method})
		return generate.Spec{}, fault.In("--method", err)
	}
	if c.Flags().Changed("energy") {
		if _, err := EnergyFlag(energyName); err != nil {
			return generate.Spec{}, err
		}
	}
	s := f.Settings
	s.Energy, s.ReadEnergyFile = energyName, analysis.ReadEnergyFile
	s.RandomSeed = !c.Flags().Changed("seed")
	s.Given = func(setting string) bool {
		if setting == "energy" && c.Flags().Lookup("energy") == nil {
			return true
		}
		return c.Flags().Changed(cmp.Or(settingFlags[setting], setting))
	}
	if f.Layout != "" {
		// The layout's board, start and goal; its jumps are ignored.
		m, _, err := generate.ReadFile(c.Context(), f.Layout, maze.ParseOptions{Variant: f.Variant})
		if err != nil {
			return generate.Spec{}, fault.In("--layout", err)
		}
		s.Layout = m
	}
	return s.Spec()
}

// EnergyFlagHelp describes the value of an --energy flag.
const EnergyFlagHelp = "energy `E` to minimize: depth, design, weighted:TERM=W,..., priority:TERM>TERM>..., or @FILE holding one"

// EnergyFlag returns the energy the --energy value v gives (see
// analysis.LoadEnergy), reading @FILE from the file system.
func EnergyFlag(v string) (energy.Energy, error) {
	e, err := analysis.LoadEnergy(v, analysis.ReadEnergyFile)
	if err != nil {
		return nil, fault.In("--energy", err)
	}
	return e, nil
}
