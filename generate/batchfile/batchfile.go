// Package batchfile writes the mazes of a batch (generate.Batch) as they
// come, to a stream, a file or a folder, in render's views: text reports
// (render.GenerateText) or JSON (render.NewGenerate). It reads what it
// wrote back, so that a batch cut short goes on where it stopped. It is
// apart from render, which draws and makes views, and from generate, which
// render's views import.
package batchfile

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"rjm/fault"
	"rjm/generate"
	"rjm/internal/safefile"
	"rjm/maze"
	"rjm/render"
)

// Writer writes the mazes of a batch as they come, each in full
// before the next: their text reports (render.GenerateText) separated by blank
// lines, or their JSON views (render.NewGenerate) as JSON Lines, one maze per
// line. Each maze is flushed as it is written, so a batch cut short
// leaves whole mazes, which Read reads back to resume it.
type Writer struct {
	w      *bufio.Writer
	asJSON bool
	n      int
}

// NewWriter returns a Writer on w, writing JSON Lines when
// asJSON is set and text otherwise; done is the number of mazes w already
// holds (a resumed batch), so that text goes on with its blank line.
func NewWriter(w io.Writer, asJSON bool, done int) *Writer {
	return &Writer{w: bufio.NewWriter(w), asJSON: asJSON, n: done}
}

// Write writes one maze and flushes it, so that it appears at once.
func (b *Writer) Write(r *generate.Result) error {
	switch {
	case b.asJSON:
		js, err := json.Marshal(render.NewGenerate(r))
		if err != nil {
			return err
		}
		b.w.Write(js)
		b.w.WriteByte('\n')
	case b.n > 0:
		b.w.WriteString("\n")
		fallthrough
	default:
		b.w.WriteString(render.GenerateText(r))
	}
	b.n++
	return b.w.Flush()
}

// Count returns the number of mazes written, those already there
// included.
func (b *Writer) Count() int { return b.n }

// Read reads back what a Writer wrote (JSON Lines when asJSON
// is set, else text), up to the last whole maze: the mazes as results
// (each with its seeded ID's spec and its maze) and the length of data
// they take; a maze cut short at the end is not counted. Every maze must
// come from the same recipe, spec (seed aside).
func Read(data []byte, asJSON bool, spec generate.Spec) (done []*generate.Result, size int, err error) {
	recipe, _, _ := strings.Cut(spec.String(), "#")
	add := func(seededID, id string) error {
		s, err := generate.ParseSpec(seededID, generate.Spec{})
		if err != nil {
			return err
		}
		if r, _, _ := strings.Cut(seededID, "#"); r != recipe {
			return fault.Invalid("", "maze %d was made by %s, not by this batch's recipe %s", len(done)+1, r, recipe)
		}
		m, err := maze.ParseID(id)
		if err != nil {
			return err
		}
		done = append(done, &generate.Result{Spec: s, Maze: m})
		return nil
	}
	for size < len(data) {
		end := size
		var seededID, id string
		if asJSON {
			nl := bytes.IndexByte(data[size:], '\n')
			if nl < 0 {
				break
			}
			var g struct {
				ID       string `json:"id"`
				SeededID string `json:"seeded_id"`
			}
			if json.Unmarshal(data[size:size+nl], &g) != nil {
				break
			}
			seededID, id, end = g.SeededID, g.ID, size+nl+1
		} else {
			// A report ends with its "Search:" line; the next starts
			// after a blank line.
			i := bytes.Index(data[size:], []byte("\nSearch: "))
			if i < 0 {
				break
			}
			nl := bytes.IndexByte(data[size+i+1:], '\n')
			if nl < 0 {
				break
			}
			block := string(data[size : size+i+1])
			end = size + i + 1 + nl + 1
			for _, line := range strings.Split(block, "\n") {
				if v, ok := strings.CutPrefix(line, "Seeded ID: "); ok {
					seededID = v
				}
				if v, ok := strings.CutPrefix(line, "ID: "); ok {
					id = v
				}
			}
			if end < len(data) && data[end] == '\n' {
				end++ // the blank line before the next maze
			}
		}
		if err := add(seededID, id); err != nil {
			return nil, 0, err
		}
		size = end
	}
	// Text ends without the blank line that precedes the next maze.
	if !asJSON && size > 0 && size <= len(data) && data[size-1] == '\n' && size >= 2 && data[size-2] == '\n' {
		size--
	}
	return done, size, nil
}

