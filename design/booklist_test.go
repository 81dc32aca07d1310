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
// refused by both, in the same words; a maze a book prints is taken by
// both.
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
	refused := CheckBookEntry(BookEntry{First: p, Maze: w})
	if refused == nil {
		t.Fatal("a walled maze beside a plain one was taken")
	}
	list, err := book.ReadList(strings.NewReader(p + "\n" + w + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = book.FromList(context.Background(), book.Settings{}, list)
	if err == nil || !strings.HasSuffix(err.Error(), refused.Error()) {
		t.Errorf("rjm book --mazes says %v; the workbench %v: want the same", err, refused)
	}
	if _, _, err := book.FromList(context.Background(), book.Settings{}, list[:1]); err != nil {
		t.Errorf("the taken maze alone: rjm book --mazes says %v", err)
	}
	unsolved, _ := Blank(plain.Board)
	if err := CheckBookEntry(BookEntry{First: p, Maze: must(unsolved.ID())}); err == nil {
		t.Error("a maze without a unique solution was taken")
	}
}
