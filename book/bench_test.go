package book

import (
	"context"
	"io"
	"testing"

	"rjm/generate"
)

// BenchmarkBook48 makes the 48-puzzle book of seed 1 on Letter, as rjm
// book --count 48 --paper letter --seed 1 does: the search for its
// puzzles and its pages (a minute or more of 2 cores; the target is 10 s).
func BenchmarkBook48(b *testing.B) {
	spec := generate.Default()
	spec.Seed = 1
	s := Settings{Spec: spec, Count: 48, Paper: Letter}
	for b.Loop() {
		if err := Write(context.Background(), io.Discard, s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBookPages writes the pages of a book of the four puzzles of
// book/testdata/keys/plain.txt: the share of a book's time its drawing
// takes (the key's disc placement most of it).
func BenchmarkBookPages(b *testing.B) {
	listed := readKeys(b, "plain")
	ps, s, err := FromList(context.Background(), Settings{}, listed)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := WritePuzzles(context.Background(), io.Discard, s, ps); err != nil {
			b.Fatal(err)
		}
	}
}
