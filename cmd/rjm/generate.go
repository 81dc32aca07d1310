package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rjm/analysis"
	"rjm/energy"
	"rjm/fault"
	"rjm/generate"
	"rjm/generate/batchfile"
	"rjm/internal/cli"
	"rjm/maze"
	"rjm/render"
	"rjm/search"
)

// searchFlags holds the flags that describe a search: board, start and
// goal, method and settings, seed. They become a generate.Settings, with
// only the flags given set, whose Spec checks them.
type searchFlags struct {
	size                    sizeFlags
	variant                 maze.Variant
	layout                  string
	start, goal             *maze.Cell
	randomStart, randomGoal bool
	method                  string
	iterations, descents    int
	p, t0, decay            float64
	seed                    uint64
}

// sizeFlags are --size, --rows and --cols.
type sizeFlags struct{ size, rows, cols int }

func (f *sizeFlags) register(c *cobra.Command, n int) {
	c.Flags().IntVar(&f.size, "size", n, "board size `N` (N×N)")
	c.Flags().IntVar(&f.rows, "rows", n, "rows `R` (overrides --size)")
	c.Flags().IntVar(&f.cols, "cols", n, "columns `C` (overrides --size)")
}

// board returns the board of the flags' size.
func (f *sizeFlags) board(c *cobra.Command) maze.Board {
	b := maze.Board{Rows: f.size, Cols: f.size}
	if c.Flags().Changed("rows") {
		b.Rows = f.rows
	}
	if c.Flags().Changed("cols") {
		b.Cols = f.cols
	}
	return b
}

func (f *searchFlags) register(c *cobra.Command) {
	d := generate.Default()
	fl := c.Flags()
	f.size.register(c, d.Rows)
	fl.Var(cli.Cell(&f.start), "start", "start cell `r,c` (1-based); default 1,1")
	fl.Var(cli.Cell(&f.goal), "goal", "goal cell `r,c` (1-based); default drawn at random from the seed")
	fl.BoolVar(&f.randomStart, "random-start", false, "place the start at random too")
	fl.BoolVar(&f.randomGoal, "random-goal", false, "place the goal at random even when --layout marks one")
	fl.TextVar(&f.variant, "variant", maze.Variant{}, "variant `rules`, comma-separated: "+maze.VariantList())
	fl.StringVar(&f.layout, "layout", "", "take the board (size, variant, blocked, pass-over and absent cells, walls, start, goal) from the maze text in `FILE`")
	fl.StringVar(&f.method, "method", d.Method, "search `method`: "+strings.Join(search.MethodNames, ", "))
	fl.IntVar(&f.iterations, "iterations", d.Iterations, "search iterations `K` (per descent for restarts)")
	fl.IntVar(&f.descents, "restarts", d.Descents, "restarts: number of hill descents `R`, each from a random maze (R×K iterations in all)")
	fl.Float64Var(&f.p, "p", d.P, "uphill: probability `P` of accepting an uphill step")
	fl.Float64Var(&f.t0, "t0", d.T0, "anneal: initial temperature `T`")
	fl.Float64Var(&f.decay, "decay", d.Decay, "anneal: geometric temperature decay `D` per iteration")
	fl.Uint64Var(&f.seed, "seed", 0, "random seed `S` (default: drawn at random and reported)")
}

