package maze_test

import (
	"os"
	"path/filepath"
	"testing"

	"rjm/maze"
)

// BenchmarkParseText parses each example maze in examples/, so that a
// change to ParseText can be checked not to slow it down.
func BenchmarkParseText(b *testing.B) {
	files, err := filepath.Glob("../examples/*.txt")
	if err != nil || len(files) == 0 {
		b.Fatalf("no example mazes: %v", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := maze.ParseText(data, maze.ParseOptions{}); err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		b.Run(filepath.Base(name), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := maze.ParseText(data, maze.ParseOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
