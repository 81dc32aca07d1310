package stats_test

import (
	"math"
	"testing"

	"rjm/stats"
)

func TestEstimate(t *testing.T) {
	var e stats.Estimate
	if !math.IsNaN(e.HalfWidth(0.95)) {
		t.Error("empty estimate has a confidence interval")
	}
	for _, x := range []float64{2, 4, 4, 4, 5, 5, 7, 9} {
		e.Add(x)
	}
	if e.N() != 8 || e.Mean() != 5 || e.Min() != 2 || e.Max() != 9 || math.Abs(e.Var()-32.0/7) > 1e-12 {
		t.Fatalf("n %d mean %v var %v", e.N(), e.Mean(), e.Var())
	}
	// t(0.975, 7) = 2.364624251592785.
	want := 2.364624251592785 * math.Sqrt(32.0/7/8)
	if lo, hi := e.CI95(); math.Abs(hi-lo-2*want) > 1e-9 {
		t.Errorf("CI95 = [%v, %v], half-width want %v", lo, hi, want)
	}
}
