package web

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"rjm/store"
)

// What heavy work costs is measured, not assumed: an analysis or a
// drawing takes a token of the work rate (WorstWork of CPU) to start, and
// when its thread used more CPU than that (the design features and
// simulated novices of /api/difficulty for a large maze nobody played
// take up to 1.7 s), its client and network are charged the rest, into
// debt (see heavy). A client asking such work once a second is then held
// to its rate's worth of CPU, and, as no network holds every slot,
// another network's work still finds one.
//
// GET /api/stats reads summaries the store keeps, but the median walks
// the distinct solve times (1.2 s at a million of them): its answer, a
// pure function of the maze's stored plays, is kept per maze until a play
// of the maze is stored here or StatsMaxAge passes (another server's
// plays), made once however many ask at once, and a miss is charged to
// the work rate as an analysis, by its measured time.

// StatsMaxAge is how long a maze's stats are kept when no play of it is
// stored by this server (another server on the store may store some).
const StatsMaxAge = 10 * time.Second

// maxStats bounds the mazes whose stats are kept.
const maxStats = 10_000

// statsCache keeps the mazes' stats, and the reads under way.
type statsCache struct {
	kept    *lru[*statsEntry]
	mu      sync.Mutex
	flights map[string]*statsFlight
}

type statsEntry struct {
	st store.Stats
	at time.Time
}

// statsFlight is one maze's stats being read: done is closed when st (or
// err) is set; stale when a play of the maze was stored meanwhile.
type statsFlight struct {
	done  chan struct{}
	st    store.Stats
	err   error
	stale bool
}

func newStatsCache() *statsCache {
	return &statsCache{kept: newLRU[*statsEntry](maxStats), flights: map[string]*statsFlight{}}
}

// forget drops maze's stats: a play of it was stored.
func (c *statsCache) forget(maze string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.kept.remove(maze)
	if f := c.flights[maze]; f != nil {
		f.stale = true
	}
}

// statsOf returns the stats of the maze ID for r: kept, or read once for
// every request asking at once, within the work rate.
func (s *server) statsOf(r *http.Request, id string) (store.Stats, *httpError) {
	c := s.stats
	ctx := r.Context()
	for {
		c.mu.Lock()
		if e, ok := c.kept.get(id); ok && time.Since(e.at) < StatsMaxAge {
			c.mu.Unlock()
			return e.st, nil
		}
		if f := c.flights[id]; f != nil {
			c.mu.Unlock()
			select {
			case <-f.done:
			case <-ctx.Done():
				return store.Stats{}, clientGone()
			}
			if errors.Is(f.err, context.Canceled) {
				continue // the reader went away: read as ourselves
			}
			if f.err != nil {
				return store.Stats{}, s.internal(requestID(ctx), f.err)
			}
			return f.st, nil
		}
		f := &statsFlight{done: make(chan struct{})}
		c.flights[id] = f
		c.mu.Unlock()

		var herr *httpError
		if ok, wait := s.analysis.rate.allow(s, r); !ok {
			s.metrics.refused.WithLabelValues("stats", "rate").Inc()
			herr = retryLater(http.StatusTooManyRequests, wait, "too many requests for stats from your address or network: try again in %d s")
			f.err = context.Canceled // those waiting read as themselves
		} else {
			start := time.Now()
			f.st, f.err = s.store.Stats(ctx, id)
			if took := time.Since(start); took > WorstWork {
				s.analysis.rate.charge(s, r, float64(took-WorstWork)/float64(WorstWork))
			}
			if f.err != nil {
				herr = s.internal(requestID(ctx), f.err)
			}
		}
		c.mu.Lock()
		delete(c.flights, id)
		if f.err == nil && !f.stale {
			c.kept.put(id, &statsEntry{f.st, time.Now()})
		}
		c.mu.Unlock()
		close(f.done)
		return f.st, herr
	}
}
