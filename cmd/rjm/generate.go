package main

import (
	"fmt"
	"slices"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rjm/fault"
	"rjm/generate"
	"rjm/generate/batchfile"
	"rjm/internal/cli"
	"rjm/render"
)

func newGenerateCmd(e *cli.Env) *cobra.Command {
	var f cli.SearchFlags
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
					return err
				}
				if spec, err = generate.ParseSpec(id, generate.Spec{}); err == nil {
					err = spec.Validate()
				}
				err = fault.In("--id", err)
			} else {
				spec, err = f.Spec(cmd, energyName)
			}
			if err != nil {
				return err // a *fault.Error: exit 2
			}
			if aim.aimed(cmd) {
				return aim.aim(e, cmd, spec, asJSON)
			}
			if cmd.Flags().Changed("db") || cmd.Flags().Changed("candidates") {
				return cli.UsageAt(cmd, fault.Invalid(cli.FirstChanged(cmd, "db", "candidates"), "goes with --target-time or --difficulty"))
			}
			if count < 1 || count > generate.MaxCount {
				return fault.Invalid("--count", "%d out of range 1..%d", count, generate.MaxCount)
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
	f.Register(c)
	aim.register(c)
	c.Flags().StringVar(&energyName, "energy", generate.Default().Energy, cli.EnergyFlagHelp+" (default on other boards than the plain rook maze: "+generate.PuzzleEnergy+")")
	c.Flags().StringVar(&id, "id", "", "regenerate from a seeded `ID` (as printed by generate), which fixes every search setting")
	c.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON (with --count, JSON Lines: one maze per line)")
	c.Flags().IntVar(&count, "count", 1, fmt.Sprintf("generate `N` mazes (1..%d), seeds S, S+1, ..., on all cores, each printed as soon as it is done", generate.MaxCount))
	c.Flags().IntVar(&keep.MinLength, "min-length", 0, "keep only mazes whose shortest solution has at least `L` moves (the search goes on with the next seed)")
	c.Flags().IntVar(&keep.MaxLength, "max-length", 0, "keep only mazes whose shortest solution has at most `L` moves")
	c.Flags().BoolVar(&keep.Unique, "unique", false, "keep only mazes with a unique shortest solution")
	c.Flags().BoolVar(&keep.NoBlackHoles, "no-black-holes", false, "keep only mazes without black holes")
	c.Flags().BoolVar(&keep.Distinct, "distinct", false, "keep no two mazes that are turns or mirrors of each other")
	c.Flags().StringVarP(&out, "output", "o", "", "write the mazes to `FILE`, or one file each into a folder (a name ending in / or a folder); run again with the same -o to finish a batch cut short")
	c.Flags().Var(cli.Workers(&workers), "workers", "goroutines `W` for a batch (default: one per core); the batch does not depend on it")
	return c
}

// idOnly rejects the search flags alongside --id, whose seeded ID fixes
// them all; --id itself, --json and the batch flags go with it.
func idOnly(c *cobra.Command) error {
	var err error
	c.Flags().Visit(func(f *pflag.Flag) {
		if err == nil && !slices.Contains([]string{"id", "count", "json", "workers", "output", "min-length", "max-length", "unique", "no-black-holes", "distinct"}, f.Name) {
			err = fault.Invalid("--"+f.Name, "not with --id: the seeded ID fixes every search setting")
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
			return fault.In("--output", err)
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
			return fault.In("-o", err)
		}
		return nil
	})
	finish()
	if err != nil && e.Ctx.Err() != nil {
		return fmt.Errorf("interrupted: %d of %d mazes written", sink.Count(), b.Count)
	}
	return err
}
