package batchfile_test

import (
	"context"
	"fmt"
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
		if _, err := batchfile.Open(path, false, other, true); err == nil || !strings.Contains(err.Error(), "was made with the recipe") {
			t.Errorf("%s: another recipe: %v", path, err)
		}
	}
	if names, _ := os.ReadDir(filepath.Join(dir, "folder")); len(names) != 3 {
		t.Errorf("the folder holds %d files, want 2 mazes and %s", len(names), batchfile.SettingsFile)
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

// A file or folder records the settings that made it: resumed with other
// constraints or another seed, it is refused, one line naming both, and
// left as it was; a file an older rjm made (no settings) goes on only
// without constraints.
func TestOpenRefusesOtherSettings(t *testing.T) {
	b, rs := results(t, 2)
	b.Keep = generate.Constraints{MinLength: 1, MaxLength: 40}
	dir := t.TempDir()
	for _, path := range []string{filepath.Join(dir, "mazes.txt"), filepath.Join(dir, "folder") + "/"} {
		o, err := batchfile.Open(path, false, b, true)
		if err != nil {
			t.Fatal(err)
		}
		o.Write(rs[0])
		o.Close()
		before := snapshot(t, path)
		other := b
		other.Keep = generate.Constraints{MinLength: 13, MaxLength: 13}
		_, err = batchfile.Open(path, false, other, true)
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "was made with --min-length 1 --max-length 40, not --min-length 13 --max-length 13") {
			t.Errorf("%s: other constraints: %v", path, err)
		}
		other = b
		other.Spec.Seed++
		if _, err := batchfile.Open(path, false, other, true); err == nil || !strings.Contains(err.Error(), "--seed 5, not --seed 6") {
			t.Errorf("%s: another seed: %v", path, err)
		}
		if _, err := batchfile.Open(path, true, b, true); err == nil || !strings.Contains(err.Error(), "not JSON") {
			t.Errorf("%s: JSON on text: %v", path, err)
		}
		if after := snapshot(t, path); after != before {
			t.Errorf("%s: a refused resume changed it", path)
		}
		// Without the seed, the batch takes the recorded one.
		o, err = batchfile.Open(path, false, b, false)
		if err != nil || o.Batch.Spec.Seed != 5 || o.Count() != 1 {
			t.Errorf("%s: resumed without the seed: %v, %+v", path, err, o)
		}
		if o != nil {
			o.Close()
		}
	}
	// An older rjm's file: mazes without settings.
	old := filepath.Join(dir, "old.txt")
	var w strings.Builder
	batchfile.NewWriter(&w, false, 0).Write(rs[0])
	os.WriteFile(old, []byte(w.String()), 0o644)
	if _, err := batchfile.Open(old, false, b, true); err == nil || !strings.Contains(err.Error(), "records no settings") {
		t.Errorf("an older file under constraints: %v", err)
	}
	b.Keep = generate.Constraints{}
	if o, err := batchfile.Open(old, false, b, true); err != nil || o.Count() != 1 {
		t.Errorf("an older file without constraints: %v", err)
	} else {
		o.Close()
	}
}

// snapshot returns what a file or folder holds and when each file was
// last written.
func snapshot(t *testing.T, path string) string {
	t.Helper()
	var s strings.Builder
	files := []string{path}
	if strings.HasSuffix(path, "/") {
		files, _ = filepath.Glob(path + "*")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		st, serr := os.Stat(f)
		if err != nil || serr != nil {
			t.Fatal(err, serr)
		}
		fmt.Fprintf(&s, "%s %s %q\n", f, st.ModTime(), data)
	}
	return s.String()
}
