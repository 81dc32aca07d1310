package web_test

import (
	"encoding/json"
	"strings"
	"testing"

	"rjm/web"
)

// A query parameter given twice, or a query that does not decode, is
// refused 400 with a JSON error on every endpoint, before it does
// anything: a handler never picks one of two values.
func TestRepeatedQueryRefused(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, path := range []string{
		"/api/token?maze=" + figure1 + "&maze=3x3:111101110",
		"/api/daily?date=2026-11-20&date=2026-11-21",
		"/api/stats?maze=" + figure1 + "&maze=" + figure1,
		"/api/difficulty?maze=" + figure1 + "&maze=" + figure1,
		"/api/hint?maze=" + figure1 + "&moves=&moves=D",
		"/api/maze/" + figure1 + "?a=1&a=2",
		"/m/" + figure1 + "?x=1&x=1",
		"/print/" + figure1 + "?format=svg&format=pdf",
		"/?a=&a=",
		"/d/2026-11-20?a=1&a=2",
		"/archive?a=1&a=2",
		"/dashboard?a=1&a=2",
		"/readyz?a=1&a=2",
		"/healthz?a=1&a=2",
		"/static/play.js?v=1&v=2",
		"/api/token?maze=%zz",
		"/api/token?maze=" + figure1 + ";maze=x",
	} {
		a := do(t, ts, "GET", path, "")
		var e struct{ Error string }
		if a.code != 400 || json.Unmarshal([]byte(a.body), &e) != nil || e.Error == "" {
			t.Errorf("GET %s: %d %.100s, want 400 with a JSON error", path, a.code, a.body)
		}
	}
	if a := do(t, ts, "POST", "/api/generate?seed=1&seed=2", `{"rows":3}`); a.code != 400 || !strings.Contains(a.body, `\"seed\" is given 2 times`) {
		t.Errorf("POST /api/generate with a repeated parameter: %d %s", a.code, a.body)
	}
	if a := do(t, ts, "GET", "/api/token?maze="+figure1, ""); a.code != 200 {
		t.Errorf("GET /api/token once: %d %s", a.code, a.body)
	}
}
