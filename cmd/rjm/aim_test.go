package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"rjm/difficulty"
)

// generate's help gives the aim's figures as package difficulty has
// them: the levels' targets and the sizes an aim without a board tries.
func TestGenerateHelpAimFigures(t *testing.T) {
	help, err := os.ReadFile("help/generate.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(help)), " ")
	var targets []string
	for _, l := range []difficulty.Level{difficulty.Easy, difficulty.Medium, difficulty.Hard} {
		s := l.Target().String()
		if strings.HasSuffix(s, "m0s") {
			s = strings.TrimSuffix(s, "0s")
		}
		targets = append(targets, s)
	}
	sizes := difficulty.AimSizes
	for _, want := range []string{
		"(" + strings.Join(targets, ", ") + ")",
		fmt.Sprintf("sizes %d to %d unless", sizes[0], sizes[len(sizes)-1]),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("help/generate.txt does not say %q", want)
		}
	}
}
