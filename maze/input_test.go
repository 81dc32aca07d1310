package maze_test

import (
	"errors"
	"strings"
	"testing"

	"rjm/fault"
	"rjm/maze"
)

// A lone CR ends a line, as LF and CR LF do (old Mac files).
func TestTextLineEndings(t *testing.T) {
	for _, text := range []string{"2 1 2\r1 1 1\r2 1 G\r", "2 1 2\r\n1 1 1\r\n2 1 G\r\n", "2 1 2\n1 1 1\n2 1 G\n"} {
		m, err := maze.ParseText([]byte(text), maze.ParseOptions{})
		if err != nil || m.Rows != 3 || m.Cols != 3 {
			t.Errorf("%q: %v, %+v", text, err, m)
		}
	}
}

// Every maze read has an ID and JSON form that read back to it: jumps
// above the longest any board allows are refused, not accepted without
// an ID.
func TestEveryMazeReadHasAnID(t *testing.T) {
	for _, text := range []string{"1 31\n1 G\n", "1 32\n1 G\n", "1 999\n1 G\n"} {
		m, err := maze.ParseText([]byte(text), maze.ParseOptions{})
		if err != nil {
			if !strings.Contains(err.Error(), "too large (no board allows a jump above 31)") {
				t.Errorf("%q: %v", text, err)
			}
			continue
		}
		id, err := m.ID()
		if err != nil {
			t.Fatalf("%q: no ID: %v", text, err)
		}
		back, err := maze.ParseID(id)
		if err != nil || back.Text(maze.TextOptions{}) != m.Text(maze.TextOptions{}) {
			t.Errorf("%q: ID %s reads back as %v, %v", text, id, back, err)
		}
	}
	if _, _, err := maze.Read([]byte(`{"rows":2,"cols":2,"jumps":[[1,40],[1,0]],"start":[1,1],"goal":[2,2]}`), maze.ParseOptions{}); err == nil {
		t.Error("JSON jump 40 accepted")
	}
}

// Messages speak of the input, never of Go's types, and never echo a
// huge input whole.
func TestInputMessages(t *testing.T) {
	huge := strings.Repeat("7", 1_000_000)
	for _, tc := range []struct{ in, want string }{
		{`{"rows":"2","cols":2,"jumps":[[1,1],[1,0]],"start":[1,1],"goal":[2,2]}`, `JSON "rows" holds a string where a whole number is wanted`},
		{`{"rows":2,"cols":2,"jumps":[[1,1],[1,0]],"start":[0,0],"goal":[2,2]}`, `start [0, 0]: rows and columns count from 1`},
		{`{"rows":2,"cols":2,"jumps":[[1,1],[1,0]],"start":[1,1],"goal":[0,0]}`, `goal [0, 0]: rows and columns count from 1`},
		{`{"rows":2,"cols":2,"jumps":[[1,1],[1,0]],"start":[1,1],"goal":[2,2],"walls":[[[1,1],[1,2]],[[1,2],[1,1]]]}`, `wall 2 between (1,2) and (1,1) is wall 1 again`},
		{"wall 1,1 1,2\nwall 1,2 1,1\n1 1\n1 G\n", "line 2, column 1: second wall between (1,2) and (1,1) (the first is line 1)"},
		{"1 " + huge + "\n1 G\n", "jump 7777777777777777777777777777777777777777... is too large"},
		{"1 x" + huge + "\n1 G\n", `"x777777777777777777777777777777777777777..." is not a jump number`},
	} {
		_, _, err := maze.Read([]byte(tc.in), maze.ParseOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || len(err.Error()) > 200 || strings.Contains(err.Error(), "Go struct") {
			t.Errorf("%.60q: %.300v, want %q", tc.in, err, tc.want)
		}
		if !errors.Is(err, fault.ErrInvalid) {
			t.Errorf("%.60q: %.300v is not a *fault.Error of kind ErrInvalid", tc.in, err)
		}
	}
	for _, tc := range []struct{ id, want string }{
		{"2x2:１110", `ID character 1, '１', is not a jump`},
		{"-2x2:1110", `ID "-2x2:1110" does not begin with its size RxC`},
		{"2x2:" + huge, "ID has 1000000 jumps, want 4"},
	} {
		_, _, err := maze.Read([]byte(tc.id), maze.ParseOptions{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || len(err.Error()) > 200 {
			t.Errorf("%.40q: %.300v, want %q", tc.id, err, tc.want)
		}
	}
}
