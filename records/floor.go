package records

import (
	"context"
	"errors"
	"iter"
	"maps"
	"math/big"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"rjm/maze"
)

// This file holds one pass of the search at a floor: the sub-trees shared
// among the workers, and their results combined.

// searchFloor runs the search with the given settings as they are: the
// sub-trees (every assignment of the first Split cells expanded, counted
// first and then enumerated as workers take them, so that memory does not
// grow with their number) searched by s.Workers workers (see floorRun).
func searchFloor(ctx context.Context, s Settings) (*Result, error) {
	g, si, gi, err := s.compile()
	if err != nil {
		return nil, err
	}
	proto := newSearch(g, si, gi, s)
	proto.shared = new(atomic.Int64)
	proto.stop = func() bool { return ctx.Err() != nil }
	workers := s.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	from, split, total, err := proto.subtrees(s)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return &Result{MaxDepth: -1, Count: new(big.Int)}, err
	}
	walker := newSearch(g, si, gi, s)
	walker.shared = proto.shared
	next, stopRoots := iter.Pull(walker.roots(from, split))
	defer stopRoots()

	f := newFloorRun(ctx, s, proto, next, total)
	f.mu.Lock()
	f.report()
	f.mu.Unlock()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(f.work)
	}
	wg.Wait()
	res := combine(s.Board, si, gi, slices.Collect(maps.Values(f.results)), s.List, proto)
	res.Floor, res.Top, res.Lower, res.Total, res.split = s.Floor, s.AtMost, s.Lower, total, split
	if s.Shards > 1 {
		res.Shard, res.Shards = s.Shard, s.Shards
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if f.overflow {
		return res, errors.New("a count of mazes is above 2^128")
	}
	return res, nil
}

// DefaultSubtrees is about how many sub-trees a search splits into when
// Settings.Split is zero, whatever the cores: a checkpoint's sub-tree
// indices must mean the same on every machine.
const DefaultSubtrees = 256

// floorRun is what the workers of one searchFloor share: the sub-trees
// this run owns (mine), those an earlier run finished (done), the best
// depth found so far, and what they have searched.
type floorRun struct {
	ctx    context.Context
	s      Settings
	proto  *search
	next   func() (root, bool) // the next sub-tree's root, in order
	only   map[int]bool        // s.Only as a set
	own    int                 // the sub-trees this run owns
	done   map[int]Subtree     // owned sub-trees finished by an earlier run
	found  *atomic.Bool        // whether some maze reached the floor
	shared *atomic.Int64       // the best depth so far (the floor before)

	mu       sync.Mutex // guards what follows, and the calls of Progress and Finished
	index    int        // the next root's index
	results  map[int]Subtree
	finished int
	nodes    int64 // branches searched by this run, finished sub-trees and ticks
	overflow bool
}

// newFloorRun returns the shared state of a run over total sub-trees.
func newFloorRun(ctx context.Context, s Settings, proto *search, next func() (root, bool), total int) *floorRun {
	f := &floorRun{ctx: ctx, s: s, proto: proto, next: next, only: map[int]bool{}, done: map[int]Subtree{},
		found: new(atomic.Bool), shared: new(atomic.Int64), results: map[int]Subtree{}}
	for _, k := range s.Only {
		f.only[k] = true
	}
	for k := range total {
		if f.mine(k) {
			f.own++
		}
	}
	for _, d := range s.Done {
		if d.Floor == s.Floor && d.Index < total && f.mine(d.Index) {
			f.done[d.Index] = d
		}
	}
	f.shared.Store(-1)
	if s.Floor > 0 {
		f.shared.Store(int64(s.Floor)) // nothing below the floor counts
	}
	for _, d := range f.done {
		f.shared.Store(max(f.shared.Load(), int64(d.MaxDepth)))
		if d.MaxDepth >= 0 {
			f.found.Store(true)
		}
	}
	return f
}

// mine reports whether sub-tree k is this run's to search.
func (f *floorRun) mine(k int) bool {
	if f.s.Only != nil && !f.only[k] {
		return false
	}
	return f.s.Shards <= 1 || k%f.s.Shards == f.s.Shard
}

// report calls Progress, if any, with f.mu held.
func (f *floorRun) report() {
	s := f.s
	if s.Progress != nil {
		best := -1
		if f.found.Load() {
			best = int(f.shared.Load())
		}
		s.Progress(Progress{Done: f.finished, Total: f.own, Nodes: f.nodes, Best: best, Floor: s.Floor, Top: s.AtMost, Lower: s.Lower, Good: s.Good})
	}
}

