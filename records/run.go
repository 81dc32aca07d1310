package records

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"rjm/fault"
	"rjm/maze"
)

// This file holds the records workflow as rjm records runs it, apart
// from its flags and its printing: the checks of the settings, the
// checkpoint, rjm's uphill search for a lower floor, the estimate of a
// floor, the search by floors, and the shard file.

// Job is one run of the workflow: a search's settings and what goes
// around it.
type Job struct {
	Settings
	// Checkpoint, when not empty, is the file of finished sub-trees: those
	// it holds are skipped, and every sub-tree finished is appended. An
	// estimate reads it (the work left is the sub-trees it lacks) and
	// never writes it.
	Checkpoint string
	// Out, when not empty, receives the answer as a shard file (see
	// NewShardFile) once the search has finished.
	Out string
	// Uphill is the runs of rjm's uphill search for a lower floor (see
	// UphillDepth), with seeds from Seed; only over all mazes, without a
	// floor.
	Uphill int
	Seed   uint64
	// Estimate, Probes or Budget, when positive, estimate the floor
	// Settings.Floor instead of searching it: a sample of Estimate
	// sub-trees, Probes dives per sub-tree, each sub-tree first searched
	// for up to Budget branches (see EstimateFloor).
	Estimate, Probes int
	Budget           int64
	// Notice, if not nil, receives a line for the user (the sub-trees a
	// checkpoint holds); Status, if not nil, the stage under way.
	Notice, Status func(string)
}

// Outcome is what a Job found: the search's result (nil for an
// estimate), the maze the uphill search found (nil without one), and the
// estimate (nil for a search).
type Outcome struct {
	Result   *Result
	Lower    *maze.Maze
	Estimate *Estimate
}

// Validate reports whether j can run, with a *fault.Error naming the
// option at fault.
func (j Job) Validate() error {
	s := j.Settings
	if err := s.Validate(); err != nil {
		return err
	}
	// Each refusal is at the flag it is about (its Where).
	for _, x := range []struct {
		v    int64
		flag string
	}{{int64(s.Floor), "--at-least"}, {int64(s.AtMost), "--at-most"}, {int64(j.Estimate), "--estimate"}, {int64(j.Probes), "--probes"}, {j.Budget, "--budget"}, {int64(s.Workers), "--workers"}, {int64(s.List), "--list"}} {
		if x.v < 0 {
			return fault.Invalid(x.flag, "%d: want 0 or more", x.v)
		}
	}
	if s.Floor > 0 && s.AtMost > 0 && s.Floor > s.AtMost {
		return fault.Invalid("--at-least", "%d is above --at-most %d: want at-least ≤ at-most", s.Floor, s.AtMost)
	}
	if s.Good && s.Shards > 1 && s.AtMost == 0 && s.Floor == 0 {
		return fault.Invalid("--shard", "with --unique needs --at-most M, the maximum over all mazes (rjm records without --unique)")
	}
	if j.Estimates() && s.Floor == 0 {
		flag := "--estimate"
		if j.Estimate == 0 {
			flag = "--probes"
			if j.Probes == 0 {
				flag = "--budget"
			}
		}
		return fault.Invalid(flag, "needs the floor to estimate, --at-least L")
	}
	return nil
}

// Estimates reports whether the job estimates a floor instead of
// searching it (Estimate, Probes or Budget).
func (j Job) Estimates() bool { return j.Estimate > 0 || j.Probes > 0 || j.Budget > 0 }

