//go:build race

package web_test

// raceDetector: the race detector slows every step several times, so
// timings are not held to their limits under it.
const raceDetector = true
