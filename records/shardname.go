package records

import (
	"strconv"
	"strings"

	"rjm/fault"
	"rjm/maze"
)

// ParseShard reads a shard's name "I/N" (as "3/64": the sub-trees
// numbered I modulo N), with 0 ≤ I < N ≤ MaxShards, into Settings.Shard
// and Settings.Shards. Its error is a *fault.Error.
func ParseShard(text string) (shard, shards int, err error) {
	a, b, ok := strings.Cut(text, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > MaxShards || i < 0 || i >= n {
		return 0, 0, fault.Invalid("", "%q: want I/N with 0 ≤ I < N ≤ %d, e.g. 3/64", maze.Short(text), MaxShards)
	}
	return i, n, nil
}

// ParseWithin reads a Settings.Within as --within takes it: sub-tree
// indices separated by commas, "178" or "178,645", at most MaxWithin of
// them, each from 0 to 2^31−1, in digits alone. Its error is a
// *fault.Error.
func ParseWithin(text string) ([]int, error) {
	fields := strings.Split(text, ",")
	if len(fields) > MaxWithin {
		return nil, fault.Invalid("", "%q: %d levels, want at most %d", maze.Short(text), len(fields), MaxWithin)
	}
	within := make([]int, len(fields))
	for i, f := range fields {
		k, err := strconv.ParseInt(f, 10, 32)
		if err != nil || k < 0 || strings.TrimLeft(f, "0123456789") != "" {
			return nil, fault.Invalid("", "%q: want sub-tree indices K or K,P,… (0 or more, as --checkpoint numbers them), e.g. 178 or 178,645", maze.Short(text))
		}
		within[i] = int(k)
	}
	return within, nil
}
