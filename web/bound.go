package web

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"time"
)

// Heavy work — a generation, an analysis, a page drawn for a maze ID not
// in the cache, a hint not in the cache — is bounded three ways, in this
// order, so that a refusal costs nothing:
//
//  1. Per client and per network (an IPv4 /24, an IPv6 /48), a token
//     bucket sets the rate: its default is such that one client's rate
//     times the work's worst cost stays under a core (a generation may
//     take GenerateTimeout, 5 s: one per 10 s is half a core; a token of
//     analysis or drawing is WorstWork, 0.3 s, of CPU, and work that used
//     more is charged its measured cost (see cost.go): one token a second
//     is under a third of one). A network has NetworkFactor clients'
//     worth. Past it: 429 with Retry-After.
//  2. Server-wide, each kind has Options.MaxWorkers slots (by default one
//     core fewer than the machine has). An analysis, a drawing or a hint
//     past them is answered 503 at once with Retry-After, never queued.
//     Generations, and analyses and drawings, have one slot more, which
//     no network may take while it holds MaxWorkers already: a flood from
//     one network cannot hold them all, and another network's work finds
//     a slot. A generation waits for a slot in a short queue
//     (QueueLength, one place per network) for at most QueueWait; a
//     freed slot goes to the network served least recently.
//  3. A generation runs on a thread of its own at a lower priority
//     (nice_linux.go), so that the cores go to the cheap pages first. The
//     other heavy work, short, runs at the usual priority: a Go thread
//     the kernel holds back holds its processor too, and a garbage
//     collection waits for it, stalling every request (measured: GET /
//     fell to 2% of its quiet rate under an analysis flood with those
//     threads at niceness +10, and kept 75% without).
//
// A generation's rate is counted in CPU: a generation takes a whole token
// (GenerateTimeout of CPU) to start and gives back what it did not use,
// so that a client asking cheap generations often (a default one takes
// about 0.1 s) is not refused while one asking the largest is held to
// GenerateEvery; each takes at least MinGenerateCost.
//
// A generation cut short by its time limit is answered 422 (ask for less
// work) only when it had the CPU for most of the limit; when the machine
// was too busy to give it, the answer is 503 with Retry-After.

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
	DefaultHintEvery     = 250 * time.Millisecond
	DefaultHintBurst     = 60
	DefaultPlayEvery     = 2 * time.Second
	DefaultPlayBurst     = 20
)

// MinGenerateCost is the least a generation takes of its client's rate,
// in tokens (one token is a generation of GenerateTimeout of CPU).
const MinGenerateCost = 0.2

// NetworkFactor is how many clients' rate one network (an IPv4 /24, an
// IPv6 /48) has in all.
const NetworkFactor = 8

// QueueLength bounds the generations waiting for a slot, and QueueWait
// how long one waits before the answer 503.
const (
	QueueLength = 8
	QueueWait   = 6 * time.Second
)

// defaultWorkers is MaxWorkers' default: a core left for the cheap pages.
func defaultWorkers() int { return max(1, runtime.GOMAXPROCS(0)-1) }

// charge takes from r's client and network tokens more of the rate.
func (rt rate) charge(s *server, r *http.Request, tokens float64) {
	a := clientOf(r, s.opt.TrustedProxies)
	rt.client.charge(clientKey(a), tokens)
	rt.network.charge(networkKey(a), tokens)
}

// refund gives r's client and network back tokens of the rate.
func (rt rate) refund(s *server, r *http.Request, tokens float64) {
	a := clientOf(r, s.opt.TrustedProxies)
	rt.client.refund(clientKey(a), tokens)
	rt.network.refund(networkKey(a), tokens)
}

// rate is a per-client limiter and its network's.
type rate struct{ client, network *limiter }

