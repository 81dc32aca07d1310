package web_test

import (
	"net/http"
	"strings"
	"testing"

	"rjm/web"
)

// The answers that are pure functions of their URL are made once and sent
// with an ETag and a Cache-Control; a client that has one gets 304.
func TestCachedAnswers(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, c := range []struct{ path, control string }{
		{"/m/" + figure1, "public, max-age=3600"},
		{"/print/" + figure1, "public, max-age=3600"},
		{"/api/maze/" + figure1, "public, max-age=31536000, immutable"},
		{"/api/hint?maze=" + figure1 + "&moves=D", "public, max-age=31536000, immutable"},
	} {
		first := do(t, ts, "GET", c.path, "")
		again := do(t, ts, "GET", c.path, "")
		tag := first.header.Get("ETag")
		if first.code != 200 || tag == "" || first.header.Get("Cache-Control") != c.control {
			t.Errorf("%s: %d ETag %q Cache-Control %q", c.path, first.code, tag, first.header.Get("Cache-Control"))
			continue
		}
		if again.body != first.body || again.header.Get("ETag") != tag || again.header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: the cached answer differs", c.path)
		}
		req, _ := http.NewRequest("GET", ts.URL+c.path, nil)
		req.Header.Set("If-None-Match", tag)
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotModified || resp.Header.Get("ETag") != tag {
			t.Errorf("%s with If-None-Match: %d, want 304", c.path, resp.StatusCode)
		}
	}
	a := do(t, ts, "GET", "/metrics", "")
	if !strings.Contains(a.body, `rjm_cache_total{result="hit"} 8`) {
		t.Errorf("cache hits: want 8 (4 answers, twice each)\n%s", a.body)
	}
}

// A bad ID is answered 400 and not kept; a maze larger than MaxPageSide
// has no page, though its analysis is answered.
func TestCachedAnswersRefuse(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for range 2 {
		if a := do(t, ts, "GET", "/m/5x5:12", ""); a.code != 400 || a.header.Get("ETag") != "" {
			t.Errorf("a bad ID: %d ETag %q", a.code, a.header.Get("ETag"))
		}
	}
	big := "25x25:" + strings.Repeat("1", 25*25-1) + "0"
	for _, p := range []string{"/m/", "/print/"} {
		if a := do(t, ts, "GET", p+big, ""); a.code != 400 || !strings.Contains(a.body, "up to 24 rows") {
			t.Errorf("GET %s of a 25×25 maze: %d %.300s", p, a.code, a.body)
		}
	}
	if a := do(t, ts, "GET", "/api/maze/"+big, ""); a.code != 200 {
		t.Errorf("GET /api/maze/ of a 25×25 maze: %d %.300s", a.code, a.body)
	}
}
