//go:build !linux

package web

import "time"

// Niceness of the heavy work (only Linux sets a thread's).
const (
	generationNice = 5
	workNice       = 0
)

// lowPriority runs f (at the usual priority: only Linux sets a thread's)
// and returns 0: the CPU time of a thread is not measured here.
func lowPriority(nice int, f func()) time.Duration { f(); return 0 }

// cpuMeasured: threadCPU does not measure here.
const cpuMeasured = false

// threadCPU returns 0: not measured here.
func threadCPU() time.Duration { return 0 }
