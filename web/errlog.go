package web

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"rjm/store"
)

// ErrorLogPeriod is how often one cause of error is logged: a fault that
// fails every request (a full disk, a database down) is one line per
// period, with the count of the failures it stands for, not one per
// request.
const ErrorLogPeriod = time.Minute

// StoreRetry is the Retry-After of the answer 503 when the store fails.
const StoreRetry = 5 * time.Second

// DefaultStoreTimeout is Options.StoreTimeout's default: the longest a
// request waits for one store call.
const DefaultStoreTimeout = 2 * time.Second

// maxCauses bounds the causes errLog remembers.
const maxCauses = 1000

// errLog logs each cause of error (its message) at most once per
// ErrorLogPeriod.
type errLog struct {
	now func() time.Time

	mu     sync.Mutex
	causes map[string]*cause
}

type cause struct {
	last   time.Time
	missed int
}

func newErrLog(now func() time.Time) *errLog {
	return &errLog{now: now, causes: map[string]*cause{}}
}

// log logs msg and err at level Error unless err's cause was logged
// within the period; the line names the request (its ID, "" for none)
// whose failure it logs, and says how many were not logged since.
func (e *errLog) log(l *slog.Logger, request, msg string, err error) {
	key := msg + ": " + err.Error()
	if len(key) > 200 {
		key = key[:200]
	}
	now := e.now()
	e.mu.Lock()
	c := e.causes[key]
	if c == nil {
		if len(e.causes) >= maxCauses {
			clear(e.causes)
		}
		c = &cause{}
		e.causes[key] = c
	} else if now.Sub(c.last) < ErrorLogPeriod {
		c.missed++
		e.mu.Unlock()
		return
	}
	missed := c.missed
	c.last, c.missed = now, 0
	e.mu.Unlock()
	l.Error(msg, "request", request, "err", err, "not_logged_since", missed)
}

// storeFault is a store call's failure that is no answer of the store
// (not ErrNotFound nor ErrDuplicate) and not the request's end: a fault
// of the database or its disk, or the call's deadline passed.
type storeFault struct{ err error }

func (f storeFault) Error() string { return f.err.Error() }
func (f storeFault) Unwrap() error { return f.err }

// isStoreFault reports whether err is a store's fault.
func isStoreFault(err error) bool {
	var f storeFault
	return errors.As(err, &f)
}

// isFault reports whether a store call's err is a fault, not an answer
// or the request's end.
func isFault(err error) bool {
	return err != nil && !errors.Is(err, store.ErrNotFound) && !errors.Is(err, store.ErrDuplicate) &&
		!errors.Is(err, store.ErrTokenUsed) && !errors.Is(err, context.Canceled)
}
