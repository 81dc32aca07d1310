package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"strings"

	"gonum.org/v1/plot/vg"

	"rjm/fault"
	"rjm/maze"
)

// Paper is a page size.
type Paper struct {
	Name          string
	Width, Height vg.Length
}

// The paper sizes pictures and books are made for.
var (
	A4     = Paper{"A4", 210 * vg.Millimeter, 297 * vg.Millimeter}
	Letter = Paper{"Letter", 8.5 * vg.Inch, 11 * vg.Inch}
)

// Papers lists the paper sizes, by name.
var Papers = []Paper{A4, Letter}

// ParsePaper returns the paper size of the given name, a4 or letter, in
// any case.
func ParsePaper(name string) (Paper, error) {
	for _, p := range Papers {
		if strings.EqualFold(strings.TrimSpace(name), p.Name) {
			return p, nil
		}
	}
	return Paper{}, fault.Invalid("", "unknown paper %q (want a4 or letter)", maze.Short(name))
}

// PrintMargin is the margin a printer needs on every side of a page.
const PrintMargin = 10 * vg.Millimeter

// FitCell returns the largest cell, at most o's, at which p fits on paper
// within PrintMargin on every side, either way up, and whether o's cell
// fits as it is.
func (p Picture) FitCell(o PictureOptions, paper Paper) (vg.Length, bool) {
	w, h := p.Size(o)
	cell := cellSize(o)
	aw, ah := paper.Width-2*PrintMargin, paper.Height-2*PrintMargin
	scale := max(min(float64(aw/w), float64(ah/h)), min(float64(ah/w), float64(aw/h)))
	if scale >= 1 {
		return cell, true
	}
	// Round down to a hundredth of a millimetre, so that it fits once
	// written out too.
	mm := float64(cell) * scale / float64(vg.Millimeter)
	return vg.Length(float64(int(mm*100))/100) * vg.Millimeter, false
}

// pngDPI writes the resolution into a PNG's pHYs chunk (dots per metre),
// so that layout programs place it at its size; png.Encode writes none.
func pngDPI(data []byte, dpi float64) []byte {
	const ihdrEnd = 8 + 4 + 4 + 13 + 4 // signature, then IHDR
	if len(data) < ihdrEnd || !bytes.Equal(data[12:16], []byte("IHDR")) {
		return data
	}
	ppm := uint32(dpi/0.0254 + 0.5)
	chunk := make([]byte, 4+4+9+4)
	binary.BigEndian.PutUint32(chunk[0:], 9)
	copy(chunk[4:], "pHYs")
	binary.BigEndian.PutUint32(chunk[8:], ppm)
	binary.BigEndian.PutUint32(chunk[12:], ppm)
	chunk[16] = 1 // the metre
	binary.BigEndian.PutUint32(chunk[17:], crc32.ChecksumIEEE(chunk[4:17]))
	out := make([]byte, 0, len(data)+len(chunk))
	out = append(out, data[:ihdrEnd]...)
	out = append(out, chunk...)
	return append(out, data[ihdrEnd:]...)
}
