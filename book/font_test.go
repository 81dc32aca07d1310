package book_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"rjm/book"
	"rjm/render"
)

// droid is Debian's fonts-droid-fallback: a TrueType font with the CJK
// ideographs, which CI installs (.ci/run).
const droid = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

func droidFont(t *testing.T) *render.Font {
	t.Helper()
	data, err := os.ReadFile(droid)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("fonts-droid-fallback is not installed: %v", err)
		}
		t.Skip("fonts-droid-fallback is not installed")
	}
	f, err := render.ParseFont(droid, data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// An A5 book with a bleed, in a publisher's CJK TrueType font, prints its
// Japanese title (and Latin beside it, in Liberation Sans): pdffonts lists
// that font, embedded as a subset with its tag, and
// pdftotext reads 迷路 back; pdfinfo's page is A5 and the bleed. A title
// character the font lacks is refused, naming the font and --font.
func TestBookFont(t *testing.T) {
	f := droidFont(t)
	s := small()
	s.Count, s.Paper, s.Bleed, s.Font = 3, book.A5, 3*vg.Millimeter, f
	s.Title, s.Author = "迷路の本 Vol. 1", "Ада Lovelace"
	var buf bytes.Buffer
	if err := book.Write(context.Background(), &buf, s); err != nil {
		t.Fatal(err)
	}
	info, text := poppler(t, buf.Bytes())
	if info == "" {
		return
	}
	if !strings.Contains(text, "迷路の本 Vol. 1") || !strings.Contains(text, "Ада Lovelace") || !strings.Contains(text, "Rook Jumping Mazes on 5×5") {
		t.Errorf("pdftotext:\n%.300s", text)
	}
	if !strings.Contains(info, "Page size:       436.54 x 612.28 pts") {
		t.Errorf("pdfinfo:\n%s", info)
	}
	file := filepath.Join(t.TempDir(), "font.pdf")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdffonts", file).Output()
	if err != nil {
		t.Fatal(err)
	}
	var fields []string
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasSuffix(f[0], "+font") {
			fields = f
		}
	}
	// name, type (CID TrueType), encoding, emb, sub, uni, object, generation
	if len(fields) != 9 || !strings.HasSuffix(fields[0], "+font") || len(fields[0]) != len("ABCDEF+font") || fields[5] != "yes" || fields[6] != "yes" || strings.Join(fields[1:3], " ") != "CID TrueType" {
		t.Errorf("pdffonts: the font is not an embedded TrueType subset:\n%s", out)
	}
	if len(buf.Bytes()) > 300<<10 {
		t.Errorf("%d bytes: the font's %d MB embedded whole?", buf.Len(), 4)
	}

	s.Title = "迷路 🧩"
	err = s.Validate()
	if err == nil || !strings.Contains(err.Error(), "U+1F9E9") || !strings.Contains(err.Error(), "DroidSansFallbackFull.ttf") || !strings.Contains(err.Error(), "--font") {
		t.Errorf("a title the font lacks: %v", err)
	}
}

// Without --font a CJK title is refused, naming Liberation Sans and --font.
func TestBookTitleNeedsFont(t *testing.T) {
	s := small()
	s.Title = "迷路"
	err := s.Validate()
	if err == nil || !strings.Contains(err.Error(), "Liberation Sans") || !strings.Contains(err.Error(), "give --font a TrueType font") {
		t.Errorf("%v", err)
	}
}

// The order: 48 puzzles on A5 with a 3 mm bleed and a Japanese title in
// the publisher's font, two boards in one volume (5×5 and 6×6 hex, a
// part each); every page is A5 and the bleed, the font is an embedded
// subset, the title, the contents and both parts read back. Under RJM_LONG
// (the default suite's TestBookFont is the same book of 3).
func TestBookOrder(t *testing.T) {
	if os.Getenv("RJM_LONG") == "" {
		t.Skip("RJM_LONG is not set")
	}
	f := droidFont(t)
	s := small()
	s.Count, s.PerPage, s.Paper, s.Bleed, s.Font = 48, 2, book.A5, 3*vg.Millimeter, f
	s.Title = "迷路の本 第一巻"
	s.Boards = volumeSettings().Boards // two boards in one volume
	var buf bytes.Buffer
	if err := book.Write(context.Background(), &buf, s); err != nil {
		t.Fatal(err)
	}
	info, text := poppler(t, buf.Bytes())
	if info == "" {
		return
	}
	for _, want := range []string{"迷路の本 第一巻", "Contents", "Part 1 · 5×5 boards", "Part 2 · 6×6 hexagonal boards",
		"Easy: puzzles 1–8", "Hard: puzzles 17–24", "Easy: puzzles 25–32", "Hard: puzzles 41–48", "48 · hard", "Solutions · Part 2"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q", want)
		}
	}
	file := filepath.Join(t.TempDir(), "order.pdf")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := strings.Count(text, "\f")
	out, err := exec.Command("pdfinfo", "-box", "-f", "1", "-l", strconv.Itoa(pages), file).Output()
	if err != nil {
		t.Fatal(err)
	}
	boxes := strings.Join(strings.Fields(string(out)), " ")
	if n := strings.Count(boxes, "MediaBox: 0.00 0.00 436.54 612.28"); n != pages {
		t.Errorf("%d of %d pages are A5 and the bleed", n, pages)
	}
	if n := strings.Count(boxes, "TrimBox: 8.50 8.50 428.03 603.78"); n != pages {
		t.Errorf("%d of %d pages have A5's trim box", n, pages)
	}
	fonts, err := exec.Command("pdffonts", file).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^[A-Z]{6}\+font +CID TrueType +Identity-H +yes yes yes`).Match(fonts) {
		t.Errorf("pdffonts:\n%s", fonts)
	}
	t.Logf("%d pages, %d bytes", pages, buf.Len())
}
