package graph

import "slices"

// ToGoalMatchesFresh reports whether the distances to the goal the tracker
// keeps up to date through accepted changes equal a fresh backward
// search's. The first call after Reset computes them, so that later calls
// check the changes kept.
func (t *DepthTracker) ToGoalMatchesFresh() bool {
	if t.states != nil {
		return true
	}
	if !t.toGoalOK {
		t.computeToGoal()
		return true
	}
	kept := slices.Clone(t.toGoal)
	t.computeToGoal()
	return slices.Equal(kept, t.toGoal)
}
