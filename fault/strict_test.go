package fault_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"rjm/fault"
)

type strictInner struct {
	Cell []int `json:"cell"`
}

type strictBase struct {
	Seed uint64 `json:"seed"`
}

type strictBody struct {
	strictBase
	Token string          `json:"token"`
	Edits []strictInner   `json:"edits"`
	Any   any             `json:"any"`
	Raw   json.RawMessage `json:"raw"`
	Tags  map[string]int  `json:"tags"`
	Plain int
	Skip  int `json:"-"`
}

// StrictJSON refuses what encoding/json would take quietly — a name in
// another case, a name given twice, at any depth — and passes every body
// whose names are exactly the fields', leaving syntax to the decoder.
func TestStrictJSON(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"token": "a", "seed": 1, "Plain": 2, "edits": [{"cell": [1]}], "tags": {"x": 1, "X": 2}}`, ""},
		{`{"any": {"a": 1, "A": 2}, "raw": {"b": 1}}`, ""},
		{`{"token": "a"`, ""}, // a syntax error: the decoder's
		{`[1, 2]`, ""},
		{`{"Token": "a"}`, `body: unknown field "Token" (names are case-sensitive: "token")`},
		{`{"token": "a", "token": "b"}`, `body: field "token" given twice`},
		{`{"SEED": 1}`, `body: unknown field "SEED" (names are case-sensitive: "seed")`},
		{`{"plain": 1}`, `body: unknown field "plain" (names are case-sensitive: "Plain")`},
		{`{"Skip": 1}`, `body: unknown field "Skip"`},
		{`{"edits": [{"cell": [1]}, {"Cell": [2]}]}`, `body: unknown field "edits[1].Cell" (names are case-sensitive: "edits[1].cell")`},
		{`{"edits": [{"cell": [1], "cell": [2]}]}`, `body: field "edits[0].cell" given twice`},
		{`{"tags": {"x": 1, "x": 2}}`, `body: field "tags.x" given twice`},
		{`{"any": {"a": 1, "a": 2}}`, `body: field "any.a" given twice`},
		{`{"nope": 1}`, `body: unknown field "nope"`},
	} {
		err := fault.StrictJSON("body", []byte(c.in), &strictBody{})
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.Is(err, fault.ErrInvalid) {
				t.Errorf("%s: %v is not ErrInvalid", c.in, err)
			}
		}
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

// FuzzStrictJSON: StrictJSON never panics, and what it passes that
// encoding/json reads (unknown fields refused) holds no top-level name
// twice and none in another case.
func FuzzStrictJSON(f *testing.F) {
	for _, s := range []string{`{"token":"a"}`, `{"Token":1}`, `{"seed":1,"seed":2}`, `{"edits":[{"cell":[]}]}`, `[`, `{"tags":{"a":1}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := fault.StrictJSON("body", data, &strictBody{})
		var top map[string]json.RawMessage
		if err != nil || json.Unmarshal(data, &top) != nil {
			return
		}
		dec := json.NewDecoder(bytesReader(data))
		dec.Token()
		seen := map[string]bool{}
		for dec.More() {
			tok, _ := dec.Token()
			name, _ := tok.(string)
			if seen[name] {
				t.Fatalf("%s: %q twice, passed", data, name)
			}
			seen[name] = true
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return
			}
		}
		for name := range seen {
			switch name {
			case "token", "seed", "edits", "any", "raw", "tags", "Plain":
			default:
				t.Fatalf("%s: %q passed", data, name)
			}
		}
	})
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
