package render

import (
	"fmt"

	"rjm/maze"
	"rjm/records"
)

// Records is the view of a records search: what "rjm records --json"
// prints, and its text.
type Records struct {
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	Start    [2]int `json:"start"`
	Goal     [2]int `json:"goal"`
	Good     bool   `json:"unique"`
	MaxDepth *int   `json:"max_depth"`
	Count    string `json:"count"`
	Example  string `json:"example,omitempty"`
	Maze     string `json:"maze,omitempty"`
	Nodes    int64  `json:"nodes"`
	Subtrees int    `json:"subtrees"`
	// Mazes lists the record mazes up to symmetry, by ID, when asked;
	// Listed says whether the list is complete.
	Mazes  []string `json:"mazes,omitempty"`
	Listed bool     `json:"listed,omitempty"`
	// Reach says how often each search method reaches the record.
	Reach []records.Reach `json:"reach,omitempty"`
	// Within is the sub-tree searched alone in parts
	// (records.Settings.Within): the answer is that sub-tree's, not the
	// board's.
	Within []int `json:"within,omitempty"`
}

// NewRecords returns the view of the search s that found r.
func NewRecords(s records.Settings, r *records.Result) Records {
	b := s.Board
	start, goal := maze.DefaultStart(b), maze.DefaultGoal(b)
	if s.Start != nil {
		start = *s.Start
	}
	if s.Goal != nil {
		goal = *s.Goal
	}
	v := Records{Rows: b.Rows, Cols: b.Cols, Start: b.CellJSON(b.Index(start)), Goal: b.CellJSON(b.Index(goal)), Good: s.Good,
		Count: r.Count.String(), Nodes: r.Nodes, Subtrees: len(r.Subtrees), Within: s.Within}
	if r.MaxDepth >= 0 {
		d := r.MaxDepth
		v.MaxDepth = &d
		v.Example, _ = r.Example.ID()
		v.Maze = r.Example.String()
	}
	for _, m := range r.Mazes {
		id, _ := m.ID()
		v.Mazes = append(v.Mazes, id)
	}
	v.Listed = r.Listed && len(v.Mazes) > 0
	return v
}

// Text returns the report: the maximum goal depth, the mazes reaching it,
// the work done, and an example.
func (v Records) Text() string {
	what := "legal mazes"
	if v.Good {
		what = "legal mazes with a unique shortest solution and no black holes"
	}
	where := v.where()
	all, maximum, parts := "all "+what, "Maximum goal depth", "sub-trees"
	if len(v.Within) > 0 {
		all, maximum, parts = "its "+what, "Its maximum goal depth (the board's may be more)", "parts"
	}
	if v.MaxDepth == nil {
		return fmt.Sprintf("%s: no solvable maze among %s.\n", where, all)
	}
	out := fmt.Sprintf("%s, among %s:\n%s: %d\nMazes reaching it: %s\nSearched: %s in %s\nExample (ID %s):\n%s",
		where, all, maximum, *v.MaxDepth, v.Count, plural(int(v.Nodes), "branch", "branches"), plural(v.Subtrees, parts[:len(parts)-1], parts), v.Example, v.Maze)
	if len(v.Mazes) > 0 {
		more := ""
		if !v.Listed {
			more = " (the first ones: there are more)"
		}
		out += fmt.Sprintf("\nRecord mazes up to turns and mirrors%s: %d\n", more, len(v.Mazes))
		for _, id := range v.Mazes {
			out += "  " + id + "\n"
		}
	}
	if v.Reach != nil {
		out += "\nHow often rjm generate reaches it (depth energy):\n" + records.ReachTable(v.Reach, *v.MaxDepth)
	}
	return out
}

// where names what was searched: the board with its start and goal, or
// the sub-tree of it searched alone (Within).
func (v Records) where() string {
	w := fmt.Sprintf("%d×%d, start (%d,%d), goal (%d,%d)", v.Rows, v.Cols, v.Start[0], v.Start[1], v.Goal[0], v.Goal[1])
	if len(v.Within) > 0 {
		w = fmt.Sprintf("Sub-tree %s of %s", records.WithinName(v.Within), w)
	}
	return w
}
