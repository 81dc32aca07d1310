package difficulty_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"rjm/analysis"
	"rjm/difficulty"
	"rjm/generate"
)

// mazes returns the features of n generated mazes of varied quality.
func mazes(t *testing.T, n int) []*analysis.Features {
	t.Helper()
	var fs []*analysis.Features
	spec := generate.Default()
	spec.Seed, spec.Iterations = 1, 300
	err := generate.Batch{Spec: spec, Count: n}.Run(context.Background(), func(k int, r *generate.Result) error {
		if r.Features.Solvable {
			fs = append(fs, r.Features)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

// Efforts made by a known model are fitted back exactly, and the one maze
// made three times harder is the first departure.
func TestFitRecoversTheModel(t *testing.T) {
	want := []float64{0.5, 0.12, 0.05, -0.1, 0.03}
	var obs []difficulty.Observation
	for k, f := range mazes(t, 40) {
		e := want[0] + want[1]*float64(f.GoalDepth) + want[2]*f.ForwardDecisions + want[3]*float64(f.LargestCluster) + want[4]*float64(f.WhiteHoleCells)
		obs = append(obs, difficulty.Observation{Label: fmt.Sprint(k), Features: f, Effort: math.Exp(e)})
	}
	m, err := difficulty.Fit(obs)
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range m.Coef {
		if math.Abs(c-want[k]) > 1e-6 {
			t.Errorf("coefficient %d = %v, want %v", k, c, want[k])
		}
	}
	if m.R2 < 0.999999 || m.N != len(obs) {
		t.Errorf("R² %v, n %d", m.R2, m.N)
	}
	obs[7].Effort *= 3
	m, _ = difficulty.Fit(obs)
	if d := m.Departures(1); d[0].Label != "7" || d[0].Residual <= 0 {
		t.Errorf("departures %+v", m.Departures(3))
	}
	if _, err := difficulty.Fit(obs[:difficulty.MinMazes-1]); !errors.Is(err, difficulty.ErrTooFew) {
		t.Errorf("too few: %v", err)
	}
}
