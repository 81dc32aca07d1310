package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"
	"strings"

	"rjm/difficulty"
	"rjm/graph"
	"rjm/maze"
	"rjm/store"
)

// A maze's facts (difficulty.Describe: its design features and what the
// simulated novices did) are a pure function of the maze, and cost up to
// seconds of CPU on a large board. They are computed once per maze, kept
// in the store (store.PutFacts, under factsVersion) so that a restart or
// another server on the store does not compute them again, and kept in
// memory by maze ID. They are computed:
//   - for a maze of the day, by the site, in the background (refit);
//   - for any other maze, when its first play is stored (apiPlays) or its
//     difficulty first asked (apiDifficulty): heavy work of that client,
//     charged to its work rate with a slot (describe), so that a flood of
//     plays of new huge mazes costs the flooder, not everyone.
//
// The model's refit reads the facts known and never computes any.

// factsVersion names the computation of the facts stored: the features
// the model reads and the simulated novices; its first part is raised
// whenever analysis.Analyze or simulate.Novice changes what it computes.
var factsVersion = func() string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%d|%d", strings.Join(difficulty.FeatureNames, ","), difficulty.Novices, difficulty.NoviceSeed)
	return fmt.Sprintf("1-%016x", h.Sum64())
}()

// maxFacts bounds the mazes' facts kept in memory: the most a refit
// reads (difficulty.MaxDescribed) and the mazes of the day.
const maxFacts = difficulty.MaxDescribed + maxArchive

// mazeFacts is what the dashboard shows of a maze that no play changes:
// its design features and what the simulated novices did
// (difficulty.Describe).
type mazeFacts struct {
	difficulty.Facts
}

// knownFacts returns the facts of the maze ID kept in memory or in the
// store, false when they have not been computed; it computes nothing.
func (s *server) knownFacts(ctx context.Context, id string) (*mazeFacts, bool, error) {
	if f, ok := s.facts.get(id); ok {
		return f, true, nil
	}
	b, err := s.store.Facts(ctx, id, factsVersion)
	if errors.Is(err, store.ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	f := &mazeFacts{}
	if err := json.Unmarshal(b, &f.Facts); err != nil || f.Features == nil {
		// Not what this program stores: computed again, as if absent.
		s.internal(requestID(ctx), fmt.Errorf("stored facts of %s: not readable (%v)", id, err))
		return nil, false, nil
	}
	s.facts.put(id, f)
	return f, true, nil
}

// computeFacts computes the facts of maze m, whose ID is id, on this
// goroutine, counts them, and keeps them in memory and in the store (a
// store that fails to keep them is logged: they are computed again after
// a restart).
func (s *server) computeFacts(ctx context.Context, id string, m *maze.Maze) *mazeFacts {
	f := &mazeFacts{difficulty.Describe(graph.MustCompile(m.Board), m)}
	s.metrics.factsComputed.Inc()
	s.facts.put(id, f)
	if b, err := json.Marshal(f.Facts); err != nil {
		s.internal(requestID(ctx), fmt.Errorf("facts of %s: %w", id, err))
	} else if err := s.store.PutFacts(ctx, id, factsVersion, b); err != nil {
		s.internal(requestID(ctx), err)
	}
	return f
}

// describe returns the facts of maze m, whose ID is id, for the request
// r: known, or computed as r's client's heavy work (its work rate, a work
// slot, its CPU charged), or an answer refusing it (429, 503).
func (s *server) describe(r *http.Request, id string, m *maze.Maze) (*mazeFacts, *httpError) {
	f, ok, err := s.knownFacts(r.Context(), id)
	if err != nil {
		return nil, s.internal(requestID(r.Context()), err)
	}
	if ok {
		return f, nil
	}
	if _, herr := s.heavy(r, s.describing, func() { f = s.computeFacts(r.Context(), id, m) }); herr != nil {
		return nil, herr
	}
	return f, nil
}

// siteFacts returns the facts of a maze of the day: known, or computed as
// the site's own work, at the heavy work's low priority (in the
// background: see refit).
func (s *server) siteFacts(ctx context.Context, id string, m *maze.Maze) (*mazeFacts, error) {
	f, ok, err := s.knownFacts(ctx, id)
	if err != nil || ok {
		return f, err
	}
	lowPriority(workNice, func() { f = s.computeFacts(ctx, id, m) })
	return f, nil
}
