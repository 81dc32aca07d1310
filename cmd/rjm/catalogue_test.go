package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"rjm/analysis"
	"rjm/internal/cli"
)

// movesPerCell is a feature no catalogue has: added to a catalogue value
// it must show in "analyze --json" and in "compare-energies".
var movesPerCell = analysis.Feature{Key: "moves_per_cell", Label: "moves per cell", Unit: "moves",
	Value:   func(f *analysis.Features) float64 { return float64(f.GoalDepth) / float64(f.Cells) },
	Defined: func(f *analysis.Features) bool { return f.Solvable }, Views: analysis.InCompare | analysis.InReport}

// runCatalogue runs the command line with analyze and compare-energies
// reading catalogue cat.
func runCatalogue(t *testing.T, cat analysis.Catalogue, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli.Run(args, strings.NewReader(""), &out, &errb, func(e *cli.Env, _ []string) *cobra.Command {
		root := &cobra.Command{Use: "rjm", SilenceUsage: true, SilenceErrors: true}
		root.AddCommand(analyzeCmd(e, cat), compareCmd(e, cat))
		return root
	})
	if code != 0 || errb.Len() > 0 {
		t.Fatalf("%v: status %d, stderr %q", args, code, errb.String())
	}
	return out.String()
}

func TestCatalogueRowShown(t *testing.T) {
	cat := analysis.DefaultCatalogue().With(movesPerCell)
	// analyze --json: the new key, after the features' own.
	args := []string{"analyze", "--json", "--id", "5x5:3413133302312234233341432"}
	out := runCatalogue(t, cat, args...)
	var j map[string]any
	if err := json.Unmarshal([]byte(out), &j); err != nil || j["moves_per_cell"] != 13.0/25 {
		t.Errorf("analyze --json: %v, moves_per_cell %v\n%s", err, j["moves_per_cell"], out)
	}
	if def, _, _ := rjmRun(t, "", args...); strings.Contains(def, "moves_per_cell") || runCatalogue(t, nil, args...) != def {
		t.Errorf("the default catalogue's JSON changed:\n%s", def)
	}
	// analyze: a line of the report, after the initial forced moves.
	out = runCatalogue(t, cat, "analyze", "--id", "5x5:3413133302312234233341432")
	if !strings.Contains(out, "\nInitial forced moves:  0\nMoves per cell:        0.52\nGoal depth:") {
		t.Errorf("analyze lacks the line:\n%s", out)
	}
	// compare-energies: a row of the table and a statistic of the JSON.
	args = []string{"compare-energies", "--count", "2", "--iterations", "300", "--seed", "1"}
	out = runCatalogue(t, cat, args...)
	if !strings.Contains(out, "\nmoves per cell ") {
		t.Errorf("compare-energies lacks the row:\n%s", out)
	}
	if def, _, _ := rjmRun(t, "", args...); strings.Contains(def, "moves per cell") || runCatalogue(t, nil, args...) != def {
		t.Errorf("the default catalogue's table changed:\n%s", def)
	}
	out = runCatalogue(t, cat, append(args, "--json")...)
	var r struct {
		Energies []struct {
			Features []struct {
				Feature string  `json:"feature"`
				N       int     `json:"n"`
				Mean    float64 `json:"mean"`
			} `json:"features"`
		} `json:"energies"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Energies) != 2 {
		t.Fatalf("compare-energies --json: %v\n%s", err, out)
	}
	for _, e := range r.Energies {
		last := e.Features[len(e.Features)-1]
		if last.Feature != "moves_per_cell" || last.N == 0 || !(last.Mean > 0 && last.Mean < 1) {
			t.Errorf("compare-energies --json: last feature %+v", last)
		}
	}
}