// spec returns the generation spec of the flags given (generate.Settings
// checks them); the energy is energyName, read by analysis.LoadEnergy
// (@FILE from the file system), unless the command has an --energy flag
// the user did not give: then it is the board's default.
func (f *searchFlags) spec(c *cobra.Command, energyName string) (generate.Spec, error) {
	if err := cli.Exclusive(c, [2]string{"start", "random-start"}, [2]string{"goal", "random-goal"},
		[2]string{"layout", "size"}, [2]string{"layout", "rows"}, [2]string{"layout", "cols"}); err != nil {
		return generate.Spec{}, err
	}
	energy := &energyName
	if c.Flags().Lookup("energy") != nil && !c.Flags().Changed("energy") {
		energy = nil // the board's default (generate.DefaultOn)
	}
	s := generate.Settings{
		Size: given(c, "size", &f.size.size), Rows: given(c, "rows", &f.size.rows), Cols: given(c, "cols", &f.size.cols),
		Variant: f.variant, Start: f.start, Goal: f.goal, RandomStart: f.randomStart, RandomGoal: f.randomGoal,
		Method: given(c, "method", &f.method), Iterations: given(c, "iterations", &f.iterations),
		Descents: given(c, "restarts", &f.descents), P: given(c, "p", &f.p), T0: given(c, "t0", &f.t0), Decay: given(c, "decay", &f.decay),
		Energy: energy, ReadEnergyFile: analysis.ReadEnergyFile, Seed: given(c, "seed", &f.seed),
	}
	if f.layout != "" {
		// The layout's board, start and goal; its jumps are ignored.
		m, _, err := generate.ReadFile(c.Context(), f.layout, maze.ParseOptions{Variant: f.variant})
		if err != nil {
			return generate.Spec{}, fmt.Errorf("--layout: %w", err)
		}
		s.Layout = m
	}
	return s.Spec()
}

// given returns v, the value of the flag name, when the user gave the flag,
// and nil otherwise, for a setting whose nil means its default.
func given[T any](c *cobra.Command, name string, v *T) *T {
	if c.Flags().Changed(name) {
		return v
	}
	return nil
}

// energyFlagHelp describes the value of --energy.
const energyFlagHelp = "energy `E` to minimize: depth, design, weighted:TERM=W,..., priority:TERM>TERM>..., or @FILE holding one"

// energyFlag returns the energy the --energy value v gives (see
// analysis.LoadEnergy), reading @FILE from the file system.
func energyFlag(v string) (energy.Energy, error) {
	e, err := analysis.LoadEnergy(v, analysis.ReadEnergyFile)
	if err != nil {
		return nil, fault.In("--energy", err)
	}
	return e, nil
}

func newGenerateCmd(e *cli.Env) *cobra.Command {
	var f searchFlags
	var energyName, id string
	var asJSON bool
	var count, workers int
	var out string
	var keep generate.Constraints
	var aim aimFlags
	c := &cobra.Command{
		Use:  "generate",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var spec generate.Spec
			var err error
			if cmd.Flags().Changed("id") {
				if err := idOnly(cmd); err != nil {
					return cli.BadInput(err)
				}
				if spec, err = generate.ParseSpec(id, generate.Spec{}); err == nil {
					err = spec.Validate()
				}
			} else {
				spec, err = f.spec(cmd, energyName)
			}
			if err != nil {
				return cli.BadInput(err)
			}
			if aim.aimed(cmd) {
				return aim.aim(e, cmd, spec, asJSON)
			}
			if cmd.Flags().Changed("db") || cmd.Flags().Changed("candidates") {
				return cli.FlagError(cmd, fmt.Errorf("--db and --candidates go with --target-time or --difficulty"))
			}
			if count < 1 || count > generate.MaxCount {
				return cli.BadInput(fmt.Errorf("--count %d out of range 1..%d", count, generate.MaxCount))
			}
			if count > 1 || keep != (generate.Constraints{}) || out != "" {
				b := generate.Batch{Spec: spec, Count: count, Keep: keep, Workers: workers}
				return generateMany(e, b, asJSON, out, cmd.Flags().Changed("seed") || id != "")
			}
			total := spec.Work()
			progress, done := e.Progress("searching")
			res, err := generate.Run(e.Ctx, spec, func(d, t int, _ float64) {
				if progress != nil {
					progress(d, t)
				}
			})
			done()
			if res == nil {
				return err
			}
			// An interrupted search still prints the best maze it found.
			werr := e.Show(asJSON, render.NewGenerate(res), cli.Text(render.GenerateText(res)))
			if res.Interrupted {
				return fmt.Errorf("interrupted after %d of %d iterations: the maze printed is the best found so far", res.Stats.Iterations, total)
			}
			return werr
		},
	}
	f.register(c)
	aim.register(c)
	c.Flags().StringVar(&energyName, "energy", generate.Default().Energy, energyFlagHelp+" (default on other boards than the plain rook maze: "+generate.PuzzleEnergy+")")
	c.Flags().StringVar(&id, "id", "", "regenerate from a seeded `ID` (as printed by generate), which fixes every search setting")
	c.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON (with --count, JSON Lines: one maze per line)")
	c.Flags().IntVar(&count, "count", 1, fmt.Sprintf("generate `N` mazes (1..%d), seeds S, S+1, ..., on all cores, each printed as soon as it is done", generate.MaxCount))
	c.Flags().IntVar(&keep.MinLength, "min-length", 0, "keep only mazes whose shortest solution has at least `L` moves (the search goes on with the next seed)")
	c.Flags().IntVar(&keep.MaxLength, "max-length", 0, "keep only mazes whose shortest solution has at most `L` moves")
	c.Flags().BoolVar(&keep.Unique, "unique", false, "keep only mazes with a unique shortest solution")
	c.Flags().BoolVar(&keep.NoBlackHoles, "no-black-holes", false, "keep only mazes without black holes")
	c.Flags().BoolVar(&keep.Distinct, "distinct", false, "keep no two mazes that are turns or mirrors of each other")
	c.Flags().StringVarP(&out, "output", "o", "", "write the mazes to `FILE`, or one file each into a folder (a name ending in / or a folder); run again with the same -o to finish a batch cut short")
	c.Flags().IntVar(&workers, "workers", 0, "goroutines `W` for a batch (default: one per core); the batch does not depend on it")
	return c
}

