package maze_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"rjm/maze"
)

// FuzzParseText checks that any input either fails with an error or
// parses to a valid maze that prints and parses back to itself.
func FuzzParseText(f *testing.F) {
	files, _ := filepath.Glob("../examples/*.txt")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(figure1))
	f.Add([]byte("start 2,2\n1 2 1\n2 G 2\n1 2 1\n"))
	f.Add([]byte("1\t2\n-1 G\n"))
	for _, v := range variantSamples(f) {
		f.Add([]byte(v))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := maze.ParseText(data, maze.ParseOptions{})
		if err != nil {
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("parsed maze does not validate: %v", err)
		}
		back, err := maze.ParseText([]byte(m.String()), maze.ParseOptions{})
		if err != nil || !back.Equal(m) {
			t.Fatalf("round trip failed: %v\n%s", err, m)
		}
	})
}

// FuzzParseID checks that IDs parse to valid mazes whose canonical ID
// parses back to the same maze.
func FuzzParseID(f *testing.F) {
	f.Add("5x5:3413133302312234233341432")
	f.Add("5x5s2.3:3413133302312234233341432")
	f.Add("2x1:10")
	f.Add("3x3-queen,torus:12320131x:100000000")
	f.Add("3x3s2.2-hex,no-u-turn:121210111")
	f.Add("3x3-exit,queen:z1z231z1z")
	f.Add("4x4-loops:1231231231211210")
	f.Add("3x4-triangle:121221211210:210000000000")
	f.Fuzz(func(t *testing.T, id string) {
		m, err := maze.ParseID(id)
		if err != nil {
			return
		}
		canon, err := m.ID()
		if err != nil {
			t.Fatalf("parsed maze has no ID: %v", err)
		}
		back, err := maze.ParseID(canon)
		if err != nil || !back.Equal(m) {
			t.Fatalf("round trip of %q via %q failed: %v", id, canon, err)
		}
	})
}

// FuzzUnmarshalJSON checks that the JSON form never panics and that what
// it accepts is a valid maze.
func FuzzUnmarshalJSON(f *testing.F) {
	f.Add([]byte(`{"rows":2,"cols":2,"start":[1,1],"goal":[2,2],"jumps":[[1,1],[1,0]]}`))
	f.Add([]byte(`{"rows":2,"cols":2,"start":[1,1],"goal":[2,2],"jumps":[[1],[1,0]]}`))
	f.Add([]byte(`{"rows":3,"cols":3,"start":[2,2],"goal":[0,0],"jumps":[[0,1,0],[2,3,1],[0,1,0]],"variant":"queen,exit","cells":[".o.","ooo",".o."]}`))
	f.Add([]byte(`{"rows":2,"cols":2,"start":[1,1],"goal":[2,2],"jumps":[[1,1],[1,0]],"variant":"torus","walls":[[[1,1],[1,2]]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var m maze.Maze
		if err := m.UnmarshalJSON(data); err != nil {
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("accepted maze does not validate: %v", err)
		}
		data, err := m.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back maze.Maze
		if err := back.UnmarshalJSON(data); err != nil || !back.Equal(&m) {
			t.Fatalf("JSON round trip: %v\n%s", err, data)
		}
	})
}

// FuzzParseVariant checks that variant names round-trip through their
// canonical form.
func FuzzParseVariant(f *testing.F) {
	for _, s := range []string{"", "queen", "queen,no-u-turn", "torus,hex", "exit,queen", "loops", "triangle"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := maze.ParseVariant(s)
		if err != nil {
			return
		}
		back, err := maze.ParseVariant(v.String())
		if err != nil || back != v {
			t.Fatalf("%q parses to %q, which gives %v, %v", s, v.String(), back, err)
		}
	})
}

// FuzzParseCell checks that accepted cells print back as themselves.
func FuzzParseCell(f *testing.F) {
	for _, s := range []string{"1,1", "32,32", "0,0", "1,x", " 2,3", "2,3,4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := maze.ParseCell(s)
		if err != nil {
			return
		}
		if c.Row < 0 || c.Col < 0 {
			t.Fatalf("%q parses to %v", s, c)
		}
		back, err := maze.ParseCell(fmt.Sprintf("%d,%d", c.Row+1, c.Col+1))
		if err != nil || back != c {
			t.Fatalf("%q parses to %v, which gives %v, %v", s, c, back, err)
		}
	})
}