// take returns the next sub-tree to search, skipping (and counting)
// those done by an earlier run.
func (f *floorRun) take() (int, root, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for f.ctx.Err() == nil {
		rt, ok := f.next()
		if !ok {
			return 0, root{}, false
		}
		k := f.index
		f.index++
		if !f.mine(k) {
			continue
		}
		if d, ok := f.done[k]; ok {
			f.results[k] = d
			f.finished++
			f.report()
			continue
		}
		return k, rt, true
	}
	return 0, root{}, false
}

// work is one worker: it searches the sub-trees it takes until none is
// left or the context ends.
func (f *floorRun) work() {
	for {
		k, rt, ok := f.take()
		if !ok {
			return
		}
		r := f.proto.fork()
		r.stop, r.shared, r.found = f.proto.stop, f.shared, f.found
		var ticked int64
		r.tick = func(n int64) {
			f.mu.Lock()
			f.nodes += n - ticked
			ticked = n
			f.report()
			f.mu.Unlock()
		}
		rt.apply(r)
		r.run()
		if r.stopped || f.ctx.Err() != nil {
			return // the sub-tree under way is searched again by a later run
		}
		st := Subtree{Index: k, Floor: f.s.Floor, MaxDepth: r.best, Count: big128(r.count).String(), Example: r.example, Nodes: r.nodes, Mazes: r.mazes}
		if r.overList {
			st.Mazes = append(st.Mazes, nil) // a mark: more than List
		}
		if r.best < 0 {
			st.Count = "0"
		}
		f.mu.Lock()
		if best := f.shared.Load(); st.MaxDepth < int(best) {
			// No record: neither its example nor its mazes can be
			// the answer's, so neither is kept (memory grows by a
			// few words per sub-tree finished, whatever the board).
			st.Example, st.Mazes = nil, nil
		}
		if r.overflow {
			f.overflow = true
		}
		f.results[k] = st
		f.nodes += r.nodes - ticked
		f.finished++
		if f.s.Finished != nil {
			f.s.Finished(st)
		}
		f.report()
		f.mu.Unlock()
	}
}

// combine gathers finished sub-trees into a result: the deepest maze,
// the sum of the counts at that depth, an example, and the listed mazes.
func combine(b maze.Board, si, gi int, subtrees []Subtree, list int, proto *search) *Result {
	res := &Result{MaxDepth: -1, Count: new(big.Int)}
	slices.SortFunc(subtrees, func(x, y Subtree) int { return x.Index - y.Index })
	for _, st := range subtrees {
		res.Subtrees = append(res.Subtrees, st)
		res.Nodes += st.Nodes
		c, _ := new(big.Int).SetString(st.Count, 10)
		switch {
		case st.MaxDepth > res.MaxDepth:
			res.MaxDepth, res.Count = st.MaxDepth, c
			res.Example = exampleMaze(b, si, gi, st.Example, proto)
			res.Mazes, res.Listed = nil, true
			res.addMazes(b, si, gi, st.Mazes, list, proto)
		case st.MaxDepth == res.MaxDepth && st.MaxDepth >= 0:
			res.Count.Add(res.Count, c)
			res.addMazes(b, si, gi, st.Mazes, list, proto)
		}
	}
	return res
}

// addMazes adds the record mazes a sub-tree's branches stand for, one of
// each symmetry class, up to list classes in all.
func (res *Result) addMazes(b maze.Board, start, goal int, branches [][]int, list int, r *search) {
	if list <= 0 {
		res.Listed = false
		return
	}
	seen := map[string]bool{}
	for _, m := range res.Mazes {
		seen[m.Canonical()] = true
	}
	for _, jumps := range branches {
		if jumps == nil {
			res.Listed = false
			continue
		}
		expand(r.legal, slices.Clone(jumps), 0, func(jumps []int) bool {
			m := exampleMaze(b, start, goal, jumps, r)
			key := m.Canonical()
			if seen[key] {
				return true
			}
			if len(res.Mazes) >= list {
				res.Listed = false
				return false
			}
			seen[key] = true
			res.Mazes = append(res.Mazes, m)
			return true
		})
	}
}

// exampleMaze fills the free cells of an assignment with their smallest
// legal jump.
func exampleMaze(b maze.Board, start, goal int, jumps []int, r *search) *maze.Maze {
	if jumps == nil {
		return nil
	}
	m := &maze.Maze{Board: b, Jumps: slices.Clone(jumps), Start: start, Goal: goal}
	for i, j := range m.Jumps {
		switch {
		case i == goal || !b.Open(i):
			m.Jumps[i] = 0
		case j < 0 && len(r.legal[i]) > 0:
			m.Jumps[i] = r.legal[i][0]
		case j < 0:
			m.Jumps[i] = 0
		}
	}
	return m
}
