package generate_test

import (
	"testing"

	"rjm/generate"
)

// FuzzParseSpec checks that seeded IDs either fail with an error or give
// a spec that prints as an ID that parses back to the same ID.
func FuzzParseSpec(f *testing.F) {
	f.Add("5x5,method=hill,iterations=1000,energy=depth#42")
	f.Add("7x7,variant=queen+torus,goal=random,method=uphill,iterations=25000,p=0.005,energy=design#7")
	f.Add("5x5,start=2.2,goal=5.5,method=anneal,iterations=100,t0=10,decay=0.9995,energy=design#1")
	f.Add("6x8,method=restarts,iterations=10,descents=3,energy=weighted:uturns=2#0")
	f.Add("3x3,variant=exit+queen,layout=.o.ooo.o.,method=hill,iterations=5,energy=design#9")
	f.Fuzz(func(t *testing.T, id string) {
		s, err := generate.ParseSpec(id, generate.Spec{})
		if err != nil || s.Validate() != nil {
			return
		}
		back, err := generate.ParseSpec(s.String(), generate.Spec{})
		if err != nil || back.String() != s.String() {
			t.Fatalf("%q prints as %q, which gives %q, %v", id, s.String(), back.String(), err)
		}
	})
}
