package experiment

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"rjm/stats"
	"strings"
	"testing"
)

func TestByName(t *testing.T) {
	for _, n := range Names() {
		x, err := ByName(n)
		if err != nil || x.Name != n || x.Question == "" || x.run == nil {
			t.Errorf("%s: %+v, %v", n, x, err)
		}
	}
	if _, err := ByName("nope"); err == nil || !strings.Contains(err.Error(), "iterations") {
		t.Errorf("unknown name: %v", err)
	}
	if _, err := Iterations(context.Background(), Settings{Runs: -1}); err == nil {
		t.Error("negative runs: no error")
	}
	if _, err := Iterations(context.Background(), Settings{Runs: MaxRuns + 1}); err == nil {
		t.Error("too many runs: no error")
	}
}

// Every experiment runs quickly with Quick, reports progress up to its
// total, and gives the same tables for the same seed on any number of
// workers; its files are written.
func TestQuick(t *testing.T) {
	dir := t.TempDir()
	for _, x := range All() {
		t.Run(x.Name, func(t *testing.T) {
			var last, total int
			s := Settings{Seed: 3, Quick: true, Progress: func(done, tot int) { last, total = done, tot }}
			r, err := x.Run(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if last != total || total == 0 {
				t.Errorf("progress ended at %d of %d", last, total)
			}
			if r.Name != x.Name || r.Question != x.Question || len(r.Tables) == 0 || len(r.Figures) == 0 || len(r.Findings) == 0 {
				t.Fatalf("incomplete report %+v", r)
			}
			if r.Findings[0] != QuickFinding || len(r.Findings) < 2 {
				t.Errorf("a quick run's findings do not open with the warning: %q", r.Findings)
			}
			for _, tb := range r.Tables {
				if len(tb.Rows) == 0 {
					t.Errorf("table %s is empty", tb.Name)
				}
				for _, row := range tb.Rows {
					if len(row) != len(tb.Header) {
						t.Errorf("table %s: row %v does not match header %v", tb.Name, row, tb.Header)
					}
				}
			}
			var a, b, j bytes.Buffer
			if err := r.WriteText(&a); err != nil {
				t.Fatal(err)
			}
			if err := r.WriteJSON(&j); err != nil || !json.Valid(j.Bytes()) {
				t.Errorf("JSON: %v\n%s", err, j.String())
			}
			s.Workers, s.Progress = 1, nil
			r2, err := x.Run(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			_ = r2.WriteText(&b)
			if a.String() != b.String() {
				t.Errorf("same seed, different output:\n%s\n---\n%s", a.String(), b.String())
			}
			paths, err := r.WriteFiles(filepath.Join(dir, x.Name))
			if err != nil {
				t.Fatal(err)
			}
			if len(paths) != len(r.Tables)+2*len(r.Figures) {
				t.Errorf("wrote %v", paths)
			}
			for _, p := range paths {
				if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
					t.Errorf("%s: %v", p, err)
				}
			}
		})
	}
}

// Plots skip what their scales cannot show instead of panicking.
func TestLinePlotEdgeCases(t *testing.T) {
	var one, many stats.Estimate
	one.Add(3)
	for _, x := range []float64{1, 2, 3} {
		many.Add(x)
	}
	p, err := linePlot("t", "x", "y", true, []series{
		{name: "edge", x: []float64{0, -1, 10, 100}, y: []stats.Estimate{many, many, one, many}},
		{name: "empty"},
		{name: "none shown", x: []float64{0}, y: []stats.Estimate{many}},
	})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, ext := range []string{".png", ".svg"} {
		if err := save(p, filepath.Join(dir, "edge"+ext)); err != nil {
			t.Fatal(err)
		}
	}
	if err := save(p, filepath.Join(dir, "edge.unknown")); err == nil {
		t.Error("unknown format: no error")
	}
}

// Cells become JSON numbers exactly when JSON can write them as numbers.
func TestCellValue(t *testing.T) {
	for _, tc := range []struct {
		cell string
		want any
	}{
		{"-13.200", json.Number("-13.200")}, {"1e-05", json.Number("1e-05")}, {"250", json.Number("250")},
		{"", nil}, {"NaN", nil}, {"Inf", "Inf"}, {"0x1p-2", "0x1p-2"}, {"+1", "+1"}, {"true", "true"},
		{"restart every 250", "restart every 250"},
	} {
		if got := cellValue(tc.cell); got != tc.want {
			t.Errorf("cellValue(%q) = %#v, want %#v", tc.cell, got, tc.want)
		}
	}
	var b bytes.Buffer
	r := &Report{Name: "x", Tables: []Table{{Name: "t", Header: []string{"a", "b"}, Rows: [][]string{{"1.5", "Inf"}}}}}
	if err := r.WriteJSON(&b); err != nil || !strings.Contains(b.String(), `"a": 1.5`) || !strings.Contains(b.String(), `"b": "Inf"`) {
		t.Errorf("%v: %s", err, b.String())
	}
}
