package web

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// memoryRates is store.Rates in memory, recording each take's key and
// adjustment; down makes it fail.
type memoryRates struct {
	mu     sync.Mutex
	tokens map[string]float64
	takes  []string
	down   bool
}

func (m *memoryRates) Take(ctx context.Context, key string, every time.Duration, burst, adjust float64, now time.Time) (bool, float64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.takes = append(m.takes, fmt.Sprintf("%s%+g", key, adjust))
	if m.down {
		return false, 0, errors.New("connection refused")
	}
	t, ok := m.tokens[key]
	if !ok {
		t = burst
	}
	t = max(-burst, t-adjust)
	taken := t >= 1
	if taken {
		t--
	}
	m.tokens[key] = t
	return taken, t, nil
}

func (m *memoryRates) ForgetRates(ctx context.Context, now time.Time) (int64, error) {
	return 0, nil
}

// TestSharedLimiter: the tokens charged and refunded after the work go
// with the client's next take (one round trip a request); a store that
// fails is left for RateFallback, while the limiter counts in memory, and
// the adjustments wait for it.
func TestSharedLimiter(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	m := &memoryRates{tokens: map[string]float64{}}
	faults := 0
	sh := newSharedRates(m, clock, func(error) { faults++ })
	l := newLimiter(time.Second, 4, clock)
	l.shared, l.prefix = sh, "work:client:"
	if ok, _ := l.allow("a"); !ok {
		t.Fatal("a first request refused")
	}
	l.charge("a", 5)
	l.refund("a", 0.5)
	// 3 left, less 4.5: in debt of 1.5, a wait of 2.5 s.
	if ok, wait := l.allow("a"); ok || wait != 2500*time.Millisecond {
		t.Errorf("in debt of 1.5: allowed %v, wait %v; want a wait of 2.5 s", ok, wait)
	}
	if got, want := strings.Join(m.takes, " "), "work:client:a+0 work:client:a+4.5"; got != want {
		t.Errorf("the store's takes = %s, want %s", got, want)
	}
	m.takes, m.down = nil, true
	if ok, _ := l.allow("b"); !ok {
		t.Error("a first request refused with the store down")
	}
	for range 3 {
		l.allow("b")
	}
	if ok, _ := l.allow("b"); ok {
		t.Error("a fifth request allowed with the store down: want the memory's burst of 4 to hold")
	}
	l.charge("b", 1) // counted in memory: the store is not counting
	if got := strings.Join(m.takes, " "); got != "work:client:b+0" || faults != 1 {
		t.Errorf("the store's takes while down = %q, faults %d; want one take (then memory for RateFallback), one fault", got, faults)
	}
	now = now.Add(RateFallback)
	m.takes, m.down = nil, false
	l.refund("a", 1)
	if ok, _ := l.allow("a"); ok {
		t.Error("allowed after the fallback: want the store's bucket, in debt still")
	}
	if got, want := strings.Join(m.takes, " "), "work:client:a-1"; got != want {
		t.Errorf("the store's takes after the fallback = %s, want %s", got, want)
	}
}
