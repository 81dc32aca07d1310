package compare

import (
	"math"
	"testing"
)

func TestStat(t *testing.T) {
	// 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sum of squares 32, sample SD √(32/7).
	st := stat("x", []float64{2, 4, 4, 4, 5, 5, 7, 9})
	if st.N != 8 || st.Mean != 5 || math.Abs(st.SD-math.Sqrt(32.0/7)) > 1e-12 || st.Min != 2 || st.Max != 9 {
		t.Errorf("%+v", st)
	}
	if st := stat("x", []float64{3}); st.SD != 0 || st.Mean != 3 {
		t.Errorf("one value: %+v", st)
	}
	if st := stat("x", nil); st.N != 0 || st.Mean != 0 {
		t.Errorf("no value: %+v", st)
	}
}
