package web

import (
	"testing"
	"time"
)

// Work charged past its token puts the client into debt: it waits until
// the rate has paid it back, and no deeper than a burst.
func TestLimiterCharge(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	l := newLimiter(time.Second, 4, func() time.Time { return now })
	if ok, _ := l.allow("a"); !ok {
		t.Fatal("a first request refused")
	}
	l.charge("a", 5) // 3 left, less 5: 2 owed
	if ok, wait := l.allow("a"); ok || wait != 3*time.Second {
		t.Errorf("in debt of 2: allowed %v, wait %v; want a wait of 3 s", ok, wait)
	}
	now = now.Add(3 * time.Second)
	if ok, _ := l.allow("a"); !ok {
		t.Error("refused once the debt was paid back")
	}
	l.charge("a", 100)
	if ok, wait := l.allow("a"); ok || wait != 5*time.Second {
		t.Errorf("charged past the burst: allowed %v, wait %v; want the debt held to a burst (5 s)", ok, wait)
	}
	if ok, _ := l.allow("b"); !ok {
		t.Error("another client refused")
	}
}
