package render

import (
	"fmt"
	"time"

	"rjm/maze"
	"rjm/records"
)

// RecordsReport is what "rjm records" and "rjm records merge" print: the
// search's view (Records), with the floors it proved empty, the floor
// its answer is exact from, the lower bound from rjm's uphill search and
// the shard it searched.
type RecordsReport struct {
	Records
	Top          int    `json:"top,omitempty"`
	Empty        []int  `json:"floors_empty"`
	Floor        int    `json:"floor"`
	Lower        int    `json:"lower,omitempty"`
	LowerExample string `json:"lower_example,omitempty"`
	Shard        string `json:"shard,omitempty"`
	Total        int    `json:"subtrees_total,omitempty"`
}

// NewRecordsReport returns the report of the search s that found r; lower
// is the maze rjm's uphill search reached r.Lower with, or nil.
func NewRecordsReport(s records.Settings, r *records.Result, lower *maze.Maze) RecordsReport {
	v := RecordsReport{Records: NewRecords(s, r), Top: r.Top, Empty: r.Empty, Floor: r.Floor, Lower: r.Lower, Total: r.Total}
	if v.Empty == nil {
		v.Empty = []int{}
	}
	if lower != nil {
		v.LowerExample, _ = lower.ID()
	}
	if r.Shards > 1 {
		v.Shard = fmt.Sprintf("%d/%d", r.Shard, r.Shards)
	}
	return v
}

// Text is the search's report followed by what the floors proved.
func (v RecordsReport) Text() string {
	var out string
	if v.MaxDepth == nil && v.Floor > 1 {
		out = fmt.Sprintf("%s: no maze reaches %d.\n", v.where(), v.Floor)
	} else {
		out = v.Records.Text()
	}
	if len(v.Within) > 0 {
		out += fmt.Sprintf("Sub-tree %s searched alone, in %s: this is the row the search one level up keeps for it (exact where it reaches that search's maximum).\n", records.WithinName(v.Within), plural(v.Total, "part", "parts"))
	}
	if v.Shard != "" {
		out += fmt.Sprintf("Shard %s of the %d sub-trees: merge every shard with rjm records merge.\n", v.Shard, v.Total)
	}
	if len(v.Empty) > 0 {
		out += fmt.Sprintf("Floors proven empty (no maze reaches them): %s\n", FloorRange(v.Empty))
	}
	if v.Floor > 1 {
		out += fmt.Sprintf("Exact for every goal depth from %d up (the last floor searched).\n", v.Floor)
	}
	if v.MaxDepth != nil && v.Top > 0 && *v.MaxDepth > v.Top {
		out += fmt.Sprintf("The maximum, %d, is above %d, the upper bound the search deepened from (--at-most): that bound was wrong, the answer holds.\n", *v.MaxDepth, v.Top)
	}
	if v.Lower > 0 {
		example := "" // a merge of shards has the depth, not the maze
		if v.LowerExample != "" {
			example = " (" + v.LowerExample + ")"
		}
		out += fmt.Sprintf("rjm's uphill search reached %d%s: the floor below which the search need not go.\n", v.Lower, example)
	}
	return out
}

// FloorRange writes descending floors as "48 down to 46" when they run
// on, and as a list ("48, 45") when they do not.
func FloorRange(fs []int) string { return records.FloorRange(fs) }

