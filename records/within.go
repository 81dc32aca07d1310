package records

import (
	"fmt"
	"math/bits"
)

// This file holds a sub-tree searched alone in parts (Settings.Within):
// its answer made the row a search of the whole split saves for it.

// WithinSubtree returns the row of the sub-tree s.Within names last as
// the search one level up (s.Within without its last index) saves it
// (Checkpoint.Save), from res, the finished search of its parts with
// settings s: its best depth and count, an example, the branches
// searched, and with s.List its mazes' branches, up to those that stand
// for 8·List mazes (a nil last entry: there were more).
func WithinSubtree(s Settings, res *Result) (Subtree, error) {
	if len(s.Within) == 0 {
		return Subtree{}, fmt.Errorf("records: WithinSubtree of a search not Within a sub-tree")
	}
	g, si, gi, err := s.compile()
	if err != nil {
		return Subtree{}, err
	}
	st := Subtree{Index: s.Within[len(s.Within)-1], Floor: s.Floor, MaxDepth: res.MaxDepth, Count: "0", Nodes: res.Nodes}
	if res.MaxDepth < 0 {
		return st, nil
	}
	st.Count = res.Count.String()
	legal := newSearch(g, si, gi, s).legal
	var listed uint64
	over := false
	for _, p := range res.Subtrees {
		if p.MaxDepth != res.MaxDepth {
			continue
		}
		if st.Example == nil {
			st.Example = p.Example
		}
		for _, b := range p.Mazes {
			if b == nil || listed > 8*uint64(s.List) {
				over = true
				break
			}
			st.Mazes = append(st.Mazes, b)
			listed = addSat(listed, weight(legal, b))
		}
	}
	if over || listed > 8*uint64(s.List) && s.List > 0 {
		st.Mazes = append(st.Mazes, nil)
	}
	return st, nil
}

// weight is how many mazes branch jumps stands for: each free cell (-1)
// takes each of its legal jumps (saturating at the largest uint64).
func weight(legal [][]int, jumps []int) uint64 {
	w := uint64(1)
	for i, j := range jumps {
		if j < 0 && len(legal[i]) > 0 {
			hi, lo := bits.Mul64(w, uint64(len(legal[i])))
			if hi != 0 {
				return ^uint64(0)
			}
			w = lo
		}
	}
	return w
}

func addSat(a, b uint64) uint64 {
	if s, c := bits.Add64(a, b, 0); c == 0 {
		return s
	}
	return ^uint64(0)
}
