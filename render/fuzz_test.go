package render_test

import (
	"context"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/render"
)

// FuzzReadBatch: reading back any batch file never panics, never reads
// past the data, and the mazes it returns are whole mazes of the recipe.
func FuzzReadBatch(f *testing.F) {
	spec := generate.Default()
	spec.Seed, spec.Iterations = 1, 200
	r, err := generate.Run(context.Background(), spec, nil)
	if err != nil {
		f.Fatal(err)
	}
	for _, asJSON := range []bool{false, true} {
		var b strings.Builder
		w := render.NewBatchWriter(&b, asJSON, 0)
		w.Write(r)
		w.Write(r)
		f.Add(b.String(), asJSON)
		f.Add(b.String()[:b.Len()/2], asJSON)
	}
	f.Add("", false)
	f.Add("{\"id\": \"1x2:10\", \"seeded_id\": \"x\"}\n", true)
	f.Fuzz(func(t *testing.T, data string, asJSON bool) {
		done, size, err := render.ReadBatch([]byte(data), asJSON, spec)
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

// FuzzParseLength: a length is within 2 mm to 100 mm or an error, for
// any text.
func FuzzParseLength(f *testing.F) {
	for _, s := range []string{"10mm", "0.5in", "40px", "1e308cm", "-3mm", "NaNpt", "mm", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := render.ParseLength(s)
		if err == nil && !(l >= 2*72/25.4-1e-9 && l <= 100*72/25.4+1e-9) {
			t.Fatalf("%q: %v points", s, l)
		}
		if err != nil && len(err.Error()) > 400 { // 40 characters quoted, each up to 4 bytes escaped
			t.Fatalf("%q: message too long: %d bytes", s, len(err.Error()))
		}
	})
}
