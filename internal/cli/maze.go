package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"rjm/fault"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
)

// MazeFlags are the flags of every command that reads a given maze:
// --start, --goal, --strict, --id and --variant.
type MazeFlags struct {
	o      maze.ParseOptions
	strict bool
	id     string
	cmd    *cobra.Command
}

// Register adds the flags to c.
func (f *MazeFlags) Register(c *cobra.Command) {
	f.cmd = c
	c.Flags().Var(Cell(&f.o.Start), "start", "start cell `r,c` (1-based) when the text has no start line; default 1,1")
	c.Flags().Var(Cell(&f.o.Goal), "goal", "goal cell `r,c` (1-based) when the text marks no G")
	c.Flags().BoolVar(&f.strict, "strict", false, "reject cells whose jump leaves the board in every direction")
	c.Flags().StringVar(&f.id, "id", "", "read the maze from its `ID` instead of a file")
	c.Flags().TextVar(&f.o.Variant, "variant", maze.Variant{}, "apply variant `rules` to the maze, comma-separated: "+maze.VariantList())
}

// Read reads the maze named by args (a file, "-" or nothing for
// standard input, or --id), reports dead ends on stderr, applies
// --strict, and compiles the maze's move graph. Its errors of input are
// usage errors.
func (f *MazeFlags) Read(e *Env, args []string) (*maze.Maze, *graph.Graph, error) {
	m, err := f.load(e, args)
	if err != nil {
		return nil, nil, BadInput(err)
	}
	if dead := m.DeadEnds(); len(dead) > 0 {
		if f.strict {
			return nil, nil, fault.In(f.inputName(args), m.ValidateStrict())
		}
		fmt.Fprintf(e.Stderr, "rjm: warning: %s\n", render.DeadEndWarning(m))
	}
	g, err := graph.Compile(m.Board)
	return m, g, BadInput(err)
}

func (f *MazeFlags) load(e *Env, args []string) (m *maze.Maze, err error) {
	switch name := f.inputName(args); {
	case name == "--id" && f.id == "":
		return nil, fault.Invalid("--id", "empty ID")
	case name == "--id" && len(args) > 0:
		return nil, fault.Invalid("--id", "not with a maze file (%s): give one or the other", args[0])
	case name == "--id":
		m, _, err = generate.Read(e.Ctx, []byte(f.id), f.o)
		err = fault.In("--id", err)
	case name != "standard input":
		m, _, err = generate.ReadFile(e.Ctx, name, f.o)
	default:
		if e.Terminal {
			fmt.Fprintln(e.Stderr, "rjm: reading the maze from standard input (end it with Ctrl-D, or give a FILE or --id)")
		}
		m, _, err = generate.ReadFrom(e.Ctx, e.Stdin, name, f.o)
	}
	return m, err
}

// inputName names where the maze comes from, for error messages.
func (f *MazeFlags) inputName(args []string) string {
	switch {
	case f.cmd.Flags().Changed("id"):
		return "--id"
	case len(args) == 1 && args[0] != "-":
		return args[0]
	}
	return "standard input"
}