// newRate returns the rate named name: counted in shared's buckets (see
// shared.go) when not nil, in memory otherwise.
func newRate(name string, every time.Duration, burst int, now func() time.Time, shared *sharedRates) rate {
	rt := rate{newLimiter(every, burst, now), newLimiter(every/NetworkFactor, burst*NetworkFactor, now)}
	rt.client.shared, rt.client.prefix = shared, name+":client:"
	rt.network.shared, rt.network.prefix = shared, name+":network:"
	return rt
}

// allow takes a token of r's client and one of its network, or says how
// long to wait.
func (rt rate) allow(s *server, r *http.Request) (bool, time.Duration) {
	a := clientOf(r, s.opt.TrustedProxies)
	if ok, wait := rt.client.allow(clientKey(a)); !ok {
		return false, wait
	}
	return rt.network.allow(networkKey(a))
}

// A refusal (429, or 503 with Retry-After) is answered after the tarpit
// (Options.Tarpit, DefaultTarpit unless set), not
// at once: a client that asks again as soon as it is answered (a flood
// over a few connections) then sends a few requests a second per
// connection, not thousands, and leaves the cores to the others. At most MaxTarpit
// answers wait at once (each holds only its connection); past them the
// answer is at once.
const (
	DefaultTarpit = 250 * time.Millisecond
	MaxTarpit     = 4096
)

// tarpit waits Options.Tarpit before a refusal is sent, when room is
// left.
func (s *server) tarpit(r *http.Request) {
	if s.opt.Tarpit <= 0 {
		return
	}
	select {
	case s.tarpits <- struct{}{}:
	default:
		return
	}
	defer func() { <-s.tarpits }()
	t := time.NewTimer(s.opt.Tarpit)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
	}
}

// slots is the server-wide bound on one kind of heavy work: n slots, of
// which one network holds at most perNet, and a queue of at most queue
// waiters, at most one per network.
type slots struct {
	mu      sync.Mutex
	n       int
	perNet  int
	used    int
	queue   int
	wait    []*waiter
	running map[string]int
	// served is when each network last got a slot (the least recently
	// served waiter goes first); forgotten past maxClients.
	served map[string]time.Time
}

type waiter struct {
	network string
	ready   chan struct{} // closed when the slot is handed over
	handed  bool
}

func newSlots(n, perNet, queue int) *slots {
	return &slots{n: n, perNet: perNet, queue: queue, running: map[string]int{}, served: map[string]time.Time{}}
}

// free reports whether network may take a slot now.
func (s *slots) free(network string) bool {
	return s.used < s.n && s.running[network] < s.perNet
}

func (s *slots) take(network string) {
	s.used++
	s.running[network]++
	if len(s.served) >= maxClients {
		clear(s.served)
	}
	s.served[network] = time.Now()
}

// acquire takes a slot for network, waiting up to wait for one when the
// queue has room (and no other request of the network waits). It reports
// whether it got one and how long it waited.
func (s *slots) acquire(ctx context.Context, network string, wait time.Duration) (bool, time.Duration) {
	s.mu.Lock()
	if s.free(network) {
		s.take(network)
		s.mu.Unlock()
		return true, 0
	}
	if wait <= 0 || len(s.wait) >= s.queue || s.waiting(network) {
		s.mu.Unlock()
		return false, 0
	}
	w := &waiter{network: network, ready: make(chan struct{})}
	s.wait = append(s.wait, w)
	s.mu.Unlock()
	start := time.Now()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-w.ready:
		return true, time.Since(start)
	case <-t.C:
	case <-ctx.Done():
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if w.handed { // handed over as we gave up: take it
		return true, time.Since(start)
	}
	for i, x := range s.wait {
		if x == w {
			s.wait = append(s.wait[:i], s.wait[i+1:]...)
			break
		}
	}
	return false, time.Since(start)
}

func (s *slots) waiting(network string) bool {
	for _, w := range s.wait {
		if w.network == network {
			return true
		}
	}
	return false
}

