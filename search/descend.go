package search

import "math"

// rule is an acceptance rule: when to take a step from energy e to e2.
type rule struct {
	kind   ruleKind
	p      float64 // uphillRule: probability of accepting an uphill step
	t      float64 // annealRule: current temperature
	decay  float64 // annealRule: T ← T·decay after every iteration
	strict bool    // keep the best only when strictly better (first-choice)
}

type ruleKind uint8

const (
	downhillRule ruleKind = iota // e2 ≤ e
	uphillRule                   // e2 ≤ e, or with probability p
	annealRule                   // e2 ≤ e, or with probability exp((e−e2)/T)
)

// descend runs iterations steps from the current configuration under r.
// It is the one loop every method shares; the acceptance rule is a switch
// rather than a function value so that the hill-descent path stays tight.
func (s *state) descend(iterations int, r *rule) error {
	for range iterations {
		if len(s.mutable) == 0 {
			return ErrNoStep
		}
		// Hill descent and uphill steps only need to know whether a step
		// is uphill, so they let the energy stop early; annealing needs
		// the exact rise.
		e2, exact := s.propose(r.kind != annealRule)
		ok := e2 <= s.e
		if !ok {
			switch r.kind {
			case uphillRule:
				ok = r.p > 0 && s.rng.Float64() < r.p
				if ok && !exact {
					e2 = s.exact()
				}
			case annealRule:
				ok = r.t > 0 && s.rng.Float64() < math.Exp((s.e-e2)/r.t)
			}
		}
		if ok {
			s.accept(e2)
			s.keepBest(r.strict)
		}
		if r.kind == annealRule {
			r.t *= r.decay
		}
		if err := s.tick(); err != nil {
			return err
		}
	}
	return nil
}
