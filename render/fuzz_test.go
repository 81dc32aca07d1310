package render_test

import (
	"strings"
	"testing"

	"rjm/render"
)

// FuzzParseLength: a length is within 2 mm to 100 mm or an error, for
// any text.
func FuzzParseLength(f *testing.F) {
	for _, s := range []string{"10mm", "0.5in", "40px", "1e308cm", "-3mm", "NaNpt", "mm", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := render.ParseLength(s)
		if err == nil && !(l >= 2*72/25.4-1e-9 && l <= 100*72/25.4+1e-9) {
			t.Fatalf("%q: %v points", s, l)
		}
		if err != nil && len(err.Error()) > 400 { // 40 characters quoted, each up to 4 bytes escaped
			t.Fatalf("%q: message too long: %d bytes", s, len(err.Error()))
		}
	})
}

// ParseFont never panics, and a font it accepts answers Has.
func FuzzParseFont(f *testing.F) {
	f.Add([]byte("OTTO"))
	f.Add([]byte{0, 1, 0, 0, 0, 4})
	f.Add([]byte("true\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		font, err := render.ParseFont("f.ttf", data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("a message of more than a line: %v", err)
			}
			return
		}
		font.Has('A')
		font.Face(10, false)
	})
}

// ParseBleed gives a bleed from 0 to MaxBleed or a one-line error, for any
// text.
func FuzzParseBleed(f *testing.F) {
	for _, s := range []string{"3mm", "0.125in", "0", "", "11mm", "-1mm", "NaNmm", "3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := render.ParseBleed(s)
		if err == nil && !(l >= 0 && l <= render.MaxBleed) {
			t.Fatalf("%q: %v points", s, l)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: a message of more than a line: %v", s, err)
		}
	})
}
