package records

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"

	"rjm/fault"
	"rjm/maze"
)

// Checkpoint is a file of finished sub-trees: a first line naming the
// settings they belong to, then one JSON line per sub-tree, appended as
// each finishes, so that a search cut short loses at most the sub-trees
// under way.
type Checkpoint struct {
	f   *os.File
	enc *json.Encoder
	mu  sync.Mutex
}

// header names the settings a checkpoint's sub-trees belong to.
func header(s Settings) string {
	cell := func(c *maze.Cell) string {
		if c == nil {
			return "default"
		}
		return c.String()
	}
	h := fmt.Sprintf(`{"board":%q,"start":%q,"goal":%q,"unique":%v,"split":%d,"prune":%v`,
		fmt.Sprintf("%dx%d%s", s.Board.Rows, s.Board.Cols, s.Board.Variant), cell(s.Start), cell(s.Goal), s.Good, s.Split, !s.NoPrune)
	if s.transposable() {
		h += `,"transpose":true` // sub-trees counted under the symmetry
	}
	if len(s.Within) > 0 {
		h += fmt.Sprintf(`,"within":[%s]`, WithinName(s.Within)) // the parts of that sub-tree
	}
	return h + "}"
}

// OpenCheckpoint opens (or creates) the checkpoint file name for the
// search s and returns it with the sub-trees it holds, to give the search
// as Settings.Done; a file made for other settings is an error, and a
// last line cut short is dropped.
func OpenCheckpoint(name string, s Settings) (*Checkpoint, []Subtree, error) {
	done, keep, err := readCheckpoint(name, s)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if err := f.Truncate(int64(keep)); err != nil {
		f.Close()
		return nil, nil, err
	}
	if _, err := f.Seek(int64(keep), io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	if keep == 0 {
		if _, err := f.WriteString(header(s) + "\n"); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return &Checkpoint{f: f, enc: json.NewEncoder(f)}, done, nil
}

// Save appends a finished sub-tree; it may be called concurrently (give
// it as Settings.Finished).
func (c *Checkpoint) Save(st Subtree) {
	c.mu.Lock()
	defer c.mu.Unlock()
	_ = c.enc.Encode(st)
}

// Close closes the file.
func (c *Checkpoint) Close() error { return c.f.Close() }

// ReadCheckpoint returns the sub-trees the checkpoint file name holds for
// the search s, as OpenCheckpoint does, without writing to it (another
// run may be appending to it): a missing file holds none.
func ReadCheckpoint(name string, s Settings) ([]Subtree, error) {
	done, _, err := readCheckpoint(name, s)
	return done, err
}

// readCheckpoint parses the checkpoint file name for the search s: the
// sub-trees it holds and the length of the whole lines that hold them.
func readCheckpoint(name string, s Settings) ([]Subtree, int, error) {
	data, err := os.ReadFile(name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, 0, err
	}
	g, _, gi, err := s.compile()
	if err != nil {
		return nil, 0, err
	}
	var done []Subtree
	lines := strings.SplitAfter(string(data), "\n")
	keep := 0
	for k, line := range lines {
		if !strings.HasSuffix(line, "\n") {
			break // cut short
		}
		if k == 0 {
			if strings.TrimSpace(line) != header(s) {
				return nil, 0, fault.Invalid("", "checkpoint %s was made for other settings: %s", name, strings.TrimSpace(line))
			}
		} else {
			var st Subtree
			if json.Unmarshal([]byte(line), &st) != nil {
				break
			}
			if err := st.check(g, gi); err != nil {
				return nil, 0, fault.Invalid("", "checkpoint %s, line %d: %w", name, k+1, err)
			}
			done = append(done, st)
		}
		keep += len(line)
	}
	return done, keep, nil
}
