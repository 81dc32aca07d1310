package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"rjm/maze"
	"rjm/records"
)

// recordsJSON is the --json form of "rjm records".
type recordsJSON struct {
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	Start    [2]int `json:"start"`
	Goal     [2]int `json:"goal"`
	Good     bool   `json:"unique"`
	MaxDepth *int   `json:"max_depth"`
	Count    string `json:"count"`
	Example  string `json:"example,omitempty"`
	Maze     string `json:"maze,omitempty"`
	Nodes    int64  `json:"nodes"`
	Subtrees int    `json:"subtrees"`
}

func newRecordsCmd(e *env) *cobra.Command {
	var (
		size, rows, cols  int
		start, goal, file string
		s                 records.Settings
		asJSON            bool
	)
	c := &cobra.Command{
		Use:   "records",
		Short: "Find the longest shortest solution a maze of a board can have, by exhaustive search",
		Long: `Records searches every legal maze of a board, with the start and the goal at
the given cells (by default opposite corners), and prints the maximum goal
depth (the longest shortest solution), how many legal mazes reach it, and
one of them. --unique restricts the search to the design paper's good mazes:
a unique shortest solution and no black holes.

The search assigns jumps in breadth-first order, counts the cells it never
needs in closed form, and cuts branches by a bound proven sound (see
docs/records.md); it runs on all cores in independent sub-trees. With
--checkpoint FILE every finished sub-tree is saved, and a later run with the
same FILE and settings skips them: an interrupted search resumes.`,
		Example: `  rjm records --size 4
  rjm records --rows 3 --cols 4 --unique --json
  rjm records --size 5 --checkpoint 5x5.ckpt`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			b := maze.Board{Rows: size, Cols: size}
			if cmd.Flags().Changed("rows") {
				b.Rows = rows
			}
			if cmd.Flags().Changed("cols") {
				b.Cols = cols
			}
			if err := b.Validate(); err != nil {
				return badInput(err)
			}
			if b.Cells() > records.MaxCells {
				return badInput(fmt.Errorf("%d×%d has %d cells: records searches boards of up to %d", b.Rows, b.Cols, b.Cells(), records.MaxCells))
			}
			var err error
			if s.Start, s.Goal, err = cellFlags(start, goal); err != nil {
				return badInput(err)
			}
			s.Board = b
			var ckpt *os.File
			if file != "" {
				if s.Done, err = readCheckpoint(file, s); err != nil {
					return badInput(err)
				}
				if ckpt, err = os.OpenFile(file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err != nil {
					return badInput(fmt.Errorf("--checkpoint: %w", err))
				}
				defer ckpt.Close()
				if len(s.Done) == 0 {
					if err := json.NewEncoder(ckpt).Encode(checkpointHeader(s)); err != nil {
						return err
					}
				} else {
					fmt.Fprintf(e.stderr, "rjm: %s holds %d finished sub-trees; skipping them\n", file, len(s.Done))
				}
				enc := json.NewEncoder(ckpt)
				s.Finished = func(st records.Subtree) { _ = enc.Encode(st) }
			}
			var finish func()
			s.Progress, finish = workProgress(e, "searching")
			r, err := records.Search(e.ctx, s)
			finish()
			if err != nil && r == nil {
				return badInput(err)
			}
			if err != nil {
				if e.ctx.Err() != nil && file != "" {
					return fmt.Errorf("interrupted after %d sub-trees; run again with --checkpoint %s to go on", len(r.Subtrees), file)
				}
				return err
			}
			m, _ := maze.New(b, maze.DefaultStart(b), maze.DefaultGoal(b))
			if s.Start != nil {
				m.Start = b.Index(*s.Start)
			}
			if s.Goal != nil {
				m.Goal = b.Index(*s.Goal)
			}
			j := recordsJSON{Rows: b.Rows, Cols: b.Cols, Start: m.CellJSON(m.Start), Goal: m.CellJSON(m.Goal), Good: s.Good,
				Count: r.Count.String(), Nodes: r.Nodes, Subtrees: len(r.Subtrees)}
			if r.MaxDepth >= 0 {
				d := r.MaxDepth
				j.MaxDepth = &d
				j.Example, _ = r.Example.ID()
				j.Maze = r.Example.String()
			}
			if asJSON {
				return writeJSON(e, j)
			}
			what := "legal mazes"
			if s.Good {
				what = "legal mazes with a unique shortest solution and no black holes"
			}
			if r.MaxDepth < 0 {
				_, err = fmt.Fprintf(e.stdout, "No solvable maze among the %s of a %d×%d board from %v to %v.\n", what, b.Rows, b.Cols, m.Cell(m.Start), m.Cell(m.Goal))
				return err
			}
			_, err = fmt.Fprintf(e.stdout, "%d×%d, start %v, goal %v, among all %s:\nMaximum goal depth: %d\nMazes reaching it: %s\nSearched: %d branches in %d sub-trees\nExample (ID %s):\n%s",
				b.Rows, b.Cols, m.Cell(m.Start), m.Cell(m.Goal), what, r.MaxDepth, r.Count, r.Nodes, len(r.Subtrees), j.Example, j.Maze)
			return err
		},
	}
	fl := c.Flags()
	fl.IntVar(&size, "size", 4, "board size `N` (N×N)")
	fl.IntVar(&rows, "rows", 4, "rows `R` (overrides --size)")
	fl.IntVar(&cols, "cols", 4, "columns `C` (overrides --size)")
	fl.StringVar(&start, "start", "", "start cell `r,c` (1-based); default 1,1")
	fl.StringVar(&goal, "goal", "", "goal cell `r,c` (1-based); default the lower-right corner")
	fl.BoolVar(&s.Good, "unique", false, "search only mazes with a unique shortest solution and no black holes")
	fl.StringVar(&file, "checkpoint", "", "save finished sub-trees to `FILE` and skip those it holds")
	fl.IntVar(&s.Workers, "workers", 0, "goroutines `W` (default: one per core)")
	fl.IntVar(&s.Split, "split", 0, "cells `K` whose jumps define the sub-trees (default: enough for the cores)")
	fl.BoolVar(&s.NoPrune, "no-prune", false, "turn the bound off (to check it: the answer is the same)")
	fl.BoolVar(&asJSON, "json", false, "print the result as JSON")
	return c
}

// checkpointHeader is the first line of a checkpoint file: the settings
// its sub-trees belong to.
func checkpointHeader(s records.Settings) map[string]any {
	return map[string]any{"board": fmt.Sprintf("%dx%d", s.Board.Rows, s.Board.Cols), "start": fmt.Sprint(s.Start), "goal": fmt.Sprint(s.Goal),
		"unique": s.Good, "split": s.Split, "prune": !s.NoPrune}
}

// readCheckpoint reads the sub-trees a checkpoint file holds, after
// checking that its header matches s; a missing file holds none.
func readCheckpoint(file string, s records.Settings) ([]records.Subtree, error) {
	f, err := os.Open(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("--checkpoint: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var done []records.Subtree
	for n := 0; sc.Scan(); n++ {
		if n == 0 {
			var h map[string]any
			want, _ := json.Marshal(checkpointHeader(s))
			got, _ := json.Marshal(func() any { _ = json.Unmarshal(sc.Bytes(), &h); return h }())
			if string(got) != string(want) {
				return nil, fmt.Errorf("--checkpoint %s was made with other settings (%s)", file, sc.Text())
			}
			continue
		}
		var st records.Subtree
		if json.Unmarshal(sc.Bytes(), &st) != nil {
			break // a line cut short by an interruption
		}
		done = append(done, st)
	}
	return done, nil
}
