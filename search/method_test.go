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
		{search.Settings{Method: "hill", Iterations: 10, P: 7}, search.HillDescent{Iterations: 10}},
		{search.Settings{Method: "first-choice", Iterations: 10}, search.HillDescent{Iterations: 10, StrictBest: true}},
		{search.Settings{Method: "restarts", Iterations: 10, Descents: 3}, search.Restarts{Iterations: 10, Descents: 3}},
		{search.Settings{Method: "uphill", Iterations: 0, P: 1}, search.Uphill{P: 1}},
		{search.Settings{Method: "anneal", Iterations: 10, T0: 2, Decay: 1}, search.Anneal{Iterations: 10, T0: 2, Decay: 1}},
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
		{search.Settings{Method: "Hill"}, `unknown method "Hill" (want one of hill, first-choice, restarts, uphill, anneal)`},
		{search.Settings{Method: "hill", Iterations: -1}, "iterations -1 out of range 0..1000000000"},
		{search.Settings{Method: "first-choice", Iterations: search.MaxIterations + 1}, "iterations 1000000001 out of range 0..1000000000"},
		{search.Settings{Method: "restarts", Iterations: 10}, "restarts needs at least 1 hill descent, not 0"},
		{search.Settings{Method: "restarts", Iterations: 1000, Descents: 1_000_001},
			"1000001 hill descents of 1000 iterations: want 1 to 1000000 descents (at most 1000000000 iterations in all)"},
		{search.Settings{Method: "uphill", P: -0.1}, "uphill probability -0.1 out of range 0..1"},
		{search.Settings{Method: "anneal", Decay: 0.9}, "initial temperature 0 must be positive and finite"},
		{search.Settings{Method: "anneal", T0: 1, Decay: 0}, "decay rate 0 out of range (0, 1]"},
	} {
		if m, err := search.ParseMethod(tc.s); err == nil || err.Error() != tc.want || m != nil || !errors.Is(err, fault.ErrInvalid) {
			t.Errorf("%+v: %v, %v, want %q (a *fault.Error)", tc.s, m, err, tc.want)
		}
	}
}
