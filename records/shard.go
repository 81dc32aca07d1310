package records

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"rjm/fault"
	"rjm/maze"
)

// ShardFile is the answer of one shard of a search (Settings.Shard of
// Settings.Shards), as `rjm records --shard I/N --out FILE` writes it and
// MergeShards reads it: the settings, the floors it proved empty, the
// floor of its last pass, and that pass's sub-trees.
type ShardFile struct {
	Board   maze.Board `json:"board"`
	Start   *maze.Cell `json:"start,omitempty"`
	Goal    *maze.Cell `json:"goal,omitempty"`
	Good    bool       `json:"unique"`
	Split   int        `json:"split"`
	Within  []int      `json:"within,omitempty"`
	NoPrune bool       `json:"no_prune,omitempty"`
	List    int        `json:"list,omitempty"`
	Shard   int        `json:"shard"`
	Shards  int        `json:"shards"`
	// Top is the highest floor; Empty the floors proven empty, from Top
	// down; Floor the floor of the last pass, whose sub-trees follow:
	// the shard's answer is exact for every depth from Floor up.
	Top      int       `json:"top"`
	Empty    []int     `json:"floors_empty"`
	Floor    int       `json:"floor"`
	Lower    int       `json:"lower,omitempty"`
	MaxDepth int       `json:"max_depth"`
	Count    string    `json:"count"`
	Nodes    int64     `json:"nodes"` // branches searched in all its passes
	Total    int       `json:"subtrees_total"`
	Subtrees []Subtree `json:"subtrees"`
}

// NewShardFile returns the shard file of a finished search s with result r.
func NewShardFile(s Settings, r *Result) ShardFile {
	f := ShardFile{Board: s.Board, Start: s.Start, Goal: s.Goal, Good: s.Good, Split: s.Split, Within: s.Within, NoPrune: s.NoPrune, List: s.List,
		Shard: s.Shard, Shards: max(s.Shards, 1), Top: r.Top, Empty: r.Empty, Floor: r.Floor, Lower: r.Lower,
		MaxDepth: r.MaxDepth, Count: r.Count.String(), Nodes: r.Nodes, Total: r.Total, Subtrees: r.Subtrees}
	if f.Shards == 1 {
		f.Shard = 0
	}
	if f.Empty == nil {
		f.Empty = []int{}
	}
	return f
}

// Settings returns the search settings the shard belongs to.
func (f ShardFile) Settings() Settings {
	return Settings{Board: f.Board, Start: f.Start, Goal: f.Goal, Good: f.Good, Split: f.Split, Within: f.Within, NoPrune: f.NoPrune, List: f.List, Shard: f.Shard, Shards: f.Shards}
}

// same reports whether two shards belong to one search.
func (f ShardFile) same(o ShardFile) bool {
	a, b := f.Settings(), o.Settings()
	return header(a) == header(b) && a.List == b.List && f.Shards == o.Shards
}

