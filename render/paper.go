package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"
	"strconv"
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

// The paper sizes pictures and books are made for: the office papers,
// and the trims publishers print puzzle books on.
var (
	A4        = Paper{"A4", 210 * vg.Millimeter, 297 * vg.Millimeter}
	Letter    = Paper{"Letter", 8.5 * vg.Inch, 11 * vg.Inch}
	A5        = Paper{"A5", 148 * vg.Millimeter, 210 * vg.Millimeter}
	B5        = Paper{"B5", 176 * vg.Millimeter, 250 * vg.Millimeter}
	SixByNine = Paper{"6x9in", 6 * vg.Inch, 9 * vg.Inch}
)

// Papers lists the paper sizes, by name.
var Papers = []Paper{A4, Letter, A5, B5, SixByNine}

// The least and the largest side of a paper of a custom size.
const (
	MinPaperSide = 90 * vg.Millimeter
	MaxPaperSide = 600 * vg.Millimeter
)

// ParsePaper returns the paper size of the given name, in any case: a4,
// letter, a5, b5 or 6x9in, or a custom size WIDTHxHEIGHT in mm, cm or in
// ("148x210mm", "8.25x10.75in"), each side from MinPaperSide to
// MaxPaperSide.
func ParsePaper(name string) (Paper, error) {
	name = strings.TrimSpace(name)
	for _, p := range Papers {
		if strings.EqualFold(name, p.Name) {
			return p, nil
		}
	}
	bad := func() (Paper, error) {
		return Paper{}, fault.Invalid("", "unknown paper %q (want a4, letter, a5, b5, 6x9in, or WIDTHxHEIGHT in mm, cm or in such as 148x210mm)", maze.Short(name))
	}
	lower := strings.ToLower(name)
	var unit vg.Length
	for _, u := range []struct {
		suffix string
		l      vg.Length
	}{{"mm", vg.Millimeter}, {"cm", vg.Centimeter}, {"in", vg.Inch}} {
		if strings.HasSuffix(lower, u.suffix) {
			unit, lower = u.l, strings.TrimSuffix(lower, u.suffix)
			break
		}
	}
	w, h, ok := strings.Cut(lower, "x")
	if unit == 0 || !ok {
		return bad()
	}
	fw, err1 := strconv.ParseFloat(strings.TrimSpace(w), 64)
	fh, err2 := strconv.ParseFloat(strings.TrimSpace(h), 64)
	if err1 != nil || err2 != nil || math.IsNaN(fw) || math.IsNaN(fh) {
		return bad()
	}
	p := Paper{Name: name, Width: vg.Length(fw) * unit, Height: vg.Length(fh) * unit}
	for _, side := range []vg.Length{p.Width, p.Height} {
		if !(side >= MinPaperSide && side <= MaxPaperSide) {
			return Paper{}, fault.Invalid("", "paper %q: each side from %.0f to %.0f mm", maze.Short(name), MinPaperSide/vg.Millimeter, MaxPaperSide/vg.Millimeter)
		}
	}
	return p, nil
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

// MaxBleed bounds the bleed of a page (NewPrintPDF).
const MaxBleed = 10 * vg.Millimeter

// ParseBleed returns the bleed of the given length, in mm, cm, in or pt
// ("3mm", "0.125in"), or 0 for "" or "0": from 0 to MaxBleed.
func ParseBleed(s string) (vg.Length, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || s == "0" {
		return 0, nil
	}
	for _, u := range []struct {
		suffix string
		l      vg.Length
	}{{"mm", vg.Millimeter}, {"cm", vg.Centimeter}, {"in", vg.Inch}, {"pt", vg.Points(1)}} {
		num, ok := strings.CutSuffix(s, u.suffix)
		if !ok {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
		if err != nil || math.IsNaN(f) {
			break
		}
		if l := vg.Length(f) * u.l; l >= 0 && l <= MaxBleed {
			return l, nil
		}
		return 0, fault.Invalid("", "bleed %q out of range 0..%.0f mm", maze.Short(s), MaxBleed/vg.Millimeter)
	}
	return 0, fault.Invalid("", "bleed %q: want a length in mm, cm, in or pt, such as 3mm or 0.125in", maze.Short(s))
}
