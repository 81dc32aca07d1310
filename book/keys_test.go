package book_test

import (
	"bytes"
	"context"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rjm/book"
)

// keyBoards are four puzzles each of the boards whose keys were hardest
// to read in print (made by rjm book --count 4 --seed 1 --size 6).
var keyBoards = map[string][]string{
	"triangle": {"6x6-triangle:a21248236133174553346512965541411026", "6x6-triangle:847693474625374553473367926566432450", "6x6-triangle:650378862676556435534554845335541555", "6x6-triangle:927117405666355441355644855216a21157"},
	"hex":      {"6x6-hex:525533514441233141323333434344215043", "6x6-hex:144325444231233335511233234435314530", "6x6-hex:440235232234533241543243244441514324", "6x6-hex:455143302324443232533323233325535333"},
	"loops":    {"6x6-loops:3ba82473869743112283b85b9946873aa013", "6x6-loops:1b87215121656675a35b2b537763353195b0", "6x6-loops:150b7551393b46a84529aa51933939589662", "6x6-loops:3a69334086495b66383b63a3a7a212556953"},
	"queen":    {"6x6-queen:332355332143241122432332531434412022", "6x6-queen:442442113342342342123311542244445450", "6x6-queen:450153434224543131532124421445432443", "6x6-queen:355334303415323325432332514333523242"},
}

// MinKeyText is the least height, in mm, of a number's box in a key as
// pdftotext measures it (about 1.15 times the font's size): 2.75 mm is a
// font of about 6.8 pt. Triangles' are the smallest: their steps 3.1 mm,
// a start's two digits set inside its ring 2.8.
const MinKeyText = 2.75

// TestKeyStepsLegible checks, in the PDF, that every number of the
// solution keys, the steps in their discs and the cells' jumps, is
// printed at least MinKeyText tall: triangles' steps were 2.5 mm (a
// disc about 2 mm across).
func TestKeyStepsLegible(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("poppler-utils are not installed")
	}
	word := regexp.MustCompile(`<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(\d+)</word>`)
	for name, ids := range keyBoards {
		puzzles, s, err := book.FromList(context.Background(), book.Settings{}, read(t, ids...))
		if err != nil {
			t.Fatal(name, err)
		}
		var buf bytes.Buffer
		if err := book.WritePuzzles(context.Background(), &buf, s, puzzles); err != nil {
			t.Fatal(name, err)
		}
		cmd := exec.Command("pdftotext", "-bbox", "-", "-")
		cmd.Stdin = &buf
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		keys, least := 0, 1000.0
		for _, page := range strings.Split(string(out), "<page ")[1:] {
			if !strings.Contains(page, ">Solutions</word>") {
				continue
			}
			keys++
			for _, m := range word.FindAllStringSubmatch(page, -1) {
				lo, _ := strconv.ParseFloat(m[1], 64)
				hi, _ := strconv.ParseFloat(m[2], 64)
				least = min(least, (hi-lo)*25.4/72)
			}
		}
		if keys == 0 {
			t.Fatalf("%s: no page of solutions", name)
		}
		if least < MinKeyText {
			t.Errorf("%s: a key's number is %.2f mm tall, under %.1f mm", name, least, MinKeyText)
		}
	}
}
