//go:build !(js && wasm)

package render

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// needPoppler skips a test without poppler-utils, and fails it under
// CI=true, which installs them.
func needPoppler(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed", tool)
			}
			t.Skipf("%s is not installed (poppler-utils)", tool)
		}
	}
}

// PageBoxes reads pdfinfo -box of a PDF: each box of the first page
// ("MediaBox", "TrimBox", ...) as x0, y0, x1, y1 in points.
func PageBoxes(t *testing.T, pdf []byte) map[string][4]float64 {
	t.Helper()
	file := filepath.Join(t.TempDir(), "p.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", "-box", file).Output()
	if err != nil {
		t.Fatal(err)
	}
	boxes := map[string][4]float64{}
	for _, line := range strings.Split(string(out), "\n") {
		name, rest, ok := strings.Cut(line, ":")
		if !ok || !strings.HasSuffix(name, "Box") {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 4 {
			continue
		}
		var b [4]float64
		for i := range f {
			b[i], _ = strconv.ParseFloat(f[i], 64)
		}
		boxes[name] = b
	}
	return boxes
}

// A page with a bleed is the trim enlarged by the bleed on each side, its
// trim box the trim and its bleed box the whole page, as pdfinfo reads
// them; without one there is no bleed at all: the media box is the trim.
func TestPrintPDFBoxes(t *testing.T) {
	needPoppler(t, "pdfinfo")
	const mm = float64(vg.Millimeter)
	for _, tc := range []struct {
		w, h, bleed vg.Length
	}{{148 * vg.Millimeter, 210 * vg.Millimeter, 3 * vg.Millimeter}, {6 * vg.Inch, 9 * vg.Inch, 0.125 * vg.Inch}, {A4.Width, A4.Height, 0}} {
		c := NewPrintPDF(tc.w, tc.h, tc.bleed, PDFInfo{Title: "t"})
		var buf bytes.Buffer
		if _, err := c.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		boxes := PageBoxes(t, buf.Bytes())
		w, h, b := float64(tc.w), float64(tc.h), float64(tc.bleed)
		want := map[string][4]float64{
			"MediaBox": {0, 0, w + 2*b, h + 2*b},
			"TrimBox":  {b, b, b + w, b + h},
			"BleedBox": {0, 0, w + 2*b, h + 2*b},
		}
		for name, wb := range want {
			got, ok := boxes[name]
			for i := range wb {
				if !ok || got[i]-wb[i] > 0.01 || wb[i]-got[i] > 0.01 {
					t.Errorf("%.1f×%.1f mm, bleed %.2f mm: %s %v, want %v", w/mm, h/mm, b/mm, name, got, wb)
					break
				}
			}
		}
	}
}

// Crop marks lie in the bleed only: on the page of a blank trim, drawn
// at 300 dpi, every dark pixel is outside the trim by more than the gap
// less a pixel, and each corner has its marks.
func TestCropMarks(t *testing.T) {
	needPoppler(t, "pdftoppm")
	const dpi = 300
	w, h, bleed := 100*vg.Millimeter, 120*vg.Millimeter, 3*vg.Millimeter
	c := NewPrintPDF(w, h, bleed, PDFInfo{Title: "t"})
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "p.pdf")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-r", strconv.Itoa(dpi), "-gray", "-singlefile", file, filepath.Join(dir, "p")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	pgm, err := os.ReadFile(filepath.Join(dir, "p.pgm"))
	if err != nil {
		t.Fatal(err)
	}
	var pw, ph, maxv int
	n, err := fmt.Sscanf(string(pgm), "P5\n%d %d\n%d\n", &pw, &ph, &maxv)
	if n != 3 || err != nil {
		t.Fatalf("not a PGM: %v", err)
	}
	pix := pgm[len(pgm)-pw*ph:]
	px := func(l vg.Length) float64 { return float64(l) / 72 * dpi }
	b, gap := px(bleed), px(bleed)*CropMarkGap
	tw, th := px(w), px(h)
	corners := map[[2]bool]int{}
	for y := range ph {
		for x := range pw {
			if pix[y*pw+x] > 128 {
				continue
			}
			// Distance outside the trim, in pixels, on each axis.
			fx, fy := float64(x)+0.5, float64(y)+0.5
			dx := max(b-fx, fx-(b+tw), 0)
			dy := max(b-fy, fy-(b+th), 0)
			if max(dx, dy) < gap-1 {
				t.Fatalf("a dark pixel at (%d, %d), %.1f and %.1f px outside the trim: within the gap of %.1f px", x, y, dx, dy, gap)
			}
			corners[[2]bool{fx > b+tw/2, fy > b+th/2}]++
		}
	}
	if len(corners) != 4 {
		t.Errorf("marks at %d corners, want 4: %v", len(corners), corners)
	}
}
