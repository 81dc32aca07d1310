package render

import (
	"bytes"
	"crypto/sha256"
	"path/filepath"

	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"rjm/fault"
)

// MaxFontBytes bounds a font file (DroidSansFallbackFull, with every CJK
// ideograph, is 4 MB).
const MaxFontBytes = 64 << 20

// Font is a publisher's TrueType font, which a PDF embeds (as a subset of
// the glyphs used) and prints all its text in, in place of Liberation
// Sans (PDF.SetFont). It has one weight: bold text is set in it too.
type Font struct {
	Name string // the file's base name, as messages name it
	ttf  []byte
	tag  string // six capitals from the file's hash: its subset's tag
	face *opentype.Font
}

// ParseFont reads a TrueType font (a .ttf file's bytes) named name. An
// OpenType font with CFF outlines (.otf), a collection (.ttc) or anything
// else is refused, saying that a TrueType font is needed: the PDF library
// embeds TrueType outlines only.
func ParseFont(name string, data []byte) (*Font, error) {
	base := filepath.Base(name)
	switch {
	case len(data) > MaxFontBytes:
		return nil, fault.Invalid("", "the font %s is over %d MB", base, MaxFontBytes>>20)
	case bytes.HasPrefix(data, []byte("OTTO")):
		return nil, fault.Invalid("", "the font %s has CFF (PostScript) outlines: give a TrueType font (.ttf)", base)
	case bytes.HasPrefix(data, []byte("ttcf")):
		return nil, fault.Invalid("", "the font %s is a font collection (.ttc): give a single TrueType font (.ttf)", base)
	case !bytes.HasPrefix(data, []byte{0, 1, 0, 0}) && !bytes.HasPrefix(data, []byte("true")):
		return nil, fault.Invalid("", "the font %s is not a TrueType font (.ttf)", base)
	}
	f, err := opentype.Parse(data)
	if err != nil {
		return nil, fault.Invalid("", "the font %s cannot be read as TrueType", base)
	}
	sum := sha256.Sum256(data)
	tag := make([]byte, 6)
	for i := range tag {
		tag[i] = 'A' + sum[i]%26
	}
	return &Font{Name: base, ttf: data, tag: string(tag), face: f}, nil
}

// Has reports whether the font has a glyph for r.
func (f *Font) Has(r rune) bool {
	var buf sfnt.Buffer
	g, err := f.face.GlyphIndex(&buf, r)
	return err == nil && g != 0
}

// Face returns the font at size, as gonum measures text with it; bold
// is recorded but drawn in the font's one weight.
func (f *Font) Face(size vg.Length, bold bool) font.Face {
	ff := font.Font{Typeface: f.typeface(), Size: size}
	if bold {
		ff.Weight = 700
	}
	return font.Face{Font: ff, Face: f.face}
}

// typeface is the name of the font's faces (Face).
func (f *Font) typeface() font.Typeface { return font.Typeface("rjm-font-" + f.tag + "-" + f.Name) }
