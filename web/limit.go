package web

import (
	"math"
	"sync"
	"time"
)

// maxClients bounds the limiter's memory: past it, the clients whose
// buckets have refilled are forgotten.
const maxClients = 10_000

// limiter is a token bucket per client: burst tokens, one more every
// `every`. With shared set (a store that several servers share), the
// buckets are the store's, counted once for the site; the limiter's own
// buckets count while the store does not answer.
type limiter struct {
	every time.Duration
	burst float64
	now   func() time.Time
	// shared, when not nil, keeps the buckets, under the key prefix.
	shared *sharedRates
	prefix string

	mu      sync.Mutex
	clients map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(every time.Duration, burst int, now func() time.Time) *limiter {
	every = max(every, 1) // a network's share of a rate of 1 ns
	return &limiter{every: every, burst: float64(burst), now: now, clients: map[string]*bucket{}}
}

// allow takes a token for client (a clientKey), or says how long to
// wait for one.
func (l *limiter) allow(client string) (ok bool, wait time.Duration) {
	now := l.now()
	if l.shared != nil {
		if ok, tokens, counted := l.shared.take(l.prefix+client, l.every, l.burst, now); counted {
			if ok {
				return true, 0
			}
			return false, time.Duration(math.Ceil((1 - tokens) * float64(l.every)))
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.clients[client]
	if b == nil {
		if len(l.clients) >= maxClients {
			l.forget(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.clients[client] = b
	}
	b.tokens = min(l.burst, b.tokens+float64(now.Sub(b.last))/float64(l.every))
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration(math.Ceil((1 - b.tokens) * float64(l.every)))
}

// forget drops the clients whose buckets are full again.
func (l *limiter) forget(now time.Time) {
	for c, b := range l.clients {
		if b.tokens+float64(now.Sub(b.last))/float64(l.every) >= l.burst {
			delete(l.clients, c)
		}
	}
}

// refund gives client back tokens (a part of one taken for work that
// cost less than its worst), up to the burst.
func (l *limiter) refund(client string, tokens float64) {
	if l.shared != nil && l.shared.adjust(l.prefix+client, -tokens) {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.clients[client]; b != nil {
		b.tokens = min(l.burst, b.tokens+tokens)
	}
}

// charge takes tokens more from client (work that cost more than the
// token it took), into debt down to minus the burst: the client waits
// until it is paid back.
func (l *limiter) charge(client string, tokens float64) {
	if l.shared != nil && l.shared.adjust(l.prefix+client, tokens) {
		return
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.clients[client]
	if b == nil {
		b = &bucket{tokens: l.burst, last: now}
		l.clients[client] = b
	}
	b.tokens = max(-l.burst, min(l.burst, b.tokens+float64(now.Sub(b.last))/float64(l.every))-tokens)
	b.last = now
}
