package records

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/fault"
	"rjm/maze"
)

// What a user gives records wrong (settings the search cannot run, shard
// files that are not one, shards that do not merge) is a *fault.Error
// whose text names no package.
func TestBadInputIsFault(t *testing.T) {
	dir := t.TempDir()
	notShard := filepath.Join(dir, "notes.json")
	if err := os.WriteFile(notShard, []byte("not JSON"), 0o600); err != nil {
		t.Fatal(err)
	}
	nouturn := maze.Board{Rows: 3, Cols: 3}
	nouturn.Variant.NoUTurn = true
	_, errNoUTurn := Search(context.Background(), Settings{Board: nouturn})
	_, errBig := Search(context.Background(), Settings{Board: maze.Board{Rows: 9, Cols: 9}})
	_, _, errNone := MergeShards(nil)
	_, _, errMissing := MergeShards([]string{filepath.Join(dir, "missing.json")})
	_, _, errNotShard := MergeShards([]string{notShard})
	for _, c := range []struct {
		name string
		err  error
		kind error
		want string
	}{
		{"the no-U-turn rule", errNoUTurn, fault.ErrInvalid, "variant no-u-turn is not searched"},
		{"a board too large", errBig, fault.ErrTooCostly, "more than"},
		{"no shard files", errNone, fault.ErrInvalid, "no shard files"},
		{"a file not there", errMissing, fault.ErrInvalid, "missing.json"},
		{"a file not a shard", errNotShard, fault.ErrInvalid, "notes.json is not a shard file"},
	} {
		if !errors.Is(c.err, c.kind) || !strings.Contains(c.err.Error(), c.want) || strings.HasPrefix(c.err.Error(), "records") {
			t.Errorf("%s: %v, want a *fault.Error of kind %v saying %q with no package prefix", c.name, c.err, c.kind, c.want)
		}
	}
}
