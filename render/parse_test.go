package render

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

func TestParseLength(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want vg.Length
		err  bool
	}{
		{"10mm", 10 * vg.Millimeter, false}, {" 1 cm ", vg.Centimeter, false}, {"0.5in", vg.Inch / 2, false},
		{"40px", 40 * vg.Inch / 96, false}, {"72pt", vg.Inch, false}, {"2mm", 2 * vg.Millimeter, false},
		{"1mm", 0, true}, {"11cm", 0, true}, {"1km", 0, true}, {"mm", 0, true}, {"", 0, true}, {"NaNmm", 0, true},
	} {
		got, err := ParseLength(tc.in)
		if (err != nil) != tc.err || math.Abs(float64(got-tc.want)) > 1e-9 {
			t.Errorf("ParseLength(%q) = %v, %v", tc.in, got, err)
		}
	}
}

func TestParseStyleAndFormat(t *testing.T) {
	for in, want := range map[string]Style{"print": Print, "Color": Color, "colour": Color} {
		if got, err := ParseStyle(in); err != nil || got != want || got.String() != map[Style]string{Print: "print", Color: "color"}[want] {
			t.Errorf("ParseStyle(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseStyle("neon"); err == nil || !strings.Contains(err.Error(), `"neon"`) {
		t.Errorf("neon: %v", err)
	}
	for _, tc := range []struct{ format, name, want string }{
		{"", "", "svg"}, {"", "a/b.PNG", "png"}, {"pdf", "x.svg", "pdf"}, {"", "x.gif", ""}, {"bmp", "", ""},
	} {
		got, err := FormatOf(tc.format, tc.name)
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("FormatOf(%q, %q) = %q, %v", tc.format, tc.name, got, err)
		}
	}
}
