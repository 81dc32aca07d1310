package analysis

import (
	"strconv"
	"strings"

	"rjm/analysis/internal/incremental"
	"rjm/energy"
	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
)

// Measure is a term as a combination uses it, optionally squared (as
// the design paper's energy squares the initial forced moves).
type Measure struct {
	Term    Term
	Squared bool
}

// String returns the measure as ParseEnergy reads it: "uturns",
// "initial_forced_moves^2".
func (m Measure) String() string {
	if m.Squared {
		return m.Term.String() + "^2"
	}
	return m.Term.String()
}

func (m Measure) value(v *Values) int {
	x := v[m.Term]
	if m.Squared {
		return x * x
	}
	return x
}

// Max returns the largest value of the measure on a board of cells cells
// (see Term.Max).
func (m Measure) Max(cells int) int {
	x := m.Term.Max(cells)
	if m.Squared {
		return x * x
	}
	return x
}

// WeightedTerm is one term of a Weighted energy.
type WeightedTerm struct {
	Measure Measure
	Weight  float64
}

// Weighted is a user-defined energy: the sum of its measures times their
// weights. A negative weight rewards the measure. Its name is
// "weighted:" followed by the terms as "measure=weight" separated by
// semicolons, e.g. "weighted:black_holes=1000;uturns=2". ParseEnergy
// accepts weights of size at most MaxWeight, so that the energy is always
// finite; a Weighted built in code must keep to the same bound.
type Weighted []WeightedTerm

// Name returns the energy's canonical form (see ParseEnergy).
func (w Weighted) Name() string {
	parts := make([]string, len(w))
	for k, t := range w {
		parts[k] = t.Measure.String() + "=" + strconv.FormatFloat(t.Weight, 'g', -1, 64)
	}
	return "weighted:" + strings.Join(parts, ";")
}

// Evaluator returns an incremental evaluator that computes only the terms
// w uses.
func (w Weighted) Evaluator(g *graph.Graph, start, goal int) energy.Evaluator {
	ms, coef := make([]Measure, len(w)), make([]float64, len(w))
	for k, t := range w {
		ms[k], coef[k] = t.Measure, t.Weight
	}
	return linear(g, start, goal, ms, coef)
}

// linear returns an incremental evaluator of Σₖ coef[k]·ms[k], which
// computes only the terms of ms.
func linear(g *graph.Graph, start, goal int, ms []Measure, coef []float64) energy.Evaluator {
	uses := make([]Term, len(ms))
	for k, m := range ms {
		uses[k] = m.Term
	}
	return incremental.NewTerms(g, start, goal, uses, func(v *Values) float64 {
		e := 0.0
		for k, m := range ms {
			e += coef[k] * float64(m.value(v))
		}
		return e
	})
}

// Ranked is one level of a Priority energy: a measure minimized, or
// maximized (rewarded) when Maximize is set.
type Ranked struct {
	Measure  Measure
	Maximize bool
}

// Priority is a user-defined energy that ranks its measures, highest
// priority first, with the design paper's composition (§3.7): f₁ takes priority
// over f₂ in (r₂+1)·f₁ + f₂, where r₂ is the range of f₂, so the smallest
// change of f₁ outweighs the largest change of f₂. Applied from the last
// level up, the energy is Σₖ fₖ·Π_{l>k}(r_l+1), with r_l = Measure.Max on the
// board and fₖ the measure (negated when maximized). Its name is
// "priority:" followed by the levels separated by ">", a maximized level
// prefixed with "-", e.g. "priority:not_unique>black_holes>-decisions".
type Priority []Ranked

// Name returns the energy's canonical form (see ParseEnergy).
func (p Priority) Name() string {
	parts := make([]string, len(p))
	for k, r := range p {
		parts[k] = r.Measure.String()
		if r.Maximize {
			parts[k] = "-" + parts[k]
		}
	}
	return "priority:" + strings.Join(parts, ">")
}

// maxExact is the largest integer below which every float64 integer is
// exact.
const maxExact = 1 << 53

// Check reports whether p's energies are exact integers on board b: the
// product of the levels' ranges plus one must not exceed 2⁵³.
func (p Priority) Check(b maze.Board) error {
	if _, err := p.multipliers(b.Cells()); err != nil {
		return err
	}
	return nil
}

// multipliers returns each level's factor Π_{l>k}(r_l+1).
func (p Priority) multipliers(cells int) ([]float64, error) {
	mult := make([]float64, len(p))
	f := 1.0
	for k := len(p) - 1; k >= 0; k-- {
		mult[k] = f
		f *= float64(p[k].Measure.Max(cells) + 1)
		if f > maxExact {
			return mult, fault.Invalid("", "priority energy %s: %d levels span more than 2^53 values on %d cells; use fewer levels", p.Name(), len(p), cells)
		}
	}
	return mult, nil
}

// Evaluator returns an incremental evaluator that computes only the terms
// p uses. On boards where Check fails the energy is rounded.
func (p Priority) Evaluator(g *graph.Graph, start, goal int) energy.Evaluator {
	mult, _ := p.multipliers(incremental.OpenCells(g, start, goal).Len())
	ms := make([]Measure, len(p))
	for k, r := range p {
		ms[k] = r.Measure
		if r.Maximize {
			mult[k] = -mult[k]
		}
	}
	return linear(g, start, goal, ms, mult)
}

var (
	_ energy.Energy = Weighted(nil)
	_ energy.Energy = Priority(nil)
)
