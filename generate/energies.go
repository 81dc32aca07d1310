package generate

import (
	"fmt"
	"strings"

	"rjm/energy"
)

// Energies returns the energies a Spec may name, in the order help lists
// them.
func Energies() []energy.Energy {
	return []energy.Energy{energy.Depth{}}
}

// EnergyByName returns the energy with the given name.
func EnergyByName(name string) (energy.Energy, error) {
	var names []string
	for _, e := range Energies() {
		if e.Name() == name {
			return e, nil
		}
		names = append(names, e.Name())
	}
	return nil, fmt.Errorf("generate: unknown energy %q (want one of %s)", name, strings.Join(names, ", "))
}
