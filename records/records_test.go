package records

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rjm/analysis"
	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// brute enumerates every legal maze of the board (start and goal at the
// default corners) and returns the maximum goal depth and how many mazes
// reach it, among all or, with good, among those with a unique shortest
// solution and no black holes; written apart from the search, with the
// graph's breadth-first search and the analysis.
func brute(b maze.Board, good bool) (int, int64) {
	g := graph.MustCompile(b)
	start, goal := b.Index(maze.DefaultStart(b)), b.Index(maze.DefaultGoal(b))
	m := &maze.Maze{Board: b, Jumps: make([]int, b.Cells()), Start: start, Goal: goal}
	var cells []int
	for i := range b.Cells() {
		if i != goal {
			cells = append(cells, i)
		}
	}
	best, count := -1, int64(0)
	var rec func(k int)
	rec = func(k int) {
		if k == len(cells) {
			D := g.GoalDepth(m.Jumps, start, goal)
			if D < 0 || D < best {
				return
			}
			if good {
				f := analysis.Analyze(g, m)
				if !f.Unique || f.BlackHoles > 0 {
					return
				}
			}
			if D > best {
				best, count = D, 0
			}
			count++
			return
		}
		for _, j := range g.Legal(cells[k]) {
			m.Jumps[cells[k]] = j
			rec(k + 1)
		}
	}
	rec(0)
	return best, count
}

var smallBoards = []maze.Board{
	{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 1, Cols: 5},
	{Rows: 2, Cols: 4}, {Rows: 3, Cols: 3}, {Rows: 2, Cols: 5}, {Rows: 2, Cols: 6},
	{Rows: 3, Cols: 4}, {Rows: 4, Cols: 3},
	{Rows: 3, Cols: 3, Variant: maze.Variant{Queen: true}},
	{Rows: 3, Cols: 4, Variant: maze.Variant{Torus: true}},
}

