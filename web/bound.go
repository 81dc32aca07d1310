package web

import (
	"fmt"
	"math"
	"net/http"
	"runtime"
	"strconv"
	"time"
)

// Heavy work — a generation, an analysis, a page drawn for a maze ID not
// in the cache — is bounded twice. Server-wide, at most
// Options.MaxWorkers generations run at once (by default one core fewer
// than the machine has, so that a core is always left for the cheap
// pages), and twice as many analyses and drawings, which are short; a
// request past them is answered 503 at once with Retry-After, never
// queued. Per client, a token bucket sets the rate: its default is such
// that one client's rate times the work's worst cost stays under a core
// (a generation may take GenerateTimeout, 5 s: one per 10 s is half a
// core; an analysis or a drawing at most WorstWork, 0.3 s: one a second
// is under a third of one).

// BusyRetry is the Retry-After of the answer 503 to heavy work past
// Options.MaxWorkers.
const BusyRetry = 2 * time.Second

// Defaults of the time limit of a generation, of the worst cost of an
// analysis or a drawing (the largest page drawn, MaxPageSide, measured),
// and of the per-client rates (see Options).
const (
	DefaultGenerateTimeout = 5 * time.Second
	WorstWork              = 300 * time.Millisecond

	DefaultGenerateEvery = 10 * time.Second
	DefaultGenerateBurst = 6
	DefaultWorkEvery     = time.Second
	DefaultWorkBurst     = 30
	DefaultPlayEvery     = 2 * time.Second
	DefaultPlayBurst     = 20
)

// defaultWorkers is MaxWorkers' default: a core left for the cheap pages.
func defaultWorkers() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// slots is the server-wide bound on heavy work: a semaphore that never
// queues.
type slots chan struct{}

// tryAcquire takes a slot if one is free.
func (s slots) tryAcquire() bool {
	select {
	case s <- struct{}{}:
		return true
	default:
		return false
	}
}

func (s slots) release() { <-s }

// heavy runs f, heavy work of the given kind ("generation", "analysis",
// "drawing") for request r, within a free slot and a token of the
// client's bucket in lim; when either is missing it answers the refusal
// (503 or 429, with Retry-After) instead and f does not run. Generations
// have slots of their own (Options.MaxWorkers); analyses and drawings
// share twice as many. A kind "" is light work: f just runs.
func (s *server) heavy(r *http.Request, lim *limiter, kind string, f func()) *httpError {
	if kind == "" {
		f()
		return nil
	}
	sl := s.workSlots
	if kind == "generation" {
		sl = s.genSlots
	}
	if !sl.tryAcquire() {
		s.metrics.refused.WithLabelValues(kind, "busy").Inc()
		return busyAnswer()
	}
	defer sl.release()
	if ok, wait := lim.allow(s.clientKey(r)); !ok {
		s.metrics.refused.WithLabelValues(kind, "rate").Inc()
		return retryLater(http.StatusTooManyRequests, wait, "too many "+kind+"s: try again in %d s")
	}
	running := s.metrics.running.WithLabelValues(kind)
	running.Inc()
	defer running.Dec()
	f()
	return nil
}

// busy answers 503 and returns true when every generation slot is taken:
// a first look, before the request's body is read, so that a refusal
// costs little (heavy looks again, for certain).
func (s *server) busy(w http.ResponseWriter) bool {
	if len(s.genSlots) < cap(s.genSlots) {
		return false
	}
	s.metrics.refused.WithLabelValues("generation", "busy").Inc()
	busyAnswer().write(w)
	return true
}

func busyAnswer() *httpError {
	return retryLater(http.StatusServiceUnavailable, BusyRetry, "the server is busy with other work: try again in %d s")
}

// retryLater is a refusal with Retry-After: wait, rounded up to seconds;
// msg has a %d for them.
func retryLater(code int, wait time.Duration, msg string) *httpError {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	return &httpError{code: code, msg: fmt.Sprintf(msg, secs), header: [2]string{"Retry-After", strconv.Itoa(secs)}}
}

// clientKey is the rate limits' key of r's client.
func (s *server) clientKey(r *http.Request) string {
	return clientKey(clientOf(r, s.opt.TrustedProxies))
}
