package difficulty

import "math"

// LevelOfSeconds returns the level whose target time (Level.Target) is
// nearest to a typical player's predicted time of s seconds, on the log
// scale the model predicts on: easy below about 127 s (the geometric
// mean of 90 s and 3 min), hard from about 255 s.
func LevelOfSeconds(s float64) Level {
	best, dist := Easy, math.Inf(1)
	for l := Easy; l <= Hard; l++ {
		if d := math.Abs(math.Log(s) - math.Log(l.Target().Seconds())); d < dist {
			best, dist = l, d
		}
	}
	return best
}
