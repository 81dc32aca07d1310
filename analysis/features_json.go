package analysis

import "encoding/json"

// featuresJSON is Features with the goal depth as JSON writes it.
type featuresJSON struct {
	*plainFeatures
	// GoalDepth shadows Features.GoalDepth: null when unsolvable, as in
	// every other JSON form of rjm, rather than -1.
	GoalDepth *int `json:"goal_depth"`
}

// plainFeatures is Features without its JSON methods.
type plainFeatures Features

// MarshalJSON writes the features with goal_depth null when the maze is
// unsolvable.
func (f *Features) MarshalJSON() ([]byte, error) {
	j := featuresJSON{plainFeatures: (*plainFeatures)(f)}
	if f.Solvable {
		d := f.GoalDepth
		j.GoalDepth = &d
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (f *Features) UnmarshalJSON(data []byte) error {
	j := featuresJSON{plainFeatures: (*plainFeatures)(f)}
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	f.GoalDepth = -1
	if j.GoalDepth != nil {
		f.GoalDepth = *j.GoalDepth
	}
	return nil
}
