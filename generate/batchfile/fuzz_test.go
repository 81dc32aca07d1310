package batchfile_test

import (
	"context"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/generate/batchfile"
)

// FuzzRead: reading back any batch file never panics, never reads
// past the data, and the mazes it returns are whole mazes of the recipe.
func FuzzRead(f *testing.F) {
	spec := generate.Default()
	spec.Seed, spec.Iterations = 1, 200
	r, err := generate.Run(context.Background(), spec, nil)
	if err != nil {
		f.Fatal(err)
	}
	for _, asJSON := range []bool{false, true} {
		var b strings.Builder
		w := batchfile.NewWriter(&b, asJSON, 0)
		w.Write(r)
		w.Write(r)
		f.Add(b.String(), asJSON)
		f.Add(b.String()[:b.Len()/2], asJSON)
	}
	f.Add("", false)
	f.Add("{\"id\": \"1x2:10\", \"seeded_id\": \"x\"}\n", true)
	f.Fuzz(func(t *testing.T, data string, asJSON bool) {
		done, size, err := batchfile.Read([]byte(data), asJSON, spec)
		if size < 0 || size > len(data) {
			t.Fatalf("size %d of %d bytes", size, len(data))
		}
		if err == nil {
			for _, d := range done {
				if d.Maze == nil || d.Maze.Validate() != nil {
					t.Fatalf("a maze read back is not whole: %v", d.Maze)
				}
			}
		}
	})
}
