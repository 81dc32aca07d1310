package web_test

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeIcons makes TestIcons write the icons instead of checking them:
// go test ./web -run TestIcons -write-icons
var writeIcons = flag.Bool("write-icons", false, "write web/static/icon.svg and its PNGs from the icon's shapes")

// The app icon, in a 512-unit square: a 3×3 board on the site's blue, the
// start cell yellow with its ring, a cell to jump to pale blue with its
// dot, the goal dark. One list of shapes is written as the SVG and
// painted as the PNGs, so that the pictures agree.
type iconShape struct {
	kind       string // "rect" or "circle"
	x, y, w, h float64
	r, stroke  float64 // a circle's radius; a ring's line width (0: filled)
	colour     color.RGBA
	svgFill    string
}

func rgb(s string) color.RGBA {
	var c color.RGBA
	fmt.Sscanf(s, "#%02x%02x%02x", &c.R, &c.G, &c.B)
	c.A = 255
	return c
}

func iconShapes() []iconShape {
	const lo, cell, line = 112.0, 96.0, 10.0
	rect := func(x, y, w, h float64, c string) iconShape {
		return iconShape{kind: "rect", x: x, y: y, w: w, h: h, colour: rgb(c), svgFill: c}
	}
	s := []iconShape{
		rect(0, 0, 512, 512, "#0b57d0"),
		rect(lo, lo, 3*cell, 3*cell, "#ffffff"),
		rect(lo, lo, cell, cell, "#ffe066"),
		rect(lo+2*cell, lo, cell, cell, "#d0e8ff"),
		rect(lo+2*cell, lo+2*cell, cell, cell, "#111111"),
	}
	for k := 0; k <= 3; k++ { // the grid
		p := lo + float64(k)*cell - line/2
		s = append(s, rect(p, lo-line/2, line, 3*cell+line, "#111111"), rect(lo-line/2, p, 3*cell+line, line, "#111111"))
	}
	s = append(s,
		iconShape{kind: "circle", x: lo + cell/2, y: lo + cell/2, r: 28, stroke: 9, colour: rgb("#111111"), svgFill: "#111111"},
		iconShape{kind: "circle", x: lo + 2.5*cell + 22, y: lo + cell/2 - 22, r: 10, colour: rgb("#0b57d0"), svgFill: "#0b57d0"},
	)
	return s
}

// iconSVG writes the shapes as SVG.
func iconSVG() string {
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">` + "\n")
	b.WriteString("<title>Rook Jumping Maze of the Day</title>\n")
	for _, sh := range iconShapes() {
		switch {
		case sh.kind == "rect":
			fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s"/>`+"\n", sh.x, sh.y, sh.w, sh.h, sh.svgFill)
		case sh.stroke > 0:
			fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="%g" fill="none" stroke="%s" stroke-width="%g"/>`+"\n", sh.x, sh.y, sh.r, sh.svgFill, sh.stroke)
		default:
			fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="%g" fill="%s"/>`+"\n", sh.x, sh.y, sh.r, sh.svgFill)
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// iconPNG paints the shapes at size×size pixels, 4×4 samples a pixel.
func iconPNG(size int) *image.NRGBA {
	shapes := iconShapes()
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const n = 4
	scale := 512 / float64(size)
	for py := range size {
		for px := range size {
			var r, g, bl float64
			for sy := range n {
				for sx := range n {
					x := (float64(px) + (float64(sx)+0.5)/n) * scale
					y := (float64(py) + (float64(sy)+0.5)/n) * scale
					var c color.RGBA
					for _, sh := range shapes {
						if sh.covers(x, y) {
							c = sh.colour
						}
					}
					r, g, bl = r+float64(c.R), g+float64(c.G), bl+float64(c.B)
				}
			}
			img.Set(px, py, color.NRGBA{uint8(math.Round(r / n / n)), uint8(math.Round(g / n / n)), uint8(math.Round(bl / n / n)), 255})
		}
	}
	return img
}

func (sh iconShape) covers(x, y float64) bool {
	if sh.kind == "rect" {
		return x >= sh.x && x < sh.x+sh.w && y >= sh.y && y < sh.y+sh.h
	}
	d := math.Hypot(x-sh.x, y-sh.y)
	if sh.stroke > 0 {
		return math.Abs(d-sh.r) <= sh.stroke/2
	}
	return d <= sh.r
}

// TestIcons checks the app icons in web/static against the icon's shapes:
// the SVG written from them, and each PNG painted from them at its size,
// small enough to keep in the repository.
func TestIcons(t *testing.T) {
	dir := filepath.Join("static")
	svgFile := filepath.Join(dir, "icon.svg")
	if *writeIcons {
		if err := os.WriteFile(svgFile, []byte(iconSVG()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(svgFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != iconSVG() {
		t.Errorf("%s is not the icon's shapes (go test ./web -run TestIcons -write-icons writes it)", svgFile)
	}
	for _, size := range []int{192, 512} {
		file := filepath.Join(dir, fmt.Sprintf("icon-%d.png", size))
		want := iconPNG(size)
		if *writeIcons {
			var b bytes.Buffer
			enc := png.Encoder{CompressionLevel: png.BestCompression}
			if err := enc.Encode(&b, want); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if len(raw) > 50<<10 {
			t.Errorf("%s is %d bytes, want under 50 KB", file, len(raw))
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Fatalf("%s is %v, want %d×%d", file, b, size, size)
		}
		diff := 0
		for y := range size {
			for x := range size {
				r1, g1, b1, _ := img.At(x, y).RGBA()
				r2, g2, b2, _ := want.At(x, y).RGBA()
				if absDiff(r1, r2) > 2<<8 || absDiff(g1, g2) > 2<<8 || absDiff(b1, b2) > 2<<8 {
					diff++
				}
			}
		}
		if diff > 0 {
			t.Errorf("%s: %d pixels differ from the icon's shapes (go test ./web -run TestIcons -write-icons writes it)", file, diff)
		}
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
