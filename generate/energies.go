package generate

import (
	"fmt"
	"strings"

	"rjm/analysis"
	"rjm/energy"
	"rjm/maze"
)

// Energies returns the named energies a Spec may use, in the order help
// lists them: "depth" (seed 000's simple objective) and "design" (seed
// 003's example energy function). Combinations of features are named by
// their text instead (see EnergyByName).
func Energies() []energy.Energy {
	return []energy.Energy{energy.Depth{}, analysis.Design{}}
}

// EnergyByName returns the energy with the given name: one of Energies,
// or a combination of features in analysis.ParseEnergy's syntax,
// "weighted:TERM=W,..." or "priority:TERM>TERM>...". The energy's Name
// is the canonical spelling, which a seeded ID records.
func EnergyByName(name string) (energy.Energy, error) {
	name = strings.TrimSpace(name)
	var names []string
	for _, e := range Energies() {
		if e.Name() == name {
			return e, nil
		}
		names = append(names, e.Name())
	}
	if kind, _, ok := strings.Cut(name, ":"); ok && (strings.TrimSpace(kind) == "weighted" || strings.TrimSpace(kind) == "priority") {
		return analysis.ParseEnergy(name)
	}
	return nil, fmt.Errorf("generate: unknown energy %q (want %s, weighted:TERM=W,... or priority:TERM>TERM>...)", name, strings.Join(names, ", "))
}

// checkEnergy resolves the spec's energy and checks that it is exact on
// the spec's board (see analysis.Priority.Check).
func checkEnergy(name string, b maze.Board) (energy.Energy, error) {
	e, err := EnergyByName(name)
	if err != nil {
		return nil, err
	}
	if c, ok := e.(interface{ Check(maze.Board) error }); ok {
		if err := c.Check(b); err != nil {
			return nil, err
		}
	}
	return e, nil
}
