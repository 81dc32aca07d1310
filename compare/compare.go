// Package compare runs the experiment of the Maze Evaluation II exercise
// of the assignment, "Rook Jumping Maze Generation for AI Education" (and
// of Extra Credit 2 of the course assignment "Program 1: Search"): generate
// the same number of mazes with each of several energies under the same
// search and budget, and compare the design features of the results
// (package analysis).
package compare

import (
	"context"
	"fmt"
	"strings"

	"rjm/analysis"
	"rjm/fault"
	"rjm/generate"
)

// Limits on the work one comparison may ask for.
const (
	MaxCount     = 10_000        // mazes per energy
	DefaultCount = 100           // mazes per energy when Settings.Count is zero
	MaxEnergies  = 8             // energies compared
	MaxWork      = 2_000_000_000 // search iterations in all
)

// Settings describe a comparison. Zero values mean the defaults given.
type Settings struct {
	// Spec is the generation recipe every maze shares: board, start and
	// goal placement, search method and budget, and the first seed. Its
	// Energy is ignored. Maze k (from 0) of every energy uses seed
	// Spec.Seed+k, so the k-th mazes of all energies share their start
	// and goal, and each can be regenerated alone from its seeded ID.
	Spec generate.Spec
	// Energies names the energies to compare (see analysis.ParseEnergy);
	// nil means depth and design.
	Energies []string
	// Count is the number of mazes per energy, 1..MaxCount; zero means
	// DefaultCount.
	Count int
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	// Results do not depend on it.
	Workers int
	// Catalogue lists the features summarized: those shown in the
	// comparison (analysis.InCompare), in order; nil means
	// analysis.DefaultCatalogue().
	Catalogue analysis.Catalogue
}

// Result is a comparison: one summary per energy, in the order given.
type Result struct {
	Count    int       `json:"count"`
	Seed     uint64    `json:"seed"`     // the first maze's seed
	Recipe   string    `json:"recipe"`   // the seeded ID of every maze up to ",energy=" (see IDOf)
	Energies []Summary `json:"energies"` // one per energy
	// catalogue labels the features in WriteText (nil: the default).
	catalogue analysis.Catalogue
}

// withDefaults returns s with its zero fields set to their defaults.
func (s Settings) withDefaults() Settings {
	if s.Count == 0 {
		s.Count = DefaultCount
	}
	return s
}

// Work returns the number of search iterations a comparison runs.
func (s Settings) Work() int64 {
	s = s.withDefaults()
	return int64(s.Spec.Work()) * int64(s.Count) * int64(len(s.energies()))
}

func (s Settings) energies() []string {
	if s.Energies == nil {
		return []string{"depth", "design"}
	}
	return s.Energies
}

// Validate checks the settings and the recipe with every energy.
func (s Settings) Validate() error {
	s = s.withDefaults()
	names := s.energies()
	switch {
	case s.Count < 1 || s.Count > MaxCount:
		return fault.Invalid("", "count %d out of range 1..%d", s.Count, MaxCount)
	case len(names) == 0 || len(names) > MaxEnergies:
		return fault.Invalid("", "%d energies; compare 1 to %d", len(names), MaxEnergies)
	case s.Workers < 0:
		return fault.Invalid("", "%d workers", s.Workers)
	}
	for _, name := range names {
		spec := s.Spec
		spec.Energy = name
		if err := spec.Validate(); err != nil {
			return err
		}
	}
	if w := s.Work(); w > MaxWork {
		return fault.New(fault.ErrTooCostly, "", "%d mazes × %d energies × %d iterations is %d iterations, more than %d", s.Count, len(names), w/int64(s.Count)/int64(len(names)), w, int64(MaxWork))
	}
	return nil
}

// Run generates the mazes, energy by energy, each energy's mazes a batch
// (generate.Batch) on all cores, and summarizes their features. progress,
// if not nil, is called after each maze with the mazes done and the total;
// never concurrently.
func Run(ctx context.Context, s Settings, progress func(done, total int)) (*Result, error) {
	s = s.withDefaults()
	if err := s.Validate(); err != nil {
		return nil, err
	}
	names := s.energies()
	recipe, _, _ := strings.Cut(s.Spec.String(), ",energy=")
	res := &Result{Count: s.Count, Seed: s.Spec.Seed, Recipe: recipe, catalogue: s.Catalogue}
	for k, name := range names {
		b := generate.Batch{Spec: s.Spec, Count: s.Count, Workers: s.Workers}
		b.Spec.Energy = name
		if progress != nil {
			b.Progress = func(done, _ int) { progress(k*s.Count+done, s.Count*len(names)) }
		}
		features := make([]*analysis.Features, 0, s.Count)
		err := b.Run(ctx, func(_ int, r *generate.Result) error {
			features = append(features, r.Features)
			return nil
		})
		if err != nil {
			return nil, err
		}
		e, _ := analysis.ParseEnergy(name)
		res.Energies = append(res.Energies, summarize(e.Name(), features, s.Catalogue))
	}
	return res, nil
}

// IDOf returns the seeded ID of maze k (from 0) of the energy with the
// given name: "rjm generate --id" regenerates it.
func (r *Result) IDOf(energy string, k int) string {
	return fmt.Sprintf("%s,energy=%s#%d", r.Recipe, energy, r.Seed+uint64(k))
}