// EstimateText is the text of records.EstimateFloor's estimate v of the
// floor s.Floor, sampled with seed.
func EstimateText(s records.Settings, v records.Estimate, seed uint64) string {
	text := fmt.Sprintf("Floor %d of %d×%d: %d of its %d sub-trees left to search.\n", s.Floor, s.Board.Rows, s.Board.Cols, v.Left, v.Subtrees)
	if len(s.Within) > 0 {
		text = fmt.Sprintf("Floor %d of %d×%d, sub-tree %s: %d of its %d parts left to search.\n", s.Floor, s.Board.Rows, s.Board.Cols, records.WithinName(s.Within), v.Left, v.Subtrees)
	}
	if v.Budget > 0 {
		text += fmt.Sprintf("Each searched for up to %d branches: %d ended within it (%.0f branches); the other %d did not, so the work left is at least %.4g branches (measured).\n",
			v.Budget, v.Exact, v.ExactBranches, v.Left-v.Exact, v.AtLeast)
	}
	if v.Probes > 0 {
		text += fmt.Sprintf("%d random dives per sub-tree estimate %.3g ± %.2g branches (Knuth's estimate; its error is heavy-tailed: a rough guide)\n", v.Probes, v.ProbeBranches, v.ProbeError)
		for _, p := range v.Heaviest {
			switch {
			case p.Exact:
				text += fmt.Sprintf("  sub-tree %d: %.0f branches (searched)\n", p.Index, p.Branches)
			case p.AtLeast > 0:
				text += fmt.Sprintf("  sub-tree %d: %.3g ± %.2g branches, at least %d\n", p.Index, p.Branches, p.Error, p.AtLeast)
			default:
				text += fmt.Sprintf("  sub-tree %d: %.3g ± %.2g branches\n", p.Index, p.Branches, p.Error)
			}
		}
	}
	if v.Sampled > 0 {
		strata := ""
		if v.Strata > 0 {
			strata = fmt.Sprintf(" in %d strata by the probes' estimate", v.Strata)
		}
		text += fmt.Sprintf("Sample of %d sub-trees%s (seed %d): %d branches in %.1f s of CPU (%.1fM branches per CPU-second)\n"+
			"Estimate for the floor: %.3g ± %.2g branches, %.3g ± %.2g CPU-hours (± one standard error)\n",
			v.Sampled, strata, seed, v.Nodes, v.CPUSeconds, float64(v.Nodes)/max(v.CPUSeconds, 1e-9)/1e6,
			v.Branches, v.BranchesError, v.CPUHours, v.CPUHoursError)
	}
	if v.Found >= 0 && v.Result != nil {
		text += fmt.Sprintf("The sample holds %s mazes of depth %d, e.g. %s.\n", v.Result.Count, v.Found, v.Example)
	}
	return text
}

// RecordsProgress returns a records search's progress callback that
// shows it on one line with show (now set when a floor is done): the
// shard, the floor, the floors proven empty, sub-trees done of their
// number, branches per second, the best depth so far, and an estimate of
// the time left in the floor from the pace of the sub-trees this run
// searched. It reads the clock (now), for the pace; shard is the
// "I/N" the search was given, or "".
func RecordsProgress(show func(line string, now bool), now func() time.Time, shard string) func(records.Progress) {
	first, floor, began := -1, -1, now()
	return func(p records.Progress) {
		if p.Floor != floor { // a new pass
			first, floor, began = -1, p.Floor, now()
		}
		if first < 0 {
			first = p.Done // skipped from a checkpoint
		}
		elapsed := now().Sub(began)
		line := fmt.Sprintf("searching: %d/%d sub-trees", p.Done, p.Total)
		switch {
		case p.Floor > 0 && p.Good:
			line = fmt.Sprintf("good mazes of depth %d and more: %d/%d sub-trees", p.Floor, p.Done, p.Total)
		case p.Floor > 0:
			line = fmt.Sprintf("floor %d: %d/%d sub-trees", p.Floor, p.Done, p.Total)
		}
		switch {
		case p.Top == p.Floor+1:
			line += fmt.Sprintf(" (%d empty)", p.Top)
		case p.Top > p.Floor:
			line += fmt.Sprintf(" (%d–%d empty)", p.Floor+1, p.Top)
		}
		if shard != "" {
			line = "shard " + shard + ", " + line
		}
		if s := elapsed.Seconds(); s > 0 {
			line += fmt.Sprintf(", %.1fM branches/s", float64(p.Nodes)/s/1e6)
		}
		if p.Best >= 0 {
			line += fmt.Sprintf(", best depth %d", p.Best)
		} else if p.Lower > 0 {
			line += fmt.Sprintf(", uphill reached %d", p.Lower)
		}
		if n := p.Done - first; n > 0 && p.Done < p.Total {
			left := time.Duration(float64(elapsed) / float64(n) * float64(p.Total-p.Done))
			line += fmt.Sprintf(", about %s left in the floor", left.Round(time.Second))
		} else if p.Done < p.Total {
			line += ", time left not known yet"
		}
		show(line, p.Done == p.Total)
	}
}
