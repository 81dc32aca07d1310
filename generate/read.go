package generate

import (
	"context"
	"errors"

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
