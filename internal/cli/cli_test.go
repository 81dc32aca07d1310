package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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

// A flag error names the flag, quotes the value cut short, says what the
// flag wants in rjm's words (no strconv or time package text) and points
// to the command's help, as a usage error.
func TestFlagError(t *testing.T) {
	long := strings.Repeat("x", 500)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--size", "abc"}, `--size: "abc" is not a whole number (see rjm solve --help)`},
		{[]string{"--size", "99999999999999999999"}, `--size: "99999999999999999999" is out of range (see rjm solve --help)`},
		{[]string{"--seed", "-1"}, `--seed: "-1" is not a whole number ≥ 0 (see rjm solve --help)`},
		{[]string{"--p", "1e999"}, `--p: "1e999" is out of range (see rjm solve --help)`},
		{[]string{"--p", "x"}, `--p: "x" is not a number (see rjm solve --help)`},
		{[]string{"--json=maybe"}, `--json: "maybe" is not true or false (see rjm solve --help)`},
		{[]string{"--target-time", "6x"}, `--target-time: "6x" is not a length of time, such as 90s, 3m or 1h30m (see rjm solve --help)`},
		{[]string{"-t", "6x"}, `--target-time: "6x" is not a length of time, such as 90s, 3m or 1h30m (see rjm solve --help)`},
		{[]string{"--start", "x"}, `--start: cell "x" is not of the form r,c (see rjm solve --help)`},
		{[]string{"--variant", "knight"}, `--variant: unknown variant "knight"`},
		{[]string{"--start", long}, fmt.Sprintf(`--start: cell %q is not of the form r,c (see rjm solve --help)`, maze.Short(long))},
		{[]string{"--size"}, `--size: needs a value (see rjm solve --help)`},
		{[]string{"--sise"}, `unknown flag: --sise (see rjm solve --help)`},
	} {
		root := &cobra.Command{Use: "rjm"}
		c := &cobra.Command{Use: "solve"}
		root.AddCommand(c)
		var start *maze.Cell
		var v maze.Variant
		c.Flags().Int("size", 6, "")
		c.Flags().Uint64("seed", 1, "")
		c.Flags().Float64("p", 0.1, "")
		c.Flags().Bool("json", false, "")
		c.Flags().DurationP("target-time", "t", 0, "")
		c.Flags().Var(Cell(&start), "start", "")
		c.Flags().TextVar(&v, "variant", maze.Variant{}, "")
		perr := c.ParseFlags(tc.args)
		if perr == nil {
			t.Fatalf("%v: parsed", tc.args)
		}
		err := FlagError(c, perr)
		if !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%v\n got %s\nwant %s", tc.args, err, tc.want)
		}
		if !errors.As(err, new(UsageError)) {
			t.Errorf("%v: not a usage error", tc.args)
		}
		for _, tell := range []string{"strconv", "parsing", "invalid syntax", "time: unknown", "invalid argument"} {
			if strings.Contains(err.Error(), tell) {
				t.Errorf("%v: %q says %q", tc.args, err, tell)
			}
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
	if err := Exclusive(c, [2]string{"a", "b"}, [2]string{"a", "c"}); err == nil || err.Error() != "--c: not with --a: give one or the other" {
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

// A file's error says what rjm could not do to which file, and why, in
// rjm's words: never the os package's operation or the system's text.
func TestFileWords(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, errNotDir := os.Open(filepath.Join(file, "x"))
	_, errMissing := os.Stat(filepath.Join(dir, "nope"))
	errMkdir := os.Mkdir(file, 0o700)
	for _, tc := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("--layout: %w", errNotDir), "--layout: cannot open " + filepath.Join(file, "x") + ": a folder on its path is a file"},
		{errMissing, "cannot read " + filepath.Join(dir, "nope") + ": there is no such file or folder"},
		{fmt.Errorf("opening the store: %w", errMkdir), "opening the store: cannot make the folder " + file + ": it exists already"},
		{errors.New("no file here"), "no file here"},
	} {
		if got := FileWords(tc.err.Error(), tc.err); got != tc.want {
			t.Errorf("%v:\n got %s\nwant %s", tc.err, got, tc.want)
		}
	}
}
