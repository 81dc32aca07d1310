package search

import (
	"math"
	"strings"

	"rjm/fault"
	"rjm/maze"
)

// Method names, as a user types them (the command line, the web site,
// seeded IDs). The assignment is Neller's "Rook Jumping Maze Generation
// for AI Education".
const (
	MethodHill        = "hill"         // the assignment's hill descent (HillDescent)
	MethodFirstChoice = "first-choice" // first-choice gradient descent (HillDescent with StrictBest)
	MethodRestarts    = "restarts"     // hill descent with random restarts (Restarts)
	MethodUphill      = "uphill"       // hill descent with random uphill steps (Uphill)
	MethodAnneal      = "anneal"       // simulated annealing (Anneal)
)

// MethodNames lists the method names, in the order help texts give them.
var MethodNames = []string{MethodHill, MethodFirstChoice, MethodRestarts, MethodUphill, MethodAnneal}

// Settings name a method and hold the settings of every method, as a user
// gives them; the named method reads its own and ignores the others.
// ParseMethod turns them into a Method. There is no default: a zero Method
// is an unknown method, and zero Iterations a search of no steps. They are
// declared here once: a generation recipe (generate.Spec) embeds them.
type Settings struct {
	Method     string  // one of MethodNames
	Iterations int     // steps, 0..MaxIterations (per descent for restarts)
	Descents   int     // restarts: hill descents, at least 1
	P          float64 // uphill: probability of an uphill step, 0..1
	T0, Decay  float64 // anneal: initial temperature (> 0, finite) and decay, in (0, 1]
}

// ParseMethod returns the method s names with its settings, or an error
// that names what is wrong: an unknown name, or a setting of the named
// method out of its range. Its checks are the methods' Validate, which
// their Search calls too.
func ParseMethod(s Settings) (Method, error) {
	var m interface {
		Method
		Validate() error
	}
	switch s.Method {
	case MethodHill:
		m = HillDescent{Iterations: s.Iterations}
	case MethodFirstChoice:
		m = HillDescent{Iterations: s.Iterations, StrictBest: true}
	case MethodRestarts:
		m = Restarts{Descents: s.Descents, Iterations: s.Iterations}
	case MethodUphill:
		m = Uphill{Iterations: s.Iterations, P: s.P}
	case MethodAnneal:
		m = Anneal{Iterations: s.Iterations, T0: s.T0, Decay: s.Decay}
	default:
		return nil, fault.Invalid("", "unknown method %q (want one of %s)", maze.Short(s.Method), strings.Join(MethodNames, ", "))
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

func checkIterations(n int) error {
	if n < 0 || n > MaxIterations {
		return fault.Invalid("", "iterations %d out of range 0..%d", n, MaxIterations)
	}
	return nil
}

// Validate checks the iterations, 0..MaxIterations.
func (h HillDescent) Validate() error { return checkIterations(h.Iterations) }

// Validate checks the iterations (0..MaxIterations) and the descents: at
// least 1, and at most MaxIterations iterations in all.
func (r Restarts) Validate() error {
	if err := checkIterations(r.Iterations); err != nil {
		return err
	}
	if r.Descents < 1 {
		return fault.Invalid("", "restarts needs at least 1 hill descent, not %d", r.Descents)
	}
	if most := MaxIterations / max(r.Iterations, 1); r.Descents > most {
		return fault.Invalid("", "%d hill descents of %d iterations: want 1 to %d descents (at most %d iterations in all)",
			r.Descents, r.Iterations, most, MaxIterations)
	}
	return nil
}

// Validate checks the iterations (0..MaxIterations) and the uphill
// probability, 0..1.
func (u Uphill) Validate() error {
	if err := checkIterations(u.Iterations); err != nil {
		return err
	}
	if !(u.P >= 0 && u.P <= 1) {
		return fault.Invalid("", "uphill probability %g out of range 0..1", u.P)
	}
	return nil
}

// Validate checks the iterations (0..MaxIterations) and the schedule: an
// initial temperature positive and finite, a decay in (0, 1].
func (a Anneal) Validate() error {
	if err := checkIterations(a.Iterations); err != nil {
		return err
	}
	if !(a.T0 > 0) || math.IsInf(a.T0, 0) {
		return fault.Invalid("", "initial temperature %g must be positive and finite", a.T0)
	}
	if !(a.Decay > 0 && a.Decay <= 1) {
		return fault.Invalid("", "decay rate %g out of range (0, 1]", a.Decay)
	}
	return nil
}
