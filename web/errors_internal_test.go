package web

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"rjm/fault"
	"rjm/generate"
)

// The request decoders return a *fault.Error placed at the field that is
// wrong ("maze", "moves", "body", "energy"), never a package prefix, so
// that badInput answers them by kind with the library's words.
func TestDecodersReturnFaults(t *testing.T) {
	long := strings.Repeat("D", 3*MaxMoves+1)
	_, errDesign := decodeDesign([]byte(`{"maze": "5x5:12"}`))
	_, errDesignNone := decodeDesign([]byte(`{}`))
	_, errPlay := decodePlay([]byte(`{"maze": "5x5:3413133302312234233341432", "moves": "` + long + `"}`))
	_, errHint := decodeHint(url.Values{"maze": {"5x5:3413133302312234233341432"}, "moves": {long}})
	spec := generate.Default()
	spec.Energy = "@energy.txt"
	errSpec := checkSpec(spec)
	errJSON := decodeJSON([]byte(`{} {}`), &struct{}{})
	for _, c := range []struct {
		name, where string
		err         error
	}{
		{"a design of a bad maze ID", "maze: ", errDesign},
		{"a design of nothing", "body: ", errDesignNone},
		{"a play of too many moves", "moves: ", errPlay},
		{"a hint after too many moves", "moves: ", errHint},
		{"an energy file", "energy: ", errSpec},
		{"two JSON values", "body: ", errJSON},
	} {
		var fe *fault.Error
		switch {
		case !errors.As(c.err, &fe) || !errors.Is(c.err, fault.ErrInvalid):
			t.Errorf("%s: %v (%T), want a *fault.Error", c.name, c.err, c.err)
		case !strings.HasPrefix(c.err.Error(), c.where) || strings.HasPrefix(c.err.Error(), "web: "):
			t.Errorf("%s: %q, want it placed at %q", c.name, c.err, c.where)
		case badInput(c.err).code != 400:
			t.Errorf("%s: status %d, want 400", c.name, badInput(c.err).code)
		}
	}
}
