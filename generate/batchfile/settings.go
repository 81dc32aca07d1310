package batchfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"rjm/generate"
	"rjm/internal/safefile"
)

// Settings are what made a batch file or folder, recorded in it so that a
// run that resumes it with other settings is refused instead of mixing
// two batches: the recipe (seed aside), the first seed, the constraints
// and the format. The count is recorded but may change: a rerun with a
// larger count extends the batch.
type Settings struct {
	Recipe string      `json:"recipe"`
	Seed   uint64      `json:"seed"`
	Count  int         `json:"count"`
	Keep   Constraints `json:"keep"`
	JSON   bool        `json:"json,omitempty"`
}

// Constraints are generate.Constraints as a batch records them.
type Constraints struct {
	MinLength    int  `json:"min_length,omitempty"`
	MaxLength    int  `json:"max_length,omitempty"`
	Unique       bool `json:"unique,omitempty"`
	NoBlackHoles bool `json:"no_black_holes,omitempty"`
	Distinct     bool `json:"distinct,omitempty"`
}

// SettingsOf returns the settings of batch b written as JSON Lines when
// asJSON is set, else as text.
func SettingsOf(b generate.Batch, asJSON bool) Settings {
	recipe, _, _ := strings.Cut(b.Spec.String(), "#")
	return Settings{Recipe: recipe, Seed: b.Spec.Seed, Count: b.Count, Keep: Constraints(b.Keep), JSON: asJSON}
}

// textHeader begins the first line of a text batch file; a JSON Lines
// file's first line is {"batch":{...}}.
const textHeader = "# rjm batch "

// SettingsFile is the file of a batch folder that records its settings.
const SettingsFile = "batch.json"

// header returns the first line of a batch file of settings s.
func (s Settings) header() []byte {
	js, _ := json.Marshal(s)
	if s.JSON {
		return append(append([]byte(`{"batch":`), js...), "}\n"...)
	}
	return append(append([]byte(textHeader), js...), '\n')
}

// readHeader reads the settings on the first line of a batch file, and
// the length of that line; ok is false when the file does not begin with
// a whole header line (an empty file, a header cut short, or a file of an
// older rjm, which has none). A header of the other format is an error.
func readHeader(data []byte, asJSON bool) (s Settings, n int, ok bool, err error) {
	nl := bytes.IndexByte(data, '\n')
	if nl < 0 {
		return s, 0, false, nil
	}
	line := data[:nl]
	text, isText := bytes.CutPrefix(line, []byte(textHeader))
	var wrapped struct {
		Batch *Settings `json:"batch"`
	}
	isJSON := !isText && json.Unmarshal(line, &wrapped) == nil && wrapped.Batch != nil
	switch {
	case isText && asJSON:
		return s, 0, false, errors.New("holds a text batch, not JSON Lines: run without --json")
	case isJSON && !asJSON:
		return s, 0, false, errors.New("holds a batch of JSON Lines, not text: run with --json")
	case isText:
		if json.Unmarshal(text, &s) != nil {
			return s, 0, false, errors.New("its first line is not a batch's settings")
		}
	case isJSON:
		s = *wrapped.Batch
	default:
		return s, 0, false, nil
	}
	return s, nl + 1, true, nil
}

// check reports whether a batch of settings want may go on in an output
// made with settings have: the same recipe, constraints and format, and
// the same first seed when the seed was given.
func (have Settings) check(want Settings, seedGiven bool) error {
	var diff []string
	if have.Recipe != want.Recipe {
		diff = append(diff, fmt.Sprintf("the recipe %s, not %s", have.Recipe, want.Recipe))
	}
	if have.Keep != want.Keep {
		diff = append(diff, fmt.Sprintf("%s, not %s", describe(have.Keep), describe(want.Keep)))
	}
	if seedGiven && have.Seed != want.Seed {
		diff = append(diff, fmt.Sprintf("--seed %d, not --seed %d", have.Seed, want.Seed))
	}
	if len(diff) == 0 {
		return nil
	}
	return fmt.Errorf("was made with %s: run with its settings to go on, or write to another -o", strings.Join(diff, ", and "))
}

// describe writes constraints as the flags that ask for them.
func describe(c Constraints) string {
	var f []string
	if c.MinLength > 0 {
		f = append(f, fmt.Sprintf("--min-length %d", c.MinLength))
	}
	if c.MaxLength > 0 {
		f = append(f, fmt.Sprintf("--max-length %d", c.MaxLength))
	}
	for _, b := range []struct {
		on   bool
		flag string
	}{{c.Unique, "--unique"}, {c.NoBlackHoles, "--no-black-holes"}, {c.Distinct, "--distinct"}} {
		if b.on {
			f = append(f, b.flag)
		}
	}
	if len(f) == 0 {
		return "no constraints"
	}
	return strings.Join(f, " ")
}

// folderSettings checks the settings a batch folder records against want
// and records them when it has none; a folder of mazes that records none
// (made by an older rjm) goes on only without constraints.
func folderSettings(dir string, want Settings, seedGiven bool, holdsMazes bool) (Settings, error) {
	name := filepath.Join(dir, SettingsFile)
	data, err := os.ReadFile(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if holdsMazes && want.Keep != (Constraints{}) {
			return want, errors.New("records no settings (an older rjm made it), so its constraints are unknown: write to another -o")
		}
		js, _ := json.MarshalIndent(want, "", "  ")
		return want, safefile.WriteBytes(name, append(js, '\n'))
	case err != nil:
		return want, err
	}
	var have Settings
	if json.Unmarshal(data, &have) != nil {
		return want, fmt.Errorf("its %s is not a batch's settings", SettingsFile)
	}
	if have.JSON != want.JSON {
		if have.JSON {
			return want, errors.New("holds a batch of JSON files, not text: run with --json")
		}
		return want, errors.New("holds a text batch, not JSON: run without --json")
	}
	return have, have.check(want, seedGiven)
}
