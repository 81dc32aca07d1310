package web

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"rjm/store"
)

// With several servers on one PostgreSQL store, the per-client and
// per-network rates (the limiters of limit.go) are counted in the store's
// buckets (store.Rates), once for the site: a client over its rate on one
// server is refused by all. Each request that takes a token costs one
// statement, one round trip (measured on loopback: see the README); the
// tokens charged or refunded after the work (cost.go, a generation's
// unused CPU) wait in memory and go with the client's next take, so that
// no request makes two. SQLite, one server's store, has no shared
// buckets: its server counts in memory.
//
// A take that the store does not answer within RateTimeout, or answers
// with an error, is counted in the server's memory instead (never
// unlimited, never a 5xx), and so is every take for RateFallback after:
// a store down costs the requests one wait, not one each.
const (
	RateTimeout  = 250 * time.Millisecond
	RateFallback = 10 * time.Second
)

// forgetRatesEvery is how often a server removes the store's buckets
// that are full again (a missing bucket is a full one), so that the table
// holds only the clients of the last few minutes.
const forgetRatesEvery = time.Minute

// sharedRates is the server's side of the store's buckets: the
// adjustments not sent yet, the fallback's deadline, and the last
// cleaning.
type sharedRates struct {
	rates store.Rates
	now   func() time.Time
	// fault is told each failed call (counted and logged by the server).
	fault func(error)

	mu      sync.Mutex
	pending map[string]float64
	down    time.Time // until then, the limiters count in memory

	forgetting atomic.Bool
	forgotAt   atomic.Int64 // unix ns of the last cleaning
}

func newSharedRates(r store.Rates, now func() time.Time, fault func(error)) *sharedRates {
	return &sharedRates{rates: r, now: now, fault: fault, pending: map[string]float64{}}
}

// take takes a token of key's bucket in the store, with the adjustments
// waiting for it; counted is false when the store did not count it (the
// limiter counts in memory).
func (sh *sharedRates) take(key string, every time.Duration, burst float64, now time.Time) (ok bool, tokens float64, counted bool) {
	sh.mu.Lock()
	if now.Before(sh.down) {
		sh.mu.Unlock()
		return false, 0, false
	}
	adjust := sh.pending[key]
	delete(sh.pending, key)
	sh.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), RateTimeout)
	defer cancel()
	ok, tokens, err := sh.rates.Take(ctx, key, every, burst, adjust, now)
	if err != nil {
		sh.mu.Lock()
		sh.down = sh.now().Add(RateFallback)
		sh.mu.Unlock()
		sh.fault(err)
		return false, 0, false
	}
	sh.forget(now)
	return ok, tokens, true
}

// adjust keeps tokens to take from key's bucket (to give back, when
// negative) with its next take; false when the store is not counting
// now, or too many clients wait already (the limiter counts them in
// memory).
func (sh *sharedRates) adjust(key string, tokens float64) bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.now().Before(sh.down) {
		return false
	}
	if _, ok := sh.pending[key]; !ok && len(sh.pending) >= maxClients {
		return false
	}
	sh.pending[key] += tokens
	return true
}

// forget removes the store's full buckets, once every forgetRatesEvery,
// off the request's path.
func (sh *sharedRates) forget(now time.Time) {
	if now.UnixNano()-sh.forgotAt.Load() < int64(forgetRatesEvery) || !sh.forgetting.CompareAndSwap(false, true) {
		return
	}
	sh.forgotAt.Store(now.UnixNano())
	go func() {
		defer sh.forgetting.Store(false)
		ctx, cancel := context.WithTimeout(context.Background(), forgetRatesEvery/2)
		defer cancel()
		if _, err := sh.rates.ForgetRates(ctx, now); err != nil {
			sh.fault(err)
		}
	}()
}
