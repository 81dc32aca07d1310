package records

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"rjm/fault"
	"rjm/maze"
)

// Every sub-tree searched alone in parts (Settings.Within) gives the row
// the whole search saved for it where either reaches the answer's depth:
// its best depth and its count at that depth; and the whole search
// resumed from those rows gives the whole answer, with the same classes
// of mazes. (Every sub-tree that reaches the answer's depth and every
// fifth other; all of them with RJM_LONG=1.) On every board of the
// floor tests up to 3×6 (all of them with RJM_LONG=1), at the maximum and
// two floors below it, over all mazes and the good ones.
func TestWithinEqualsItsSubtree(t *testing.T) {
	boards := floorBoards()[:len(smallBoards)+2]
	if os.Getenv("RJM_LONG") != "" {
		boards = floorBoards()
	}
	for _, b := range boards {
		for _, good := range []bool{false, true} {
			best, err := Search(context.Background(), Settings{Board: b, Good: good})
			if err != nil {
				t.Fatal(err)
			}
			if best.MaxDepth < 0 {
				continue
			}
			for _, floor := range []int{best.MaxDepth, max(best.MaxDepth-2, 1)} {
				base := Settings{Board: b, Good: good, Floor: floor, List: 50}
				whole, err := Search(context.Background(), base)
				if err != nil {
					t.Fatal(err)
				}
				var rows []Subtree
				for k, want := range whole.Subtrees {
					if k%5 != 0 && want.MaxDepth < whole.MaxDepth && os.Getenv("RJM_LONG") == "" {
						rows = append(rows, want) // a sample of the others
						continue
					}
					s := base
					s.Within = []int{want.Index}
					r, err := Search(context.Background(), s)
					if err != nil {
						t.Fatal(err)
					}
					got, err := WithinSubtree(s, r)
					if err != nil {
						t.Fatal(err)
					}
					// A row is relative to the best found before it: equal
					// where either reaches the answer's depth.
					if reaches := max(got.MaxDepth, want.MaxDepth) >= whole.MaxDepth; got.Index != want.Index || got.Floor != want.Floor || reaches && (got.MaxDepth != want.MaxDepth || got.Count != want.Count) {
						t.Fatalf("%v good=%v floor %d, sub-tree %d in %d parts: depth %d count %s, want %d %s", b, good, floor, want.Index, r.Total, got.MaxDepth, got.Count, want.MaxDepth, want.Count)
					}
					if (got.Example == nil) != (got.MaxDepth < 0) {
						t.Errorf("%v sub-tree %d: example %v at depth %d", b, want.Index, got.Example, got.MaxDepth)
					}
					rows = append(rows, got)
				}
				// The whole search from the parts' rows alone: nothing
				// searched again, the same answer and classes.
				s := base
				s.Done = rows
				s.Finished = func(st Subtree) { t.Errorf("%v: sub-tree %d searched again", b, st.Index) }
				again, err := Search(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				if again.MaxDepth != whole.MaxDepth || again.Count.Cmp(whole.Count) != 0 || !maps.Equal(classes(again.Mazes), classes(whole.Mazes)) || again.Listed != whole.Listed {
					t.Errorf("%v good=%v floor %d from the parts' rows: %d %v %d classes (listed %v); whole %d %v %d (%v)", b, good, floor,
						again.MaxDepth, again.Count, len(again.Mazes), again.Listed, whole.MaxDepth, whole.Count, len(whole.Mazes), whole.Listed)
				}
			}
		}
	}
}

// A sub-tree searched in parts with a checkpoint, two levels deep: the
// parts of part p of sub-tree k (--within k,p) are saved beside the whole
// search's checkpoint, a run cut short resumes them, and once they are
// done the part's row goes to the checkpoint of sub-tree k's parts; the
// run of k then skips it, and saves k's row in the whole search's
// checkpoint, which the whole search then skips. A second run of the same
// sub-tree is refused, as are an index past the last, a negative one, and
// a sub-tree without a floor.
func TestWithinCheckpoint(t *testing.T) {
	dir := t.TempDir()
	b := maze.Board{Rows: 4, Cols: 5}
	base := Settings{Board: b, Floor: 9, List: 100, Workers: 1}
	whole, err := Search(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "4x5.ckpt")
	heaviest := func(sts []Subtree) int {
		h := 0
		for i, st := range sts {
			if st.Nodes > sts[h].Nodes {
				h = i
			}
		}
		return sts[h].Index
	}
	k := heaviest(whole.Subtrees)
	ks := base
	ks.Within = []int{k}
	parts, err := Search(context.Background(), ks)
	if err != nil {
		t.Fatal(err)
	}
	p := heaviest(parts.Subtrees)

	// Part p of sub-tree k, cut short after a few of its parts.
	j := Job{Settings: base, Checkpoint: name}
	j.Within = []int{k, p}
	ctx, cancel := context.WithCancel(context.Background())
	j.Progress = func(p Progress) {
		if p.Done >= 3 {
			cancel()
		}
	}
	if _, err := j.Run(ctx); err == nil {
		t.Fatal("cut short: no error")
	}
	kept, err := ReadCheckpoint(WithinCheckpoint(name, j.Within), j.Settings)
	if err != nil || len(kept) < 3 {
		t.Fatalf("the parts' checkpoint holds %d parts (%v), want at least 3", len(kept), err)
	}
	if done, _ := ReadCheckpoint(WithinCheckpoint(name, []int{k}), ks); len(done) != 0 {
		t.Fatalf("sub-tree %d's checkpoint holds %d parts before part %d is done", k, len(done), p)
	}
	// Resumed: the parts kept are skipped, and the row goes to the
	// checkpoint one level up.
	j.Progress = nil
	var notices []string
	j.Notice = func(s string) { notices = append(notices, s) }
	o, err := j.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	all, err := ReadCheckpoint(WithinCheckpoint(name, j.Within), j.Settings)
	if err != nil || len(all) != o.Result.Total || len(notices) != 2 || notices[0] != fmt.Sprintf("%s holds %d finished sub-trees; skipping them", WithinCheckpoint(name, j.Within), len(kept)) {
		t.Errorf("resumed: the parts' checkpoint holds %d of %d parts (%v); notices %q", len(all), o.Result.Total, err, notices)
	}
	up, err := ReadCheckpoint(WithinCheckpoint(name, []int{k}), ks)
	if want := parts.Subtrees[p]; err != nil || len(up) != 1 || up[0].Index != p || up[0].Count != want.Count || up[0].MaxDepth != want.MaxDepth {
		t.Fatalf("sub-tree %d's checkpoint holds %+v (%v), want part %d: %+v", k, up, err, p, want)
	}
	// Sub-tree k: part p skipped, its row saved in the whole checkpoint.
	jk := Job{Settings: ks, Checkpoint: name}
	jk.Finished = func(st Subtree) { t.Errorf("Finished replaced by the checkpoint's Save") }
	if _, err := jk.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if done, _ := ReadCheckpoint(WithinCheckpoint(name, []int{k}), ks); len(done) != parts.Total {
		t.Errorf("sub-tree %d's checkpoint holds %d parts, want %d", k, len(done), parts.Total)
	}
	done, err := ReadCheckpoint(name, base)
	if want := whole.Subtrees[k]; err != nil || len(done) != 1 || done[0].Index != k || done[0].Count != want.Count || done[0].MaxDepth != want.MaxDepth {
		t.Fatalf("the whole checkpoint holds %+v (%v), want sub-tree %d: %+v", done, err, k, want)
	}
	// The whole search from its checkpoint skips the sub-tree.
	w := Job{Settings: base, Checkpoint: name}
	ow, err := w.Run(context.Background())
	if err != nil || ow.Result.MaxDepth != whole.MaxDepth || ow.Result.Count.Cmp(whole.Count) != 0 || !maps.Equal(classes(ow.Result.Mazes), classes(whole.Mazes)) {
		t.Errorf("the whole search from its checkpoint: %v; want %d %v", err, whole.MaxDepth, whole.Count)
	}
	if all, _ := ReadCheckpoint(name, base); len(all) != whole.Total {
		t.Errorf("the whole checkpoint holds %d sub-trees, want %d", len(all), whole.Total)
	}
	// Refusals, each at --within.
	again := Job{Settings: ks, Checkpoint: name}
	noFloor := Settings{Board: b, Within: []int{k}}
	for what, run := range map[string]func() error{
		"again": func() error { _, err := again.Run(context.Background()); return err },
		"past": func() error {
			s := base
			s.Within = []int{whole.Total}
			_, err := Search(context.Background(), s)
			return err
		},
		"past, two levels": func() error {
			s := base
			s.Within = []int{k, parts.Total}
			_, err := Search(context.Background(), s)
			return err
		},
		"negative": func() error { s := base; s.Within = []int{k, -1}; return s.Validate() },
		"no floor": func() error { return noFloor.Validate() },
	} {
		var fe *fault.Error
		if err := run(); !errors.As(err, &fe) || fe.Where != "--within" {
			t.Errorf("%s: %v, want a fault at --within", what, err)
		}
	}
	if _, err := os.Stat(WithinCheckpoint(name, []int{k, p})); err != nil {
		t.Errorf("the parts' checkpoint: %v", err)
	}
}

// A sub-tree's parts searched as shards and merged give the sub-tree
// searched whole in parts, its Within kept in the shard files.
func TestWithinShards(t *testing.T) {
	dir := t.TempDir()
	b := maze.Board{Rows: 4, Cols: 5}
	base := Settings{Board: b, Floor: 9, List: 100}
	whole, err := Search(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range whole.Subtrees {
		if st.MaxDepth != whole.MaxDepth {
			continue
		}
		s := base
		s.Within = []int{st.Index}
		want, err := Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for i := range 3 {
			sh := s
			sh.Shard, sh.Shards = i, 3
			r, err := Search(context.Background(), sh)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Join(dir, fmt.Sprintf("%d-%d.json", st.Index, i))
			if err := WriteShardFile(name, NewShardFile(sh, r)); err != nil {
				t.Fatal(err)
			}
			names = append(names, name)
		}
		m, ms, err := MergeShards(names)
		if err != nil {
			t.Fatal(err)
		}
		if m.MaxDepth != want.MaxDepth || m.Count.Cmp(want.Count) != 0 || m.Count.String() != st.Count || !maps.Equal(classes(m.Mazes), classes(want.Mazes)) || !slices.Equal(ms.Within, s.Within) {
			t.Errorf("sub-tree %d in 3 shards: %d %v, within %v; whole %d %v (row %s)", st.Index, m.MaxDepth, m.Count, ms.Within, want.MaxDepth, want.Count, st.Count)
		}
		break
	}
}

// ParseWithin reads what WithinName writes, and refuses the rest with a
// *fault.Error.
func TestParseWithin(t *testing.T) {
	for _, c := range []struct {
		in, name string
		want     []int
	}{{"178", "178", []int{178}}, {"178,645", "178,645", []int{178, 645}}, {"0,0,0", "0,0,0", []int{0, 0, 0}}, {"03,4", "3,4", []int{3, 4}}} {
		got, err := ParseWithin(c.in)
		if err != nil || !slices.Equal(got, c.want) || WithinName(got) != c.name {
			t.Errorf("ParseWithin(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "x", "6x/6x", "-1", "-0", "+1", " 1", "1 ,2", "1,", ",1", "1e3", "0x10", "1,-2", "1,,2", "3/64", "99999999999", "1,2,3,4,5,6,7,8,9"} {
		var fe *fault.Error
		if got, err := ParseWithin(in); !errors.As(err, &fe) {
			t.Errorf("ParseWithin(%q) = %v, %v; want a *fault.Error", in, got, err)
		}
	}
}

// FuzzParseWithin: any text is read or refused without panicking, and
// what is read is written back the same.
func FuzzParseWithin(f *testing.F) {
	for _, s := range []string{"178", "178,645", "", "-1", "1,2,3,4,5,6,7,8,9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, err := ParseWithin(s)
		if err != nil {
			return
		}
		again, err := ParseWithin(WithinName(w))
		if err != nil || !slices.Equal(again, w) {
			t.Errorf("%q → %v → %q → %v, %v", s, w, WithinName(w), again, err)
		}
	})
}