// Run runs the job. A bad setting is a *fault.Error; when ctx ends, the
// error says where the search stopped and how to go on, and the outcome
// holds what was finished.
func (j Job) Run(ctx context.Context) (*Outcome, error) {
	if err := j.Validate(); err != nil {
		return nil, err
	}
	s := j.Settings
	status := func(line string) {
		if j.Status != nil {
			j.Status(line)
		}
	}
	estimate := j.Estimates()
	// Within a sub-tree, Checkpoint is the whole search's: the parts are
	// saved beside it (WithinCheckpoint), and the sub-tree's row is saved
	// in its level's once they are all finished (saveWithin).
	ckptName := j.Checkpoint
	if len(s.Within) > 0 && ckptName != "" {
		up, upName := withinUp(s, ckptName)
		done, err := ReadCheckpoint(upName, up)
		if err != nil {
			return nil, fault.In("--checkpoint", err)
		}
		k := s.Within[len(s.Within)-1]
		for _, d := range done {
			if d.Index == k && d.Floor == s.Floor {
				held := fmt.Sprintf("%s mazes of depth %d", d.Count, d.MaxDepth)
				if d.MaxDepth < 0 {
					held = fmt.Sprintf("no maze of depth %d or more", d.Floor)
				}
				return nil, fault.Invalid("--within", "%s already holds sub-tree %s at floor %d (%s)", upName, WithinName(s.Within), d.Floor, held)
			}
		}
		ckptName = WithinCheckpoint(ckptName, s.Within)
	}
	if ckptName != "" {
		var done []Subtree
		if estimate { // read only: the search may be appending to it
			d, err := ReadCheckpoint(ckptName, s)
			if err != nil {
				return nil, fault.In("--checkpoint", err)
			}
			done = d
		} else {
			ckpt, d, err := OpenCheckpoint(ckptName, s)
			if err != nil {
				return nil, fault.In("--checkpoint", err)
			}
			defer ckpt.Close()
			done, s.Finished = d, ckpt.Save
		}
		held := len(done) // at the floor searched, when there is one
		if s.Floor > 0 {
			held = 0
			for _, d := range done {
				if d.Floor == s.Floor {
					held++
				}
			}
		}
		if held > 0 && j.Notice != nil {
			what := "skipping them"
			if estimate {
				what = "estimating the rest"
			}
			noun := "sub-trees"
			if held == 1 {
				noun = "sub-tree"
			}
			j.Notice(fmt.Sprintf("%s holds %d finished %s; %s", ckptName, held, noun, what))
		}
		s.Done = done
	}
	var out Outcome
	if s.Floor == 0 && !s.NoPrune && !s.OnePass && j.Uphill > 0 && !s.Good {
		// rjm's uphill search: a depth some maze reaches, below which
		// the deepening search need not go.
		status(fmt.Sprintf("uphill search for a floor: %d runs", j.Uphill))
		iterations := min(400*s.Board.Cells()*s.Board.Cells(), 1_000_000)
		d, m, err := UphillDepth(ctx, s, j.Uphill, iterations, j.Seed)
		if err != nil && ctx.Err() != nil {
			if j.Checkpoint != "" {
				return nil, fmt.Errorf("interrupted in the uphill search; run again with --checkpoint %s to go on", j.Checkpoint)
			}
			return nil, errors.New("interrupted in the uphill search")
		}
		if err != nil {
			return nil, err
		}
		if d > 0 {
			s.Lower, out.Lower = d, m
		}
	}
	if estimate {
		status(fmt.Sprintf("estimating floor %d", s.Floor))
		v, err := EstimateFloor(ctx, s, Sampling{Sample: j.Estimate, Probes: j.Probes, Budget: j.Budget, Seed: j.Seed}, ProcessCPU)
		if err != nil {
			return nil, err
		}
		out.Estimate = &v
		return &out, nil
	}
	status("searching: counting sub-trees")
	r, err := Search(ctx, s)
	out.Result = r
	if err != nil && r == nil {
		return nil, err
	}
	if err != nil {
		if ctx.Err() == nil {
			return nil, err
		}
		bounds := ""
		if len(r.Empty) > 0 {
			bounds = fmt.Sprintf(" (floors proven empty: %s)", FloorRange(r.Empty))
		}
		if j.Checkpoint != "" {
			what := "sub-trees"
			if len(s.Within) > 0 {
				what = fmt.Sprintf("parts of sub-tree %s (in %s)", WithinName(s.Within), ckptName)
			}
			return &out, fmt.Errorf("interrupted at floor %d after %d %s%s; run again with --checkpoint %s to go on", r.Floor, len(r.Subtrees), what, bounds, j.Checkpoint)
		}
		return &out, fmt.Errorf("interrupted at floor %d%s", r.Floor, bounds)
	}
	if j.Out != "" {
		if err := WriteShardFile(j.Out, NewShardFile(s, r)); err != nil {
			return &out, fmt.Errorf("--out: %w", err)
		}
	}
	if len(s.Within) > 0 && j.Checkpoint != "" && s.Shards <= 1 && s.Only == nil {
		up, upName := withinUp(s, j.Checkpoint)
		if err := saveWithin(upName, up, s, r); err != nil {
			return &out, fmt.Errorf("--checkpoint: %w (the parts are kept in %s: run again to save it)", err, ckptName)
		}
		if j.Notice != nil {
			j.Notice(fmt.Sprintf("sub-tree %s saved in %s", WithinName(s.Within), upName))
		}
	}
	return &out, nil
}

// WithinCheckpoint is the file beside checkpoint name that holds the
// finished parts of the sub-tree within names (Settings.Within):
// name.within-178-645 for 178,645.
func WithinCheckpoint(name string, within []int) string {
	return name + ".within-" + strings.ReplaceAll(WithinName(within), ",", "-")
}

// withinUp returns the settings of the search one level up from s (Within
// without its last index) and its checkpoint, given the whole search's.
func withinUp(s Settings, name string) (Settings, string) {
	up := s
	up.Within = s.Within[:len(s.Within)-1]
	if len(up.Within) == 0 {
		up.Within = nil
		return up, name
	}
	return up, WithinCheckpoint(name, up.Within)
}

// saveWithin appends the row of the sub-tree s.Within names, searched in
// parts with result r, to checkpoint name of the search up one level,
// which a later run then skips as any sub-tree it holds.
func saveWithin(name string, up, s Settings, r *Result) error {
	st, err := WithinSubtree(s, r)
	if err != nil {
		return err
	}
	ckpt, _, err := OpenCheckpoint(name, up)
	if err != nil {
		return err
	}
	ckpt.Save(st)
	return ckpt.Close()
}

// FloorRange writes floors proven empty, from the highest down: "46, 45"
// or, for more than two in a row, "48 down to 45".
func FloorRange(fs []int) string {
	if len(fs) > 2 && fs[0]-fs[len(fs)-1] == len(fs)-1 {
		return fmt.Sprintf("%d down to %d", fs[0], fs[len(fs)-1])
	}
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = strconv.Itoa(f)
	}
	return strings.Join(parts, ", ")
}
