//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"testing"

	"rjm/design"
)

// FuzzHandle checks the engine's request decoder: any body is answered
// with one JSON object (an answer, a prediction, a search's outcome, a
// book check, an error in rjm's words or "ask the server"), never a
// panic. Long searches are left out (the page asks for 10,000 steps a
// chunk).
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		`{"maze":"5x5:4313122314422334133211440"}`,
		`{"blank":{"rows":4,"cols":4,"variant":"hex"},"edit":{"op":"jump","cell":[1,1],"jump":2},"later":true}`,
		`{"maze":"5x5:4313122314422334133211440","edit":{"op":"wall","cell":[1,1],"other":[1,2]}}`,
		`{"maze":"5x5:4313122314422334133211440","edit":{"op":"kind","cell":[2,2],"kind":"blocked"}}`,
		`{"predict":"5x5:4313122314422334133211440"}`,
		`{"improve":{"maze":"5x5:4313122314422334133211440","locked":[[1,1]],"seed":1,"steps":100}}`,
		`{"book":{"first":"5x5:4313122314422334133211440","maze":"5x5:1111111111111111111111110"}}`,
		`{"maze":"5x5,seed=3"}`,
		`{"maze":"13x13:1"}`,
		`[]`, `{"maze":"","blank":null}`,
	} {
		f.Add([]byte(s))
	}
	bench := design.NewBench(nil)
	f.Fuzz(func(t *testing.T, body []byte) {
		var req design.Request
		if json.Unmarshal(body, &req) == nil && req.Improve != nil && (req.Improve.Steps > 1000 || req.Improve.Steps < 0) {
			t.Skip()
		}
		var r map[string]any
		if err := json.Unmarshal(handle(bench, body), &r); err != nil || len(r) != 1 {
			t.Fatalf("%s: answered %v (%v), want one JSON object with one key", body, r, err)
		}
	})
}
