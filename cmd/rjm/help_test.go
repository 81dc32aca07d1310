package main

import (
	"bytes"
	"io/fs"
	"regexp"
	"rjm/internal/cli"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// helpFlag matches a flag named in a help text; helpCommand, the rjm
// command a flag follows on its line.
var (
	helpFlag    = regexp.MustCompile(`(?:^|[\s(,'"])--([a-z][a-z0-9-]*)`)
	helpCommand = regexp.MustCompile(`rjm ([a-z-]+)`)
	helpField   = regexp.MustCompile(`\{[a-z-]+\}`)
)

// Every flag a help text names is a flag of its command (or of one of
// its subcommands, or of the rjm command it follows), every help file belongs to a command, and no
// field in braces is left unfilled.
func TestHelpFlags(t *testing.T) {
	e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Ctx: t.Context()}
	root := newRootCmd(e, nil)
	byName := map[string]*cobra.Command{}
	files := map[string]bool{}
	var visit func(c *cobra.Command, name string)
	visit = func(c *cobra.Command, name string) {
		files["help/"+name+".txt"] = true
		byName[c.Name()] = c
		for _, sub := range c.Commands() {
			if c.HasParent() {
				visit(sub, name+"-"+sub.Name())
			} else {
				visit(sub, sub.Name())
			}
		}
	}
	visit(root, "rjm")
	var has func(c *cobra.Command, flag string) bool
	has = func(c *cobra.Command, flag string) bool {
		if c == nil {
			return false
		}
		if c.Flags().Lookup(flag) != nil || flag == "help" || flag == "version" {
			return true
		}
		for _, sub := range c.Commands() {
			if has(sub, flag) {
				return true
			}
		}
		return false
	}
	for _, c := range byName {
		text := c.Short + "\n" + c.Long + "\n" + c.Example
		if f := helpField.FindString(text); f != "" {
			t.Errorf("%s: help keeps the field %s unfilled", c.CommandPath(), f)
		}
		if c.Short == "" || (c.HasParent() && c.Long == "") {
			t.Errorf("%s: no help text", c.CommandPath())
		}
		for _, m := range helpFlag.FindAllStringSubmatchIndex(text, -1) {
			flag := text[m[2]:m[3]]
			line := text[strings.LastIndexByte(text[:m[0]+1], '\n')+1 : m[0]+1]
			other := ""
			if cs := helpCommand.FindAllStringSubmatch(line, -1); cs != nil {
				other = cs[len(cs)-1][1]
			}
			if !has(c, flag) && !has(byName[other], flag) {
				t.Errorf("%s: help names --%s, which it has not", c.CommandPath(), flag)
			}
		}
	}
	if err := fs.WalkDir(helpFiles, "help", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !files[path] {
			t.Errorf("%s belongs to no command", path)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
}
