package compare_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/compare"
	"rjm/fault"
	"rjm/generate"
)

func small() compare.Settings {
	spec := generate.Default()
	spec.Iterations, spec.Seed = 1500, 5
	return compare.Settings{Spec: spec, Count: 6}
}

// Results depend on the settings only, not on the number of workers, and
// every summary counts its mazes.
func TestRunDeterministic(t *testing.T) {
	s := small()
	s.Workers = 1
	a, err := compare.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Workers = 3
	calls := 0
	b, err := compare.Run(context.Background(), s, func(done, total int) {
		calls++
		if total != 12 || done != calls {
			t.Errorf("progress %d/%d at call %d", done, total, calls)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) || calls != 12 {
		t.Fatalf("results differ with the number of workers (%d progress calls)", calls)
	}
	if len(a.Energies) != 2 || a.Energies[0].Energy != "depth" || a.Energies[1].Energy != "design" {
		t.Fatalf("energies %+v", a.Energies)
	}
	for _, sum := range a.Energies {
		if sum.Mazes != 6 || len(sum.Features) != len(analysis.DefaultCatalogue().In(analysis.InCompare)) {
			t.Errorf("%s: %d mazes, %d features", sum.Energy, sum.Mazes, len(sum.Features))
		}
		for _, st := range sum.Features {
			if st.N > 6 || st.Min > st.Mean || st.Mean > st.Max || st.SD < 0 {
				t.Errorf("%s %s: %+v", sum.Energy, st.Feature, st)
			}
		}
	}
	if a.Recipe != "5x5,goal=random,method=uphill,iterations=1500,p=0.005" {
		t.Errorf("recipe %s", a.Recipe)
	}
	// IDOf names a maze that generate makes again.
	spec, err := generate.ParseSpec(a.IDOf("design", 2), generate.Spec{})
	if err != nil || spec.Seed != 7 || spec.Energy != "design" || spec.Iterations != 1500 {
		t.Errorf("IDOf: %v %v", spec, err)
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		edit func(*compare.Settings)
		want string
	}{
		{func(s *compare.Settings) { s.Count = -1 }, "count -1"},
		{func(s *compare.Settings) { s.Count = compare.MaxCount + 1 }, "out of range"},
		{func(s *compare.Settings) { s.Energies = []string{} }, "0 energies"},
		{func(s *compare.Settings) { s.Energies = []string{"depth", "magic"} }, "unknown energy"},
		{func(s *compare.Settings) { s.Count, s.Spec.Iterations = compare.MaxCount, 1_000_000 }, "more than"},
		{func(s *compare.Settings) { s.Workers = -1 }, "-1 workers"},
		{func(s *compare.Settings) { s.Spec.Rows = 0 }, "at least 1"},
	} {
		s := small()
		tc.edit(&s)
		err := s.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Validate = %v, want %q", err, tc.want)
		}
		// Bad settings are a user's fault, told without a package prefix.
		if !fault.Is(err) || strings.HasPrefix(err.Error(), "compare: ") {
			t.Errorf("Validate = %v (%T), want a *fault.Error with no package prefix", err, err)
		}
	}
}

// Cancellation stops the work and is reported.
func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := compare.Run(ctx, small(), nil); err == nil {
		t.Error("no error from a cancelled comparison")
	}
}

// A zero Count means DefaultCount, as a zero setting means its default
// everywhere in rjm.
func TestZeroCountIsDefault(t *testing.T) {
	s := small()
	s.Count = 0
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	s2 := small()
	s2.Count = compare.DefaultCount
	if s.Work() != s2.Work() {
		t.Errorf("work %d, want %d", s.Work(), s2.Work())
	}
}
