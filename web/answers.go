package web

import (
	"fmt"
	"hash/fnv"
	"net/http"
	"net/url"
	"strings"

	"rjm/fault"
	"rjm/internal/buildinfo"
	"rjm/maze"
)

// Answers that are pure functions of their URL — the player's page of a
// maze ID (/m/{id}), its printable page (/print/{id}), its analysis
// (/api/maze/{id}) and a hint (/api/hint?maze=&moves=) — are made once,
// as heavy work (see bound.go), and kept in an LRU bounded in count and
// bytes (Options.CacheBytes). They are sent with an ETag (of the body
// and the build, so a new build makes new tags; If-None-Match answers
// 304) and a Cache-Control: the JSON answers, which the ID fixes, are
// immutable; the pages, which also carry the site's look, are kept an
// hour and then revalidated.

// DefaultCacheBytes is Options.CacheBytes' default.
const DefaultCacheBytes = 64 << 20

// maxAnswers bounds the number of answers kept, whatever their size.
const maxAnswers = 20_000

// Cache-Control of the cached answers.
const (
	immutable   = "public, max-age=31536000, immutable"
	pageControl = "public, max-age=3600"
)

// cachedAnswer is an answer kept: its body and headers.
type cachedAnswer struct {
	body         []byte
	ctype, etag  string
	cacheControl string
}

// answerSize is an answer's bytes as the cache counts them (its key's
// are counted by the cache itself).
func answerSize(a *cachedAnswer) int {
	return len(a.body) + len(a.ctype) + len(a.etag) + len(a.cacheControl) + 64
}

// An answer's key is canonical, so that a client cannot fill the cache
// with spellings of one answer: the path alone for the pages and the
// analysis of a maze ID (a query string is ignored; another spelling of
// the ID is sent to the canonical path, see canonicalPath), and for a hint the
// maze ID and the moves as the solver writes them (any other query
// parameter is refused, see apiHint).

// canonicalPath checks that the request's {id}, the path's last segment,
// is a maze ID spelt as the site writes it (maze.Maze.ID): another
// spelling of one (case, leading zeros, spaces) is sent to the canonical
// path (301, the query dropped: these answers take none), so that one
// maze's answer is made and kept once, under one key, whatever the
// spellings asked for. An ID that does not parse is answered 400, as a
// page when page is true. It reports whether the path is canonical.
func (s *server) canonicalPath(w http.ResponseWriter, r *http.Request, page bool) bool {
	raw := r.PathValue("id")
	m, err := maze.ParseID(raw)
	var id string
	if err == nil {
		id, err = m.ID()
	}
	if err != nil {
		if page {
			s.pageAnswer(w, badInput(fault.In("That is not a maze ID", err)))
		} else {
			badInput(err).write(w)
		}
		return false
	}
	if id == raw {
		return true
	}
	to := (&url.URL{Path: strings.TrimSuffix(r.URL.Path, raw) + id}).EscapedPath()
	w.Header().Set("Cache-Control", immutable)
	http.Redirect(w, r, to, http.StatusMovedPermanently)
	return false
}

// fromCache answers r from the cache under key and returns true, or
// returns false when its answer is not kept.
func (s *server) fromCache(w http.ResponseWriter, r *http.Request, key string) bool {
	a, ok := s.answers.get(key)
	if !ok {
		s.metrics.cache.WithLabelValues("miss").Inc()
		return false
	}
	s.metrics.cache.WithLabelValues("hit").Inc()
	a.write(w, r)
	return true
}

// mazePage answers the page of the maze whose ID is the request's
// {id}: from the cache, or made by page (as heavy work, bounded) and kept.
func (s *server) mazePage(w http.ResponseWriter, r *http.Request, page func(*maze.Maze) ([]byte, error)) {
	if s.fromCache(w, r, r.URL.Path) {
		return
	}
	if !s.canonicalPath(w, r, true) {
		return
	}
	m, ok := s.pathMaze(w, r)
	if !ok {
		return
	}
	s.makeCached(w, r, r.URL.Path, s.drawing, pageControl, true, func() ([]byte, string, *httpError) {
		b, err := page(m)
		if err != nil {
			return nil, "", s.internal(requestID(r.Context()), err)
		}
		return b, htmlType, nil
	})
}

// makeCached makes r's answer with mk as heavy work of the given kind,
// keeps it under key and answers it. A refusal (503, 429) is answered as a page
// when page is true, as a JSON error otherwise; so is mk's error, which
// is not kept.
func (s *server) makeCached(w http.ResponseWriter, r *http.Request, key string, kind *heavyKind, cacheControl string, page bool,
	mk func() (body []byte, ctype string, herr *httpError)) {
	var body []byte
	var ctype string
	var mkErr *httpError
	_, herr := s.heavy(r, kind, func() { body, ctype, mkErr = mk() })
	if herr == nil {
		herr = mkErr
	}
	if herr != nil {
		if page {
			if herr.header[0] != "" {
				w.Header().Set(herr.header[0], herr.header[1])
			}
			s.pageError(w, herr.code, herr.msg)
			return
		}
		herr.write(w)
		return
	}
	h := fnv.New64a()
	h.Write([]byte(buildinfo.Version()))
	h.Write(body)
	a := &cachedAnswer{body: body, ctype: ctype, etag: fmt.Sprintf(`"%016x"`, h.Sum64()), cacheControl: cacheControl}
	s.answers.put(key, a)
	a.write(w, r)
}

// write answers a, or 304 when the client has it (If-None-Match).
func (a *cachedAnswer) write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("ETag", a.etag)
	h.Set("Cache-Control", a.cacheControl)
	if matches(r.Header.Get("If-None-Match"), a.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", a.ctype)
	w.Write(a.body)
}
