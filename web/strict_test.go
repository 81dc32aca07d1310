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
