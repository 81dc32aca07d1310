package book

import (
	"strings"
	"testing"
	"unicode/utf8"

	"gonum.org/v1/plot/vg"
)

// FuzzWrap: wrapping any text at any width ends, loses no character but
// the spaces it breaks at, and makes no line wider than the width unless
// it is one character.
func FuzzWrap(f *testing.F) {
	for _, s := range []string{"Rook Jumping Mazes", strings.Repeat("x", 300), "5x5,goal=random,method=uphill,iterations=25000 seeds 1, 2", "Ηλέκτρα и Москва", "a\nb\n\nc", ""} {
		f.Add(s, 100.0)
		f.Add(s, 3.0)
	}
	f.Fuzz(func(t *testing.T, s string, width float64) {
		if !utf8.ValidString(s) || width < 1 || width > 2000 {
			return
		}
		fc := face(10, false)
		lines := wrap(fc, s, vg.Length(width))
		squash := func(s string) string { return strings.Join(strings.Fields(s), "") }
		if got, want := squash(strings.Join(lines, "")), squash(s); got != want {
			t.Fatalf("wrap lost text: %q from %q", got, want)
		}
		for _, line := range lines {
			if fc.Width(line) > vg.Length(width) && utf8.RuneCountInString(line) > 1 {
				t.Fatalf("line %q is %v wide, more than %v", line, fc.Width(line), width)
			}
		}
	})
}

// A seeded ID too long for a line breaks after its commas, never inside
// a key or a value.
func TestWrapSeededID(t *testing.T) {
	id := "7x7,goal=random,method=uphill,iterations=25000,p=0.005,energy=weighted:not_unique=343,non_reaching=49,decisions=-1,cluster_penalty=1,initial_forced_moves^2=1,goal_depth=-4"
	lines := wrap(face(7, false), "Puzzles 9–12 (hard), seeds 1, 2: "+id, 60*vg.Millimeter)
	if len(lines) < 3 {
		t.Fatalf("not wrapped: %q", lines)
	}
	for _, line := range lines[:len(lines)-1] {
		if !strings.HasSuffix(line, ",") && !strings.HasSuffix(line, ":") {
			t.Errorf("line %q breaks inside a word", line)
		}
	}
}
