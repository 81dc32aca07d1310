package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"rjm/fault"
	"rjm/internal/cli"
	"rjm/records"
	"rjm/render"
)

func newRecordsCmd(e *cli.Env) *cobra.Command {
	var (
		size          cli.SizeFlags
		shard         string
		j             records.Job
		asJSON, reach bool
		runs          int
		within        string
	)
	c := &cobra.Command{
		Use:  "records",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			j.Board = size.Board(cmd)
			if cmd.Flags().Changed("within") {
				if reach {
					return fault.Invalid("--reach", "not with --within: a sub-tree's maximum is not the board's")
				}
				var err error
				if j.Within, err = records.ParseWithin(within); err != nil {
					return fault.In("--within", err)
				}
			}
			if shard != "" {
				var err error
				if j.Shard, j.Shards, err = records.ParseShard(shard); err != nil {
					return fault.In("--shard", err)
				}
			}
			show, finish := e.Status()
			defer finish()
			j.Notice = func(line string) { fmt.Fprintf(e.Stderr, "rjm: %s\n", line) }
			if show != nil {
				j.Status = func(line string) { show(line, true) }
				if j.Estimates() {
					j.Progress = func(p records.Progress) {
						show(fmt.Sprintf("estimating floor %d: %d/%d sampled sub-trees, %d branches", j.Floor, p.Done, p.Total, p.Nodes), p.Done == p.Total)
					}
				} else {
					j.Progress = render.RecordsProgress(show, time.Now, shard)
				}
			}
			o, err := j.Run(e.Ctx)
			finish()
			if err != nil {
				return err // a bad input is a *fault.Error: exit 2
			}
			if o.Estimate != nil {
				return e.Show(asJSON, o.Estimate, cli.Text(render.EstimateText(j.Settings, *o.Estimate, j.Seed)))
			}
			s := j.Settings
			v := render.NewRecordsReport(s, o.Result, o.Lower)
			if reach && o.Result.MaxDepth > 0 {
				rs := records.ReachSettings{Board: s.Board, Start: s.Start, Goal: s.Goal, Target: o.Result.MaxDepth, Runs: runs, Seed: 1, Workers: s.Workers}
				if v.Reach, err = records.ReachMethods(e.Ctx, rs); err != nil {
					return err
				}
			}
			return e.Show(asJSON, v, cli.Text(v.Text()))
		},
	}
	fl := c.Flags()
	size.Register(c, 4)
	fl.Var(cli.Cell(&j.Start), "start", "start cell `r,c` (1-based); default 1,1")
	fl.Var(cli.Cell(&j.Goal), "goal", "goal cell `r,c` (1-based); default the lower-right corner")
	fl.BoolVar(&j.Good, "unique", false, "search only mazes with a unique shortest solution and no black holes")
	fl.IntVar(&j.Floor, "at-least", 0, "search only mazes of goal depth `L` or more, cutting against L from the first branch (exact from L up)")
	fl.IntVar(&j.AtMost, "at-most", 0, "deepen from floor `U`, a proven upper bound, instead of the board's bound")
	fl.IntVar(&j.Uphill, "uphill", 4, "runs `N` of rjm's uphill search for the floor below which the search need not go (0: none)")
	fl.Uint64Var(&j.Seed, "seed", 1, "first seed `S` of the uphill runs and of --estimate's sample and probes")
	fl.StringVar(&j.Checkpoint, "checkpoint", "", "save finished sub-trees of every floor to `FILE` and skip those it holds")
	fl.StringVar(&shard, "shard", "", "search only the sub-trees numbered `I/N`: I modulo N (for batch systems; see rjm records merge)")
	fl.StringVar(&j.Out, "out", "", "write the answer with its sub-trees to `FILE` as JSON, for rjm records merge")
	fl.IntVar(&j.Estimate, "estimate", 0, "search `K` sub-trees of the floor --at-least (with --checkpoint: of those it lacks) and estimate the branches and CPU time left")
	fl.Int64Var(&j.Budget, "budget", 0, "with --estimate or --probes, first search each sub-tree for up to `B` branches: those that end are measured, the rest bound the work left from below")
	fl.IntVar(&j.Probes, "probes", 0, "estimate every sub-tree of the floor --at-least by `P` random dives (Knuth's estimate); with --estimate, draw the sample in strata by it, so that it sees the heavy sub-trees")
	fl.Var(cli.Workers(&j.Workers), "workers", "goroutines `W` (default: one per core)")
	fl.StringVar(&within, "within", "", "search only sub-tree `K` of the floor --at-least (as --checkpoint numbers them), split in its turn into parts for the cores (K,P: part P of it alone, split again; and so on); with --checkpoint FILE the parts are saved in FILE.within-K (FILE.within-K-P) and the sub-tree's row in FILE (FILE.within-K) once they are all done")
	fl.IntVar(&j.Split, "split", 0, "cells `K` whose jumps define the sub-trees (default: enough for about 256)")
	fl.BoolVar(&j.OnePass, "one-pass", false, "search in one pass cutting against the best found, not from floors above (slower; for comparison)")
	fl.BoolVar(&j.NoSymmetry, "no-symmetry", false, "do not use the transpose symmetry of a square board with the start and the goal on the diagonal (to check it: the answer is the same)")
	fl.BoolVar(&j.NoPrune, "no-prune", false, "turn the bound off (to check it: the answer is the same)")
	fl.IntVar(&j.List, "list", 0, "list up to `N` record mazes, one of each class of turns and mirrors")
	fl.BoolVar(&reach, "reach", false, "then run every method of rjm generate (depth energy, 25,000, 100,000 and 1,000,000 iterations) and say how often it reaches the record")
	fl.IntVar(&runs, "runs", 0, "with --reach, seeded runs `N` per method and budget (default 100; 20 for 1,000,000 iterations)")
	fl.BoolVar(&asJSON, "json", false, "print the result as JSON")
	c.AddCommand(newRecordsMergeCmd(e))
	return c
}

func newRecordsMergeCmd(e *cli.Env) *cobra.Command {
	var asJSON bool
	var out string
	c := &cobra.Command{
		Use:  "merge FILE...",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, s, err := records.MergeShards(args)
			if err != nil {
				return err // a bad input is a *fault.Error: exit 2
			}
			if out != "" {
				if err := records.WriteShardFile(out, records.NewShardFile(s, r)); err != nil {
					return fmt.Errorf("--out: %w", err)
				}
			}
			v := render.NewRecordsReport(s, r, nil)
			v.Total = r.Total
			return e.Show(asJSON, v, cli.Text(v.Text()))
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	c.Flags().StringVar(&out, "out", "", "write the merged answer to `FILE` as one shard file")
	return c
}
