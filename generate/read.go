package generate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"rjm/maze"
)

// Read reads one maze in any form rjm reads or writes (see maze.Read):
// maze text, JSON, a maze ID, or a seeded ID, whose maze it generates. It
// says which form it was. This is the one entry for input that every
// front end uses.
func Read(ctx context.Context, data []byte, o maze.ParseOptions) (*maze.Maze, maze.Format, error) {
	m, f, err := maze.Read(data, o)
	if !errors.Is(err, maze.ErrSeededID) {
		return m, f, err
	}
	spec, err := ParseSpec(string(data), Spec{})
	if err != nil {
		return nil, f, err
	}
	r, err := Run(ctx, spec, nil)
	if err != nil {
		return nil, f, err
	}
	m, err = o.Apply(r.Maze)
	return m, f, err
}

// ReadFile reads one maze, in any form Read reads, from the named file,
// at most maze.MaxTextBytes of it (see ReadFrom).
func ReadFile(ctx context.Context, name string, o maze.ParseOptions) (*maze.Maze, maze.Format, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, maze.FormatText, err // the error names the file
	}
	defer f.Close()
	return ReadFrom(ctx, f, name, o)
}

// ReadFrom reads one maze, in any form Read reads, from r, at most
// maze.MaxTextBytes of it. Its errors begin with name, which says where
// the maze comes from.
func ReadFrom(ctx context.Context, r io.Reader, name string, o maze.ParseOptions) (*maze.Maze, maze.Format, error) {
	data, err := io.ReadAll(io.LimitReader(r, maze.MaxTextBytes+1))
	if err == nil {
		var m *maze.Maze
		var f maze.Format
		if m, f, err = Read(ctx, data, o); err == nil {
			return m, f, nil
		}
	}
	return nil, maze.FormatText, fmt.Errorf("%s: %w", name, err)
}
