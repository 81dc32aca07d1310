package design

import (
	"context"
	"strings"
	"testing"

	"rjm/book"
)

// TestCheckBookEntry checks the workbench's book list against
// book.FromList, on the list the page would download: a walled maze
// beside a plain one (the same size, the ID's board part the same) is
// taken by both, the two boards a volume of two parts; a maze a book
// prints is taken by both.
func TestCheckBookEntry(t *testing.T) {
	plain := designed16(t)
	walled, err := Apply(plain, Edit{Op: ToggleWall, Cell: 0, Other: 1})
	if err != nil {
		t.Fatal(err)
	}
	p, w := must(plain.ID()), must(walled.ID())
	if err := CheckBookEntry(BookEntry{Maze: p}); err != nil {
		t.Errorf("the 16-move design: %v, want it taken", err)
	}
	if err := CheckBookEntry(BookEntry{First: p, Maze: w}); err != nil {
		t.Errorf("a walled maze beside a plain one: %v, want it taken (a volume)", err)
	}
	list, err := book.ReadList(strings.NewReader(p + "\n" + w + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	ps, s, err := book.FromList(context.Background(), book.Settings{}, list)
	if err != nil || len(s.Boards) != 2 || len(ps) != 2 {
		t.Errorf("rjm book --mazes: %v, %d boards, want a volume of two", err, len(s.Boards))
	}
	if _, _, err := book.FromList(context.Background(), book.Settings{}, list[:1]); err != nil {
		t.Errorf("the taken maze alone: rjm book --mazes says %v", err)
	}
	unsolved, _ := Blank(plain.Board)
	if err := CheckBookEntry(BookEntry{First: p, Maze: must(unsolved.ID())}); err == nil {
		t.Error("a maze without a unique solution was taken")
	}
}