// release frees network's slot, and hands the free slots to the waiters
// that may take one, the network served least recently first.
func (s *slots) release(network string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.used--
	if s.running[network]--; s.running[network] <= 0 {
		delete(s.running, network)
	}
	for {
		best := -1
		for i, w := range s.wait {
			if s.free(w.network) && (best < 0 || s.served[w.network].Before(s.served[s.wait[best].network])) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		w := s.wait[best]
		s.wait = append(s.wait[:best], s.wait[best+1:]...)
		w.handed = true
		s.take(w.network)
		close(w.ready)
	}
}

// inUse returns the slots taken and the requests waiting.
func (s *slots) inUse() (used, waiting int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.used, len(s.wait)
}

// full reports whether network can neither take a slot nor wait for one.
func (s *slots) full(network string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.free(network) && (len(s.wait) >= s.queue || s.waiting(network))
}

// heavyKind is one kind of heavy work: its rate, slots, queue wait and
// thread priority.
type heavyKind struct {
	name  string
	rate  rate
	slots *slots
	wait  time.Duration
	nice  int
	// unit, when not 0, is the CPU time one token of the rate stands
	// for: work that used more is charged the rest (see cost.go).
	unit time.Duration
}

// heavy runs f, heavy work of kind k for request r, within the client's
// and its network's rate (unless k has none: its handler took it) and a
// slot; when either is missing it answers
// the refusal (429 or 503, with Retry-After) instead and f does not run.
// f runs at k's lower priority; heavy returns the CPU time f's thread
// used.
func (s *server) heavy(r *http.Request, k *heavyKind, f func()) (time.Duration, *httpError) {
	if k.rate.client == nil || r.Context().Value(rateTaken{}) == k {
		// the rate was taken already, by the handler
	} else if ok, wait := k.rate.allow(s, r); !ok {
		s.metrics.refused.WithLabelValues(k.name, "rate").Inc()
		return 0, retryLater(http.StatusTooManyRequests, wait, "too many "+k.name+"s from your address or network: try again in %d s")
	}
	network := networkKey(clientOf(r, s.opt.TrustedProxies))
	ok, waited := k.slots.acquire(r.Context(), network, k.wait)
	if k.wait > 0 {
		s.metrics.queueWait.WithLabelValues(k.name).Observe(waited.Seconds())
	}
	if !ok {
		s.metrics.refused.WithLabelValues(k.name, "busy").Inc()
		return 0, busyAnswer()
	}
	defer k.slots.release(network)
	running := s.metrics.running.WithLabelValues(k.name)
	running.Inc()
	defer running.Dec()
	cpu := lowPriority(k.nice, f)
	if k.unit > 0 && cpuMeasured && cpu > k.unit && k.rate.client != nil {
		k.rate.charge(s, r, float64(cpu-k.unit)/float64(k.unit))
	}
	return cpu, nil
}

// rateTaken marks a request's context: the rate of the kind of heavy
// work it holds was taken already.
type rateTaken struct{}

// takeRate takes a token of k's rate for r before anything else is done
// for it, and returns r marked so that heavy does not take another; or it
// answers 429 and returns nil.
func (s *server) takeRate(w http.ResponseWriter, r *http.Request, k *heavyKind) *http.Request {
	if ok, wait := k.rate.allow(s, r); !ok {
		s.metrics.refused.WithLabelValues(k.name, "rate").Inc()
		retryLater(http.StatusTooManyRequests, wait, "too many "+k.name+"s from your address or network: try again in %d s").write(w)
		return nil
	}
	return r.WithContext(context.WithValue(r.Context(), rateTaken{}, k))
}

// busy answers 503 and returns true when every generation slot is taken
// and the queue has no room for r: a first look, before the request's
// body is read, so that a refusal costs little (heavy looks again, for
// certain).
func (s *server) busy(w http.ResponseWriter, r *http.Request) bool {
	if !s.gen.slots.full(networkKey(clientOf(r, s.opt.TrustedProxies))) {
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
