package analysis_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"rjm/analysis"
)

// Every feature of the default catalogue is a key of the features' JSON
// form, once, and the catalogue writes exactly that form.
func TestCatalogueKeysInJSON(t *testing.T) {
	for _, text := range []string{figure1, "2 1 2\n1 G 1\n2 1 7\n"} {
		f := analyze(t, text)
		plain, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		var keys map[string]json.RawMessage
		if err := json.Unmarshal(plain, &keys); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, ft := range analysis.DefaultCatalogue() {
			if _, ok := keys[ft.Key]; !ok || seen[ft.Key] {
				t.Errorf("feature %q: in the JSON form %v, twice %v", ft.Key, ok, seen[ft.Key])
			}
			seen[ft.Key] = true
			if ft.Label == "" || ft.Value == nil {
				t.Errorf("feature %q without a label or a value", ft.Key)
			}
		}
		got, err := analysis.DefaultCatalogue().MarshalFeatures(f)
		if err != nil || !bytes.Equal(got, plain) {
			t.Errorf("MarshalFeatures = %s, %v,\nwant %s", got, err, plain)
		}
	}
}

// The catalogue's values are the features' numbers, and an energy
// term's feature is the term of its name, of the same value on a maze
// with a unique shortest solution.
func TestCatalogueValues(t *testing.T) {
	f := analyze(t, figure1)
	if !f.Unique {
		t.Fatal("figure 1 has a unique shortest solution")
	}
	c := analysis.DefaultCatalogue()
	for key, want := range map[string]float64{"goal_depth": float64(f.GoalDepth), "uturns": f.UTurns, "energy": f.Energy,
		"clusters": float64(len(f.Clusters)), "white_holes": float64(f.WhiteHoles), "cells": float64(f.Cells)} {
		if got := c.Must(key).Value(f); got != want {
			t.Errorf("%s = %v, want %v", key, got, want)
		}
	}
	terms := f.Terms()
	for _, ft := range c {
		if !ft.IsTerm {
			continue
		}
		if ft.Key != ft.Term.String() {
			t.Errorf("feature %q counted by term %q", ft.Key, ft.Term)
		}
		if got := ft.Value(f); got != float64(terms[ft.Term]) {
			t.Errorf("feature %q = %v, term %v", ft.Key, got, terms[ft.Term])
		}
	}
	if c.Must("goal_depth").Has(analyze(t, "2 1 2\n1 G 1\n2 1 7\n")) {
		t.Error("an unsolvable maze has a solution length")
	}
}

// Every energy term is a feature of the catalogue, but for the terms
// that only energies use (flags and combinations of other features).
func TestTermsInCatalogue(t *testing.T) {
	termOnly := []analysis.Term{analysis.Unsolvable, analysis.NotUnique, analysis.Unreachable, analysis.Decisions}
	c := analysis.DefaultCatalogue()
	for tm := analysis.Term(0); tm < analysis.NumTerms; tm++ {
		ft, ok := c.ForTerm(tm)
		if ok == slices.Contains(termOnly, tm) {
			t.Errorf("term %s: in the catalogue %v", tm, ok)
		}
		if ok && ft.Key != tm.String() {
			t.Errorf("term %s: feature %q", tm, ft.Key)
		}
	}
}

// A feature added to a catalogue value is written after the JSON form's
// keys (null where a maze lacks it) and shown where its views say; the
// default catalogue does not change.
func TestCatalogueWith(t *testing.T) {
	moves := analysis.Feature{Key: "moves_per_cell", Label: "moves per cell", Unit: "moves",
		Value:   func(f *analysis.Features) float64 { return float64(f.GoalDepth) / float64(f.Cells) },
		Defined: func(f *analysis.Features) bool { return f.Solvable }, Views: analysis.InCompare}
	c := analysis.DefaultCatalogue().With(moves)
	if len(c) != len(analysis.DefaultCatalogue())+1 || c.In(analysis.InCompare)[len(c.In(analysis.InCompare))-1].Key != moves.Key {
		t.Errorf("With: %d features", len(c))
	}
	if _, ok := analysis.DefaultCatalogue().Lookup(moves.Key); ok {
		t.Error("With changed the default catalogue")
	}
	f := analyze(t, figure1)
	b, err := c.MarshalFeatures(f)
	if err != nil || !strings.HasSuffix(string(b), `,"goal_depth":13,"moves_per_cell":0.52}`) {
		t.Errorf("MarshalFeatures = %s, %v", b, err)
	}
	var back analysis.Features
	if err := json.Unmarshal(b, &back); err != nil || back.GoalDepth != 13 {
		t.Errorf("read back: %v, goal depth %d", err, back.GoalDepth)
	}
	b, _ = c.MarshalFeatures(analyze(t, "2 1 2\n1 G 1\n2 1 7\n"))
	if !strings.HasSuffix(string(b), `,"moves_per_cell":null}`) {
		t.Errorf("unsolvable: %s", b)
	}
	// The one-line summary ends with it when the report shows it.
	if s := c.Summary(f); s != f.Summary() {
		t.Errorf("a feature not in the report changed the summary: %s", s)
	}
	moves.Views = analysis.InReport
	c = analysis.DefaultCatalogue().With(moves)
	if s := c.Summary(f); s != f.Summary()+"; moves per cell 0.52" {
		t.Errorf("Summary = %s", s)
	}
}
