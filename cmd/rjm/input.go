package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
)

// mazeFlags are the flags of every command that reads a given maze.
type mazeFlags struct {
	o      maze.ParseOptions
	strict bool
	id     string
	cmd    *cobra.Command
}

func (f *mazeFlags) register(c *cobra.Command) {
	f.cmd = c
	c.Flags().Var(cellValue{&f.o.Start}, "start", "start cell `r,c` (1-based) when the text has no start line; default 1,1")
	c.Flags().Var(cellValue{&f.o.Goal}, "goal", "goal cell `r,c` (1-based) when the text marks no G")
	c.Flags().BoolVar(&f.strict, "strict", false, "reject cells whose jump leaves the board in every direction")
	c.Flags().StringVar(&f.id, "id", "", "read the maze from its `ID` instead of a file")
	c.Flags().TextVar(&f.o.Variant, "variant", maze.Variant{}, "apply variant `rules` to the maze, comma-separated: "+maze.VariantList())
}

// read reads the maze named by args (a file, "-" or nothing for
// standard input, or --id), reports dead ends on stderr, applies
// --strict, and compiles the maze's move graph.
func (f *mazeFlags) read(e *env, args []string) (*maze.Maze, *graph.Graph, error) {
	m, err := f.load(e, args)
	if err != nil {
		return nil, nil, badInput(err)
	}
	if dead := m.DeadEnds(); len(dead) > 0 {
		if f.strict {
			return nil, nil, badInput(fmt.Errorf("%s: %w", f.inputName(args), m.ValidateStrict()))
		}
		fmt.Fprintf(e.stderr, "rjm: warning: %s\n", render.DeadEndWarning(m))
	}
	g, err := graph.Compile(m.Board)
	return m, g, badInput(err)
}

func (f *mazeFlags) load(e *env, args []string) (m *maze.Maze, err error) {
	switch name := f.inputName(args); {
	case name == "--id" && f.id == "":
		return nil, fmt.Errorf("--id: empty ID")
	case name == "--id" && len(args) > 0:
		return nil, fmt.Errorf("give either --id or a maze file, not both")
	case name == "--id":
		m, _, err = generate.Read(e.ctx, []byte(f.id), f.o)
	case name != "standard input":
		m, _, err = generate.ReadFile(e.ctx, name, f.o)
	default:
		if e.terminal {
			fmt.Fprintln(e.stderr, "rjm: reading the maze from standard input (end it with Ctrl-D, or give a FILE or --id)")
		}
		m, _, err = generate.ReadFrom(e.ctx, e.stdin, name, f.o)
	}
	return m, err
}

// inputName names where the maze comes from, for error messages.
func (f *mazeFlags) inputName(args []string) string {
	switch {
	case f.cmd.Flags().Changed("id"):
		return "--id"
	case len(args) == 1 && args[0] != "-":
		return args[0]
	}
	return "standard input"
}

// show prints a result to stdout: v as indented JSON when asJSON is set,
// else its text.
func show(e *env, asJSON bool, v any, text func(io.Writer) error) error {
	if asJSON {
		return writeJSON(e, v)
	}
	return text(e.stdout)
}

// text returns a writer of s, for show.
func text(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// writeJSON writes v as indented JSON to stdout.
func writeJSON(e *env, v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// cellValue is the value of a cell flag, --start or --goal: a 1-based
// "r,c", nil until given.
type cellValue struct{ p **maze.Cell }

func (v cellValue) Type() string { return "r,c" }

func (v cellValue) String() string {
	if v.p == nil || *v.p == nil {
		return ""
	}
	return fmt.Sprintf("%d,%d", (*v.p).Row+1, (*v.p).Col+1)
}

func (v cellValue) Set(s string) error {
	c, err := maze.ParseCell(s)
	if err == nil {
		*v.p = &c
	}
	return err
}
