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
