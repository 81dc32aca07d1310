package main

import (
	"embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rjm/analysis"
	"rjm/exercise"
	"rjm/experiment"
	"rjm/generate"
	"rjm/grade"
	"rjm/maze"
)

// helpFiles holds each command's help text, help/NAME.txt: the short
// description on the first line, a blank line, the long description, and
// from a line "Examples:" on, the examples. Names in braces are filled in
// from the library (helpFields), so that lists of variants, energies,
// experiments and exercises never go out of date.
//
//go:embed help/*.txt
var helpFiles embed.FS

// helpFields are the names a help text may hold in braces.
var helpFields = map[string]func() string{
	"variants":     maze.VariantList,
	"energies":     analysis.EnergyHelp,
	"puzzle":       func() string { return generate.PuzzleEnergy },
	"exercises":    func() string { return strings.Join(exercise.List(), ", ") },
	"significance": func() string { return strconv.FormatFloat(grade.DefaultSignificance, 'g', -1, 64) },
	"max-answer": func() string {
		return strconv.Itoa(exercise.MaxAnswer)
	},
	"experiments": func() string {
		var list strings.Builder
		for _, x := range experiment.All() {
			fmt.Fprintf(&list, "  %-11s %s\n", x.Name, strings.TrimPrefix(x.Question, "Program 1: Search, "))
		}
		return list.String()
	},
}

// withHelp sets c's short and long descriptions and its examples from
// help/NAME.txt.
func withHelp(c *cobra.Command, name string) {
	data, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic(err) // a missing help file is caught by every test
	}
	text := string(data)
	for field, value := range helpFields {
		if key := "{" + field + "}"; strings.Contains(text, key) {
			text = strings.ReplaceAll(text, key, value())
		}
	}
	short, long, _ := strings.Cut(text, "\n\n")
	long, examples, _ := strings.Cut(long, "\nExamples:\n")
	c.Short, c.Long, c.Example = short, strings.TrimSuffix(long, "\n"), strings.TrimSuffix(examples, "\n")
}
