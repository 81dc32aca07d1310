package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rjm/fault"
	"rjm/internal/cli"
)

// goSpeaks matches what Go's standard library says when its error
// reaches a user unworded: strconv's and time's parse errors,
// encoding/json's, mime's, multipart's and url's, a read cut short, a
// path error's operation.
var goSpeaks = regexp.MustCompile(`strconv\.|\btime: (unknown|invalid|missing)|(^|[^-])\bjson: |multipart: |\bmime: |invalid syntax|invalid URL escape|\bhttp: |\bEOF\b|unexpected end of|parsing "|invalid argument "|(^|: )(open|stat|lstat|mkdir|read|write|listen tcp|dial tcp) [^:]*: `)

// freeText are the flags that take any text, so have no malformed value:
// a title, a shell command.
var freeText = []string{"author", "title", "subtitle", "build"}

// Every flag of every command (the command tree walked, so that a new
// flag is covered when it is added) is given a malformed value, "6x/6x":
// not a number, a length of time, a cell, a list, a name of anything rjm
// knows, an ID, an address, or a path (its folder is a file). rjm refuses
// each with one line after "rjm: " that names the flag or quotes the
// value, in rjm's words: no message of Go's standard library (goSpeaks)
// reaches the user. A flag of a type (a number, a time, a cell...) is
// refused at the flag, with status 2, before any work. A text flag's value
// is refused where the command reads it, which may come after another
// refusal of the bare command (a missing argument, a book without -o):
// that one is a usage error (status 2).
func TestEveryFlagMalformed(t *testing.T) {
	t.Chdir(t.TempDir())
	// A file named 6x: "6x/6x" is a path under a file, which no command
	// can read, write or make.
	if err := os.WriteFile("6x", nil, 0o600); err != nil {
		t.Fatal(err)
	}
	const bad = "6x/6x"
	root := newRootCmd(&cli.Env{}, nil)
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		for _, s := range c.Commands() {
			walk(s)
		}
		if !c.Runnable() || c == root {
			return
		}
		path := strings.Fields(c.CommandPath())[1:]
		var flags []*pflag.Flag
		c.InheritedFlags().VisitAll(func(f *pflag.Flag) { flags = append(flags, f) })
		c.LocalFlags().VisitAll(func(f *pflag.Flag) { flags = append(flags, f) })
		for _, f := range flags {
			typ := f.Value.Type()
			if f.Name == "help" || f.Name == "version" || slices.Contains(freeText, f.Name) {
				continue
			}
			n++
			args := append(slices.Clone(path), "--"+f.Name+"="+bad)
			var outb, errb bytes.Buffer
			code, err := cli.RunErr(args, strings.NewReader(""), &outb, &errb, newRootCmd)
			out, errs := outb.String(), errb.String()
			// A refusal of the flag's value as bad input (status 2; it
			// quotes the value or begins with the flag) says where in its
			// Where: a *fault.Error at the flag (--name or its -x), not
			// the flag's name inside its reason.
			atFlag := func(where string) bool {
				return strings.Contains(where, "--"+f.Name) || f.Shorthand != "" && strings.HasPrefix(where, "-"+f.Shorthand)
			}
			about := strings.Contains(errs, bad) || strings.HasPrefix(errs, "rjm: --"+f.Name)
			if fe, ok := errors.AsType[*fault.Error](err); code == cli.ExitUsage && about && (!ok || !atFlag(fe.Where)) {
				where := "none"
				if ok {
					where = fmt.Sprintf("%q", fe.Where)
				}
				t.Errorf("rjm %s: %q: its Where is %s, not --%s", strings.Join(args, " "), errs, where, f.Name)
			}
			msg, isRJM := strings.CutPrefix(strings.TrimSuffix(errs, "\n"), "rjm: ")
			typed := typ != "string" && typ != "stringArray"
			switch {
			case code == 0 || !isRJM || strings.Count(errs, "\n") != 1:
				t.Errorf("rjm %s: status %d, stdout %.100q, stderr %q; want a refusal in one line", strings.Join(args, " "), code, out, errs)
			case goSpeaks.MatchString(msg):
				t.Errorf("rjm %s: %q says Go's %q", strings.Join(args, " "), msg, goSpeaks.FindString(msg))
			case typed && (code != cli.ExitUsage || !strings.HasPrefix(msg, "--"+f.Name+": ")):
				t.Errorf("rjm %s: status %d, %q; want status 2 and the error at --%s", strings.Join(args, " "), code, msg, f.Name)
			case !typed && !strings.Contains(msg, "--"+f.Name) && !strings.Contains(msg, bad) && code != cli.ExitUsage:
				t.Errorf("rjm %s: status %d, %q names neither --%s nor %q", strings.Join(args, " "), code, msg, f.Name, bad)
			}
		}
	}
	walk(root)
	if n < 100 {
		t.Errorf("%d flags tried", n)
	}
}

// Every command with a --workers flag refuses a negative number of
// goroutines at the flag, with status 2, before any work (the command
// tree walked, so that a new --workers is covered).
func TestNegativeWorkers(t *testing.T) {
	root := newRootCmd(&cli.Env{}, nil)
	n := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, s := range c.Commands() {
			walk(s)
		}
		if !c.Runnable() || c.LocalFlags().Lookup("workers") == nil {
			return
		}
		n++
		args := append(strings.Fields(c.CommandPath())[1:], "--workers", "-1")
		if args[0] == "experiment" {
			args = append(args, "iterations")
		}
		_, errs, code := rjmRun(t, "", args...)
		if code != cli.ExitUsage || !strings.HasPrefix(errs, "rjm: --workers") || !strings.Contains(errs, "-1") || strings.Count(errs, "\n") != 1 {
			t.Errorf("rjm %s: status %d, %q; want status 2 and one line at --workers", strings.Join(args, " "), code, errs)
		}
	}
	walk(root)
	if n < 5 {
		t.Errorf("%d commands with --workers: the walk missed some", n)
	}
}
