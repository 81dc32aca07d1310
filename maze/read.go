package maze

import (
	"bytes"
	"encoding/json"
	"errors"
	"rjm/fault"
	"slices"
	"unicode"
)

// Format is a form a maze is written in.
type Format int

// The forms Read recognises.
const (
	FormatText     Format = iota // rows of jumps (ParseText)
	FormatJSON                   // the maze's JSON form, or any rjm JSON output naming a maze by its "id"
	FormatID                     // a maze ID (ParseID)
	FormatSeededID               // a seeded ID: a generation recipe and seed (package generate)
)

// String returns "text", "JSON", "ID" or "seeded ID".
func (f Format) String() string {
	switch f {
	case FormatJSON:
		return "JSON"
	case FormatID:
		return "ID"
	case FormatSeededID:
		return "seeded ID"
	}
	return "text"
}

// ErrSeededID is Read's error for a seeded ID: it names a recipe, whose
// maze only a generator can make (generate.Read makes it).
var ErrSeededID = errors.New("a seeded ID names a generation recipe, not a maze: generate it first")

// Read reads one maze in any form rjm writes and says which form it was:
// maze text, JSON (the maze's JSON form, or the --json output of any rjm
// command, which names its maze by "id"), or a maze ID, alone on its line.
// A seeded ID is recognised (FormatSeededID) and returns ErrSeededID.
//
// The options apply as ParseText applies them to text. A maze read from
// JSON or an ID names its own start and goal: o.Variant is added to its
// rules and o.Start moves its start (see ParseOptions.Apply), and o.Goal
// is an error. At most MaxTextBytes are read.
func Read(data []byte, o ParseOptions) (*Maze, Format, error) {
	if len(data) > MaxTextBytes {
		return nil, FormatText, fault.New(fault.ErrTooLarge, "", "input is larger than %d bytes", MaxTextBytes)
	}
	t := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\uFEFF")))
	switch f := detect(t); f {
	case FormatJSON:
		m, err := readJSON(t)
		if err != nil {
			return nil, f, err
		}
		m, err = o.Apply(m)
		return m, f, err
	case FormatID:
		m, err := ParseID(string(t))
		if err != nil {
			return nil, f, err
		}
		m, err = o.Apply(m)
		return m, f, err
	case FormatSeededID:
		return nil, f, fault.Invalid("", "%w", ErrSeededID)
	}
	m, err := ParseText(data, o)
	return m, FormatText, err
}

// detect tells the form of trimmed input: JSON starts with a brace or a
// bracket; an ID is one word that starts with a size "RxC" (text rows
// hold separated jumps, and no row starts with a digit run and an x), or
// any other word holding a colon, which is read as a mistyped ID.
func detect(t []byte) Format {
	switch {
	case len(t) == 0:
		return FormatText
	case t[0] == '{' || t[0] == '[':
		return FormatJSON
	case bytes.ContainsFunc(t, unicode.IsSpace):
		return FormatText
	}
	digits := bytes.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' })
	if digits <= 0 || t[digits] != 'x' {
		if t[0] != '#' && bytes.IndexByte(t, ':') > 0 {
			return FormatID // a word with a colon is no maze text: a mistyped ID
		}
		return FormatText
	}
	if bytes.IndexByte(t, '#') >= 0 { // no maze ID holds a '#'
		return FormatSeededID
	}
	return FormatID
}

// Apply applies the options to a maze read from JSON or an ID, which
// names its own start and goal: Variant is added to its rules and Start
// moves its start; Goal is an error.
func (o ParseOptions) Apply(m *Maze) (*Maze, error) {
	var err error
	if o.Variant != (Variant{}) {
		if m, err = m.WithVariant(o.Variant); err != nil {
			return nil, err
		}
	}
	if o.Start != nil {
		c := *o.Start
		if !m.Contains(c) || m.Index(c) == m.Goal || !m.Open(m.Index(c)) {
			return nil, fault.Invalid("", "start %v is not an open non-goal cell of the maze", c)
		}
		m.Start = m.Index(c)
	}
	if o.Goal != nil {
		return nil, fault.Invalid("", "a goal applies to maze text only: an ID or JSON maze names its goal")
	}
	return m, nil
}

// readJSON reads a maze from JSON: the output of any rjm command that
// names a maze by its "id" (solve, analyze, generate, exercise with
// --json), or the maze's JSON form.
func readJSON(data []byte) (*Maze, error) {
	if data[0] == '[' {
		var list []json.RawMessage
		if err := json.Unmarshal(data, &list); err != nil {
			return nil, jsonError(err)
		}
		return nil, fault.Invalid("", "JSON holds a list of %d mazes; give one (e.g. jq '.[0]')", len(list))
	}
	var withID struct {
		ID    *string         `json:"id"`
		Rows  json.RawMessage `json:"rows"`
		Jumps json.RawMessage `json:"jumps"`
	}
	if err := json.Unmarshal(data, &withID); err != nil {
		return nil, jsonError(err)
	}
	if withID.ID != nil {
		m, err := ParseID(*withID.ID)
		if err != nil || withID.Jumps == nil {
			return m, err
		}
		// Output that names its maze by ID may also list the jumps; an
		// edit of one and not the other must not pass unnoticed.
		var jumps [][]int
		if json.Unmarshal(withID.Jumps, &jumps) != nil || !slices.EqualFunc(jumps, m.JSON().Jumps, slices.Equal) {
			return nil, fault.Invalid("", "JSON \"jumps\" disagree with its \"id\" %s: edit one and remove the other", *withID.ID)
		}
		return m, nil
	}
	if withID.Rows == nil && withID.Jumps == nil {
		return nil, fault.Invalid("", "JSON holds no maze: want an \"id\" (as rjm's --json output has) or the maze's JSON form")
	}
	var m Maze
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return &m, nil
}
