package fault

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// JSON returns err, encoding/json's error decoding a user's input, as an
// ErrInvalid *Error at where whose text names no package: a value of the
// wrong type names the field and what it wants ("field rows: want a
// whole number, got string"), an unknown field is "unknown field \"x\"",
// and a syntax error is as encoding/json words it. The decoder's error
// stays wrapped (errors.As finds a *json.UnmarshalTypeError). A nil err
// stays nil; an err that is an *Error already is placed at where.
func JSON(where string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*Error](err); ok {
		return In(where, err)
	}
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		field := "the value"
		if te.Field != "" {
			field = "field " + te.Field
		}
		// The field is a place, inside where (Place finds both).
		return In(where, &Error{Where: field, Err: reworded{fmt.Sprintf("want %s, got %s", jsonWants(te.Type), te.Value), err}})
	}
	// encoding/json has no type for an unknown field, only its text
	// ("json: unknown field \"x\""), which the Go 1 promise keeps.
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return &Error{Where: where, Err: reworded{"unknown field " + name, err}}
	}
	return &Error{Where: where, Err: err}
}

// reworded is an error told in other words than the error it wraps.
type reworded struct {
	text string
	err  error
}

func (r reworded) Error() string { return r.text }
func (r reworded) Unwrap() error { return r.err }

// jsonWants says what a Go type wants of a JSON value.
func jsonWants(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "another value"
}
