package fault

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// StrictJSON checks what encoding/json lets through when decoding data
// into v (a pointer): a field name must match a field of v's type
// exactly — encoding/json matches names without regard to case, so that
// "Token" would fill token — and no object may name a field twice
// (encoding/json keeps the last). The error is an ErrInvalid *Error at
// where ("unknown field \"Token\" (names are case-sensitive: \"token\")",
// "field \"token\" given twice"); the JSON's syntax and types are left
// to the decoder (a body it cannot read is not judged here: nil).
func StrictJSON(where string, data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := strictValue(dec, reflect.TypeOf(v), "")
	var e *Error
	if errors.As(err, &e) {
		return In(where, e)
	}
	return nil // a syntax error: the decoder says it
}

// strictValue reads one JSON value from dec, checked against t (nil: any
// value, whose objects are checked for repeated names only); path names
// the value for an error.
func strictValue(dec *json.Decoder, t reflect.Type, path string) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t != nil && (t.Kind() == reflect.Interface || t.Implements(unmarshaler) || reflect.PointerTo(t).Implements(unmarshaler)) {
		t = nil // any value, or one that reads itself
	}
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch d {
	case '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for k := 0; dec.More(); k++ {
			if err := strictValue(dec, elem, path+"["+strconv.Itoa(k)+"]"); err != nil {
				return err
			}
		}
	case '{':
		var fields map[string]reflect.Type
		var elem reflect.Type
		switch {
		case t != nil && t.Kind() == reflect.Struct:
			fields = map[string]reflect.Type{}
			jsonFields(t, fields)
		case t != nil && t.Kind() == reflect.Map:
			elem = t.Elem()
		}
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return err
			}
			name, _ := tok.(string)
			at := strings.TrimPrefix(path+"."+name, ".")
			if seen[name] {
				return Invalid("", "field %q given twice", at)
			}
			seen[name] = true
			ft := elem
			if fields != nil {
				var ok bool
				if ft, ok = fields[name]; !ok {
					for f := range fields {
						if strings.EqualFold(f, name) {
							return Invalid("", "unknown field %q (names are case-sensitive: %q)", at, strings.TrimPrefix(path+"."+f, "."))
						}
					}
					return Invalid("", "unknown field %q", at)
				}
			}
			if err := strictValue(dec, ft, at); err != nil {
				return err
			}
		}
	}
	_, err = dec.Token() // the closing delimiter
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return err
}

var unmarshaler = reflect.TypeFor[json.Unmarshaler]()

// jsonFields adds the fields of struct t as encoding/json names them:
// the tag's name or the field's, those of untagged embedded structs
// promoted, "-" and unexported fields left out. (A name two embedded
// structs share at one depth, which encoding/json drops, is kept: such
// a field is still refused by the decoder's unknown-field check.)
func jsonFields(t reflect.Type, out map[string]reflect.Type) {
	var embedded []reflect.Type
	for k := range t.NumField() {
		f := t.Field(k)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			embedded = append(embedded, ft) // after this depth's own fields
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, ok := out[name]; !ok {
			out[name] = f.Type
		}
	}
	for _, e := range embedded {
		jsonFields(e, out)
	}
}
