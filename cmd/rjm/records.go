package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"rjm/fault"
	"rjm/internal/cli"
	"rjm/maze"
	"rjm/records"
	"rjm/render"
)

func newRecordsCmd(e *cli.Env) *cobra.Command {
	var (
		size             cli.SizeFlags
		file, shard, out string
		s                records.Settings
		asJSON, reach    bool
		runs, uphill     int
		estimate         int
		seed             uint64
	)
	c := &cobra.Command{
		Use:  "records",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s.Board = size.Board(cmd)
			if err := s.Validate(); err != nil {
				return err // a bad input is a *fault.Error: exit 2
			}
			if shard != "" {
				var err error
				if s.Shard, s.Shards, err = records.ParseShard(shard); err != nil {
					return fault.In("--shard", err)
				}
			}
			if s.Floor < 0 || s.AtMost < 0 || s.Floor > 0 && s.AtMost > 0 && s.Floor > s.AtMost {
				return fault.Invalid("", "--at-least %d and --at-most %d: want 0 ≤ L ≤ U", s.Floor, s.AtMost)
			}
			if s.Good && s.Shards > 1 && s.AtMost == 0 && s.Floor == 0 {
				return fault.Invalid("", "--shard with --unique needs --at-most M, the maximum over all mazes (rjm records without --unique)")
			}
			if estimate > 0 && s.Floor == 0 {
				return fault.Invalid("", "--estimate needs the floor to estimate, --at-least L")
			}
			if file != "" && estimate == 0 {
				ckpt, done, err := records.OpenCheckpoint(file, s)
				if err != nil {
					return fault.In("--checkpoint", err)
				}
				defer ckpt.Close()
				if len(done) > 0 {
					fmt.Fprintf(e.Stderr, "rjm: %s holds %d finished sub-trees; skipping them\n", file, len(done))
				}
				s.Done, s.Finished = done, ckpt.Save
			}
			show, finish := e.Status()
			defer finish()
			// rjm's uphill search: a depth some maze reaches, below which
			// the deepening search need not go.
			var lowerMaze *maze.Maze
			if s.Floor == 0 && !s.NoPrune && !s.OnePass && uphill > 0 && !s.Good {
				if show != nil {
					show(fmt.Sprintf("uphill search for a floor: %d runs", uphill), true)
				}
				iterations := min(400*s.Board.Cells()*s.Board.Cells(), 1_000_000)
				d, m, err := records.UphillDepth(e.Ctx, s, uphill, iterations, seed)
				if err != nil && e.Ctx.Err() != nil {
					if file != "" {
						return fmt.Errorf("interrupted in the uphill search; run again with --checkpoint %s to go on", file)
					}
					return errors.New("interrupted in the uphill search")
				}
				if err != nil {
					return err
				}
				if d > 0 {
					s.Lower, lowerMaze = d, m
				}
			}
			if estimate > 0 {
				return estimateFloor(e, s, estimate, seed, asJSON, show)
			}
			if show != nil {
				s.Progress = render.RecordsProgress(show, time.Now, shard)
				show("searching: counting sub-trees", true)
			}
			r, err := records.Search(e.Ctx, s)
			finish()
			if err != nil && r == nil {
				return err // a bad input is a *fault.Error: exit 2
			}
			if err != nil {
				if e.Ctx.Err() != nil {
					bounds := ""
					if len(r.Empty) > 0 {
						bounds = fmt.Sprintf(" (floors proven empty: %s)", render.FloorRange(r.Empty))
					}
					if file != "" {
						return fmt.Errorf("interrupted at floor %d after %d sub-trees%s; run again with --checkpoint %s to go on", r.Floor, len(r.Subtrees), bounds, file)
					}
					return fmt.Errorf("interrupted at floor %d%s", r.Floor, bounds)
				}
				return err
			}
			if out != "" {
				if err := records.WriteShardFile(out, records.NewShardFile(s, r)); err != nil {
					return fmt.Errorf("--out: %w", err)
				}
			}
			v := render.NewRecordsReport(s, r, lowerMaze)
			if reach && r.MaxDepth > 0 {
				rs := records.ReachSettings{Board: s.Board, Start: s.Start, Goal: s.Goal, Target: r.MaxDepth, Runs: runs, Seed: 1, Workers: s.Workers}
				if v.Reach, err = records.ReachMethods(e.Ctx, rs); err != nil {
					return err
				}
			}
			return e.Show(asJSON, v, cli.Text(v.Text()))
		},
	}
	fl := c.Flags()
	size.Register(c, 4)
	fl.Var(cli.Cell(&s.Start), "start", "start cell `r,c` (1-based); default 1,1")
	fl.Var(cli.Cell(&s.Goal), "goal", "goal cell `r,c` (1-based); default the lower-right corner")
	fl.BoolVar(&s.Good, "unique", false, "search only mazes with a unique shortest solution and no black holes")
	fl.IntVar(&s.Floor, "at-least", 0, "search only mazes of goal depth `L` or more, cutting against L from the first branch (exact from L up)")
	fl.IntVar(&s.AtMost, "at-most", 0, "deepen from floor `U`, a proven upper bound, instead of the board's bound")
	fl.IntVar(&uphill, "uphill", 4, "runs `N` of rjm's uphill search for the floor below which the search need not go (0: none)")
	fl.Uint64Var(&seed, "seed", 1, "first seed `S` of the uphill runs and of --estimate's sample")
	fl.StringVar(&file, "checkpoint", "", "save finished sub-trees of every floor to `FILE` and skip those it holds")
	fl.StringVar(&shard, "shard", "", "search only the sub-trees numbered `I/N`: I modulo N (for batch systems; see rjm records merge)")
	fl.StringVar(&out, "out", "", "write the answer with its sub-trees to `FILE` as JSON, for rjm records merge")
	fl.IntVar(&estimate, "estimate", 0, "search `K` random sub-trees of the floor --at-least and estimate the whole floor's branches and CPU time")
	fl.IntVar(&s.Workers, "workers", 0, "goroutines `W` (default: one per core)")
	fl.IntVar(&s.Split, "split", 0, "cells `K` whose jumps define the sub-trees (default: enough for about 256)")
	fl.BoolVar(&s.OnePass, "one-pass", false, "search in one pass cutting against the best found, not from floors above (slower; for comparison)")
	fl.BoolVar(&s.NoSymmetry, "no-symmetry", false, "do not use the transpose symmetry of a square board with the start and the goal on the diagonal (to check it: the answer is the same)")
	fl.BoolVar(&s.NoPrune, "no-prune", false, "turn the bound off (to check it: the answer is the same)")
	fl.IntVar(&s.List, "list", 0, "list up to `N` record mazes, one of each class of turns and mirrors")
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

// estimateFloor prints records.EstimateFloor's estimate of the floor
// s.Floor from k sub-trees drawn with seed.
func estimateFloor(e *cli.Env, s records.Settings, k int, seed uint64, asJSON bool, show func(string, bool)) error {
	if show != nil {
		s.Progress = func(p records.Progress) {
			show(fmt.Sprintf("estimating floor %d: %d/%d sampled sub-trees, %d branches", s.Floor, p.Done, p.Total, p.Nodes), p.Done == p.Total)
		}
	}
	v, err := records.EstimateFloor(e.Ctx, s, k, seed, records.ProcessCPU)
	if err != nil {
		return err
	}
	return e.Show(asJSON, v, cli.Text(render.EstimateText(s, v, seed)))
}
