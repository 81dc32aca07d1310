package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"rjm/maze"
)

// NO_COLOR set to anything turns colour off, as --no-color does.
func TestNoColor(t *testing.T) {
	env := func(v string) func(string) string { return func(string) string { return v } }
	if !ColorWanted(false, env("")) || ColorWanted(false, env("1")) || ColorWanted(true, env("")) {
		t.Error("NO_COLOR or --no-color ignored")
	}
}

// A flag error says what the flag wants, quotes the value cut short and
// points to the command's help, as a usage error.
func TestFlagError(t *testing.T) {
	long := strings.Repeat("x", 500)
	for _, tc := range []struct{ in, want string }{
		{`invalid argument "abc" for "--size" flag: strconv.ParseInt: parsing "abc": invalid syntax`,
			`invalid argument "abc" for "--size" flag: not a whole number (see rjm solve --help)`},
		{`invalid argument "-1" for "--seed" flag: strconv.ParseUint: parsing "-1": invalid syntax`,
			`invalid argument "-1" for "--seed" flag: not a whole number ≥ 0 (see rjm solve --help)`},
		{`invalid argument "1e999" for "--p" flag: strconv.ParseFloat: parsing "1e999": value out of range`,
			`invalid argument "1e999" for "--p" flag: out of range (see rjm solve --help)`},
		{`invalid argument "maybe" for "--json" flag: strconv.ParseBool: parsing "maybe": invalid syntax`,
			`invalid argument "maybe" for "--json" flag: not true or false (see rjm solve --help)`},
		{`invalid argument "` + long + `" for "--id" flag: bad`,
			fmt.Sprintf(`invalid argument %q for "--id" flag: bad (see rjm solve --help)`, maze.Short(long))},
		{`unknown flag: --sise`, `unknown flag: --sise (see rjm solve --help)`},
	} {
		root := &cobra.Command{Use: "rjm"}
		c := &cobra.Command{Use: "solve"}
		root.AddCommand(c)
		err := FlagError(c, errors.New(tc.in))
		if err.Error() != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.in, err, tc.want)
		}
		if !errors.As(err, new(UsageError)) {
			t.Errorf("%s: not a usage error", tc.in)
		}
	}
}

func TestFloats(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []float64
		err  string
	}{
		{"", nil, ""},
		{"  ", nil, ""},
		{"0.1", []float64{0.1}, ""},
		{"0.01, 0.1,1e2", []float64{0.01, 0.1, 100}, ""},
		{"1,,2", nil, `"" is not a number`},
		{"1,x", nil, `"x" is not a number`},
	} {
		got := []float64{7}
		err := Floats(&got).Set(tc.in)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: error %v, want %s", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%q: %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	list := []float64{0.5, 10}
	if s := Floats(&list).String(); s != "0.5,10" {
		t.Errorf("String() = %q", s)
	}
}

// FuzzFloats: any list parses or fails with an error, and what parses
// prints as a list that parses to the same numbers.
func FuzzFloats(f *testing.F) {
	for _, s := range []string{"", "0.1,1", " 2 , 3e-2", "x", "1,,", "NaN", "-Inf,1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var a []float64
		if Floats(&a).Set(s) != nil {
			return
		}
		var b []float64
		if err := Floats(&b).Set(Floats(&a).String()); err != nil || fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%q: %v prints as %q, which parses to %v (%v)", s, a, Floats(&a).String(), b, err)
		}
	})
}

func TestCell(t *testing.T) {
	var c *maze.Cell
	v := Cell(&c)
	if v.String() != "" || v.Type() != "r,c" {
		t.Errorf("unset: %q %q", v.String(), v.Type())
	}
	if err := v.Set("2,3"); err != nil || *c != (maze.Cell{Row: 1, Col: 2}) || v.String() != "2,3" {
		t.Errorf("2,3: %v %v %q", c, err, v.String())
	}
	if err := v.Set("0,1"); err == nil {
		t.Error("0,1 accepted")
	}
}

func TestExclusive(t *testing.T) {
	c := &cobra.Command{Use: "x"}
	c.Flags().Bool("a", false, "")
	c.Flags().Bool("b", false, "")
	c.Flags().Bool("c", false, "")
	if err := c.ParseFlags([]string{"--a", "--c"}); err != nil {
		t.Fatal(err)
	}
	if err := Exclusive(c, [2]string{"a", "b"}, [2]string{"b", "c"}); err != nil {
		t.Error(err)
	}
	if err := Exclusive(c, [2]string{"a", "b"}, [2]string{"a", "c"}); err == nil || err.Error() != "give either --a or --c, not both" {
		t.Error(err)
	}
}

// Run maps what a command returns to an exit status and prints errors
// after "rjm: ".
func TestRun(t *testing.T) {
	root := func(e *Env, _ []string) *cobra.Command {
		r := &cobra.Command{Use: "rjm", SilenceErrors: true, SilenceUsage: true}
		r.SetFlagErrorFunc(FlagError)
		for name, err := range map[string]error{
			"ok": nil, "fail": errors.New("disk full"), "bad": BadInput(errors.New("bad maze")), "cancel": context.Canceled,
		} {
			r.AddCommand(&cobra.Command{Use: name, RunE: func(*cobra.Command, []string) error {
				fmt.Fprint(e.Stdout, "out")
				return err
			}})
		}
		return r
	}
	for _, tc := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"ok"}, ExitOK, ""},
		{[]string{"fail"}, ExitFailure, "rjm: disk full\n"},
		{[]string{"bad"}, ExitUsage, "rjm: bad maze\n"},
		{[]string{"nope"}, ExitUsage, `rjm: unknown command "nope" for "rjm"` + "\n"},
		{[]string{"ok", "--what"}, ExitUsage, "rjm: unknown flag: --what (see rjm ok --help)\n"},
		{[]string{"cancel"}, ExitFailure, "rjm: context canceled\n"},
	} {
		var out, errs bytes.Buffer
		if got := Run(tc.args, strings.NewReader(""), &out, &errs, root); got != tc.status || errs.String() != tc.stderr {
			t.Errorf("%v: status %d, stderr %q; want %d, %q", tc.args, got, errs.String(), tc.status, tc.stderr)
		}
	}
}
