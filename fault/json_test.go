package fault_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"rjm/fault"
)

// Decoding errors of a user's JSON are *fault.Error values at the place
// given, in words that name the field and no Go package.
func TestJSON(t *testing.T) {
	type body struct {
		Rows  int                  `json:"rows"`
		Seed  uint64               `json:"seed"`
		P     float64              `json:"p"`
		Name  string               `json:"name"`
		Edit  struct{ Cell []int } `json:"edit"`
		Quick bool                 `json:"quick"`
	}
	for _, c := range []struct{ in, want string }{
		{`{"rows": "5"}`, "body: field rows: want a whole number, got string"},
		{`{"seed": -1}`, "body: field seed: want a whole number, got number -1"},
		{`{"p": "x"}`, "body: field p: want a number, got string"},
		{`{"name": 3}`, "body: field name: want a string, got number"},
		{`{"quick": 1}`, "body: field quick: want true or false, got number"},
		{`{"edit": {"Cell": {}}}`, "body: field edit.Cell: want a list, got object"},
		{`[1]`, "body: the value: want an object, got array"},
		{`{"colour": 1}`, `body: unknown field "colour"`},
		{`{"rows": }`, "body: invalid character '}' looking for beginning of value"},
	} {
		dec := json.NewDecoder(strings.NewReader(c.in))
		dec.DisallowUnknownFields()
		var b body
		err := fault.JSON("body", dec.Decode(&b))
		if err == nil || err.Error() != c.want || !errors.Is(err, fault.ErrInvalid) {
			t.Errorf("%s: %v, want %q", c.in, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "json: ") {
			t.Errorf("%s: %q names encoding/json", c.in, err)
		}
	}
	var te *json.UnmarshalTypeError
	if err := fault.JSON("x", json.Unmarshal([]byte(`"a"`), new(int))); !errors.As(err, &te) {
		t.Errorf("the decoder's error is not wrapped: %v", err)
	}
	if fault.JSON("x", nil) != nil {
		t.Error("JSON(nil) is not nil")
	}
}
