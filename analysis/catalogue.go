package analysis

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"sync"
)

// Feature is one row of the feature catalogue: one number that Features
// holds of a maze, with everything its readers need to show, summarize
// and regress on it. The comparison of energies (package compare), the
// energies experiment, the analyze report and its JSON form, the
// difficulty model and the designer's dashboard read their features from
// a Catalogue, so that adding a feature means computing it in Analyze
// and adding its row.
type Feature struct {
	// Key names the feature as the JSON form of Features spells it, e.g.
	// "uturns"; unique in a catalogue.
	Key string
	// Label names it in tables, in lower case, e.g. "U-turns".
	Label string
	// Unit is what it counts ("moves", "cells", "holes", "decisions",
	// "U-turns", "clusters", "solutions"); "" for a flag (0 or 1) or an
	// energy.
	Unit string
	// Value reads the feature from a maze's Features.
	Value func(f *Features) float64
	// Defined reports whether a maze has the feature (the solution length
	// of a solvable maze only); nil means every maze has it.
	Defined func(f *Features) bool
	// Term is the energy term that counts the feature (see Term and
	// Features.Terms), when IsTerm. The term may count it differently:
	// along-the-solution terms count only a unique shortest solution.
	Term   Term
	IsTerm bool
	// Averaged says the value is an average over the shortest solutions
	// when a maze has several (the decisions and U-turns).
	Averaged bool
	// Views says where the feature is shown (besides Features' JSON form,
	// which has every feature): InCompare, InDashboard, InReport.
	Views View
	// Column is the dashboard's header for the feature; consecutive rows
	// of the same header share a column, their values joined by " / ".
	// "" means the label.
	Column string
	// Decimals is how many digits after the point one maze's value is
	// shown with.
	Decimals int
}

// View is a set of the places a feature is shown.
type View uint8

// The places a feature may be shown.
const (
	// InCompare: the comparison of energies summarizes it (compare).
	InCompare View = 1 << iota
	// InDashboard: the designer's dashboard has a column for it (web).
	InDashboard
	// InReport: the analyze report has a line "Label: value" for it
	// (render.AnalysisTextWith), after the lines of the features it
	// shows in its own way (the solution, reach, holes, clusters and
	// forced moves; it shows every Averaged feature with the decisions),
	// and Catalogue.Summary ends with it.
	InReport
)

// Has reports whether the feature is defined for f (see Feature.Defined).
func (ft Feature) Has(f *Features) bool { return ft.Defined == nil || ft.Defined(f) }

// Catalogue is a list of features, in the order tables show them. A
// catalogue is a value: readers take one (nil meaning DefaultCatalogue)
// and nothing registers into a global one.
type Catalogue []Feature

// OrDefault returns c, or the default catalogue when c is nil.
func (c Catalogue) OrDefault() Catalogue {
	if c == nil {
		return DefaultCatalogue()
	}
	return c
}

// With returns a copy of c with the given features added at its end.
func (c Catalogue) With(fs ...Feature) Catalogue {
	return append(append(Catalogue{}, c...), fs...)
}

// In returns the features of c shown in view v, in order.
func (c Catalogue) In(v View) Catalogue {
	var out Catalogue
	for _, ft := range c {
		if ft.Views&v != 0 {
			out = append(out, ft)
		}
	}
	return out
}

// Lookup returns the feature of the given key.
func (c Catalogue) Lookup(key string) (Feature, bool) {
	for _, ft := range c {
		if ft.Key == key {
			return ft, true
		}
	}
	return Feature{}, false
}

// Must returns the feature of the given key, which must be in c.
func (c Catalogue) Must(key string) Feature {
	ft, ok := c.Lookup(key)
	if !ok {
		panic("analysis: no feature " + key + " in the catalogue")
	}
	return ft
}

// ForTerm returns the feature that term t counts, if c has one.
func (c Catalogue) ForTerm(t Term) (Feature, bool) {
	for _, ft := range c {
		if ft.IsTerm && ft.Term == t {
			return ft, true
		}
	}
	return Feature{}, false
}

func i2f(v func(f *Features) int) func(f *Features) float64 {
	return func(f *Features) float64 { return float64(v(f)) }
}

func b2f(v func(f *Features) bool) func(f *Features) float64 {
	return func(f *Features) float64 {
		if v(f) {
			return 1
		}
		return 0
	}
}