// FolderWriter writes the mazes of a batch to a folder, one file each,
// numbered from 1 (00001.txt, or .json with JSON): the text report or the
// JSON view of the maze. Each file is written whole (to a temporary name,
// then renamed), so a folder never holds half a maze.
type FolderWriter struct {
	dir    string
	asJSON bool
	n      int
}

// name returns the file of maze k (from 0).
func (f *FolderWriter) name(k int) string {
	ext := ".txt"
	if f.asJSON {
		ext = ".json"
	}
	return filepath.Join(f.dir, fmt.Sprintf("%05d%s", k+1, ext))
}

// OpenFolder makes the folder dir if need be and returns a FolderWriter
// on it, with the mazes the folder already holds from an earlier run of
// the same batch (spec, seed aside), in order, to resume it.
func OpenFolder(dir string, asJSON bool, spec generate.Spec) (*FolderWriter, []*generate.Result, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	f := &FolderWriter{dir: dir, asJSON: asJSON}
	var done []*generate.Result
	for {
		data, err := os.ReadFile(f.name(len(done)))
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		if asJSON { // one indented object: JSON Lines want it on one line
			var line bytes.Buffer
			if json.Compact(&line, data) == nil {
				data = append(line.Bytes(), '\n')
			}
		}
		one, _, err := Read(data, asJSON, spec)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", f.name(len(done)), err)
		}
		if len(one) != 1 {
			return nil, nil, fault.Invalid("", "%s holds no maze of this batch", f.name(len(done)))
		}
		done = append(done, one[0])
	}
	f.n = len(done)
	return f, done, nil
}

// Write writes the next maze's file.
func (f *FolderWriter) Write(r *generate.Result) error {
	var data []byte
	if f.asJSON {
		js, err := json.MarshalIndent(render.NewGenerate(r), "", "  ")
		if err != nil {
			return err
		}
		data = append(js, '\n')
	} else {
		data = []byte(render.GenerateText(r))
	}
	if err := safefile.WriteBytes(f.name(f.n), data); err != nil {
		return err
	}
	f.n++
	return nil
}

// Count returns the number of mazes the folder holds.
func (f *FolderWriter) Count() int { return f.n }

// Sink is where a batch's mazes go, one at a time: a Writer or
// a FolderWriter.
type Sink interface {
	Write(*generate.Result) error
	Count() int // the mazes it holds
}

// Output is a batch's output file or folder, opened to go on where an
// earlier run of the same batch stopped.
type Output struct {
	Sink
	// Batch is the batch resumed after the mazes the output holds (with
	// the seed of the file's first maze when none was given).
	Batch generate.Batch
	close func() error
}

// Close closes the output file.
func (o *Output) Close() error { return o.close() }