// idOnly rejects the search flags alongside --id, whose seeded ID fixes
// them all; --id itself, --json and the batch flags go with it.
func idOnly(c *cobra.Command) error {
	var err error
	c.Flags().Visit(func(f *pflag.Flag) {
		if err == nil && !slices.Contains([]string{"id", "count", "json", "workers", "output", "min-length", "max-length", "unique", "no-black-holes", "distinct"}, f.Name) {
			err = fmt.Errorf("give either --id or --%s, not both: the seeded ID fixes every search setting", f.Name)
		}
	})
	return err
}

// generateMany generates a batch of mazes on all cores (seeds S, S+1, ...,
// keeping those that meet the constraints) and prints each as soon as it
// and the mazes before it are done: text reports separated by blank
// lines, or JSON Lines. With -o FILE it writes the file, and continues a
// file that an earlier run of the same batch left unfinished.
func generateMany(e *cli.Env, b generate.Batch, asJSON bool, out string, seedGiven bool) error {
	if err := b.Validate(); err != nil {
		return fault.In("--count", err)
	}
	var sink batchfile.Sink = batchfile.NewWriter(e.Stdout, asJSON, 0)
	if out != "" {
		o, err := batchfile.Open(out, asJSON, b, seedGiven)
		if err != nil {
			return cli.BadInput(fmt.Errorf("-o %w", err))
		}
		defer o.Close()
		if o.Count() > 0 {
			fmt.Fprintf(e.Stderr, "rjm: %s holds %d of %d mazes; going on from there\n", out, min(o.Count(), b.Count), b.Count)
		}
		b, sink = o.Batch, o
	}
	var finish func()
	b.Progress, finish = e.Progress("generating")
	err := b.Run(e.Ctx, func(_ int, r *generate.Result) error {
		if err := sink.Write(r); err != nil && out != "" {
			// A full disc or a lost folder is the user's to mend; the
			// error names their path only.
			return cli.BadInput(fmt.Errorf("-o: %w", err))
		}
		return nil
	})
	finish()
	if err != nil && e.Ctx.Err() != nil {
		return fmt.Errorf("interrupted: %d of %d mazes written", sink.Count(), b.Count)
	}
	return err
}
