package graph

import "math/bits"

// Set is a set of cells as a bit set: cell i is bit i%64 of word i/64.
// The zero value of a Set made by Graph.NewSet is empty.
type Set []uint64

// Has reports whether cell i is in s.
func (s Set) Has(i int) bool { return s[i>>6]&(1<<(uint(i)&63)) != 0 }

// Add adds cell i to s.
func (s Set) Add(i int) { s[i>>6] |= 1 << (uint(i) & 63) }

// Remove removes cell i from s.
func (s Set) Remove(i int) { s[i>>6] &^= 1 << (uint(i) & 63) }

// Len returns the number of cells in s.
func (s Set) Len() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// Empty reports whether s has no cells.
func (s Set) Empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// Clear removes every cell from s.
func (s Set) Clear() { clear(s) }

// Copy sets s to t; both must come from the same graph.
func (s Set) Copy(t Set) { copy(s, t) }

// Or adds the cells of t to s.
func (s Set) Or(t Set) {
	for i := range s {
		s[i] |= t[i]
	}
}

// AndNot removes the cells of t from s.
func (s Set) AndNot(t Set) {
	for i := range s {
		s[i] &^= t[i]
	}
}

// And keeps in s only the cells also in t.
func (s Set) And(t Set) {
	for i := range s {
		s[i] &= t[i]
	}
}

// Cells returns the cells of s in increasing order.
func (s Set) Cells() []int {
	out := make([]int, 0, s.Len())
	for w, word := range s {
		for ; word != 0; word &= word - 1 {
			out = append(out, w<<6+bits.TrailingZeros64(word))
		}
	}
	return out
}

// Each calls f for every cell of s in increasing order.
func (s Set) Each(f func(i int)) {
	for w, word := range s {
		for ; word != 0; word &= word - 1 {
			f(w<<6 + bits.TrailingZeros64(word))
		}
	}
}
