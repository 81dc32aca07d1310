package grade

import (
	"strings"
	"testing"
	"time"
)

// The CPU limit, when the teacher gives none, is scaled from rjm's own
// runs measured in the same grading, never below DefaultTimeout, and the
// wall-clock back-stop with it; a limit the teacher gives is kept.
func TestScaleLimits(t *testing.T) {
	auto := Settings{}.withDefaults()
	for _, tc := range []struct {
		name      string
		s         Settings
		cpu       time.Duration // a reference run's mean CPU time
		none      bool          // no reference runs
		timeout   time.Duration
		wall      time.Duration
		basisSays string
	}{
		{"idle machine: the floor", auto, 200 * time.Microsecond, false, DefaultTimeout, 6 * DefaultTimeout, "at least"},
		{"busy machine: scaled", auto, 800 * time.Microsecond, false, 24 * time.Second, 144 * time.Second, "0.80 ms of CPU time"},
		{"rounded up to a second", auto, 701 * time.Microsecond, false, 22 * time.Second, 132 * time.Second, ""},
		{"a huge budget: bounded", auto, time.Second, false, maxScaledTimeout, 6 * maxScaledTimeout, ""},
		{"no reference runs", auto, 0, true, DefaultTimeout, 6 * DefaultTimeout, ""},
		{"the teacher's limit", Settings{Timeout: 3 * time.Second}.withDefaults(), time.Millisecond, false, 3 * time.Second, 18 * time.Second, ""},
		{"the teacher's wall", Settings{Wall: time.Minute}.withDefaults(), 800 * time.Microsecond, false, 24 * time.Second, time.Minute, ""},
	} {
		var ref *reference
		if !tc.none {
			ref = &reference{cpu: tc.cpu}
		}
		got := tc.s.scaleLimits(ref)
		if got.Timeout != tc.timeout || got.Wall != tc.wall || !strings.Contains(got.timeBasis, tc.basisSays) {
			t.Errorf("%s: timeout %v, wall %v (%q); want %v, %v", tc.name, got.Timeout, got.Wall, got.timeBasis, tc.timeout, tc.wall)
		}
	}
}
