package render

import (
	"strings"
	"testing"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
)

// A TrueType font is read; an OpenType font with CFF outlines, a
// collection and anything else are refused in one line that says a
// TrueType font is needed and names the file.
func TestParseFont(t *testing.T) {
	f, err := ParseFont("/fonts/LiberationSans-Regular.ttf", liberationsansregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "LiberationSans-Regular.ttf" || !f.Has('Ж') || f.Has('迷') {
		t.Errorf("%s: has Ж %v, has 迷 %v", f.Name, f.Has('Ж'), f.Has('迷'))
	}
	if len(f.tag) != 6 || strings.Trim(f.tag, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		t.Errorf("subset tag %q", f.tag)
	}
	for _, tc := range []struct {
		data []byte
		want string
	}{
		{append([]byte("OTTO"), liberationsansregular.TTF[4:]...), "CFF (PostScript) outlines: give a TrueType font (.ttf)"},
		{append([]byte("ttcf"), liberationsansregular.TTF[4:]...), "font collection (.ttc): give a single TrueType font (.ttf)"},
		{[]byte("not a font at all"), "is not a TrueType font (.ttf)"},
		{liberationsansregular.TTF[:200], "cannot be read as TrueType"},
	} {
		_, err := ParseFont("dir/x.otf", tc.data)
		if err == nil || !strings.Contains(err.Error(), "the font x.otf") || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%.10q: %v, want %q", tc.data, err, tc.want)
		}
	}
}
