package web_test

import (
	"net/http"
	"testing"

	"rjm/web"
)

// TestErrorsSayWhere: a JSON error answer names where in the request the
// fault is, in "where", when rjm knows it — a body's field, a query's
// parameter — and its one line still says it all.
func TestErrorsSayWhere(t *testing.T) {
	ts, _ := newServer(t, web.Options{GenerateBurst: 100, WorkBurst: 100})
	for _, c := range []struct {
		method, path, body string
		where              string
	}{
		{"POST", "/api/generate", `{"rows": "six"}`, "body: field rows"},
		{"POST", "/api/generate", `{"rows": 5, "seed": -1}`, "body: field seed"},
		{"POST", "/api/generate", `{"Rows": 5}`, "body"},
	} {
		a := do(t, ts, c.method, c.path, c.body)
		if a.code != http.StatusBadRequest {
			t.Errorf("%s %s %s: %d %s", c.method, c.path, c.body, a.code, a.body)
			continue
		}
		j := a.json(t)
		if j["where"] != c.where {
			t.Errorf("%s %s %s: where %q, want %q (%s)", c.method, c.path, c.body, j["where"], c.where, a.body)
		}
		if msg, _ := j["error"].(string); len(msg) < len(c.where) || msg[:len(c.where)] != c.where {
			t.Errorf("%s %s %s: the line %q does not start at its place %q", c.method, c.path, c.body, msg, c.where)
		}
	}
}
