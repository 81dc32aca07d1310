package fault_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"testing"

	"rjm/fault"
)

func TestError(t *testing.T) {
	sentinel := errors.New("no maze in the input")
	tests := []struct {
		name string
		err  error
		text string
		kind error
		is   error // another target errors.Is must match, if any
	}{
		{"invalid with a place", fault.Invalid("line 3, column 7", "jump %d leaves the board", 9), "line 3, column 7: jump 9 leaves the board", fault.ErrInvalid, nil},
		{"no place", fault.Invalid("", "empty"), "empty", fault.ErrInvalid, nil},
		{"a wrapped sentinel", fault.Invalid("", "%w", sentinel), "no maze in the input", fault.ErrInvalid, sentinel},
		{"not found", fault.New(fault.ErrNotFound, "2031-01-01", "not revealed yet"), "2031-01-01: not revealed yet", fault.ErrNotFound, nil},
		{"nested places", fault.In("--maze", fault.Invalid("line 2, column 1", "bad jump")), "--maze: line 2, column 1: bad jump", fault.ErrInvalid, nil},
		{"kind kept through In", fault.In("-o out.txt", fault.New(fault.ErrTooLarge, "", "larger than %d bytes", 10)), "-o out.txt: larger than 10 bytes", fault.ErrTooLarge, nil},
		{"a plain error placed", fault.In("--plays", io.ErrUnexpectedEOF), "--plays: unexpected EOF", fault.ErrInvalid, io.ErrUnexpectedEOF},
		{"wrapped in fmt", fmt.Errorf("reading: %w", fault.New(fault.ErrUnavailable, "", "busy")), "reading: busy", fault.ErrUnavailable, nil},
		{"zero kind is invalid", &fault.Error{Err: errors.New("x")}, "x", fault.ErrInvalid, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.text {
				t.Errorf("text %q, want %q", got, tt.text)
			}
			if got := fault.Kind(tt.err); got != tt.kind {
				t.Errorf("Kind %v, want %v", got, tt.kind)
			}
			if !errors.Is(tt.err, tt.kind) || !fault.Is(tt.err) {
				t.Errorf("errors.Is(err, %v) false", tt.kind)
			}
			if tt.is != nil && !errors.Is(tt.err, tt.is) {
				t.Errorf("errors.Is(err, %v) false", tt.is)
			}
			if _, ok := errors.AsType[*fault.Error](tt.err); !ok {
				t.Error("errors.As finds no *fault.Error")
			}
		})
	}
}

func TestNotAFault(t *testing.T) {
	for _, err := range []error{nil, io.EOF, fmt.Errorf("open x: %w", io.ErrClosedPipe)} {
		if fault.Is(err) || fault.Kind(err) != nil {
			t.Errorf("%v counted as a user's fault", err)
		}
	}
	if fault.In("where", nil) != nil {
		t.Error("In(where, nil) is not nil")
	}
	e := fault.Invalid("x", "y")
	if fault.In("", e) != error(e) {
		t.Error("In(\"\", e) changed an *Error")
	}
}

// TestPlace: the places of nested errors, outermost first.
func TestPlace(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{nil, ""},
		{errors.New("plain"), ""},
		{fault.Invalid("", "no place"), ""},
		{fault.In("body", fault.Invalid("field rows", "want a whole number")), "body: field rows"},
		{fault.In("--maze", fault.In("", fault.Invalid("line 3, column 7", "jump 9 leaves the board"))), "--maze: line 3, column 7"},
		{fault.JSON("body", json.Unmarshal([]byte(`{"rows": "5"}`), &struct{ Rows int }{})), "body: field Rows"},
	} {
		if got := fault.Place(c.err); got != c.want {
			t.Errorf("Place(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}
