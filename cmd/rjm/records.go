package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"rjm/internal/cli"
	"rjm/records"
	"rjm/render"
)

func newRecordsCmd(e *cli.Env) *cobra.Command {
	var (
		size          sizeFlags
		file          string
		s             records.Settings
		asJSON, reach bool
		runs          int
	)
	c := &cobra.Command{
		Use:  "records",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			s.Board = size.board(cmd)
			if err := s.Validate(); err != nil {
				return cli.BadInput(err)
			}
			if file != "" {
				ckpt, done, err := records.OpenCheckpoint(file, s)
				if err != nil {
					return cli.BadInput(fmt.Errorf("--checkpoint: %s", strings.TrimPrefix(err.Error(), "records: ")))
				}
				defer ckpt.Close()
				if len(done) > 0 {
					fmt.Fprintf(e.Stderr, "rjm: %s holds %d finished sub-trees; skipping them\n", file, len(done))
				}
				s.Done, s.Finished = done, ckpt.Save
			}
			show, finish := e.Status()
			if show != nil {
				s.Progress = progressLine(show, time.Now())
				show("searching: counting sub-trees", true)
			}
			r, err := records.Search(e.Ctx, s)
			finish()
			if err != nil && r == nil {
				return cli.BadInput(err)
			}
			if err != nil {
				if e.Ctx.Err() != nil && file != "" {
					return fmt.Errorf("interrupted after %d sub-trees; run again with --checkpoint %s to go on", len(r.Subtrees), file)
				}
				return err
			}
			v := render.NewRecords(s, r)
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
	size.register(c, 4)
	fl.Var(cli.Cell(&s.Start), "start", "start cell `r,c` (1-based); default 1,1")
	fl.Var(cli.Cell(&s.Goal), "goal", "goal cell `r,c` (1-based); default the lower-right corner")
	fl.BoolVar(&s.Good, "unique", false, "search only mazes with a unique shortest solution and no black holes")
	fl.StringVar(&file, "checkpoint", "", "save finished sub-trees to `FILE` and skip those it holds")
	fl.IntVar(&s.Workers, "workers", 0, "goroutines `W` (default: one per core)")
	fl.IntVar(&s.Split, "split", 0, "cells `K` whose jumps define the sub-trees (default: enough for the cores)")
	fl.BoolVar(&s.NoPrune, "no-prune", false, "turn the bound off (to check it: the answer is the same)")
	fl.IntVar(&s.List, "list", 0, "list up to `N` record mazes, one of each class of turns and mirrors")
	fl.BoolVar(&reach, "reach", false, "then run every method of rjm generate (depth energy, 25,000, 100,000 and 1,000,000 iterations) and say how often it reaches the record")
	fl.IntVar(&runs, "runs", 0, "with --reach, seeded runs `N` per method and budget (default 100; 20 for 1,000,000 iterations)")
	fl.BoolVar(&asJSON, "json", false, "print the result as JSON")
	return c
}

// progressLine shows a search's progress on one line: sub-trees done of
// their number, branches per second, the best depth so far, and an
// estimate of the time left from the pace of the sub-trees done by this
// run.
func progressLine(show func(string, bool), began time.Time) func(records.Progress) {
	first, floor := -1, -1
	return func(p records.Progress) {
		if p.Floor != floor { // a new pass of the good mazes' search
			first, floor, began = -1, p.Floor, time.Now()
		}
		if first < 0 {
			first = p.Done // skipped from a checkpoint
		}
		elapsed := time.Since(began)
		line := fmt.Sprintf("searching: %d/%d sub-trees", p.Done, p.Total)
		if p.Floor > 0 {
			line = fmt.Sprintf("good mazes of depth %d and more: %d/%d sub-trees", p.Floor, p.Done, p.Total)
		}
		if s := elapsed.Seconds(); s > 0 {
			line += fmt.Sprintf(", %.1fM branches/s", float64(p.Nodes)/s/1e6)
		}
		if p.Best >= 0 {
			line += fmt.Sprintf(", best depth %d", p.Best)
		}
		if n := p.Done - first; n > 0 && p.Done < p.Total {
			left := time.Duration(float64(elapsed) / float64(n) * float64(p.Total-p.Done))
			line += fmt.Sprintf(", about %s left", left.Round(time.Second))
		} else if p.Done < p.Total {
			line += ", time left not known yet"
		}
		show(line, p.Done == p.Total)
	}
}
