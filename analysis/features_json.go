package analysis

import (
	"bytes"
	"encoding/json"
	"rjm/fault"
)

// plainFeatures is Features without its JSON methods.
type plainFeatures Features

// The JSON form differs from the struct in two ways: cells are written in
// the papers' 1-based [row, col] form, and the goal depth is null when the
// maze is unsolvable, as in every other JSON form of rjm. The keys keep
// the struct's order, except goal_depth, which comes last (where rjm's
// JSON has always had it).

// cellJSON returns cell i of a rows×cols board in the 1-based form; the
// exit (index rows×cols) is [0, 0], as maze.Board.CellJSON writes it.
func (f *Features) cellJSON(i int) [2]int {
	if i == f.Rows*f.Cols {
		return [2]int{0, 0}
	}
	return [2]int{i/f.Cols + 1, i%f.Cols + 1}
}

// cellIndex is cellJSON's inverse.
func (f *Features) cellIndex(c [2]int) int {
	if c == [2]int{0, 0} {
		return f.Rows * f.Cols
	}
	return (c[0]-1)*f.Cols + c[1] - 1
}

func (f *Features) list(cells []int) [][2]int {
	out := make([][2]int, len(cells))
	for k, c := range cells {
		out[k] = f.cellJSON(c)
	}
	return out
}

func (f *Features) sets(sets [][]int) [][][2]int {
	out := make([][][2]int, len(sets))
	for k, s := range sets {
		out[k] = f.list(s)
	}
	return out
}

// MarshalJSON writes the features with cells as 1-based [row, col] pairs
// and goal_depth null when the maze is unsolvable.
func (f *Features) MarshalJSON() ([]byte, error) {
	plain, err := json.Marshal((*plainFeatures)(f))
	if err != nil {
		return nil, err
	}
	var goalDepth any // null when unsolvable
	if f.Solvable {
		goalDepth = f.GoalDepth
	}
	views := map[string]any{
		"start": f.cellJSON(f.Start), "goal": f.cellJSON(f.Goal), "goal_depth": goalDepth,
		"solution_cells": f.list(f.SolutionCells), "unreachable_cells": f.list(f.UnreachableCells),
		"non_reaching_cells": f.list(f.NonReachingCells), "black_hole_sets": f.sets(f.BlackHoleSets),
		"white_hole_sets": f.sets(f.WhiteHoleSets), "clusters": f.sets(f.Clusters),
	}
	// Copy the plain object key by key, in order, replacing the values
	// that have a view.
	dec := json.NewDecoder(bytes.NewReader(plain))
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteByte('{')
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		if key == "goal_depth" {
			continue // written last
		}
		if v, ok := views[key]; ok {
			if raw, err = json.Marshal(v); err != nil {
				return nil, err
			}
		}
		if out.Len() > 1 {
			out.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		out.Write(k)
		out.WriteByte(':')
		out.Write(raw)
	}
	d, _ := json.Marshal(goalDepth)
	out.WriteString(`,"goal_depth":`)
	out.Write(d)
	out.WriteByte('}')
	return out.Bytes(), nil
}

// featuresIn reads the JSON form: the cell fields shadow Features'.
type featuresIn struct {
	*plainFeatures
	Start            [2]int     `json:"start"`
	Goal             [2]int     `json:"goal"`
	GoalDepth        *int       `json:"goal_depth"`
	SolutionCells    [][2]int   `json:"solution_cells"`
	UnreachableCells [][2]int   `json:"unreachable_cells"`
	NonReachingCells [][2]int   `json:"non_reaching_cells"`
	BlackHoleSets    [][][2]int `json:"black_hole_sets"`
	WhiteHoleSets    [][][2]int `json:"white_hole_sets"`
	Clusters         [][][2]int `json:"clusters"`
}

// UnmarshalJSON reads what MarshalJSON writes.
func (f *Features) UnmarshalJSON(data []byte) error {
	in := featuresIn{plainFeatures: (*plainFeatures)(f)}
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	if f.Cols <= 0 || f.Rows <= 0 {
		return fault.Invalid("", "features JSON without a board size")
	}
	index := func(cells [][2]int) []int {
		out := make([]int, len(cells))
		for k, c := range cells {
			out[k] = f.cellIndex(c)
		}
		return out
	}
	sets := func(ss [][][2]int) [][]int {
		out := make([][]int, len(ss))
		for k, s := range ss {
			out[k] = index(s)
		}
		return out
	}
	f.Start, f.Goal = f.cellIndex(in.Start), f.cellIndex(in.Goal)
	f.GoalDepth = -1
	if in.GoalDepth != nil {
		f.GoalDepth = *in.GoalDepth
	}
	f.SolutionCells, f.UnreachableCells, f.NonReachingCells = index(in.SolutionCells), index(in.UnreachableCells), index(in.NonReachingCells)
	f.BlackHoleSets, f.WhiteHoleSets, f.Clusters = sets(in.BlackHoleSets), sets(in.WhiteHoleSets), sets(in.Clusters)
	return nil
}
