package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/experiment"
)

// Every experiment runs through the command with --quick: a table on
// stdout, CSV and PNG/SVG plots in --out, byte-identical output for the
// same seed.
func TestExperimentQuick(t *testing.T) {
	for _, name := range experiment.Names() {
		t.Run(name, func(t *testing.T) {
			dir1, dir2 := t.TempDir(), t.TempDir()
			out, errs, code := rjmRun(t, "", "experiment", name, "--quick", "--seed", "11", "--out", dir1)
			if code != 0 {
				t.Fatalf("status %d: %s", code, errs)
			}
			if !strings.HasPrefix(out, name+" — ") || !strings.Contains(out, "ci95_low") || !strings.Contains(out, "Findings:") {
				t.Errorf("output:\n%s", out)
			}
			again, _, code := rjmRun(t, "", "experiment", name, "--quick", "--seed", "11", "--out", dir2, "--workers", "1")
			if code != 0 || again != out {
				t.Errorf("same seed, different output (status %d)", code)
			}
			for _, ext := range []string{".csv", ".png", ".svg"} {
				files, _ := filepath.Glob(filepath.Join(dir1, "*"+ext))
				if len(files) == 0 {
					t.Errorf("no %s file written", ext)
				}
				if ext != ".csv" {
					continue
				}
				for _, f := range files {
					a, _ := os.ReadFile(f)
					b, err := os.ReadFile(filepath.Join(dir2, filepath.Base(f)))
					if err != nil || string(a) != string(b) {
						t.Errorf("%s differs between runs of the same seed", filepath.Base(f))
					}
				}
			}
		})
	}
}

func TestExperimentBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"experiment", "nope"},
		{"experiment"},
		{"experiment", "iterations", "restarts"},
		{"experiment", "iterations", "--runs", "-1"},
		{"experiment", "iterations", "--runs", "1000000000"},
		{"experiment", "iterations", "--workers", "-2"},
		{"experiment", "iterations", "--seed", "-1"},
	} {
		_, errs, code := rjmRun(t, "", args...)
		if code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q", args, code, errs)
		}
	}
	_, errs, _ := rjmRun(t, "", "experiment", "nope")
	if !strings.Contains(errs, `unknown experiment "nope"`) {
		t.Errorf("stderr %q", errs)
	}
}

// --no-files writes nothing.
func TestExperimentNoFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if _, errs, code := rjmRun(t, "", "experiment", "restarts", "--quick", "--no-files", "--out", dir); code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("--no-files created %s", dir)
	}
}

// --json prints the report as JSON: the tables' rows are objects keyed by
// the CSV header, with numbers as numbers.
func TestExperimentJSON(t *testing.T) {
	out, errs, code := rjmRun(t, "", "experiment", "restarts", "--quick", "--no-files", "--seed", "3", "--json")
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	var j struct {
		Name, Question, Settings string
		Tables                   []struct {
			Name   string
			Header []string
			Rows   []map[string]any
		}
		Findings []string
		Figures  []string
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if j.Name != "restarts" || !strings.Contains(j.Question, "restarts") || j.Settings == "" || len(j.Findings) == 0 ||
		len(j.Figures) != 1 || j.Figures[0] != "restarts" || len(j.Tables) != 1 || len(j.Tables[0].Rows) == 0 {
		t.Fatalf("report: %s", out)
	}
	for _, row := range j.Tables[0].Rows {
		e, ok := row["mean_energy"].(float64)
		d, ok2 := row["descents"].(float64)
		if !ok || !ok2 || e > 0 || d < 1 || len(row) != len(j.Tables[0].Header) {
			t.Fatalf("row %v", row)
		}
	}
}

// rjm experiment --help lists every experiment with its question, less
// the name of the course assignment, which the help text gives once.
func TestExperimentHelpList(t *testing.T) {
	out, _, code := rjmRun(t, "", "experiment", "--help")
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	for _, x := range experiment.All() {
		q, ok := strings.CutPrefix(x.Question, "Program 1: Search, ")
		if !ok || !strings.Contains(out, fmt.Sprintf("  %-11s %s\n", x.Name, q)) {
			t.Errorf("%s: question %q not listed as such:\n%s", x.Name, x.Question, out)
		}
	}
}
