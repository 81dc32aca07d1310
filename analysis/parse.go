package analysis

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"rjm/energy"
	"rjm/fault"
)

// MaxEnergyText bounds the text ParseEnergy accepts.
const MaxEnergyText = 64 << 10

// ParseEnergy is the one registry of rjm's energies: it returns the energy
// a text names, one of
//
//	depth   (the simple objective, energy.Depth)
//	design  (the design energy, Design)
//	weighted:MEASURE=WEIGHT,MEASURE=WEIGHT,...
//	priority:[-]MEASURE>[-]MEASURE>...
//
// A MEASURE is a term name (see Term), optionally followed by ^2 to square
// it. Weighted terms are separated by commas or semicolons; priority
// levels, highest first, by ">" (or commas or semicolons); a "-" before a
// level maximizes it. Spaces are ignored, and so is everything from "#" to
// the end of a line, and line breaks separate terms too, so the same text
// can be written one term per line in a file. For example, on 5×5 boards
//
//	weighted:not_unique=15625,non_reaching=625,decisions=-1,cluster_penalty=1,initial_forced_moves^2=1
//
// is the design energy. The energy's Name is the canonical form of s.
func ParseEnergy(s string) (energy.Energy, error) {
	if len(s) > MaxEnergyText {
		return nil, fault.New(fault.ErrTooLarge, "", "energy text is longer than %d bytes", MaxEnergyText)
	}
	var lines []string
	for _, line := range strings.Split(s, "\n") {
		line, _, _ = strings.Cut(line, "#")
		lines = append(lines, line)
	}
	text := strings.TrimSpace(strings.Join(lines, "\n"))
	kind, list, ok := strings.Cut(text, ":")
	kind = strings.TrimSpace(kind)
	for _, e := range Energies() {
		if text == e.Name() {
			return e, nil
		}
	}
	switch {
	case ok && kind == "weighted":
		return parseWeighted(list)
	case ok && kind == "priority":
		return parsePriority(list)
	case text == "":
		return nil, fault.Invalid("", "empty energy")
	}
	return nil, fault.Invalid("", "unknown energy %q (want %s, weighted:TERM=W,... or priority:TERM>TERM>...)", cut(text, 80), strings.Join(EnergyNames(), ", "))
}

// items splits a list at any of seps and drops empty items.
func items(list, seps string) []string {
	var out []string
	for _, it := range strings.FieldsFunc(list, func(r rune) bool { return strings.ContainsRune(seps, r) }) {
		if it = strings.TrimSpace(it); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// MaxWeight bounds the weights of a Weighted energy parsed from text, so
// that no sum of terms can overflow: every measure is at most the cube of
// the number of cells of the largest board, and the text holds at most
// MaxEnergyText bytes of terms, so every energy stays far below the
// largest float64 and is never ±Inf or NaN (NaN would come from adding
// +Inf and -Inf: "goal_depth=1e308,non_reaching=-1e308").
const MaxWeight = 1e15

func parseWeighted(list string) (Weighted, error) {
	var w Weighted
	for _, it := range items(list, ",;\n") {
		name, weight, ok := strings.Cut(it, "=")
		if !ok {
			return nil, fault.Invalid("", "weighted term %q is not MEASURE=WEIGHT", cut(it, 40))
		}
		m, err := parseMeasure(name)
		if err != nil {
			return nil, err
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(weight), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) || math.IsNaN(x) {
			return nil, fault.Invalid("", "weight %q of %s is not a number", cut(strings.TrimSpace(weight), 40), m)
		}
		if math.Abs(x) > MaxWeight {
			return nil, fault.Invalid("", "weight %q of %s is out of range -%g..%g", cut(strings.TrimSpace(weight), 40), m, MaxWeight, MaxWeight)
		}
		w = append(w, WeightedTerm{m, x})
	}
	if len(w) == 0 {
		return nil, fault.Invalid("", "weighted energy has no terms")
	}
	return w, nil
}

func parsePriority(list string) (Priority, error) {
	var p Priority
	for _, it := range items(list, ">,;\n") {
		var r Ranked
		if rest, ok := strings.CutPrefix(it, "-"); ok {
			r.Maximize, it = true, rest
		} else {
			it = strings.TrimPrefix(it, "+")
		}
		m, err := parseMeasure(it)
		if err != nil {
			return nil, err
		}
		r.Measure = m
		p = append(p, r)
	}
	if len(p) == 0 {
		return nil, fault.Invalid("", "priority energy has no levels")
	}
	return p, nil
}

func parseMeasure(s string) (Measure, error) {
	s = strings.Join(strings.Fields(s), "")
	name, sq := strings.CutSuffix(s, "^2")
	t, err := ParseTerm(name)
	return Measure{t, sq}, err
}
