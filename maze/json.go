package maze

import (
	"encoding/json"
	"fmt"
)

// JSON is the maze's JSON form. Cells are [row, col], 1-based like the
// seeds; Jumps holds one array per row with the goal's jump 0.
type JSON struct {
	Rows  int     `json:"rows"`
	Cols  int     `json:"cols"`
	Start [2]int  `json:"start"`
	Goal  [2]int  `json:"goal"`
	Jumps [][]int `json:"jumps"`
}

// CellJSON returns cell i as a 1-based [row, col] pair.
func (b Board) CellJSON(i int) [2]int {
	c := b.Cell(i)
	return [2]int{c.Row + 1, c.Col + 1}
}

// JSON returns the maze's JSON form.
func (m *Maze) JSON() JSON {
	j := JSON{Rows: m.Rows, Cols: m.Cols, Start: m.CellJSON(m.Start), Goal: m.CellJSON(m.Goal)}
	for r := range m.Rows {
		j.Jumps = append(j.Jumps, append([]int(nil), m.Jumps[r*m.Cols:(r+1)*m.Cols]...))
	}
	return j
}

// MarshalJSON encodes the maze in its JSON form.
func (m *Maze) MarshalJSON() ([]byte, error) { return json.Marshal(m.JSON()) }

// UnmarshalJSON decodes a maze from its JSON form and validates it.
func (m *Maze) UnmarshalJSON(data []byte) error {
	var j JSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("maze: %w", err)
	}
	mz, err := j.Maze()
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
	if len(j.Jumps) != j.Rows {
		return nil, fmt.Errorf("maze: %d rows of jumps, want %d", len(j.Jumps), j.Rows)
	}
	m, err := New(b, Cell{j.Start[0] - 1, j.Start[1] - 1}, Cell{j.Goal[0] - 1, j.Goal[1] - 1})
	if err != nil {
		return nil, err
	}
	for r, row := range j.Jumps {
		if len(row) != j.Cols {
			return nil, fmt.Errorf("maze: row %d has %d jumps, want %d", r+1, len(row), j.Cols)
		}
		for c, v := range row {
			if v < 0 || v > MaxParsedJump {
				return nil, fmt.Errorf("maze: row %d, column %d: jump %d is out of range", r+1, c+1, v)
			}
		}
		copy(m.Jumps[r*j.Cols:], row)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}
