package web_test

import (
	"strings"
	"testing"

	"rjm/web"
)

// The API's JSON bodies are read as api.md says: a name must be the
// field's exactly ("Token" is not "token") and given once (encoding/json
// alone would match either case and keep the last); both are 400 with a
// message naming the field, and nothing is stored.
func TestBodiesStrict(t *testing.T) {
	ts, _ := newServer(t, web.Options{PlayBurst: 100})
	tok := do(t, ts, "GET", "/api/token?maze="+figure1, "").json(t)["token"].(string)
	for _, c := range []struct{ path, body, want string }{
		{"/api/plays", `{"maze":"` + figure1 + `","moves":"D","seconds":3,"Token":"` + tok + `"}`, `unknown field \"Token\" (names are case-sensitive: \"token\")`},
		{"/api/plays", `{"maze":"` + figure1 + `","moves":"D","seconds":3,"token":"x","token":"` + tok + `"}`, `field \"token\" given twice`},
		{"/api/plays", `{"maze":"` + figure1 + `","Maze":"` + figure1 + `","moves":"D","seconds":3,"token":"` + tok + `"}`, `unknown field \"Maze\"`},
		{"/api/generate", `{"rows":5,"Rows":6}`, `unknown field \"Rows\"`},
		{"/api/generate", `{"rows":5,"rows":6}`, `field \"rows\" given twice`},
		{"/api/design", `{"random":{"rows":5,"seed":1,"seed":2}}`, `field \"random.seed\" given twice`},
		{"/api/design", `{"blank":{"Rows":5}}`, `unknown field \"blank.Rows\"`},
	} {
		a := do(t, ts, "POST", c.path, c.body)
		if a.code != 400 || !strings.Contains(a.body, c.want) {
			t.Errorf("%s %s: %d %s, want 400 with %s", c.path, c.body, a.code, a.body, c.want)
		}
	}
	if st := do(t, ts, "GET", "/api/stats?maze="+figure1, "").json(t); st["plays"] != 0.0 {
		t.Errorf("a refused body stored a play: %v", st)
	}
	// The same play, spelled right, is stored with the token refused
	// above: nothing of it was used.
	if a := do(t, ts, "POST", "/api/plays", `{"maze":"`+figure1+`","moves":"D","seconds":3,"token":"`+tok+`"}`); a.code != 201 {
		t.Errorf("the play spelled right: %d %s", a.code, a.body)
	}
}

// An API endpoint refuses a query parameter it does not read (400 naming
// it and what it takes); a page ignores one, so that a shared link with a
// tracker's parameters still opens, the same page.
func TestQueryParametersAsDocumented(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, c := range []struct{ path, want string }{
		{"/api/daily?dat=2026-11-20", `\"dat\": /api/daily takes only date`},
		{"/api/stats?maze=" + figure1 + "&x=1", `\"x\": /api/stats takes only maze`},
		{"/api/difficulty?Maze=" + figure1, `\"Maze\": /api/difficulty takes only maze`},
		// these two refuse it themselves, once their rate is taken
		{"/api/hint?maze=" + figure1 + "&moves=&limit=1", `\"limit\": want only maze and moves`},
		{"/api/token?maze=" + figure1 + "&date=1", `\"date\": want only maze`},
		{"/api/maze/" + figure1 + "?format=svg", `\"format\": /api/maze/` + figure1 + ` takes none`},
	} {
		if a := do(t, ts, "GET", c.path, ""); a.code != 400 || !strings.Contains(a.body, c.want) {
			t.Errorf("GET %s: %d %.200s, want 400 with %s", c.path, a.code, a.body, c.want)
		}
	}
	if a := do(t, ts, "POST", "/api/plays?x=1", `{}`); a.code != 400 || !strings.Contains(a.body, "takes none") {
		t.Errorf("POST /api/plays?x=1: %d %s", a.code, a.body)
	}
	for _, path := range []string{"/", "/m/" + figure1, "/archive", "/api/daily"} {
		plain := do(t, ts, "GET", path, "")
		tracked := path
		if !strings.HasPrefix(path, "/api/") {
			tracked += "?utm_source=share&fbclid=x"
		}
		if a := do(t, ts, "GET", tracked, ""); a.code != 200 || a.body != plain.body {
			t.Errorf("GET %s: %d, want 200 and the page without them", tracked, a.code)
		}
	}
}
