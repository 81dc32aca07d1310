package render_test

import (
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
