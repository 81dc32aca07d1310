package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCompareEnergies(t *testing.T) {
	args := []string{"compare-energies", "--count", "4", "--iterations", "1000", "--seed", "1"}
	a, errs, code := rjmRun(t, "", args...)
	b, _, _ := rjmRun(t, "", args...)
	if code != 0 || errs != "" || a != b {
		t.Fatalf("status %d, stderr %q, outputs equal %v", code, errs, a == b)
	}
	for _, want := range []string{"4 mazes per energy, seeds 1 to 4", "depth", "design", "unique shortest solution", "solution length", "black holes", "U-turns", "initial forced moves", " ± "} {
		if !strings.Contains(a, want) {
			t.Errorf("table lacks %q:\n%s", want, a)
		}
	}
	out, _, code := rjmRun(t, "", append(args, "--json", "--energy", "design", "--energy", "weighted:uturns=1")...)
	var j struct {
		Count    int `json:"count"`
		Energies []struct {
			Energy   string           `json:"energy"`
			Mazes    int              `json:"mazes"`
			Features []map[string]any `json:"features"`
		} `json:"energies"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 0 {
		t.Fatalf("status %d, %v\n%s", code, err, out)
	}
	if j.Count != 4 || len(j.Energies) != 2 || j.Energies[1].Energy != "weighted:uturns=1" || j.Energies[0].Mazes != 4 {
		t.Errorf("JSON %s", out)
	}
}

func TestCompareBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--count", "0"},
		{"--count", "100000"},
		{"--count", "10000", "--iterations", "1000000"},
		{"--energy", "magic"},
		{"--size", "40"},
		{"--method", "nope"},
		{"extra"},
	} {
		out, errs, code := rjmRun(t, "", append([]string{"compare-energies"}, args...)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}
