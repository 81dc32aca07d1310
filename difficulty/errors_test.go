package difficulty_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"rjm/difficulty"
	"rjm/fault"
)

// Bad settings, too few mazes and nothing to aim are a user's fault,
// told without a package prefix.
func TestBadInputIsFault(t *testing.T) {
	_, errRidge := difficulty.FitRidge([][]float64{{1}}, []float64{1})
	_, errFit := difficulty.Fit(context.Background(), nil, nil, difficulty.Settings{Tolerance: -1})
	_, _, errAim := difficulty.Aim(context.Background(), nil, 1, time.Minute, nil)
	for name, err := range map[string]error{"too few mazes": errRidge, "a negative tolerance": errFit, "no recipe": errAim} {
		if !errors.Is(err, fault.ErrInvalid) || strings.HasPrefix(err.Error(), "difficulty: ") {
			t.Errorf("%s: %v, want a *fault.Error with no package prefix", name, err)
		}
	}
}
