package render

import (
	"fmt"
	"strings"

	"rjm/analysis"
	"rjm/energy"
	"rjm/generate"
	"rjm/search"
)

// Generate is the JSON view of a generated maze: what "rjm generate --json"
// prints (one object per maze).
type Generate struct {
	Maze          string             `json:"maze"`
	Rows          int                `json:"rows"`
	Cols          int                `json:"cols"`
	Start         [2]int             `json:"start"`
	Goal          [2]int             `json:"goal"`
	ID            string             `json:"id"`
	SeededID      string             `json:"seeded_id"`
	Seed          uint64             `json:"seed"`
	Method        string             `json:"method"`
	EnergyName    string             `json:"energy_name"`
	Energy        float64            `json:"energy"`
	GoalDepth     *int               `json:"goal_depth"`
	Solution      string             `json:"solution"`
	ShortestPaths int64              `json:"shortest_paths"`
	Unique        bool               `json:"unique"`
	Stats         search.Stats       `json:"stats"`
	Jumps         [][]int            `json:"jumps"`
	Features      *analysis.Features `json:"features"`
	Warnings      []string           `json:"warnings"`
}

// NewGenerate returns the JSON view of a generation result.
func NewGenerate(r *generate.Result) Generate {
	m, s := r.Maze, r.Solved
	id, _ := m.ID()
	j := Generate{
		Maze: m.String(), Rows: m.Rows, Cols: m.Cols,
		Start: m.CellJSON(m.Start), Goal: m.CellJSON(m.Goal),
		ID: id, SeededID: r.SeededID(), Seed: r.Spec.Seed,
		Method: r.Spec.Method, EnergyName: r.Spec.Energy, Energy: r.Energy,
		Solution: s.Letters(), ShortestPaths: s.Paths, Unique: s.Unique(),
		Stats: r.Stats, Jumps: m.JSON().Jumps, Features: r.Features,
		Warnings: append([]string{}, r.Warnings()...),
	}
	if s.Solvable() {
		d := s.GoalDepth
		j.GoalDepth = &d
	}
	return j
}

// GenerateText returns the text report of a generation result: the maze,
// its shortest solution, a summary of its features, its warnings, energy,
// IDs and search statistics.
func GenerateText(r *generate.Result) string {
	var b strings.Builder
	m, s := r.Maze, r.Solved
	b.WriteString(m.String())
	b.WriteByte('\n')
	if s.Solvable() {
		fmt.Fprintf(&b, "Shortest solution: %s: %s\n", analysis.Moves(s.GoalDepth), s.Letters())
		if s.Unique() {
			b.WriteString("Shortest solutions: 1 (unique)\n")
		} else {
			fmt.Fprintf(&b, "Shortest solutions: %d\n", s.Paths)
		}
	} else {
		b.WriteString("No solution: no maze with a solution was found.\n")
	}
	fmt.Fprintf(&b, "Features: %s\n", r.Features.Summary())
	for k, w := range r.Warnings() {
		if k > 0 || r.Features.Solvable { // "No solution" says the first
			fmt.Fprintf(&b, "Warning: %s.\n", w)
		}
	}
	fmt.Fprintf(&b, "Energy (%s): %s\n", r.Spec.Energy, energy.Format(r.Energy))
	id, _ := m.ID()
	fmt.Fprintf(&b, "ID: %s\n", id)
	if sid := r.SeededID(); sid != "" {
		fmt.Fprintf(&b, "Seeded ID: %s\n", sid)
	} else {
		b.WriteString("Seeded ID: none (the search stopped within a descent)\n")
	}
	st := r.Stats
	fmt.Fprintf(&b, "Search: %s, %d iterations, %d accepted (%d uphill), %d restarts, %d improvements\n",
		r.Spec.Method, st.Iterations, st.Accepted, st.Uphill, st.Restarts, st.Improved)
	return b.String()
}