// WriteShardFile writes f to name as JSON, through a temporary file
// renamed into place, so that name never holds half a shard.
func WriteShardFile(name string, f ShardFile) error {
	data, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".shard-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// ReadShardFile reads a shard file and checks it: settings that can run,
// a shard within its number, and sub-trees that belong to it.
func ReadShardFile(name string) (ShardFile, error) {
	var f ShardFile
	data, err := os.ReadFile(name)
	if err != nil {
		return f, fault.In("", err)
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return f, fault.Invalid("", "%s is not a shard file: %v", name, err)
	}
	s := f.Settings()
	g, _, gi, err := s.compile()
	if err != nil {
		return f, fault.In(name, err)
	}
	if f.Shards < 1 || f.Shards > MaxShards || f.Shard < 0 || f.Shard >= f.Shards || f.Total < 0 || f.Total > 1<<40 || f.Floor < 0 {
		return f, fault.Invalid(name, "shard %d/%d of %d sub-trees is out of range", f.Shard, f.Shards, f.Total)
	}
	if len(f.Within) > 0 {
		if err := (Settings{Board: f.Board, Start: f.Start, Goal: f.Goal, Within: f.Within, Floor: max(f.Floor, 1)}).Validate(); err != nil {
			return f, fault.In(name, err)
		}
	}
	for _, st := range f.Subtrees {
		if err := st.check(g, gi); err != nil {
			return f, fault.Invalid(fmt.Sprintf("%s, sub-tree %d", name, st.Index), "%w", err)
		}
		if st.Index >= f.Total || st.Index%f.Shards != f.Shard || st.Floor != f.Floor {
			return f, fault.Invalid(name, "sub-tree %d of floor %d is not shard %d/%d's at floor %d", st.Index, st.Floor, f.Shard, f.Shards, f.Floor)
		}
	}
	return f, nil
}

// MaxShards is the most shards a search is split into.
const MaxShards = 1 << 20

// MergeShards combines the files of every shard of one search into the
// whole search's answer: the maximum, its exact count, an example and
// the listed mazes, the floors proven empty and the branches searched. It
// refuses files of other settings, a shard given twice, a shard missing
// or not finished, and shards whose floors leave the maximum unproven,
// each with a *fault.Error naming the shard or file.
func MergeShards(names []string) (*Result, Settings, error) {
	if len(names) == 0 {
		return nil, Settings{}, fault.Invalid("", "no shard files")
	}
	files := make([]ShardFile, len(names))
	for i, name := range names {
		f, err := ReadShardFile(name)
		if err != nil {
			return nil, Settings{}, err
		}
		files[i] = f
	}
	first := files[0]
	byShard := make([]string, first.Shards)
	for i, f := range files {
		if !f.same(first) {
			return nil, Settings{}, fault.Invalid("", "%s is a shard of other settings than %s (%dx%d, shard %d/%d)", names[i], names[0], f.Board.Rows, f.Board.Cols, f.Shard, f.Shards)
		}
		if byShard[f.Shard] != "" {
			return nil, Settings{}, fault.Invalid("", "shard %d/%d given twice: %s and %s", f.Shard, f.Shards, byShard[f.Shard], names[i])
		}
		byShard[f.Shard] = names[i]
	}
	for k, name := range byShard {
		if name == "" {
			return nil, Settings{}, fault.Invalid("", "shard %d/%d is missing", k, first.Shards)
		}
	}
	s := first.Settings()
	s.Shard, s.Shards = 0, 0
	g, si, gi, err := s.compile()
	if err != nil {
		return nil, s, err
	}
	var (
		all   []Subtree
		nodes int64
		top   = first.Top
		lower = 0
	)
	for i, f := range files {
		want := 0 // the sub-trees k < Total with k ≡ Shard (mod Shards)
		if f.Total > f.Shard {
			want = (f.Total-f.Shard-1)/f.Shards + 1
		}
		if len(f.Subtrees) != want || f.Total != first.Total {
			return nil, s, fault.Invalid("", "shard %d/%d (%s) is not finished: %d of %d sub-trees at floor %d", f.Shard, f.Shards, names[i], len(f.Subtrees), want, f.Floor)
		}
		all = append(all, f.Subtrees...)
		nodes += f.Nodes
		top = max(top, f.Top)
		lower = max(lower, f.Lower)
	}
	res := combine(s.Board, si, gi, all, s.List, newSearch(g, si, gi, s))
	for i, f := range files {
		// The shard is exact from its last floor up, and holds no maze
		// above its own maximum: the whole maximum must not lie below
		// that floor. (When no shard holds a maze, none reaches the
		// highest of their floors.)
		if res.MaxDepth >= 0 && res.MaxDepth < f.Floor {
			return nil, s, fault.Invalid("", "shard %d/%d (%s) searched only depths from %d up, above the maximum found, %d: run it again with --at-least %d", f.Shard, f.Shards, names[i], f.Floor, res.MaxDepth, max(res.MaxDepth, 1))
		}
	}
	res.Nodes, res.Top, res.Lower, res.Total = nodes, top, lower, first.Total
	res.Floor = res.MaxDepth
	for _, f := range files {
		res.Floor = min(res.Floor, f.Floor)
	}
	if res.MaxDepth < 0 {
		res.Floor = 1
		for _, f := range files {
			res.Floor = max(res.Floor, f.Floor)
		}
	}
	for d := top; d > max(res.MaxDepth, res.Floor-1) && d > 0; d-- {
		res.Empty = append(res.Empty, d)
	}
	return res, s, nil
}
