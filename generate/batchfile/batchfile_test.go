package batchfile_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/generate/batchfile"
)

// results generates n mazes of a small batch, seeds 5, 6, ...
func results(t testing.TB, n int) (generate.Batch, []*generate.Result) {
	t.Helper()
	spec := generate.Default()
	spec.Seed, spec.Iterations = 5, 100
	b := generate.Batch{Spec: spec, Count: n, Workers: 1}
	var rs []*generate.Result
	if err := b.Run(context.Background(), func(_ int, r *generate.Result) error { rs = append(rs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	return b, rs
}

// What a Writer writes reads back maze by maze; a maze cut short is not
// counted, and its bytes are not taken.
func TestWriteThenRead(t *testing.T) {
	b, rs := results(t, 2)
	for _, asJSON := range []bool{false, true} {
		var w strings.Builder
		bw := batchfile.NewWriter(&w, asJSON, 0)
		for _, r := range rs {
			if err := bw.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		data := w.String()
		done, size, err := batchfile.Read([]byte(data), asJSON, b.Spec)
		if err != nil || len(done) != 2 || bw.Count() != 2 {
			t.Fatalf("json %v: %d mazes, %v", asJSON, len(done), err)
		}
		for k, d := range done {
			if !d.Maze.Equal(rs[k].Maze) || d.Spec.Seed != rs[k].Spec.Seed {
				t.Errorf("json %v: maze %d reads back as %v (seed %d)", asJSON, k, d.Maze, d.Spec.Seed)
			}
		}
		if size != len(data) && size != len(data)-1 {
			t.Errorf("json %v: %d of %d bytes", asJSON, size, len(data))
		}
		done, size, err = batchfile.Read([]byte(data[:len(data)-5]), asJSON, b.Spec)
		if err != nil || len(done) != 1 || size >= len(data)-5 {
			t.Errorf("json %v, cut short: %d mazes in %d bytes, %v", asJSON, len(done), size, err)
		}
	}
}

// An output opened again goes on after the mazes it holds; one of another
// recipe is an error.
func TestOpenResumes(t *testing.T) {
	b, rs := results(t, 3)
	dir := t.TempDir()
	for _, path := range []string{filepath.Join(dir, "mazes.txt"), filepath.Join(dir, "folder") + "/"} {
		o, err := batchfile.Open(path, false, b, true)
		if err != nil {
			t.Fatal(err)
		}
		o.Write(rs[0])
		o.Write(rs[1])
		o.Close()
		o, err = batchfile.Open(path, false, b, true)
		if err != nil {
			t.Fatal(err)
		}
		if o.Count() != 2 || o.Batch.Spec.Seed != b.Spec.Seed {
			t.Errorf("%s: holds %d mazes, resumed batch %+v", path, o.Count(), o.Batch)
		}
		o.Close()
		other := b
		other.Spec.Iterations++
		if _, err := batchfile.Open(path, false, other, true); err == nil || !strings.Contains(err.Error(), "not by this batch's recipe") {
			t.Errorf("%s: another recipe: %v", path, err)
		}
	}
	if names, _ := os.ReadDir(filepath.Join(dir, "folder")); len(names) != 2 {
		t.Errorf("the folder holds %d files, want 2", len(names))
	}
}

// FuzzRead: reading back any batch file never panics, never reads
// past the data, and the mazes it returns are whole mazes of the recipe.
func FuzzRead(f *testing.F) {
	batch, rs := results(f, 2)
	spec := batch.Spec
	for _, asJSON := range []bool{false, true} {
		var b strings.Builder
		w := batchfile.NewWriter(&b, asJSON, 0)
		w.Write(rs[0])
		w.Write(rs[1])
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