// DefaultCatalogue returns the design features of the design paper ("Rook
// Jumping Maze Design Considerations", §3) that Analyze computes, in the
// order of the comparison's table. Each call returns a new slice.
func DefaultCatalogue() Catalogue {
	return Catalogue{
		{Key: "cells", Label: "cells", Unit: "cells", Value: i2f(func(f *Features) int { return f.Cells })},
		{Key: "solvable", Label: "solvable", Value: b2f(func(f *Features) bool { return f.Solvable })},
		{Key: "goal_depth", Label: "solution length", Unit: "moves", Term: GoalDepth, IsTerm: true,
			Value: i2f(func(f *Features) int { return f.GoalDepth }), Defined: func(f *Features) bool { return f.Solvable },
			Views: InCompare | InDashboard, Column: "Shortest"},
		{Key: "objective", Label: "objective", Value: func(f *Features) float64 { return f.Objective }},
		{Key: "shortest_paths", Label: "shortest solutions", Unit: "solutions", Term: ShortestPaths, IsTerm: true,
			Value: func(f *Features) float64 { return float64(f.ShortestPaths) }},
		{Key: "unique", Label: "unique shortest solution", Value: b2f(func(f *Features) bool { return f.Unique })},
		{Key: "reachable", Label: "reachable cells", Unit: "cells", Value: i2f(func(f *Features) int { return f.Reachable })},
		{Key: "reaching", Label: "reaching cells", Unit: "cells", Value: i2f(func(f *Features) int { return f.Reaching })},
		{Key: "non_reaching", Label: "non-reaching cells", Unit: "cells", Term: NonReaching, IsTerm: true,
			Value: i2f(func(f *Features) int { return f.NonReaching }), Views: InCompare},
		{Key: "black_holes", Label: "black holes", Unit: "holes", Term: BlackHoles, IsTerm: true,
			Value: i2f(func(f *Features) int { return f.BlackHoles }), Views: InCompare | InDashboard, Column: "Holes black / white"},
		{Key: "black_hole_cells", Label: "black-hole cells", Unit: "cells", Term: BlackHoleCells, IsTerm: true,
			Value: i2f(func(f *Features) int { return f.BlackHoleCells }), Views: InCompare},
		{Key: "white_holes", Label: "white holes", Unit: "holes", Term: WhiteHoles, IsTerm: true,
			Value: i2f(func(f *Features) int { return f.WhiteHoles }), Views: InCompare | InDashboard, Column: "Holes black / white"},
		{Key: "white_hole_cells", Label: "white-hole cells", Unit: "cells", Term: WhiteHoleCells, IsTerm: true,
			Value: i2f(func(f *Features) int { return f.WhiteHoleCells }), Views: InCompare},
		{Key: "forward_decisions", Label: "forward decisions", Unit: "decisions", Term: ForwardDecisions, IsTerm: true, Averaged: true,
			Value: func(f *Features) float64 { return f.ForwardDecisions }, Views: InCompare | InDashboard, Column: "Decisions fwd / back", Decimals: 1},
		{Key: "backward_decisions", Label: "backward decisions", Unit: "decisions", Term: BackwardDecisions, IsTerm: true, Averaged: true,
			Value: func(f *Features) float64 { return f.BackwardDecisions }, Views: InCompare | InDashboard, Column: "Decisions fwd / back", Decimals: 1},
		{Key: "clusters", Label: "clusters (2+ cells)", Unit: "clusters", Term: Clusters, IsTerm: true,
			Value: i2f(func(f *Features) int { return len(f.Clusters) }), Views: InCompare},
		{Key: "largest_cluster", Label: "largest cluster", Unit: "cells", Term: LargestCluster, IsTerm: true,
			Value: i2f(func(f *Features) int { return f.LargestCluster }), Views: InCompare | InDashboard, Column: "Largest cluster"},
		{Key: "cluster_penalty", Label: "cluster penalty", Term: ClusterPenalty, IsTerm: true,
			Value: i2f(func(f *Features) int { return f.ClusterPenalty }), Views: InCompare},
		{Key: "initial_forced_moves", Label: "initial forced moves", Unit: "moves", Term: InitialForcedMoves, IsTerm: true,
			Value: i2f(func(f *Features) int { return f.InitialForcedMoves }), Views: InCompare},
		{Key: "uturns", Label: "U-turns", Unit: "U-turns", Term: UTurns, IsTerm: true, Averaged: true,
			Value: func(f *Features) float64 { return f.UTurns }, Views: InCompare},
		{Key: "energy", Label: "design energy", Value: func(f *Features) float64 { return f.Energy },
			Views: InCompare | InDashboard, Column: "Energy"},
	}
}

// MarshalFeatures writes f in its JSON form (Features.MarshalJSON) with
// every feature of c that the form lacks added after its keys, in c's
// order: the value, or null for a maze without the feature. With the
// default catalogue it writes exactly f's JSON form.
func (c Catalogue) MarshalFeatures(f *Features) ([]byte, error) {
	plain, err := f.MarshalJSON()
	if err != nil {
		return nil, err
	}
	keys := jsonKeys()
	var out bytes.Buffer
	for _, ft := range c.OrDefault() {
		if keys[ft.Key] {
			continue
		}
		if out.Len() == 0 {
			out.Write(plain[:len(plain)-1]) // without its }
		}
		var v any // null without the feature
		if x := ft.Value(f); ft.Has(f) && !math.IsNaN(x) && !math.IsInf(x, 0) {
			v = x
		}
		k, _ := json.Marshal(ft.Key)
		x, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		out.WriteByte(',')
		out.Write(k)
		out.WriteByte(':')
		out.Write(x)
	}
	if out.Len() == 0 {
		return plain, nil
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}

// jsonKeys are the keys of the JSON form of Features, from its fields'
// tags.
var jsonKeys = sync.OnceValue(func() map[string]bool {
	keys := map[string]bool{}
	t := reflect.TypeFor[Features]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys[name] = true
		}
	}
	return keys
})
