package records

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rjm/analysis"
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

// Mutation check: an unsound bound (one move too tight) gives a wrong
// answer on some board, and the brute-force comparison catches it.
func TestUnsoundBoundCaught(t *testing.T) {
	caught := false
	for _, b := range smallBoards {
		wantD, wantN := brute(b, false)
		r, err := Search(context.Background(), Settings{Board: b, slack: -2})
		if err != nil {
			t.Fatal(err)
		}
		if r.MaxDepth != wantD || r.Count.Cmp(big.NewInt(wantN)) != 0 {
			caught = true
			break
		}
	}
	if !caught {
		t.Error("a bound two moves too tight went unnoticed: the comparison cannot fail")
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
// within half a second of its context ending, even in a sub-tree of 7×7
// that takes minutes. The context ends once progress inside the sub-tree
// has been reported, however slow the machine.
func TestSearchStopsInASubtree(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var (
		mu       sync.Mutex
		last     Progress
		calls    int
		canceled time.Time
	)
	s := Settings{Board: maze.Board{Rows: 7, Cols: 7}, Workers: 1, Progress: func(p Progress) {
		mu.Lock()
		defer mu.Unlock()
		last, calls = p, calls+1
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
	if late := time.Since(canceled); late > 500*time.Millisecond {
		t.Errorf("stopped %v after the context ended", late)
	}
	if last.Total < 256 {
		t.Errorf("%d sub-trees counted, want the 7×7 board's", last.Total)
	}
}
