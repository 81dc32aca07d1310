package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// securityHeaders are sent with every answer: no script but the site's
// own files (and the WebAssembly they compile: the workbench's engine,
// wasm.go), no framing, no type sniffing.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"},
	{"X-Content-Type-Options", "nosniff"},
	{"X-Frame-Options", "DENY"},
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
}

// guard wraps h: security headers, the body limit, JSON errors for the
// mux's own answers (404, 405) under /api/, and no panic reaching a
// client (it is logged and answered 500); and it counts, times and logs
// every request (see observe).
func (s *server) guard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		s.metrics.inFlight.Inc()
		defer s.metrics.inFlight.Dec()
		for _, kv := range securityHeaders {
			w.Header().Set(kv[0], kv[1])
		}
		// A proxy in front (nginx's gzip, a CDN) may compress any answer:
		// a cache keeps one copy per encoding asked for.
		w.Header().Set("Vary", "Accept-Encoding")
		id := s.reqTag + "-" + strconv.FormatUint(s.reqSeq.Add(1), 36)
		w.Header().Set("X-Request-ID", id)
		r = r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id))
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		jw := &jsonErrors{ResponseWriter: w, api: strings.HasPrefix(r.URL.Path, "/api/")}
		defer s.observe(jw, r, start)
		if msg := badQuery(r.URL.Path, r.URL.RawQuery); msg != "" {
			writeError(jw, http.StatusBadRequest, msg)
			return
		}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic serving request", "method", r.Method, "path", r.URL.Path, "panic", v, "request", id)
				if !jw.wrote {
					writeError(jw, http.StatusInternalServerError, "internal error")
				}
			}
		}()
		h.ServeHTTP(jw, r)
		if (jw.code == http.StatusTooManyRequests || jw.code == http.StatusServiceUnavailable) && jw.Header().Get("Retry-After") != "" {
			s.tarpit(r) // a refusal: sent when the handler returns
		}
	})
}

// apiParams are the query parameters each API endpoint reads; an API
// path not listed reads none. nil: the handler refuses the others
// itself, after taking a token of its rate (/api/hint, /api/token), so
// that a flood of junk parameters is held to the rate and its refusals
// wait (the tarpit), as any other flood of the endpoint.
var apiParams = map[string][]string{
	"/api/daily":      {"date", "offset"},
	"/api/stats":      {"maze"},
	"/api/difficulty": {"maze"},
	"/api/hint":       nil,
	"/api/token":      nil,
}

// badQuery says what is wrong with the query string of path that every
// handler would otherwise read its own way: a parameter given twice (the
// first, the last, or all of them?), one that does not decode, or, on an
// API endpoint, one it does not read (a misspelt parameter is not
// ignored); "" when none. Every endpoint refuses such a query (400),
// before anything else. A page (/, /m/{id}, ...) ignores the parameters it
// does not read, so that a shared link with a tracker's parameters still
// opens: its answer does not depend on them.
func badQuery(path, raw string) string {
	if raw == "" {
		return ""
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return undecodable(raw)
	}
	for k, v := range q {
		if len(v) > 1 {
			return fmt.Sprintf("query parameter %.40q is given %d times: give it once", k, len(v))
		}
	}
	if want, listed := apiParams[path]; strings.HasPrefix(path, "/api/") && (want != nil || !listed) {
		for k := range q {
			if !slices.Contains(want, k) {
				if len(want) == 0 {
					return fmt.Sprintf("query parameter %.40q: %s takes none", k, path)
				}
				return fmt.Sprintf("query parameter %.40q: %s takes only %s", k, path, strings.Join(want, " and "))
			}
		}
	}
	return ""
}

// undecodable says, in rjm's words, which parameter of a query string
// that url.ParseQuery refuses is wrong: a ';' (which is not a separator),
// or a '%' not followed by two hex digits in a name or a value.
func undecodable(raw string) string {
	for part := range strings.SplitSeq(raw, "&") {
		if strings.Contains(part, ";") {
			return fmt.Sprintf("query %.40q: separate parameters with '&', not ';'", part)
		}
		k, v, _ := strings.Cut(part, "=")
		if _, err := url.QueryUnescape(k); err != nil {
			return fmt.Sprintf("query parameter %.40q: a '%%' in its name is not followed by two hex digits", k)
		}
		if _, err := url.QueryUnescape(v); err != nil {
			return fmt.Sprintf("query parameter %.40q: a '%%' in its value is not followed by two hex digits", k)
		}
	}
	return "the query string is not name=value pairs separated by '&'"
}

// jsonErrors turns the plain-text errors of http.Error (the mux's 404 and
// 405) into the API's JSON errors.
type jsonErrors struct {
	http.ResponseWriter
	api, wrote, swallow bool
	// code and n are the status and the body's size answered.
	code int
	n    int64
}

func (w *jsonErrors) WriteHeader(code int) {
	if w.wrote {
		return
	}
	w.wrote, w.code = true, code
	h := w.Header()
	if w.api && code >= 400 && strings.HasPrefix(h.Get("Content-Type"), "text/plain") {
		h.Set("Content-Type", "application/json")
		w.ResponseWriter.WriteHeader(code)
		body, _ := json.Marshal(errorBody{Error: http.StatusText(code)})
		w.ResponseWriter.Write(append(body, '\n'))
		w.swallow = true
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *jsonErrors) Write(p []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	if w.swallow {
		return len(p), nil
	}
	n, err := w.ResponseWriter.Write(p)
	w.n += int64(n)
	return n, err
}

func (w *jsonErrors) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observe counts and times the request by route and status, and logs it
// at level Info: method, route, path, status, size and duration. No
// personal data: the client's address only with Options.LogClients, the
// query string never.
func (s *server) observe(w *jsonErrors, r *http.Request, start time.Time) {
	d := time.Since(start)
	route := r.Pattern
	if route == "" {
		route = "none"
	}
	code := w.code
	if !w.wrote {
		code = http.StatusOK
	}
	if code >= 500 && errors.Is(r.Context().Err(), context.Canceled) {
		code = StatusClientClosed // the client went away: not the server's error
	}
	s.metrics.requests.WithLabelValues(route, strconv.Itoa(code)).Inc()
	s.metrics.latency.WithLabelValues(route).Observe(d.Seconds())
	if !s.reqLog.Enabled(r.Context(), slog.LevelInfo) {
		return
	}
	attrs := []slog.Attr{slog.String("request", requestID(r.Context())), slog.String("method", r.Method), slog.String("route", route), slog.String("path", r.URL.Path),
		slog.Int("status", code), slog.Int64("bytes", w.n), slog.Duration("duration", d)}
	if s.opt.LogClients {
		attrs = append(attrs, slog.String("client", clientOf(r, s.opt.TrustedProxies).String()))
	}
	s.reqLog.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
}

// A request's ID, in its context and in the answer's X-Request-ID header,
// ties its log lines together: the process's random tag and the request's
// number.
type requestIDKey struct{}

// requestID returns the ID of the request of ctx, "" for none.
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// requestTag is this process's part of its requests' IDs.
func requestTag() string {
	var b [4]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
