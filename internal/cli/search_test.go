package cli

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"rjm/fault"
	"rjm/maze"
)

// The search flags are generate.Settings' fields: a flag given is taken
// (zero too), one left out is the board's default, and the seed is drawn
// unless given.
func TestSearchFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--seed", "3"}, "5x5,goal=random,method=uphill,iterations=25000,p=0.005,energy=design#3"},
		{[]string{"--seed", "3", "--p", "0", "--iterations", "0"}, "5x5,goal=random,method=uphill,iterations=0,p=0,energy=design#3"},
		{[]string{"--seed", "0", "--variant", "torus", "--size", "6"}, "6x6,variant=torus,goal=random,method=anneal,iterations=200000,t0=4,decay=0.99998,energy=design#0"},
		{[]string{"--seed", "1", "--method", "restarts", "--restarts", "2", "--iterations", "10"}, "5x5,goal=random,method=restarts,iterations=10,descents=2,energy=design#1"},
	} {
		var f SearchFlags
		c := &cobra.Command{Use: "x"}
		f.Register(c)
		if err := c.ParseFlags(tc.args); err != nil {
			t.Fatal(err)
		}
		spec, err := f.Spec(c, "design")
		if err != nil || spec.String() != tc.want {
			t.Errorf("%v: %v, %v\nwant %s", tc.args, spec, err, tc.want)
		}
	}
	var f SearchFlags
	c := &cobra.Command{Use: "x"}
	f.Register(c)
	if err := c.ParseFlags([]string{"--start", "1,2", "--random-start"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Spec(c, ""); !errors.Is(err, fault.ErrInvalid) || err.Error() != "give either --start or --random-start, not both" {
		t.Errorf("both a start and a random start: %v", err)
	}
}

// A book's --board reads N, RxC, either with -RULES, or @FILE; a bad one
// is refused in rjm's words, naming it.
func TestParseBoard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // the board's rows, cols and variant, or the error
	}{
		{"6", "6 6 "},
		{"6x8", "6 8 "},
		{"6x6-hex,exit", "6 6 hex,exit"},
		{"7-queen,torus", "7 7 queen,torus"},
		{"@layout.txt", "0 0  layout.txt"},
		{"@", `"@" is not a board`},
		{"", `"" is not a board`},
		{"6x", `"6x" is not a board`},
		{"+6", `"+6" is not a board`},
		{"0x6", `board "0x6": rows and columns must be 1 to`},
		{"6-hexx", `board "6-hexx": `},
	} {
		b, err := ParseBoard(tc.in)
		got := fmt.Sprintf("%d %d %v", b.Rows, b.Cols, b.Variant)
		if b.Layout != "" {
			got += " " + b.Layout
		}
		if err != nil {
			got = err.Error()
			var fe *fault.Error
			if !errors.As(err, &fe) {
				t.Errorf("%q: %v is not rjm's error", tc.in, err)
			}
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("ParseBoard(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

// SpecOn makes the recipe of a board with the other flags given, and
// the one seed given it.
func TestSpecOn(t *testing.T) {
	var f SearchFlags
	c := &cobra.Command{Use: "x"}
	f.Register(c)
	if err := c.ParseFlags([]string{"--iterations", "3000"}); err != nil {
		t.Fatal(err)
	}
	seed := uint64(9)
	spec, err := f.SpecOn(c, "design", Board{Rows: 6, Cols: 6, Variant: maze.Variant{Tiling: maze.Hex}}, &seed)
	if want := "6x6,variant=hex,goal=random,method=anneal,iterations=3000,t0=4,decay=0.99998,energy=design#9"; err != nil || spec.String() != want {
		t.Errorf("SpecOn: %v, %v; want %s", spec, err, want)
	}
}

func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"6", "6x8", "6x6-hex,exit", "@f", "x", "-", "6x6-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBoard(s)
		if err != nil {
			var fe *fault.Error
			if !errors.As(err, &fe) {
				t.Fatalf("%q: %v is not rjm's error", s, err)
			}
			return
		}
		if b.Layout == "" && (b.Rows < 1 || b.Cols < 1 || b.Rows > maze.MaxSide || b.Cols > maze.MaxSide) {
			t.Fatalf("%q: a board of %dx%d", s, b.Rows, b.Cols)
		}
	})
}
