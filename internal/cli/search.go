package cli

import (
	"cmp"
	"strconv"
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
	return f.spec(c, energyName, f.Settings, f.Layout, "--layout", nil, nil)
}

// spec returns the generation spec of settings s and the layout in the
// file layout (none when ""), flag naming it in an error; given, if not
// nil, says which settings are given in place of c's flags, and seed, if
// not nil, is the seed in place of --seed's.
func (f *SearchFlags) spec(c *cobra.Command, energyName string, s generate.Settings, layout, flag string, given func(string) bool, seed *uint64) (generate.Spec, error) {
	s.Energy, s.ReadEnergyFile = energyName, analysis.ReadEnergyFile
	s.RandomSeed = !c.Flags().Changed("seed")
	if seed != nil {
		s.Seed, s.RandomSeed = *seed, false
	}
	s.Given = func(setting string) bool {
		if given != nil {
			if ok, said := givenSize(setting, given); said {
				return ok
			}
		}
		if setting == "energy" && c.Flags().Lookup("energy") == nil {
			return true
		}
		return c.Flags().Changed(cmp.Or(settingFlags[setting], setting))
	}
	if layout != "" {
		// The layout's board, start and goal; its jumps are ignored.
		m, _, err := generate.ReadFile(c.Context(), layout, maze.ParseOptions{Variant: s.Variant})
		if err != nil {
			return generate.Spec{}, fault.In(flag, err)
		}
		s.Layout = m
	}
	return s.Spec()
}

// givenSize is given's answer for the board's settings (size, rows,
// cols), and whether setting is one.
func givenSize(setting string, given func(string) bool) (ok, said bool) {
	switch setting {
	case "size", "rows", "cols":
		return given(setting), true
	}
	return false, false
}

// Board is a board of a book's --board: Rows×Cols with the rules of
// Variant, or the layout in the file Layout.
type Board struct {
	Rows, Cols int
	Variant    maze.Variant
	Layout     string
}

// ParseBoard reads a board as --board takes it: "6" or "6x8", either
// followed by "-" and a variant's rules ("6x6-hex,exit", the board names
// rjm's messages use), or "@FILE", a layout (as --layout FILE).
func ParseBoard(v string) (Board, error) {
	bad := func() error {
		return fault.Invalid("", "%q is not a board: want N or RxC, either with -RULES (6x6-hex,exit), or @FILE (a layout)", v)
	}
	if file, ok := strings.CutPrefix(v, "@"); ok {
		if file == "" {
			return Board{}, bad()
		}
		return Board{Layout: file}, nil
	}
	size, rules, withRules := strings.Cut(v, "-")
	r, c, ok := strings.Cut(size, "x")
	if !ok {
		c = r
	}
	var b Board
	var err error
	if b.Rows, err = strconv.Atoi(r); err != nil || strings.HasPrefix(r, "+") {
		return Board{}, bad()
	}
	if b.Cols, err = strconv.Atoi(c); err != nil || strings.HasPrefix(c, "+") {
		return Board{}, bad()
	}
	if b.Rows < 1 || b.Cols < 1 || b.Rows > maze.MaxSide || b.Cols > maze.MaxSide {
		return Board{}, fault.Invalid("", "board %q: rows and columns must be 1 to %d", v, maze.MaxSide)
	}
	if withRules {
		if err := b.Variant.UnmarshalText([]byte(rules)); err != nil {
			return Board{}, fault.Invalid("", "board %q: %w", v, err)
		}
	}
	return b, nil
}

// SpecOn returns the generation spec of c's flags on board b in place of
// --size, --rows, --cols, --variant and --layout (which the caller
// refuses beside it), with seed in place of --seed's when it is not nil.
func (f *SearchFlags) SpecOn(c *cobra.Command, energyName string, b Board, seed *uint64) (generate.Spec, error) {
	s := f.Settings
	s.Size, s.Rows, s.Cols, s.Variant, s.Layout = b.Rows, b.Rows, b.Cols, b.Variant, nil
	given := func(setting string) bool { return b.Layout == "" }
	return f.spec(c, energyName, s, b.Layout, "--board", given, seed)
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
