package analysis

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"rjm/energy"
	"rjm/fault"
)

// Energies returns the energies known by a name alone, in the order help
// lists them: "depth" (the assignment's simple objective) and "design"
// (the design paper's example energy function). Combinations of features
// are named by their text instead (see ParseEnergy).
func Energies() []energy.Energy {
	return []energy.Energy{energy.Depth{}, Design{}}
}

// EnergyNames returns the names of Energies.
func EnergyNames() []string {
	var names []string
	for _, e := range Energies() {
		names = append(names, e.Name())
	}
	return names
}

// ErrNoFiles is LoadEnergy's error for "@FILE" when it may read no file.
var ErrNoFiles error = &fault.Error{Err: errors.New("energies are not read from files here")}

// LoadEnergy returns the energy the value v of an energy setting gives:
// any text ParseEnergy reads, or "@FILE", the text of the named file, read
// by readFile (at most MaxEnergyText bytes of it are used; a nil readFile
// reads no file and returns ErrNoFiles, as a server does).
func LoadEnergy(v string, readFile func(name string) ([]byte, error)) (energy.Energy, error) {
	name, ok := strings.CutPrefix(strings.TrimSpace(v), "@")
	if !ok {
		return ParseEnergy(v)
	}
	if readFile == nil {
		return nil, ErrNoFiles
	}
	data, err := readFile(name)
	if err != nil {
		return nil, err
	}
	e, err := ParseEnergy(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return e, nil
}

// ReadEnergyFile reads the file name for LoadEnergy from the file system:
// at most MaxEnergyText bytes, and one more to tell that it is larger.
func ReadEnergyFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxEnergyText+1))
}

// cut shortens s for an error message, so that a huge input is never
// echoed back whole.
func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// EnergyHelp explains, for help texts, every energy ParseEnergy and
// LoadEnergy read and the terms of the combinations.
func EnergyHelp() string {
	return `Energies (--energy; lower is better):
  depth    the assignment's simple objective: −(shortest solution length), or
           1,000,000 without a solution
  design   the design paper's energy: with |S| cells, n non-reaching cells, d_f and
           d_b the forward and backward decisions along the shortest
           solution, J the same jump clusters, m the initial forced moves,
           n·|S|² − min(d_f, d_b) + Σ(|J|−1)² + m² with a unique shortest
           solution, |S|³ + n·|S|² + Σ(|J|−1)² + m² otherwise
  weighted:TERM=W,TERM=W,...
           the sum of the terms times their weights (negative rewards)
  priority:TERM>TERM>...
           the terms ranked, highest first, by the design paper's composition
           (r₂+1)·f₁ + f₂: the least change of a term outweighs any change
           of the terms after it; -TERM maximizes a term
  @FILE    one of the above read from FILE (one term per line, # comments)
A TERM is one of these, optionally squared as TERM^2:
` + TermHelp()
}
