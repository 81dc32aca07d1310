package records

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"rjm/fault"
)

// This file holds the sub-trees' roots: every assignment of the first
// cells, counted and enumerated in one order on every machine.

// root is the start of a sub-tree: the jumps of the first cells expanded.
type root struct{ jumps []int } // in expansion order

// apply replays a root on a fresh search.
func (rt root) apply(r *search) {
	r.init()
	for _, j := range rt.jumps {
		u := r.queue[r.head]
		r.head++
		if u == r.goal {
			r.head++
			u = r.queue[r.head-1]
		}
		r.place(u, slices.Index(r.legal[u], j))
	}
}

func (r *search) init() {
	for i := range r.jump {
		r.jump[i], r.depth[i] = -1, -1
	}
	r.depth[r.start], r.paths[r.start] = 0, 1
	r.reached = 1 << r.start
	r.doubled = r.doubled[:0]
	r.queue = append(r.queue[:0], r.start)
	r.head = 0
	r.stopped = false
}

// walkRoots calls yield with each sub-tree's root under root from (the
// empty root: every sub-tree) in order: the assignments of the first
// cells of the breadth-first order, split cells deep; a branch that ends
// within the split depth is a sub-tree of its own. It stops early when
// yield returns false or r.stop says so, and reports whether it went
// through.
func (r *search) walkRoots(from root, split int, yield func(root) bool) bool {
	from.apply(r)
	prefix := slices.Clone(from.jumps)
	var walk func(depth int) bool
	walk = func(depth int) bool {
		r.nodes++
		if r.nodes&(stopEvery-1) == 0 && r.stop != nil && r.stop() {
			return false
		}
		if depth == split || r.head == len(r.queue) || r.depth[r.goal] >= 0 && !r.good {
			return yield(root{slices.Clone(prefix)})
		}
		u := r.queue[r.head]
		if u == r.goal {
			r.head++
			ok := walk(depth)
			r.head--
			return ok
		}
		r.head++
		mark := r.mark()
		ok := true
		for k, j := range r.legal[u] {
			r.place(u, k)
			prefix = append(prefix, j)
			ok = walk(depth + 1)
			prefix = prefix[:len(prefix)-1]
			r.unplace(mark)
			if !ok {
				break
			}
		}
		r.jump[u] = -1
		r.head--
		return ok
	}
	ok := walk(len(from.jumps))
	r.init()
	return ok
}

// roots enumerates the sub-trees' roots under from, split cells deep, in
// order.
func (r *search) roots(from root, split int) iter.Seq[root] {
	return func(yield func(root) bool) { r.walkRoots(from, split, yield) }
}

// countRoots returns the split depth of the sub-trees under from (split
// itself when positive, else the least depth below from's with at least
// want sub-trees) and the number of sub-trees, counted without keeping
// them.
func (r *search) countRoots(from root, split, want int) (int, int) {
	count := func(split int) int {
		n := 0
		r.walkRoots(from, split, func(root) bool { n++; return true })
		return n
	}
	if split > 0 {
		return split, count(split)
	}
	n := 0
	for split = len(from.jumps) + 1; ; split++ {
		if n = count(split); n >= want || split >= r.n-1 {
			return split, n
		}
	}
}

// subtrees returns the sub-trees a search with settings s walks: the
// root they lie under (the empty root, or with s.Within the root of the
// part it names last, whose parts they are), their split depth and their
// number. An index past the last is a *fault.Error.
func (r *search) subtrees(s Settings) (from root, split, total int, err error) {
	split, total = r.countRoots(root{}, s.Split, DefaultSubtrees)
	for level, k := range s.Within {
		if k >= total {
			what := fmt.Sprintf("the search has %d sub-trees", total)
			if level > 0 {
				what = fmt.Sprintf("sub-tree %s has %d parts", WithinName(s.Within[:level]), total)
			}
			return root{}, 0, 0, fault.Invalid("--within", "%s: %s, numbered 0 to %d", WithinName(s.Within[:level+1]), what, total-1)
		}
		i := 0
		r.walkRoots(from, split, func(rt root) bool { // (from is passed before the walk moves it)
			if i == k {
				from = rt
				return false
			}
			i++
			return true
		})
		split, total = r.countRoots(from, 0, DefaultSubtrees)
	}
	return from, split, total, nil
}

// WithinName writes a Settings.Within as --within takes it: "178,645".
func WithinName(within []int) string {
	parts := make([]string, len(within))
	for i, k := range within {
		parts[i] = strconv.Itoa(k)
	}
	return strings.Join(parts, ",")
}
