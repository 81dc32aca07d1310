package search_test

import (
	"errors"
	"testing"

	"rjm/fault"
	"rjm/search"
)

// A method is named and set as a user gives it; ParseMethod checks what
// the method's Search would, and names what is wrong.
func TestParseMethod(t *testing.T) {
	for _, tc := range []struct {
		s    search.Settings
		want search.Method
	}{
		{search.Settings{Name: "hill", Iterations: 10, P: 7}, search.HillDescent{Iterations: 10}},
		{search.Settings{Name: "first-choice", Iterations: 10}, search.HillDescent{Iterations: 10, StrictBest: true}},
		{search.Settings{Name: "restarts", Iterations: 10, Descents: 3}, search.Restarts{Iterations: 10, Descents: 3}},
		{search.Settings{Name: "uphill", Iterations: 0, P: 1}, search.Uphill{P: 1}},
		{search.Settings{Name: "anneal", Iterations: 10, T0: 2, Decay: 1}, search.Anneal{Iterations: 10, T0: 2, Decay: 1}},
	} {
		if m, err := search.ParseMethod(tc.s); err != nil || m != tc.want {
			t.Errorf("%+v: %#v, %v, want %#v", tc.s, m, err, tc.want)
		}
	}
	for _, tc := range []struct {
		s    search.Settings
		want string
	}{
		{search.Settings{}, `unknown method "" (want one of hill, first-choice, restarts, uphill, anneal)`},
		{search.Settings{Name: "Hill"}, `unknown method "Hill" (want one of hill, first-choice, restarts, uphill, anneal)`},
		{search.Settings{Name: "hill", Iterations: -1}, "iterations -1 out of range 0..1000000000"},
		{search.Settings{Name: "first-choice", Iterations: search.MaxIterations + 1}, "iterations 1000000001 out of range 0..1000000000"},
		{search.Settings{Name: "restarts", Iterations: 10}, "restarts needs at least 1 hill descent, not 0"},
		{search.Settings{Name: "restarts", Iterations: 1000, Descents: 1_000_001},
			"1000001 hill descents of 1000 iterations: want 1 to 1000000 descents (at most 1000000000 iterations in all)"},
		{search.Settings{Name: "uphill", P: -0.1}, "uphill probability -0.1 out of range 0..1"},
		{search.Settings{Name: "anneal", Decay: 0.9}, "initial temperature 0 must be positive and finite"},
		{search.Settings{Name: "anneal", T0: 1, Decay: 0}, "decay rate 0 out of range (0, 1]"},
	} {
		if m, err := search.ParseMethod(tc.s); err == nil || err.Error() != tc.want || m != nil || !errors.Is(err, fault.ErrInvalid) {
			t.Errorf("%+v: %v, %v, want %q (a *fault.Error)", tc.s, m, err, tc.want)
		}
	}
}
