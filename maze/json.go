package maze

import (
	"encoding/json"
	"errors"
	"reflect"
	"rjm/fault"
	"strings"
)

// JSON is the maze's JSON form. Cells are [row, col], 1-based like the
// papers; Jumps holds one array per row with the goal's jump 0 (and 0 for
// cells that are not open). A variant board adds its rules (Variant, as
// ParseVariant reads them), its cell kinds (Cells: one string per row,
// "o" for an open cell and X, * or . as in the maze text) and its walls
// (pairs of neighbouring cells). On an exit-ring board Goal is [0, 0]: the
// exit, which has no row or column.
type JSON struct {
	Rows    int         `json:"rows"`
	Cols    int         `json:"cols"`
	Start   [2]int      `json:"start"`
	Goal    [2]int      `json:"goal"`
	Jumps   [][]int     `json:"jumps"`
	Variant string      `json:"variant,omitempty"`
	Cells   []string    `json:"cells,omitempty"`
	Walls   [][2][2]int `json:"walls,omitempty"`
}

// CellJSON returns cell i as a 1-based [row, col] pair ([0, 0] for the
// exit).
func (b Board) CellJSON(i int) [2]int {
	c := b.Cell(i)
	return [2]int{c.Row + 1, c.Col + 1}
}

// JSON returns the maze's JSON form.
func (m *Maze) JSON() JSON {
	j := JSON{Rows: m.Rows, Cols: m.Cols, Start: m.CellJSON(m.Start), Goal: m.CellJSON(m.Goal), Variant: m.Variant.String()}
	for r := range m.Rows {
		j.Jumps = append(j.Jumps, append([]int(nil), m.Jumps[r*m.Cols:(r+1)*m.Cols]...))
		if m.Kinds != "" {
			j.Cells = append(j.Cells, m.Kinds[r*m.Cols:(r+1)*m.Cols])
		}
	}
	for _, w := range m.WallList() {
		j.Walls = append(j.Walls, [2][2]int{m.CellJSON(w[0]), m.CellJSON(w[1])})
	}
	return j
}

// MarshalJSON encodes the maze in its JSON form.
func (m *Maze) MarshalJSON() ([]byte, error) { return json.Marshal(m.JSON()) }

// UnmarshalJSON decodes a maze from its JSON form and validates it.
func (m *Maze) UnmarshalJSON(data []byte) error {
	// Cells are read as slices first: a [2]int would take [1] as [1, 0].
	var j struct {
		JSON
		Start []int `json:"start"`
		Goal  []int `json:"goal"`
	}
	if err := json.Unmarshal(data, &j); err != nil {
		return jsonError(err)
	}
	for _, c := range []struct {
		name string
		v    []int
		dst  *[2]int
	}{{"start", j.Start, &j.JSON.Start}, {"goal", j.Goal, &j.JSON.Goal}} {
		if err := (Board{Rows: j.Rows, Cols: j.Cols}).Validate(); err != nil {
			return err
		}
		switch len(c.v) {
		case 0:
			return fault.Invalid("", "JSON has no %s: want a cell [row, col]", c.name)
		case 2:
		default:
			return fault.Invalid("", "JSON %s %v: want a cell [row, col]", c.name, c.v)
		}
		*c.dst = [2]int(c.v)
	}
	mz, err := j.JSON.Maze()
	if err != nil {
		return err
	}
	*m = *mz
	return nil
}

// Maze converts the JSON form to a validated maze.
func (j JSON) Maze() (*Maze, error) {
	b := Board{Rows: j.Rows, Cols: j.Cols}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	v, err := ParseVariant(j.Variant)
	if err != nil {
		return nil, err
	}
	b.Variant = v
	if len(j.Jumps) != j.Rows {
		return nil, fault.Invalid("", "%d rows of jumps, want %d", len(j.Jumps), j.Rows)
	}
	if j.Cells != nil {
		if len(j.Cells) != j.Rows {
			return nil, fault.Invalid("", "%d rows of cells, want %d", len(j.Cells), j.Rows)
		}
		for r, row := range j.Cells {
			if len(row) != j.Cols {
				return nil, fault.Invalid("", "cells row %d has %d cells, want %d", r+1, len(row), j.Cols)
			}
		}
		if kinds := strings.Join(j.Cells, ""); !allOpen(kinds) {
			b.Kinds = kinds
		}
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	if len(j.Walls) > 4*MaxSide*MaxSide {
		return nil, fault.Invalid("", "%d walls is too many", len(j.Walls))
	}
	seen := map[[2]Cell]int{}
	for k, w := range j.Walls {
		a, c := Cell{w[0][0] - 1, w[0][1] - 1}, Cell{w[1][0] - 1, w[1][1] - 1}
		if first, dup := seenWall(seen, a, c, k+1); dup {
			return nil, fault.Invalid("", "wall %d between %v and %v is wall %d again", k+1, a, c, first)
		}
		if err := b.AddWall(a, c); err != nil {
			return nil, err
		}
	}
	for _, c := range []struct {
		name string
		v    [2]int
	}{{"start", j.Start}, {"goal", j.Goal}} {
		if (c.v[0] < 1 || c.v[1] < 1) && (c.name == "start" || !v.Exit) {
			return nil, fault.Invalid("", "%s [%d, %d]: rows and columns count from 1", c.name, c.v[0], c.v[1])
		}
	}
	goal := Cell{j.Goal[0] - 1, j.Goal[1] - 1}
	if v.Exit {
		if j.Goal != [2]int{} {
			return nil, fault.Invalid("", "goal %v: on an exit-ring board the goal is the exit, written [0, 0]", goal)
		}
		goal = ExitCell
	}
	m, err := New(b, Cell{j.Start[0] - 1, j.Start[1] - 1}, goal)
	if err != nil {
		return nil, err
	}
	for r, row := range j.Jumps {
		if len(row) != j.Cols {
			return nil, fault.Invalid("", "row %d has %d jumps, want %d", r+1, len(row), j.Cols)
		}
		for c, v := range row {
			if v < 0 || v > MaxParsedJump {
				return nil, fault.Invalid("", "row %d, column %d: jump %d is out of range 0..%d", r+1, c+1, v, MaxParsedJump)
			}
		}
		copy(m.Jumps[r*j.Cols:], row)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// jsonError says what is wrong with JSON input in the words of the JSON
// (its fields and kinds of values), not of the Go types it is read into.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if i := strings.LastIndexByte(field, '.'); i >= 0 {
			field = field[i+1:]
		}
		want := "a " + te.Type.Kind().String()
		switch te.Type.Kind() {
		case reflect.Int, reflect.Int64, reflect.Int32, reflect.Uint64:
			want = "a whole number"
		case reflect.Float64:
			want = "a number"
		case reflect.Slice, reflect.Array:
			want = "a list"
		case reflect.Struct, reflect.Map:
			want = "an object"
		}
		if field == "" {
			return fault.Invalid("", "JSON holds a %s where %s is wanted", te.Value, want)
		}
		return fault.Invalid("", "JSON %q holds a %s where %s is wanted", field, te.Value, want)
	}
	if se, ok := errors.AsType[*json.SyntaxError](err); ok && strings.HasPrefix(se.Error(), "unexpected end") {
		return fault.Invalid("", "the JSON ends before it is complete")
	}
	return fault.Invalid("", "JSON: %w", err)
}
