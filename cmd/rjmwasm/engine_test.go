package main

import (
	"encoding/json"
	"fmt"
	"testing"

	"rjm/design"
	"rjm/maze"
	"rjm/rng"
)

// BenchmarkEngineEdit times what the page's engine does for one typed
// digit before the figures are shown (handle: the request read, the edit
// made, the view without the prediction, render's board, what changed, the
// suggestions it sends at once, the answer written as JSON) on random
// legal mazes of 7×7, 10×10 and 12×12, built for this machine. The
// WebAssembly build in the page does the same work more slowly
// (docs/design.md has both). "predict" is the request the worker sends
// after the figures, when no edit waits.
func BenchmarkEngineEdit(b *testing.B) {
	bench := design.NewBench(nil)
	bench.Model()
	for _, n := range []int{7, 10, 12} {
		m, err := design.Blank(maze.Board{Rows: n, Cols: n})
		if err != nil {
			b.Fatal(err)
		}
		m.Randomize(rng.NewRand(1))
		id, err := m.ID()
		if err != nil {
			b.Fatal(err)
		}
		edits := make([][]byte, 4)
		for k := range edits {
			edits[k], _ = json.Marshal(design.Request{Maze: id, Later: true,
				Edit: &design.EditRequest{Op: "jump", Cell: [2]int{1 + k/2, 1 + k%2}, Jump: 1 + k%2}})
		}
		predict, _ := json.Marshal(design.Request{Predict: id})
		b.Run(fmt.Sprintf("%dx%d/figures", n, n), func(b *testing.B) {
			for k := 0; b.Loop(); k++ {
				if out := handle(bench, edits[k%len(edits)]); out[2] != 'a' {
					b.Fatalf("%s", out)
				}
			}
		})
		b.Run(fmt.Sprintf("%dx%d/predict", n, n), func(b *testing.B) {
			for b.Loop() {
				if out := handle(bench, predict); out[2] != 'p' {
					b.Fatalf("%s", out)
				}
			}
		})
	}
}
