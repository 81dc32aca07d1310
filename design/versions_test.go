package design_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"rjm/design"
	"rjm/graph"
	"rjm/maze"
	"rjm/rng"
)

// TestDiffer makes one edit of each kind on a maze and checks the cells
// Differ marks: exactly the cells the edit touched (a jump's cell, the
// old and new start, the old and new goal, a kind's cell, a wall's two
// cells), the same both ways, none between a maze and itself.
func TestDiffer(t *testing.T) {
	m := mustID(t, "5x5:4313122314422334233233440")
	for _, c := range []struct {
		e    design.Edit
		want [][2]int
	}{
		{design.Edit{Op: design.SetJump, Cell: 0, Jump: 2}, [][2]int{{1, 1}}},
		{design.Edit{Op: design.MoveStart, Cell: 12}, [][2]int{{1, 1}, {3, 3}}},
		{design.Edit{Op: design.MoveGoal, Cell: 12}, [][2]int{{3, 3}, {5, 5}}},
		{design.Edit{Op: design.SetKind, Cell: 6, Kind: maze.Blocked}, [][2]int{{2, 2}}},
		{design.Edit{Op: design.ToggleWall, Cell: 0, Other: 5}, [][2]int{{1, 1}, {2, 1}}},
	} {
		after, err := design.Apply(m, c.e)
		if err != nil {
			t.Fatal(err)
		}
		if got := design.Differ(m, after); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v: differ %v, want %v", c.e, got, c.want)
		}
		if got := design.Differ(after, m); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v, the other way: differ %v, want %v", c.e, got, c.want)
		}
	}
	if got := design.Differ(m, m); len(got) != 0 {
		t.Errorf("a maze differs from itself in %v", got)
	}
}

// TestDoCompare compares two versions on every board: each side's view is
// the library's view of that maze (Bench.View, the prediction with it),
// the cells that differ are Differ's, and versions of two boards, or an
// ID that is not one, are refused with a sentence naming which.
func TestDoCompare(t *testing.T) {
	bench := design.NewBench(nil)
	r := rng.NewRand(55)
	for _, variant := range boards {
		b := board(t, 5, 5, variant)
		a, err := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), r)
		if err != nil {
			t.Fatal(err)
		}
		c := a.Clone()
		for i := range 3 {
			k := (i*7 + 3) % len(c.Jumps)
			if k != c.Goal && c.Open(k) {
				if l := graph.MustCompile(b).Legal(k); len(l) > 0 {
					c.Jumps[k] = l[r.IntN(len(l))]
				}
			}
		}
		ida, idc := must(a.ID()), must(c.ID())
		v, err := bench.DoCompare(design.CompareRequest{A: ida, B: " " + idc + "\n"})
		if err != nil {
			t.Fatalf("%s: %v", variant, err)
		}
		for k, m := range []*maze.Maze{a, c} {
			want := must(bench.View(graph.MustCompile(m.Board), m))
			got := []design.Version{v.A, v.B}[k]
			x, _ := json.Marshal(got.View)
			y, _ := json.Marshal(want)
			if string(x) != string(y) {
				t.Errorf("%s: version %c's view\n%.300s\nwant\n%.300s", variant, 'A'+k, x, y)
			}
			if !strings.Contains(got.Board, `role="img"`) || strings.Contains(got.Board, "tabindex") || strings.Count(got.Board, "data-cell=") != b.Rows*b.Cols {
				t.Errorf("%s: version %c's drawing is not a picture of its cells: %.200s", variant, 'A'+k, got.Board)
			}
		}
		if want := design.Differ(a, c); !reflect.DeepEqual(v.Differ, want) {
			t.Errorf("%s: differ %v, want %v", variant, v.Differ, want)
		}
	}
	for _, c := range []struct{ a, b, want string }{
		{"5x5:4313122314422334233233440", "7x7:3425153341241434323223122242222331421324213143120", "compare: version A is a 5x5 maze and version B a 7x7 one"},
		{"5x5:4313122314422334233233440", "5x5-hex:4431442231132042332114332", "version B a 5x5-hex one"},
		{"5x5:43131", "5x5:4313122314422334233233440", "version A: "},
		{"5x5:4313122314422334233233440", "", "version B: "},
		{"13x13:" + strings.Repeat("1", 168) + "0", "5x5:4313122314422334233233440", "version A: size 13x13"},
	} {
		_, err := bench.DoCompare(design.CompareRequest{A: c.a, B: c.b})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.20s and %.20s: %v, want %q", c.a, c.b, err, c.want)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(fmt.Sprint(err))
	}
	return v
}
