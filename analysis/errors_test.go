package analysis_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/fault"
)

// Features JSON without a board size is a user's fault, told without a
// package prefix.
func TestFeaturesJSONWithoutSize(t *testing.T) {
	var f analysis.Features
	err := json.Unmarshal([]byte(`{"goal_depth": 3}`), &f)
	if !errors.Is(err, fault.ErrInvalid) || strings.HasPrefix(err.Error(), "analysis: ") {
		t.Errorf("error %v, want a *fault.Error with no package prefix", err)
	}
}
