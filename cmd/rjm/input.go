package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"rjm/graph"
	"rjm/maze"
)

// mazeFlags are the flags of every command that reads a given maze.
type mazeFlags struct {
	start, goal string
	strict      bool
	id          string
	variant     string
}

func (f *mazeFlags) register(c *cobra.Command) {
	c.Flags().StringVar(&f.start, "start", "", "start cell `r,c` (1-based) when the text has no start line; default 1,1")
	c.Flags().StringVar(&f.goal, "goal", "", "goal cell `r,c` (1-based) when the text marks no G")
	c.Flags().BoolVar(&f.strict, "strict", false, "reject cells whose jump leaves the board in every direction")
	c.Flags().StringVar(&f.id, "id", "", "read the maze from its `ID` instead of a file")
	c.Flags().StringVar(&f.variant, "variant", "", "apply variant `rules` to the maze, comma-separated: "+variantNames())
}

// variantNames lists the variant names for help texts.
func variantNames() string {
	names := make([]string, len(maze.VariantNames))
	for i, n := range maze.VariantNames {
		names[i] = n[0]
	}
	return strings.Join(names, ", ")
}

// readMaze reads the maze named by args (a file, "-" or nothing for
// standard input, or --id), reports dead ends on stderr, and applies
// --strict.
func (f *mazeFlags) readMaze(e *env, args []string) (*maze.Maze, error) {
	m, err := f.load(e, args)
	if err != nil {
		return nil, badInput(err)
	}
	if dead := m.DeadEnds(); len(dead) > 0 {
		if f.strict {
			return nil, badInput(fmt.Errorf("%s: %w", f.inputName(args), m.ValidateStrict()))
		}
		cells := make([]string, len(dead))
		for i, c := range dead {
			cells[i] = fmt.Sprintf("%v=%d", m.Cell(c), m.Jumps[c])
		}
		what := "whose jump leaves the board in every direction"
		if !m.Plain() {
			what = "whose jump has no move"
		}
		fmt.Fprintf(e.stderr, "rjm: warning: %d cell(s) %s, treated as dead ends: %s\n",
			len(dead), what, strings.Join(cells, " "))
	}
	return m, nil
}

// variantFlag parses the value of a --variant flag ("" is no variant).
func variantFlag(s string) (maze.Variant, error) {
	v, err := maze.ParseVariant(s)
	if err != nil {
		return v, fmt.Errorf("--variant: %w", err)
	}
	return v, nil
}

// readGraph reads the maze as readMaze does and compiles its move graph.
func (f *mazeFlags) readGraph(e *env, args []string) (*maze.Maze, *graph.Graph, error) {
	m, err := f.readMaze(e, args)
	if err != nil {
		return nil, nil, err
	}
	g, err := graph.Compile(m.Board)
	if err != nil {
		return nil, nil, badInput(err)
	}
	return m, g, nil
}

func (f *mazeFlags) load(e *env, args []string) (*maze.Maze, error) {
	var o maze.ParseOptions
	var err error
	if o.Variant, err = variantFlag(f.variant); err != nil {
		return nil, err
	}
	if f.start != "" {
		c, err := maze.ParseCell(f.start)
		if err != nil {
			return nil, fmt.Errorf("--start: %w", err)
		}
		o.Start = &c
	}
	if f.goal != "" {
		c, err := maze.ParseCell(f.goal)
		if err != nil {
			return nil, fmt.Errorf("--goal: %w", err)
		}
		o.Goal = &c
	}
	if f.id != "" {
		if len(args) > 0 {
			return nil, fmt.Errorf("give either --id or a maze file, not both")
		}
		m, err := maze.ParseID(f.id)
		if err != nil {
			return nil, err
		}
		return f.override(m, o)
	}
	var r io.Reader = e.stdin
	name := f.inputName(args)
	if name != "standard input" {
		file, err := os.Open(args[0])
		if err != nil {
			return nil, err
		}
		defer file.Close()
		r, name = file, args[0]
	}
	data, err := io.ReadAll(io.LimitReader(r, maze.MaxTextBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > maze.MaxTextBytes {
		return nil, fmt.Errorf("%s: input is larger than %d bytes", name, maze.MaxTextBytes)
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		m, err := readJSONMaze(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return f.override(m, o)
	}
	m, err := maze.ParseText(data, o)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// inputName names where the maze comes from, for error messages.
func (f *mazeFlags) inputName(args []string) string {
	switch {
	case f.id != "":
		return "--id"
	case len(args) == 1 && args[0] != "-":
		return args[0]
	}
	return "standard input"
}

// readJSONMaze reads a maze from JSON: the output of any rjm command that
// names a maze by its "id" (solve, analyze, generate, exercise with
// --json), or the maze's JSON form (maze.JSON).
func readJSONMaze(data []byte) (*maze.Maze, error) {
	if data[0] == '[' {
		var list []json.RawMessage
		if err := json.Unmarshal(data, &list); err != nil {
			return nil, fmt.Errorf("maze: JSON: %w", err)
		}
		return nil, fmt.Errorf("maze: JSON holds a list of %d mazes; give one (e.g. jq '.[0]')", len(list))
	}
	var withID struct {
		ID    *string         `json:"id"`
		Rows  json.RawMessage `json:"rows"`
		Jumps json.RawMessage `json:"jumps"`
	}
	if err := json.Unmarshal(data, &withID); err != nil {
		return nil, fmt.Errorf("maze: JSON: %w", err)
	}
	if withID.ID != nil {
		m, err := maze.ParseID(*withID.ID)
		if err != nil || withID.Jumps == nil {
			return m, err
		}
		// Output that names its maze by ID may also list the jumps; an
		// edit of one and not the other must not pass unnoticed.
		var jumps [][]int
		if json.Unmarshal(withID.Jumps, &jumps) != nil || !slices.EqualFunc(jumps, m.JSON().Jumps, slices.Equal) {
			return nil, fmt.Errorf("maze: JSON \"jumps\" disagree with its \"id\" %s: edit one and remove the other", *withID.ID)
		}
		return m, nil
	}
	if withID.Rows == nil && withID.Jumps == nil {
		return nil, fmt.Errorf("maze: JSON holds no maze: want an \"id\" (as rjm's --json output has) or the maze's JSON form")
	}
	var m maze.Maze
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// override applies --variant and --start to a maze read from an ID or
// JSON, which name their own start and goal.
func (f *mazeFlags) override(m *maze.Maze, o maze.ParseOptions) (*maze.Maze, error) {
	var err error
	if o.Variant != (maze.Variant{}) {
		if m, err = m.WithVariant(o.Variant); err != nil {
			return nil, fmt.Errorf("--variant: %w", err)
		}
	}
	if o.Start != nil {
		if !m.Contains(*o.Start) || m.Index(*o.Start) == m.Goal || !m.Open(m.Index(*o.Start)) {
			return nil, fmt.Errorf("--start %s is not an open non-goal cell of the maze", f.start)
		}
		m.Start = m.Index(*o.Start)
	}
	if o.Goal != nil {
		return nil, fmt.Errorf("--goal applies to maze text only: an ID or JSON maze names its goal")
	}
	return m, nil
}

// writeJSON writes v as indented JSON to stdout.
func writeJSON(e *env, v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