// Open opens path for the mazes of batch b: a folder (a path ending
// in "/", or an existing folder; see OpenFolder) or a file (text, or JSON
// Lines with asJSON). The output records the settings that made it
// (Settings: a file's first line, "# rjm batch {...}" in text and
// {"batch":{...}} in JSON Lines; a folder's batch.json). Whole mazes an
// earlier run left there are kept and a maze cut short is dropped; the
// batch returned goes on after them. When seedGiven is false the batch
// takes the recorded seed (or, in a file an older rjm wrote, the seed of
// its first maze). An output made with other settings (recipe,
// constraints, format, or the seed when given) is an error, and is left
// as it was; so is an older rjm's output under constraints, which it does
// not record.
func Open(path string, asJSON bool, b generate.Batch, seedGiven bool) (*Output, error) {
	want := SettingsOf(b, asJSON)
	if st, err := os.Stat(path); strings.HasSuffix(path, "/") || err == nil && st.IsDir() {
		if err := os.MkdirAll(path, 0o755); err != nil {
			return nil, err
		}
		_, err := os.Stat(filepath.Join(path, fmt.Sprintf("%05d.txt", 1)))
		_, jerr := os.Stat(filepath.Join(path, fmt.Sprintf("%05d.json", 1)))
		have, err := folderSettings(path, want, seedGiven, err == nil || jerr == nil)
		if err != nil {
			return nil, fault.Invalid("", "%s %w", path, err)
		}
		if !seedGiven {
			b.Spec.Seed = have.Seed
		}
		folder, done, err := OpenFolder(path, asJSON, b.Spec)
		if err != nil {
			return nil, err
		}
		return &Output{Sink: folder, Batch: b.Resume(done), close: func() error { return nil }}, nil
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*Output, error) {
		f.Close()
		return nil, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return fail(err)
	}
	// The settings on the first line must be this batch's; a file without
	// them was made by an older rjm, and goes on only without constraints
	// (its recipe is checked maze by maze); one without a whole line holds
	// no maze and starts again.
	have, start, ok, err := readHeader(data, asJSON)
	switch {
	case err != nil:
		return fail(fault.Invalid("", "%s %w", path, err))
	case ok:
		if err := have.check(want, seedGiven); err != nil {
			return fail(fault.Invalid("", "%s %w", path, err))
		}
		if !seedGiven {
			b.Spec.Seed = have.Seed
		}
	case !bytes.Contains(data, []byte("\n")):
		data = nil
	case b.Keep != generate.Constraints{}:
		return fail(fault.Invalid("", "%s records no settings (an older rjm made it), so its constraints are unknown: write to another -o", path))
	case !seedGiven:
		b.Spec.Seed = firstSeed(data, asJSON, b.Spec.Seed)
	}
	done, size, err := Read(data[start:], asJSON, b.Spec)
	switch {
	case err != nil:
		return fail(fault.In(path, err))
	case len(done) > 0 && (done[0].Spec.Seed < b.Spec.Seed || done[0].Spec.Seed > b.Spec.Seed && b.Keep == generate.Constraints{}):
		// Under constraints the first maze may come after seeds that
		// missed them; without, it is the batch's seed itself.
		return fail(fault.Invalid("", "%s holds a batch that starts at seed %d, not at seed %d", path, done[0].Spec.Seed, b.Spec.Seed))
	}
	keep := int64(start + size)
	if !ok && len(done) == 0 {
		keep = 0 // a new file: it begins with its settings
	}
	if err := f.Truncate(keep); err != nil {
		return fail(err)
	}
	if _, err := f.Seek(keep, io.SeekStart); err != nil {
		return fail(err)
	}
	if keep == 0 {
		if _, err := f.Write(want.header()); err != nil {
			return fail(err)
		}
	}
	return &Output{Sink: NewWriter(f, asJSON, len(done)), Batch: b.Resume(done), close: f.Close}, nil
}

// firstSeed returns the seed of the first maze of a batch file, or def.
func firstSeed(data []byte, asJSON bool, def uint64) uint64 {
	line, _, _ := strings.Cut(string(data), "\n")
	if asJSON {
		var g struct {
			Seed *uint64 `json:"seed"`
		}
		if json.Unmarshal([]byte(line), &g) == nil && g.Seed != nil {
			return *g.Seed
		}
		return def
	}
	if _, after, ok := strings.Cut(string(data), "Seeded ID: "); ok {
		sid, _, _ := strings.Cut(after, "\n")
		if _, seed, ok := strings.Cut(sid, "#"); ok {
			if v, err := strconv.ParseUint(strings.TrimSpace(seed), 10, 64); err == nil {
				return v
			}
		}
	}
	return def
}