// The search agrees with brute force on every board up to 12 cells, with
// and without pruning, in any number of sub-trees, for all mazes and for
// the good ones.
func TestAgainstBruteForce(t *testing.T) {
	for _, b := range smallBoards {
		for _, good := range []bool{false, true} {
			wantD, wantN := brute(b, good)
			for _, s := range []Settings{
				{Board: b, Good: good},
				{Board: b, Good: good, NoPrune: true, Split: 1},
				{Board: b, Good: good, Split: 3, Workers: 3},
			} {
				r, err := Search(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				if r.MaxDepth != wantD || r.Count.Cmp(big.NewInt(wantN)) != 0 {
					t.Errorf("%v good %v split %d prune %v: depth %d count %v, brute force %d %d",
						b, good, s.Split, !s.NoPrune, r.MaxDepth, r.Count, wantD, wantN)
				}
				if wantD >= 0 {
					g := graph.MustCompile(b)
					if got := solve.Solve(g, r.Example).GoalDepth; got != wantD {
						t.Errorf("%v: the example has depth %d", b, got)
					}
				}
			}
		}
	}
}

// A search resumed with the sub-trees an interrupted run finished (of
// every floor it passed) gives the same answer as one run, and searches
// only the others.
func TestResume(t *testing.T) {
	b := maze.Board{Rows: 3, Cols: 4}
	type key struct{ floor, index int }
	var all []Subtree
	whole, err := Search(context.Background(), Settings{Board: b, Split: 3, Workers: 1, Finished: func(st Subtree) { all = append(all, st) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Empty) == 0 {
		t.Fatalf("3×4 deepened through no empty floor: %+v", whole)
	}
	half := all[:len(all)/2]
	kept := map[key]bool{}
	for _, d := range half {
		kept[key{d.Floor, d.Index}] = true
	}
	searched := 0
	again, err := Search(context.Background(), Settings{Board: b, Split: 3, Done: half,
		Finished: func(st Subtree) {
			if kept[key{st.Floor, st.Index}] {
				t.Errorf("sub-tree %d of floor %d searched again", st.Index, st.Floor)
			}
			searched++
		}})
	if err != nil || again.MaxDepth != whole.MaxDepth || again.Count.Cmp(whole.Count) != 0 || !slices.Equal(again.Empty, whole.Empty) {
		t.Errorf("resumed: %v, %d %v %v; whole %d %v %v", err, again.MaxDepth, again.Count, again.Empty, whole.MaxDepth, whole.Count, whole.Empty)
	}
	if searched != len(all)-len(half) {
		t.Errorf("%d sub-trees searched, want %d", searched, len(all)-len(half))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Search(ctx, Settings{Board: b}); err == nil {
		t.Error("cancelled: no error")
	}
}

func ExampleSearch() {
	r, err := Search(context.Background(), Settings{Board: maze.Board{Rows: 3, Cols: 3}})
	if err != nil {
		fmt.Println(err)
		return
	}
	id, _ := r.Example.ID()
	fmt.Println(r.MaxDepth, r.Count, id)
	// Output: 4 7 3x3:111111110
}

// The record mazes listed, one of each symmetry class, are exactly the
// classes of the mazes brute force finds at the maximum.
func TestListedMazes(t *testing.T) {
	for _, b := range smallBoards {
		g := graph.MustCompile(b)
		start, goal := b.Index(maze.DefaultStart(b)), b.Index(maze.DefaultGoal(b))
		want := map[string]bool{}
		best := -1
		m := &maze.Maze{Board: b, Jumps: make([]int, b.Cells()), Start: start, Goal: goal}
		var rec func(i int)
		rec = func(i int) {
			if i == b.Cells() {
				D := g.GoalDepth(m.Jumps, start, goal)
				if D > best {
					best, want = D, map[string]bool{}
				}
				if D == best && D >= 0 {
					want[m.Canonical()] = true
				}
				return
			}
			if i == goal {
				rec(i + 1)
				return
			}
			for _, j := range g.Legal(i) {
				m.Jumps[i] = j
				rec(i + 1)
			}
		}
		rec(0)
		r, err := Search(context.Background(), Settings{Board: b, List: 10000})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, x := range r.Mazes {
			if got[x.Canonical()] {
				t.Errorf("%v: a class listed twice", b)
			}
			got[x.Canonical()] = true
			if d := g.GoalDepth(x.Jumps, start, goal); d != r.MaxDepth {
				t.Errorf("%v: listed maze of depth %d", b, d)
			}
		}
		if !r.Listed || len(got) != len(want) {
			t.Errorf("%v: %d classes listed (complete %v), brute force %d", b, len(got), r.Listed, len(want))
		}
		for k := range want {
			if !got[k] {
				t.Errorf("%v: class %s not listed", b, k)
			}
		}
	}
}

// FuzzOpenCheckpoint: any checkpoint file is read without panicking, and
// whatever it gives a search to skip leaves the search whole: it ends
// without panicking, with a count that is a number.
func FuzzOpenCheckpoint(f *testing.F) {
	s := Settings{Board: maze.Board{Rows: 2, Cols: 3}, Workers: 1}
	dir := f.TempDir()
	good := filepath.Join(dir, "good")
	ckpt, _, err := OpenCheckpoint(good, s)
	if err != nil {
		f.Fatal(err)
	}
	s.Finished = ckpt.Save
	if _, err := Search(context.Background(), s); err != nil {
		f.Fatal(err)
	}
	ckpt.Close()
	data, _ := os.ReadFile(good)
	f.Add(string(data))
	lines := strings.SplitAfter(string(data), "\n")
	f.Add(strings.Join(lines[:2], "") + `{"index":1,"max_depth":3,"count":"x","nodes":1}` + "\n")
	f.Add(strings.Join(lines[:2], "") + `{"index":0,"max_depth":9,"count":"2","example":[1],"nodes":1}` + "\n")
	f.Add(strings.Join(lines[:2], "") + `{"index":0,"max_depth":9,"count":"2","mazes":[[9,9,9,9,9,9]],"nodes":1}` + "\n")
	f.Fuzz(func(t *testing.T, text string) {
		name := filepath.Join(t.TempDir(), "ckpt")
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		c, done, err := OpenCheckpoint(name, Settings{Board: s.Board})
		if err != nil {
			return
		}
		c.Close()
		r, err := Search(context.Background(), Settings{Board: s.Board, Workers: 1, Done: done, List: 3})
		if err == nil && (r == nil || r.Count == nil) {
			t.Fatalf("a search resumed from %q: %v", text, r)
		}
	})
}

// A search reports its progress while a sub-tree is under way (the
// floor, the sub-trees counted, branches searched), and stops
// within stopEvery branches of its context ending, even in a sub-tree of 7×7
// that takes minutes. The context ends once progress inside the sub-tree
// has been reported, however slow the machine.
func TestSearchStopsInASubtree(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var (
		mu       sync.Mutex
		last     Progress
		calls    int
		after    int // calls after the context ended
		canceled time.Time
	)
	s := Settings{Board: maze.Board{Rows: 7, Cols: 7}, Workers: 1, Progress: func(p Progress) {
		mu.Lock()
		defer mu.Unlock()
		last, calls = p, calls+1
		if !canceled.IsZero() {
			after++
		}
		if canceled.IsZero() && calls >= 2 && p.Nodes >= ProgressNodes && p.Floor > 0 && p.Top == 48 {
			canceled = time.Now()
			cancel()
		}
	}}
	stop := time.AfterFunc(2*time.Minute, cancel) // no progress inside the sub-tree: fail, not hang
	defer stop.Stop()
	r, err := Search(ctx, s)
	mu.Lock()
	defer mu.Unlock()
	if err != context.Canceled || r == nil || r.MaxDepth >= 0 {
		t.Fatalf("%v, %v", r, err)
	}
	if canceled.IsZero() {
		t.Fatalf("%d calls of Progress, the last %+v: no progress inside the sub-tree", calls, last)
	}
	// The worker looks at the context every stopEvery branches, and
	// reports progress every ProgressNodes: stopping within stopEvery
	// branches of the context ending, it reports nothing after it. (A
	// count of branches, not a time: the verdict does not depend on how
	// busy the machine is.)
	if after != 0 {
		t.Errorf("%d calls of Progress after the context ended: more than %d branches searched", after, stopEvery)
	}
	t.Logf("stopped %v after the context ended", time.Since(canceled))
	if last.Total < 256 {
		t.Errorf("%d sub-trees counted, want the 7×7 board's", last.Total)
	}
}

// classes returns the canonical keys of listed mazes.
func classes(ms []*maze.Maze) map[string]bool {
	out := map[string]bool{}
	for _, m := range ms {
		out[m.Canonical()] = true
	}
	return out
}

// floorBoards are the boards the floor tests search: every board of the
// brute-force tests and those up to 5×5 in the everyday suite, up to
// 6×6 with RJM_LONG=1.
func floorBoards() []maze.Board {
	bs := append(slices.Clone(smallBoards), maze.Board{Rows: 4, Cols: 4}, maze.Board{Rows: 3, Cols: 6}, maze.Board{Rows: 4, Cols: 5}, maze.Board{Rows: 5, Cols: 5})
	if os.Getenv("RJM_LONG") != "" {
		bs = append(bs, maze.Board{Rows: 4, Cols: 6}, maze.Board{Rows: 5, Cols: 6}, maze.Board{Rows: 6, Cols: 6})
	}
	return bs
}

// Floors change nothing at or below the maximum: the search in one pass
// (which cuts only against what it has found, and agrees with brute
// force), the deepening search from the board's bound, from an upper
// bound (--at-most), down to a known lower bound, and a single pass at
// any floor from 1 to the maximum all give the same maximum, count and
// classes of record mazes. A floor above the maximum finds no maze and
// says which floor.
func TestFloors(t *testing.T) {
	for _, b := range floorBoards() {
		list := 100000
		base := Settings{Board: b, List: list}
		one := base
		one.OnePass = true
		want, err := Search(context.Background(), one)
		if err != nil {
			t.Fatal(err)
		}
		M := want.MaxDepth
		wantClasses := classes(want.Mazes)
		check := func(what string, s Settings) *Result {
			t.Helper()
			r, err := Search(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if r.MaxDepth != M || r.Count.Cmp(want.Count) != 0 || !maps.Equal(classes(r.Mazes), wantClasses) || r.Listed != want.Listed {
				t.Errorf("%v %s: depth %d count %v, %d classes; one pass %d %v, %d classes", b, what, r.MaxDepth, r.Count, len(r.Mazes), M, want.Count, len(wantClasses))
			}
			return r
		}
		deep := check("deepening", base)
		if top := b.Cells() - 1; len(deep.Empty) != top-M || deep.Floor != M || deep.Top != top {
			t.Errorf("%v: floors %v empty from %d, last %d; want %d down to %d", b, deep.Empty, deep.Top, deep.Floor, top, M+1)
		}
		if deep.Nodes > want.Nodes {
			t.Logf("%v: deepening searched %d branches, one pass %d", b, deep.Nodes, want.Nodes)
		}
		for _, s := range []Settings{{AtMost: M + 2}, {AtMost: M}, {Lower: M}, {Lower: max(M-3, 1), AtMost: M + 1}, {Workers: 1, Split: 2}} {
			s.Board, s.List = b, list
			r := check(fmt.Sprintf("at most %d, lower %d", s.AtMost, s.Lower), s)
			if s.AtMost > 0 && len(r.Empty) != s.AtMost-M {
				t.Errorf("%v at most %d: floors %v proven empty", b, s.AtMost, r.Empty)
			}
		}
		for _, f := range []int{1, M / 2, M - 1, M} {
			if f >= 1 {
				s := base
				s.Floor = f
				check(fmt.Sprintf("floor %d", f), s)
			}
		}
		above := base
		above.Floor = M + 1
		r, err := Search(context.Background(), above)
		if err != nil || r.MaxDepth != -1 || r.Count.Sign() != 0 || r.Floor != M+1 || r.Example != nil {
			t.Errorf("%v floor %d above the maximum %d: %v, %+v", b, M+1, M, err, r)
		}
	}
}

// Shards searched apart and merged give the one-process answer, and a
// sub-tree belongs to exactly one shard.
func TestShardsInProcess(t *testing.T) {
	dir := t.TempDir()
	for _, b := range []maze.Board{{Rows: 3, Cols: 4}, {Rows: 4, Cols: 4}, {Rows: 4, Cols: 5}} {
		whole, err := Search(context.Background(), Settings{Board: b, List: 1000})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 2, 5} {
			var names []string
			for i := range n {
				s := Settings{Board: b, List: 1000, Shard: i, Shards: n}
				r, err := Search(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("%dx%d-%d-%d.json", b.Rows, b.Cols, i, n))
				if err := WriteShardFile(name, NewShardFile(s, r)); err != nil {
					t.Fatal(err)
				}
				names = append(names, name)
			}
			m, _, err := MergeShards(names)
			if err != nil {
				t.Fatal(err)
			}
			if m.MaxDepth != whole.MaxDepth || m.Count.Cmp(whole.Count) != 0 || !maps.Equal(classes(m.Mazes), classes(whole.Mazes)) || !slices.Equal(m.Empty, whole.Empty) {
				t.Errorf("%v in %d shards: %d %v %v %d classes; whole %d %v %v %d", b, n, m.MaxDepth, m.Count, m.Empty, len(m.Mazes), whole.MaxDepth, whole.Count, whole.Empty, len(whole.Mazes))
			}
			// One floor above the maximum, shard by shard: the merge
			// says no maze reaches it.
			var above []string
			for i := range n {
				s := Settings{Board: b, Floor: whole.MaxDepth + 1, Shard: i, Shards: n}
				r, err := Search(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("above-%dx%d-%d-%d.json", b.Rows, b.Cols, i, n))
				if err := WriteShardFile(name, NewShardFile(s, r)); err != nil {
					t.Fatal(err)
				}
				above = append(above, name)
			}
			if m, _, err := MergeShards(above); err != nil || m.MaxDepth != -1 || m.Floor != whole.MaxDepth+1 || m.Count.Sign() != 0 {
				t.Errorf("%v in %d shards at floor %d: %v, %+v", b, n, whole.MaxDepth+1, err, m)
			}
			if n > 1 {
				if _, _, err := MergeShards(names[1:]); !errors.Is(err, fault.ErrInvalid) || !strings.Contains(err.Error(), fmt.Sprintf("shard 0/%d is missing", n)) {
					t.Errorf("a missing shard: %v", err)
				}
				if _, _, err := MergeShards(append(names, names[0])); !errors.Is(err, fault.ErrInvalid) || !strings.Contains(err.Error(), "given twice") {
					t.Errorf("a shard twice: %v", err)
				}
			}
		}
	}
}

// The transpose symmetry changes nothing but the work: on square boards
// with the start and the goal on the diagonal, the search with it and
// without it give the same maximum, count and classes, for all mazes and
// the good ones, deepening and in one pass; with it the search takes
// no more branches, and fewer on 5×5. (The brute-force test covers 2×2, 3×3 and the queen's
// 3×3 with it on.) The branches are counted by one worker: with several,
// when a worker finds a record first changes what the others prune, so
// the counts would depend on scheduling.
func TestSymmetry(t *testing.T) {
	at := func(r, c int) *maze.Cell { return &maze.Cell{Row: r, Col: c} }
	cases := []Settings{
		{Board: maze.Board{Rows: 3, Cols: 3, Variant: maze.Variant{Torus: true}}},
		{Board: maze.Board{Rows: 4, Cols: 4}},
		{Board: maze.Board{Rows: 4, Cols: 4}, Good: true},
		{Board: maze.Board{Rows: 4, Cols: 4, Variant: maze.Variant{Queen: true}}},
		{Board: maze.Board{Rows: 4, Cols: 4}, Start: at(1, 1), Goal: at(2, 2)},
		{Board: maze.Board{Rows: 4, Cols: 4}, Start: at(3, 3), Goal: at(0, 0), OnePass: true},
		{Board: maze.Board{Rows: 5, Cols: 5}},
		{Board: maze.Board{Rows: 5, Cols: 5}, Good: true},
		{Board: maze.Board{Rows: 5, Cols: 5}, OnePass: true},
	}
	if os.Getenv("RJM_LONG") != "" {
		cases = append(cases, Settings{Board: maze.Board{Rows: 6, Cols: 6}})
	}
	for _, s := range cases {
		if !s.transposable() {
			t.Fatalf("%v: not transposable", s.Board)
		}
		s.List, s.Workers = 100000, 1
		with, err := Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		s.NoSymmetry = true
		without, err := Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if with.MaxDepth != without.MaxDepth || with.Count.Cmp(without.Count) != 0 || !maps.Equal(classes(with.Mazes), classes(without.Mazes)) {
			t.Errorf("%v good %v start %v goal %v: with the symmetry %d %v %d classes, without %d %v %d", s.Board, s.Good, s.Start, s.Goal,
				with.MaxDepth, with.Count, len(with.Mazes), without.MaxDepth, without.Count, len(without.Mazes))
		}
		if with.Nodes > without.Nodes || s.Board.Rows >= 5 && with.Nodes >= without.Nodes {
			t.Errorf("%v: %d branches with the symmetry, %d without", s.Board, with.Nodes, without.Nodes)
		}
		if g := graph.MustCompile(s.Board); solve.Solve(g, with.Example).GoalDepth != with.MaxDepth {
			t.Errorf("%v: the example is not a record", s.Board)
		}
	}
	if (Settings{Board: maze.Board{Rows: 4, Cols: 5}}).transposable() || (Settings{Board: maze.Board{Rows: 4, Cols: 4}, Goal: at(3, 2)}).transposable() {
		t.Error("a board or a goal off the diagonal is taken as transposable")
	}
}

// Mutation check for the symmetry: counting each maze m < m' once instead
// of twice changes the count, and the comparison without the symmetry
// catches it.
func TestHalfWeightCaught(t *testing.T) {
	s := Settings{Board: maze.Board{Rows: 4, Cols: 4}}
	want, err := Search(context.Background(), Settings{Board: s.Board, NoSymmetry: true})
	if err != nil {
		t.Fatal(err)
	}
	s.halfWeight = true
	got, err := Search(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if got.Count.Cmp(want.Count) == 0 {
		t.Errorf("counting m < m' once went unnoticed: %v", got.Count)
	}
}

// FuzzReadShardFile: any file is read as a shard without panicking, and
// a file read as one merges (alone) without panicking, to an answer or a
// one-line error.
func FuzzReadShardFile(f *testing.F) {
	dir := f.TempDir()
	for _, n := range []int{1, 2} {
		s := Settings{Board: maze.Board{Rows: 2, Cols: 3}, Shards: n, List: 3}
		r, err := Search(context.Background(), s)
		if err != nil {
			f.Fatal(err)
		}
		name := filepath.Join(dir, fmt.Sprint(n))
		if err := WriteShardFile(name, NewShardFile(s, r)); err != nil {
			f.Fatal(err)
		}
		data, _ := os.ReadFile(name)
		f.Add(string(data))
		f.Add(strings.Replace(string(data), `"subtrees_total": `, `"subtrees_total": 1`, 1))
		f.Add(strings.Replace(string(data), `"floor": `, `"floor": 9`, 1))
	}
	f.Add(`{"board":{"Rows":40,"Cols":40},"shards":1}`)
	f.Fuzz(func(t *testing.T, text string) {
		name := filepath.Join(t.TempDir(), "shard.json")
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadShardFile(name); err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("a two-line error: %q", err)
			}
			return
		}
		r, _, err := MergeShards([]string{name})
		if err == nil && (r == nil || r.Count == nil) {
			t.Fatalf("merged %q: %v", text, r)
		}
	})
}

// The uniqueness and reach cuts change no answer and save branches: on
// the floor tests' boards, for all mazes and the good ones, the search
// with both gives the same maximum, count and classes as with either off,
// and each saves branches in all.
func TestCuts(t *testing.T) {
	type total struct{ with, without int64 }
	saved := map[string]*total{"uniqueness": {}, "reach": {}}
	for _, b := range floorBoards() {
		for _, good := range []bool{false, true} {
			s := Settings{Board: b, Good: good, List: 100000}
			r, err := Search(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			offs := map[string]Settings{"reach": {Board: b, Good: good, List: 100000, reachCut: -1}}
			if good {
				offs["uniqueness"] = Settings{Board: b, Good: good, List: 100000, uniqueCut: -1}
			}
			for cut, off := range offs {
				want, err := Search(context.Background(), off)
				if err != nil {
					t.Fatal(err)
				}
				if r.MaxDepth != want.MaxDepth || r.Count.Cmp(want.Count) != 0 || !maps.Equal(classes(r.Mazes), classes(want.Mazes)) {
					t.Errorf("%v good %v: with the %s cut depth %d count %v, %d classes; without %d %v, %d classes", b, good, cut, r.MaxDepth, r.Count, len(r.Mazes), want.MaxDepth, want.Count, len(want.Mazes))
				}
				saved[cut].with += r.Nodes
				saved[cut].without += want.Nodes
			}
		}
	}
	for cut, n := range saved {
		if n.with >= n.without {
			t.Errorf("the searches with the %s cut took %d branches, without it %d", cut, n.with, n.without)
		}
		t.Logf("%s cut: %d branches with it, %d without", cut, n.with, n.without)
	}
}

// Mutation checks: each cut made unsound gives a wrong answer on some
// board up to 12 cells, and the brute-force comparison catches it, so
// the comparison can fail for every cut.
func TestUnsoundCutsCaught(t *testing.T) {
	for _, m := range []struct {
		what   string
		good   bool
		mutate func(s *Settings, max int)
	}{
		{"a bound two moves too tight", false, func(s *Settings, _ int) { s.slack = -2 }},
		{"a floor pass with a bound two moves too tight", false, func(s *Settings, max int) { s.Floor, s.slack = max, -2 }},
		// Counting only the cells one jump from the queue, not the closure.
		{"a reach cut without its closure", false, func(s *Settings, _ int) { s.reachCut = +1 }},
		{"a reach cut without its closure (good mazes)", true, func(s *Settings, _ int) { s.reachCut = +1 }},
		// Cutting a layer when any (not every) one of its cells has two
		// shortest paths.
		{"a uniqueness cut on any doubled cell", true, func(s *Settings, _ int) { s.uniqueCut = +1 }},
	} {
		caught := false
		for _, b := range smallBoards {
			wantD, wantN := brute(b, m.good)
			if wantD < 1 {
				continue
			}
			s := Settings{Board: b, Good: m.good}
			m.mutate(&s, wantD)
			r, err := Search(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if r.MaxDepth != wantD || r.Count.Cmp(big.NewInt(wantN)) != 0 {
				caught = true
				break
			}
		}
		if !caught {
			t.Errorf("%s went unnoticed: the comparison cannot fail", m.what)
		}
	}
}
