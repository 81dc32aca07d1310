package web_test

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rjm/web"
)

// goSpeaks matches what Go's standard library (or a library's package
// prefix) says when its error reaches a user unworded: strconv's and
// time's parse errors, encoding/json's, mime's and multipart's, url's
// escapes, net/http's own, a read cut short.
var goSpeaks = regexp.MustCompile(`strconv\.|\btime: (unknown|invalid|missing)|\bjson: |multipart: |\bmime: |NextPart|invalid syntax|invalid URL escape|\bhttp: |\bEOF\b|unexpected end of|parsing "|^(maze|graph|solve|generate|render|daily|store|difficulty|design|web|fault): `)

// Every route of the site (web.Routes, walked, so that a new route is
// covered when it is added) is sent malformed input: a GET a path of
// nonsense and queries that do not decode or whose values are nonsense, a POST every kind of malformed body (empty, cut-off
// JSON, a multipart form without its boundary or its parts, a URL-encoded
// form with a bad escape, a Content-Type that cannot be read, bytes that
// are not text). No answer is a server error, and none carries Go's
// words (goSpeaks): every error is worded by rjm.
func TestMalformedEveryRoute(t *testing.T) {
	ts, st := newServer(t, web.Options{GenerateBurst: 1000, WorkBurst: 1000, HintBurst: 1000, PlayBurst: 1000})
	bodies := []struct{ contentType, body string }{
		{"", ""},
		{"application/json", `{"maze": "5x5:1`},
		{"application/json", `{"rows": "six"}`},
		{"multipart/form-data", "maze=1"},
		{"multipart/form-data; boundary=b", ""},
		{"multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"maze\"\r\n\r\n1 G"},
		{"application/x-www-form-urlencoded", "maze=%zz&rows=%"},
		{"a;b", "maze=1"},
		{"text/plain", "\xff\xfe\x00"},
	}
	queries := []string{"?maze=%zz&date=x", "?maze=5x5:9&date=2026-02-30&moves=Q&rows=x&format=gif&seed=-1", "?a=1;b=2", ""}
	routes := web.Routes(st)
	if len(routes) < 20 {
		t.Fatalf("%d routes: %v", len(routes), routes)
	}
	for _, route := range routes {
		method, pattern, _ := strings.Cut(route, " ")
		path := strings.NewReplacer("{id}", "5x5:9%25zz", "{date}", "2026-13-45", "{$}", "").Replace(pattern)
		if strings.HasSuffix(path, "/") && path != "/" {
			path += "no%00such"
		}
		ask := func(query, contentType, body string) {
			t.Helper()
			req, err := http.NewRequest(method, ts.URL+path+query, strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if contentType != "" {
				req.Header.Set("Content-Type", contentType)
			}
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			// A page's analyse form names its own encoding.
			text := strings.ReplaceAll(string(b), `enctype="multipart/form-data"`, "")
			switch {
			case resp.StatusCode >= 500 && resp.StatusCode != http.StatusServiceUnavailable:
				t.Errorf("%s %s%s (%s, %q): %d %.200s", method, path, query, contentType, body, resp.StatusCode, b)
			case goSpeaks.MatchString(text):
				t.Errorf("%s %s%s (%s, %q): %d says %q: %.300s", method, path, query, contentType, body, resp.StatusCode, goSpeaks.FindString(text), b)
			}
		}
		if method != http.MethodPost {
			for _, q := range queries {
				ask(q, "", "")
			}
			continue
		}
		ask(queries[0], "", "")
		for _, b := range bodies {
			ask("", b.contentType, b.body)
		}
	}
}
