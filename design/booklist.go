package design

import (
	"rjm/analysis"
	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
)

// BookEntry asks whether maze ID Maze can join a book list whose first
// maze is First ("" for an empty list).
type BookEntry struct {
	First string `json:"first,omitempty"`
	Maze  string `json:"maze"`
}

// CheckBookEntry says why e.Maze cannot be printed in a book of the list
// (nil when it can), by the checks book.FromList makes of every listed
// maze (analysis.BookPuzzle), so that the workbench's "Add to book list"
// refuses what rjm book --mazes would. A maze on another board than
// e.First's is taken: a list of several boards makes a volume, a part
// per board (book.FromList); e.First is read only to check it is an ID.
func CheckBookEntry(e BookEntry) error {
	m, err := maze.ParseID(e.Maze)
	if err != nil {
		return fault.In("maze", err)
	}
	if e.First != "" {
		if _, err := maze.ParseID(e.First); err != nil {
			return fault.In("first", err)
		}
	}
	g, err := graph.Compile(m.Board)
	if err != nil {
		return err
	}
	return analysis.BookPuzzle(analysis.Analyze(g, m))
}
