package learn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"rjm/fault"
)

// Strategy is an action-selection rule: given the current estimates of
// the actions' values, it says how likely each action is to be chosen.
type Strategy interface {
	// Probabilities sets p[a] to the probability of choosing action a
	// when the value estimates are values. p and values have the same
	// length, at least 1; the probabilities sum to 1.
	Probabilities(p, values []float64)
}

// EpsilonGreedy chooses a uniformly random action with probability
// Epsilon and otherwise an action of maximum estimated value (the
// assignment: "If ε = 1, this is purely explorative. If ε = 0, this is
// purely exploitative"). Ties go to the lowest-numbered action, so each
// action has probability Epsilon/n, and the greedy one 1 − Epsilon more.
type EpsilonGreedy struct {
	Epsilon float64 // exploration probability, 0..1
}

// Probabilities implements Strategy.
func (s EpsilonGreedy) Probabilities(p, values []float64) {
	n := float64(len(values))
	for a := range p {
		p[a] = s.Epsilon / n
	}
	p[Argmax(values)] += 1 - s.Epsilon
}

// Validate reports an Epsilon outside 0..1.
func (s EpsilonGreedy) Validate() error {
	if !(s.Epsilon >= 0 && s.Epsilon <= 1) {
		return fault.Invalid("", "epsilon %g out of range 0..1", s.Epsilon)
	}
	return nil
}

// String returns "epsilon-greedy ε=…".
func (s EpsilonGreedy) String() string { return fmt.Sprintf("epsilon-greedy ε=%g", s.Epsilon) }

// Softmax chooses action a with probability proportional to
// exp(U(a)/Tau), U(a) being its estimated value (the assignment:
// "the normalized weight exp(U(a)/τ)"). A high temperature Tau explores
// nearly uniformly; a low one is nearly greedy.
type Softmax struct {
	Tau float64 // temperature, > 0
}

// Probabilities implements Strategy. It subtracts the largest value
// before exponentiating, which leaves the probabilities unchanged and
// keeps exp from overflowing.
func (s Softmax) Probabilities(p, values []float64) {
	top := values[Argmax(values)]
	sum := 0.0
	for a, v := range values {
		p[a] = math.Exp((v - top) / s.Tau)
		sum += p[a]
	}
	for a := range p {
		p[a] /= sum
	}
}

// Validate reports a Tau that is not positive and finite.
func (s Softmax) Validate() error {
	if !(s.Tau > 0) || math.IsInf(s.Tau, 0) {
		return fault.Invalid("", "softmax temperature %g must be positive and finite", s.Tau)
	}
	return nil
}

// String returns "softmax τ=…".
func (s Softmax) String() string { return fmt.Sprintf("softmax τ=%g", s.Tau) }

var (
	_ Strategy = EpsilonGreedy{}
	_ Strategy = Softmax{}
)

// DefaultEpsilon is the exploration probability of the assignment's SARSA
// exercise, and what a nil Strategy means: EpsilonGreedy{DefaultEpsilon}.
const DefaultEpsilon = 0.1

// checkStrategy validates s when it can validate itself, and replaces nil
// by the default.
func checkStrategy(s Strategy) (Strategy, error) {
	if s == nil {
		return EpsilonGreedy{Epsilon: DefaultEpsilon}, nil
	}
	if v, ok := s.(interface{ Validate() error }); ok {
		if err := v.Validate(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Argmax returns the index of the largest value, the lowest index among
// equals. It panics on an empty slice.
func Argmax(values []float64) int {
	best := 0
	for a, v := range values {
		if v > values[best] {
			best = a
		}
	}
	return best
}

// choose draws an action with the probabilities p by inversion, from a
// single uniform draw. Rounding that leaves the draw above the total
// picks the last action of positive probability.
func choose(rng *rand.Rand, p []float64) int {
	u := rng.Float64()
	last := 0
	for a, q := range p {
		if q <= 0 {
			continue
		}
		if u < q {
			return a
		}
		u -= q
		last = a
	}
	return last
}
